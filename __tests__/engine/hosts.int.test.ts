/**
 * One engine behind two front doors: the action's host (state in reviews on the GitHub stand-in) and the
 * command line's (state in a file under .git) review the same branch with the same model script, and come to
 * the same findings and coverage.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitHubHost } from '../../src/action/github-host.js'
import { readSettings } from '../../src/action/inputs.js'
import { createAnthropic } from '../../src/agent/client.js'
import { reviewLocally } from '../../src/cli/local-host.js'
import { parseArgs } from '../../src/cli/args.js'
import { review, type ReviewOutcome } from '../../src/engine/index.js'
import type { Finding } from '../../src/findings/finding.js'
import { createOctokit } from '../../src/github/client.js'
import { memoryLogger } from '../../src/logger.js'
import { startGitHubServer } from '../../testing/github-server.js'
import { reply, startMessagesServer, type Step } from '../../testing/messages-server.js'
import { createPrFixture, git } from '../../testing/pr-fixture.js'

jest.setTimeout(60_000)

const KEY = 'sk-ant-hosts'
const BASE =
  'export function total(values: number[]): number {\n  return values.reduce((a, b) => a + b, 0)\n}\n'
const HEAD =
  BASE +
  '\nexport function mean(values: number[]): number {\n  return total(values) / values.length\n}\n' +
  '\nexport function spread(values: number[]): number {\n  return Math.max(...values) - Math.min(...values)\n}\n'

const SCRIPT: Step[] = [
  reply.toolUse('read_file', { path: 'src/stats.ts' }),
  reply.toolUse('add_finding', {
    severity: 'high',
    category: 'correctness',
    file: 'src/stats.ts',
    start_line: 6,
    end_line: 6,
    quote: 'return total(values) / values.length',
    title: 'mean divides by zero on an empty list',
    description: 'An empty array gives NaN.',
    suggestion: '  return values.length === 0 ? 0 : total(values) / values.length'
  }),
  reply.toolUse('add_finding', {
    severity: 'low',
    category: 'correctness',
    file: 'src/stats.ts',
    start_line: 10,
    end_line: 10,
    quote: 'return Math.max(...values) - Math.min(...values)',
    title: 'spread of an empty list is -Infinity',
    description: 'Math.max() of nothing is -Infinity.'
  }),
  reply.toolUse('publish_review', { summary: 'Adds mean() and spread().' })
]

/** What both doors must agree on: the findings as the engine settled them, less their random ids and comments. */
function comparable(outcome: ReviewOutcome<unknown>) {
  return {
    end: outcome.end,
    coverage: outcome.coverage,
    findings: outcome.findings.map((finding: Finding) => {
      const { commentId: _commentId, id: _id, ...rest } = finding
      return rest
    })
  }
}

let closers: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

describe('the action and the command line over one engine', () => {
  it('find the same findings and coverage on the same branch from the same model script', async () => {
    const fixture = createPrFixture({
      base: { 'src/stats.ts': BASE },
      commits: [{ files: { 'src/stats.ts': HEAD }, message: 'Add mean and spread' }]
    })
    closers.push(() => fixture.cleanup())
    const github = await startGitHubServer({
      fixture,
      token: 'ghs_hosts',
      pr: { title: 'Stats', body: 'More stats.' }
    })
    closers.push(() => github.close())
    const messages = await startMessagesServer({ apiKey: KEY, script: [...SCRIPT, ...SCRIPT] })
    closers.push(() => messages.close())
    const client = () => createAnthropic({ apiKey: KEY, baseUrl: messages.url })

    const logger = memoryLogger()
    const inputs: Record<string, string> = { 'anthropic-api-key': KEY, 'github-token': 'ghs_hosts' }
    const settings = readSettings(name => inputs[name] ?? '')
    const action = await review(
      gitHubHost({
        settings,
        request: {
          kind: 'workflow_dispatch',
          pr: { owner: fixture.owner, repo: fixture.repo, prNumber: fixture.prNumber }
        },
        octokit: createOctokit('ghs_hosts', logger, { apiUrl: github.url, graphqlUrl: github.graphqlUrl }),
        graphqlUrl: github.graphqlUrl,
        workspace: fixture.workspaceDir
      }),
      settings,
      logger,
      { anthropic: client }
    )

    // The same branch as a developer has it: a clone with the head branch checked out.
    const clone = mkdtempSync(join(tmpdir(), 'redline-hosts-'))
    closers.push(() => rmSync(clone, { recursive: true, force: true }))
    git(tmpdir(), ['clone', '--quiet', fixture.originDir, clone])
    git(clone, ['checkout', '--quiet', '-B', fixture.headRef, `origin/${fixture.headRef}`])
    const command = parseArgs(['review', '--base', `origin/${fixture.baseRef}`])
    if (command.kind !== 'review') throw new Error('expected a review command')
    const local = await reviewLocally({
      cwd: clone,
      flags: command.flags,
      env: { ANTHROPIC_API_KEY: KEY },
      logger: memoryLogger(),
      anthropic: client
    })

    if ('nothingToReview' in local) throw new Error(local.nothingToReview)
    expect(action.end).toEqual({ kind: 'completed' })
    expect(action.findings).toHaveLength(2)
    expect(comparable(local.outcome)).toEqual(comparable(action))
    // Both asked the model the same thing but for who is asking: a pull request, or a branch.
    const [actionFirst, localFirst] = [messages.requests[0], messages.requests[SCRIPT.length]]
    const textOf = (request: typeof actionFirst) => JSON.stringify(request?.body.messages?.[0])
    expect(textOf(actionFirst)).toContain(`Review pull request #${fixture.prNumber}`)
    expect(textOf(localFirst)).toContain(`Review the branch ${fixture.headRef}`)
  })
})
