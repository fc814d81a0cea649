/**
 * The engine called from src/ with the action's host, not from the bundle: one review of a real pull request against the GitHub
 * and Messages stand-ins, then the re-review after a push that fixes it. Runs in the test process, so a
 * source change is tested without a build and a failure points at the source line.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { createAnthropic } from '../../src/agent/client.js'
import { createOctokit } from '../../src/github/client.js'
import { readSettings } from '../../src/action/inputs.js'
import { memoryLogger } from '../../src/logger.js'
import { gitHubHost } from '../../src/action/github-host.js'
import { review, type ReviewOutcome } from '../../src/engine/index.js'
import { decodeMarker } from '../../src/state/marker.js'
import { startGitHubServer, type GitHubStandIn } from '../../testing/github-server.js'
import { reply, startMessagesServer, type MessagesServer, type Step } from '../../testing/messages-server.js'
import { createPrFixture, type PrFixture } from '../../testing/pr-fixture.js'

jest.setTimeout(60_000)

const KEY = 'sk-ant-pipeline'
const BASE = 'export function ratio(a: number, b: number): number {\n  return a / b\n}\n'
const UNGUARDED =
  'export function mean(values: number[]): number {\n  return sum(values) / values.length\n}\n'
const GUARDED =
  'export function mean(values: number[]): number {\n' +
  "  if (values.length === 0) throw new RangeError('empty')\n" +
  '  return sum(values) / values.length\n}\n'

const FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/stats.ts',
  start_line: 5,
  end_line: 5,
  quote: 'return sum(values) / values.length',
  title: 'mean divides by zero on an empty list',
  description: 'An empty array gives NaN, which callers compare as if it were a number.'
}

interface World {
  fixture: PrFixture
  github: GitHubStandIn
  messages: MessagesServer
  logger: ReturnType<typeof memoryLogger>
  review(): Promise<ReviewOutcome<unknown>>
}

let closers: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

async function world(script: Step[]): Promise<World> {
  const fixture = createPrFixture({
    base: { 'src/stats.ts': BASE },
    commits: [{ files: { 'src/stats.ts': BASE + UNGUARDED }, message: 'Add mean' }]
  })
  closers.push(() => fixture.cleanup())
  const github = await startGitHubServer({
    fixture,
    token: 'ghs_pipeline',
    pr: { title: 'Add mean', body: 'A mean helper.' }
  })
  closers.push(() => github.close())
  const messages = await startMessagesServer({ apiKey: KEY, script })
  closers.push(() => messages.close())
  const logger = memoryLogger()
  const inputs: Record<string, string> = { 'anthropic-api-key': KEY, 'github-token': 'ghs_pipeline' }
  const settings = readSettings(name => inputs[name] ?? '')
  return {
    fixture,
    github,
    messages,
    logger,
    review: () =>
      review(
        gitHubHost({
          settings,
          request: {
            kind: 'workflow_dispatch',
            pr: { owner: fixture.owner, repo: fixture.repo, prNumber: fixture.prNumber }
          },
          octokit: createOctokit('ghs_pipeline', logger, {
            apiUrl: github.url,
            graphqlUrl: github.graphqlUrl
          }),
          graphqlUrl: github.graphqlUrl,
          workspace: fixture.workspaceDir,
          run: { id: `pipeline-${fixture.headSha.slice(0, 7)}`, attempt: 1 }
        }),
        settings,
        logger,
        { anthropic: () => createAnthropic({ apiKey: KEY, baseUrl: messages.url }) }
      )
  }
}

describe('the engine from src/, with the action host', () => {
  it('reviews a pull request, then resolves the finding the next push fixes', async () => {
    const w = await world([
      reply.toolUse('add_finding', FINDING),
      reply.toolUse('publish_review', { summary: 'Adds mean(); it divides by zero on an empty list.' })
    ])
    const first = await w.review()
    expect(first.end).toEqual({ kind: 'completed' })
    expect(first.coverage).toMatchObject({ reviewed: 1, reviewable: 1 })
    expect(w.github.reviews).toHaveLength(1)
    const posted = w.github.reviews[0]!
    expect(posted.state).toBe('COMMENTED')
    expect(w.github.reviewComments.map(c => [c.path, c.original_line])).toEqual([['src/stats.ts', 5]])
    const marker = decodeMarker(posted.body)
    if (marker.kind !== 'ok') throw new Error(`no state in the review: ${marker.kind}`)
    expect(marker.state.lastReviewedSha).toBe(w.fixture.headSha)
    const [finding] = first.findings
    expect(finding).toMatchObject({ status: 'open', severity: 'high', startLine: 5, endLine: 5 })

    w.fixture.pushHead({ 'src/stats.ts': BASE + GUARDED }, 'Guard the empty list')
    w.fixture.freshCheckout()
    w.messages.push(
      reply.toolUse('update_finding', { id: finding!.id, status: 'resolved', note: 'guarded against empty' }),
      reply.toolUse('publish_review', { summary: 'The empty-list case is now guarded.' })
    )
    const second = await w.review()
    expect(second.end).toEqual({ kind: 'completed' })
    expect(second.findings.find(f => f.id === finding!.id)).toMatchObject({ status: 'resolved' })
    const rereview = w.messages.requests[2]!
    expect(JSON.stringify(rereview.body.messages)).toContain('Changes since the last review')
  })
})
