/**
 * The reusable workflow (.github/workflows/redline.yml) called by the caller example
 * (examples/redline-caller.yml): what the action receives is worked out from the two files and action.yml,
 * as GitHub does (testing/workflow-call.ts), never written by hand; then the bundled action runs with it.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { block, reply } from '../testing/messages-server.js'
import type { RunResult } from '../testing/runner.js'
import { deriveWorkflowCall, type CallInput, type CallResult } from '../testing/workflow-call.js'
import {
  createActionWorld,
  firstUserText,
  pullRequestPayload,
  runOn,
  type ActionWorld
} from './support/action-world.js'

jest.setTimeout(120_000)

const ROOT = resolve(import.meta.dirname, '..')
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8')
const CALLER = read('examples/redline-caller.yml')
const CALLED = read('.github/workflows/redline.yml')
const ACTION = read('action.yml')
const ORG_TOKEN = 'ghs_orgreader'

function call(
  world: ActionWorld,
  event: Partial<CallInput> & { github: Record<string, unknown> }
): CallResult {
  return deriveWorkflowCall({
    callerYaml: CALLER,
    calledYaml: CALLED,
    actionYaml: ACTION,
    calledPath: '.github/workflows/redline.yml',
    actionUses: 'redline-review/redline',
    secrets: { ANTHROPIC_API_KEY: world.apiKey, REDLINE_ORG_TOKEN: ORG_TOKEN, UNRELATED: 'x' },
    inputs: null,
    ...event,
    github: { token: world.token, repository: 'acme/widgets', ...event.github }
  })
}

describe('the reusable workflow, called by the caller example', () => {
  let w: ActionWorld
  let onPush: CallResult
  let result: RunResult
  let firstMessage: string

  beforeAll(async () => {
    w = await createActionWorld(
      {
        base: {
          '.github/redline.yml': 'instructions: REPO-TEXT from the repository.\nmin-severity: high\n',
          'src/app.ts': 'export const a = 1\n'
        },
        commits: [{ files: { 'src/app.ts': 'export const a = 2\n' } }]
      },
      {
        server: {
          repositories: {
            'acme/.github': {
              defaultBranch: 'main',
              tokens: [ORG_TOKEN],
              private: true,
              branches: { main: { '.github/redline.yml': 'instructions: ORG-TEXT from the organisation.\n' } }
            }
          }
        }
      }
    )
    const payload = pullRequestPayload(w.fixture, 'synchronize')
    onPush = call(w, { github: { event_name: 'pull_request', event: payload } })
    w.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Nothing to flag.' })]))
    result = await runOn(w, { payload, inputs: onPush.actionInputs })
    firstMessage = firstUserText(w.messages.requests[0]!)
  })

  afterAll(async () => {
    await w?.close()
  })

  it('hands the action the key, the tokens and what the caller sets, and leaves instructions and exclude unset', () => {
    expect(onPush.runs).toBe(true)
    expect(onPush.actionInputs).toMatchObject({
      'anthropic-api-key': w.apiKey,
      'github-token': w.token,
      'org-token': ORG_TOKEN,
      'min-severity': 'medium',
      instructions: '',
      exclude: '',
      'pr-number': ''
    })
  })

  it("reviews with them: the caller's min-severity, the repository's and the organisation's instructions", () => {
    expect(result.exitCode).toBe(0)
    expect(result.summary).toMatch(/\| `min-severity` \| medium \| workflow \|/)
    expect(firstMessage).toContain('ORG-TEXT from the organisation.')
    expect(firstMessage).toContain('REPO-TEXT from the repository.')
    const orgReads = w.github.requests.filter(r => r.path.startsWith('/repos/acme/.github'))
    expect(orgReads.map(r => String(r.headers.authorization))).toEqual(
      orgReads.map(() => `token ${ORG_TOKEN}`)
    )
    const status = (path: RegExp) => orgReads.find(r => path.test(r.path))?.status
    expect([status(/^\/repos\/acme\/\.github$/), status(/redline\.yml$/)]).toEqual([200, 200])
  })

  it('passes the pull request and full review on workflow_dispatch', () => {
    const dispatched = call(w, {
      github: {
        event_name: 'workflow_dispatch',
        event: { inputs: { 'pr-number': '7', 'full-review': true } }
      },
      inputs: { 'pr-number': '7', 'full-review': true }
    })
    expect(dispatched.actionInputs).toMatchObject({ 'pr-number': '7', 'full-review': 'true' })
    const plain = call(w, {
      github: { event_name: 'workflow_dispatch', event: {} },
      inputs: { 'pr-number': '7', 'full-review': false }
    })
    expect(plain.actionInputs['full-review']).toBe('')
  })

  it('runs on a comment that mentions @redline, and on no other', () => {
    const comment = (body: string) =>
      call(w, {
        github: {
          event_name: 'issue_comment',
          event: { action: 'created', comment: { id: 1, body }, issue: { number: 7, pull_request: {} } }
        }
      })
    expect(comment('@Redline full review').runs).toBe(true)
    expect(comment('@Redline full review').actionInputs['anthropic-api-key']).toBe(w.apiKey)
    expect(comment('Looks good to me').runs).toBe(false)
  })

  it('takes the secrets by name or with secrets: inherit alike', () => {
    const inherit = CALLER.replace(/ {4}secrets:\n(?: {6}.*\n)+/, '    secrets: inherit\n')
    expect(inherit).toContain('secrets: inherit')
    const inherited = deriveWorkflowCall({
      callerYaml: inherit,
      calledYaml: CALLED,
      actionYaml: ACTION,
      calledPath: '.github/workflows/redline.yml',
      actionUses: 'redline-review/redline',
      secrets: { ANTHROPIC_API_KEY: w.apiKey, REDLINE_ORG_TOKEN: ORG_TOKEN },
      inputs: null,
      github: { token: w.token, event_name: 'pull_request', event: pullRequestPayload(w.fixture) }
    })
    expect(inherited.actionInputs).toEqual(onPush.actionInputs)
  })

  it("reads the organisation's repository with a GitHub App's installation token when the caller names the app", () => {
    const withApp = CALLER.replace(
      'min-severity: medium',
      "min-severity: medium\n      org-app-id: '123'"
    ).replace(
      '      REDLINE_ORG_TOKEN: ${{ secrets.REDLINE_ORG_TOKEN }}',
      '      REDLINE_ORG_APP_KEY: ${{ secrets.REDLINE_ORG_APP_KEY }}'
    )
    const github = { event_name: 'pull_request', event: pullRequestPayload(w.fixture) }
    const secrets = { ANTHROPIC_API_KEY: w.apiKey, REDLINE_ORG_APP_KEY: 'app-private-key' }
    const made = { 'org-app-token': { token: 'ghs_app' } }
    const app = call(w, { callerYaml: withApp, github, secrets, stepOutputs: made })
    expect(app.calledInputs['org-app-id']).toBe('123')
    expect(app.actionInputs['org-token']).toBe('ghs_app')
    expect(() => call(w, { callerYaml: withApp, github, secrets })).toThrow(/the step org-app-token runs/)
    // A fork's pull request gets no secrets: no app token is made, and the job's own token reads.
    const fork = call(w, { callerYaml: withApp, github, secrets: {} })
    expect(fork.actionInputs['org-token']).toBe('')
    expect(fork.actionInputs['anthropic-api-key']).toBe('')
  })

  it('fails on an expression it cannot resolve, or an input the called workflow does not declare', () => {
    const withVars = CALLER.replace('min-severity: medium', 'min-severity: ${{ vars.SEVERITY }}')
    expect(() =>
      call(w, { callerYaml: withVars, github: { event_name: 'pull_request', event: {} } })
    ).toThrow(/the context vars is not available/)
    const undeclared = CALLER.replace('min-severity: medium', 'severity: medium')
    expect(() =>
      call(w, { callerYaml: undeclared, github: { event_name: 'pull_request', event: {} } })
    ).toThrow(/passes severity, which the called workflow does not declare/)
  })
})
