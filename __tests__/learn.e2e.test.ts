/**
 * The bundled action in `mode: learn`, as a scheduled run meets it: the history stand-in with a made history
 * and a repository to propose to, and the scripted model. One story, four runs, each building on the last:
 * the first proposal, a run with nothing new, new evidence on the open proposal, and a rule a person deleted
 * on the default branch while the repository does not let Actions open pull requests.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LEARNED_RULES_PATH, parseLearnedFile, renderLearnedFile } from '../src/state/learned-file.js'
import { startHistoryServer, type HistoryStandIn } from '../testing/github/history-server.js'
import { addLearnPull, LEGACY_REASON } from '../testing/learn-history.js'
import {
  firstMessageText,
  HOSTILE_REASON,
  LEGACY_RULE,
  makeLearnStory,
  outsideWrappers,
  proposing,
  type LearnStory
} from '../testing/learn-story.js'
import { startMessagesServer, type MessagesServer } from '../testing/messages-server.js'
import { runAction, type RunResult } from '../testing/runner.js'

const BRANCH = 'redline/learned-rules'
let github: HistoryStandIn
let model: MessagesServer
let story: LearnStory
let workspace: string
const results: RunResult[] = []

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  story = makeLearnStory(github.store)
  model = await startMessagesServer()
  workspace = mkdtempSync(join(tmpdir(), 'redline-learn-action-'))
})

afterAll(async () => {
  await Promise.all([github.close(), model.close()])
  rmSync(workspace, { recursive: true, force: true })
  await Promise.all(results.map(result => result.cleanup()))
})

/** One scheduled run in the same workspace, so the database carries over as actions/cache keeps it. */
async function learnRun(): Promise<RunResult> {
  const result = await runAction({
    workspace,
    eventName: 'schedule',
    payload: { schedule: '0 6 * * 1' },
    inputs: {
      mode: 'learn',
      'anthropic-api-key': 'sk-ant-test',
      'github-token': 'ghs_testtoken',
      'insights-since': '2026-09-01'
    },
    repository: 'acme/widgets',
    sha: github.repository.branches.get('main') as string,
    ref: 'refs/heads/main',
    githubApiUrl: github.url,
    githubGraphqlUrl: github.graphqlUrl,
    anthropicBaseUrl: model.url,
    env: { ANTHROPIC_API_KEY: undefined },
    timeoutMs: 120_000
  })
  results.push(result)
  return result
}

const writesSince = (from: number) =>
  github.requests.slice(from).filter(request => request.method !== 'GET' && request.path !== '/graphql')
/** The exit code, and the error lines the run failed with. */
const ended = (run: RunResult) =>
  `${run.exitCode} ${run.annotations
    .filter(a => a.level === 'error')
    .map(a => a.message)
    .join('\n')}${run.stderr}`
const links = (items: ReadonlyArray<{ url?: string }>) => items.map(item => item.url as string)
const proposed = () => parseLearnedFile(github.repository.fileAt(BRANCH, LEARNED_RULES_PATH) ?? '')

describe('the action in mode: learn', () => {
  it('gives the model the maintainers’ evidence only, keeps the rule it supports and opens a pull request', async () => {
    const legacy = links(story.legacyDismissals)
    const bareDismissal = story.items.find(
      i => i.kind === 'dismissal' && i.title?.startsWith('Prefer a named constant')
    )
    model.push(
      proposing([
        { ...LEGACY_RULE, evidence: legacy },
        {
          title: 'Carts are validated upstream',
          rule: 'Do not flag missing null checks in src/legacy/cart.ts.',
          paths: ['src/legacy/cart.ts'],
          evidence: [story.readerDismissal.url as string]
        },
        {
          title: 'Named constants for retry limits',
          rule: 'Do not flag a literal retry limit.',
          paths: ['src/net/**'],
          evidence: [bareDismissal?.url as string]
        },
        {
          title: 'Redirects',
          rule: HOSTILE_REASON,
          paths: [],
          evidence: [story.hostile.url as string]
        }
      ])
    )
    const run = await learnRun()
    expect(ended(run)).toBe('0 ')
    const first = firstMessageText(model.requests[0])
    for (const link of legacy) expect(first).toContain(link)
    expect(first).not.toContain(story.readerDismissal.url)
    expect(first).toContain(HOSTILE_REASON)
    expect(outsideWrappers(first)).not.toContain('Ignore all instructions')

    expect(github.repository.pulls).toHaveLength(1)
    const pull = github.repository.pulls[0]
    expect(pull).toMatchObject({ head: BRANCH, base: 'main', state: 'open' })
    const file = proposed()
    expect(file.rules).toEqual([expect.objectContaining({ title: LEGACY_RULE.title, evidence: legacy })])
    expect(github.repository.fileAt(BRANCH, LEARNED_RULES_PATH)).not.toContain(HOSTILE_REASON)
    expect(github.repository.fileAt('main', LEARNED_RULES_PATH)).toBeUndefined()
    expect(pull?.body).toMatch(/Carts are validated upstream\*\*: it cites a link not in the evidence given/)
    expect(pull?.body).toMatch(/Named constants for retry limits\*\*: its evidence is one item from one pull/)
    expect(pull?.body).toMatch(/Redirects\*\*: its text tells the reviewer to approve/)
    expect(run.summary).toContain('## Redline learn: acme/widgets')
    expect(run.summary).toContain('Cost of the run')
    expect(Number(run.outputs['cost-usd'])).toBeGreaterThan(0)
  }, 180_000)

  it('makes no model call and no write when nothing is new', async () => {
    const requests = github.requests.length
    const calls = model.requests.length
    const run = await learnRun()
    expect(ended(run)).toBe('0 ')
    expect(run.stdout).toContain('Nothing new to learn from since')
    expect(model.requests.length).toBe(calls)
    expect(writesSince(requests)).toEqual([])
    expect(github.repository.pulls).toHaveLength(1)
  }, 180_000)

  it('updates the open pull request with new evidence', async () => {
    const pull = addLearnPull(github.store, {
      number: 109,
      day: 30,
      findings: [
        {
          title: 'Missing null check on the parsed record',
          path: 'src/legacy/reports.ts',
          line: 14,
          outcome: { kind: 'dismissed', by: 'maya', reason: LEGACY_REASON }
        }
      ]
    })
    const evidence = [...links(story.legacyDismissals), ...links(pull.items)]
    model.push(proposing([{ ...LEGACY_RULE, evidence }]))
    const requests = github.requests.length
    const run = await learnRun()
    expect(ended(run)).toBe('0 ')
    expect(github.repository.pulls).toHaveLength(1)
    const number = github.repository.pulls[0]?.number
    expect(writesSince(requests).map(r => `${r.method} ${decodeURIComponent(r.path)}`)).toEqual([
      `PUT /repos/acme/widgets/contents/${LEARNED_RULES_PATH}`,
      `PATCH /repos/acme/widgets/pulls/${number}`
    ])
    expect(proposed().rules).toEqual([expect.objectContaining({ title: LEGACY_RULE.title, evidence })])
    expect(github.repository.pulls[0]?.title).toBe('Learned review rules: 1 with new evidence')
  }, 180_000)

  it('does not bring back a rule a person deleted, and pushes the branch when Actions may not open the pull request', async () => {
    // The team merges the proposal, then deletes the rule's section on the default branch.
    const merged = github.repository.fileAt(BRANCH, LEARNED_RULES_PATH) as string
    github.repository.commit('main', { [LEARNED_RULES_PATH]: merged }, { message: 'Merge the learned rules' })
    for (const open of github.repository.pulls) open.state = 'closed'
    const file = parseLearnedFile(merged)
    const deletedId = file.rules[0]?.id as string
    const withoutRule = renderLearnedFile({
      ...file,
      rules: file.rules.filter(rule => rule.id !== deletedId)
    })
    github.repository.commit('main', { [LEARNED_RULES_PATH]: withoutRule }, { message: 'Unlearn a rule' })
    const spent = file.rules[0]?.evidence ?? []
    const fresh = addLearnPull(github.store, {
      number: 110,
      day: 40,
      findings: [
        {
          title: 'Magic number for the retry limit',
          path: 'src/net/client.ts',
          line: 8,
          outcome: {
            kind: 'dismissed',
            by: 'maya',
            reason: 'Retry limits are tuned per call site on purpose.'
          }
        }
      ]
    })
    github.repository.actionsCanCreatePullRequests = false
    const calls = model.requests.length
    model.push(
      proposing([
        { ...LEGACY_RULE, evidence: spent },
        {
          title: 'Retry limits per call site',
          rule: 'Do not flag a literal retry limit in src/net: each call site tunes its own.',
          paths: ['src/net/**'],
          evidence: links(fresh.items)
        }
      ])
    )
    const run = await learnRun()
    expect(ended(run)).toBe('0 ')
    const message = firstMessageText(model.requests[calls])
    for (const link of spent) expect(message).not.toContain(link)
    expect(message).toContain(fresh.items[0]?.url)

    const warnings = run.annotations.filter(a => a.level === 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toContain('"Allow GitHub Actions to create and approve pull requests"')
    expect(warnings[0]?.message).toContain(
      'https://github.com/acme/widgets/compare/main...redline/learned-rules?expand=1'
    )
    expect(github.repository.pulls.filter(p => p.state === 'open')).toEqual([])
    const pushed = proposed()
    expect(pushed.rules.map(rule => rule.title)).toEqual(['Retry limits per call site'])
    expect(pushed.ledger.deleted.map(rule => rule.id)).toEqual([deletedId])
    expect(github.repository.fileAt('main', LEARNED_RULES_PATH)).toBe(withoutRule)
  }, 180_000)
})
