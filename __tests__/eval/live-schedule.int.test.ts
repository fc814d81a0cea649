import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { loadFixtures } from '../../eval/fixtures.js'
import { JUDGE_SYSTEM, overlap } from '../../eval/judge.js'
import type { Fixture } from '../../eval/model.js'
import type { Report } from '../../eval/report.js'
import { findingFor } from '../../eval/scripted-models.js'
import { runEvalCli } from './support/eval-cli.js'
import { startMessagesServer, type MessagesServer, type Step } from '../../testing/messages-server.js'

jest.setTimeout(240_000)

const API_KEY = 'sk-ant-schedule-test'
const MODEL = 'claude-haiku-5-5'
// One seeded PR (its worst case includes the judge) and two clean ones (no judge), three runs each.
const SEEDED = 'ts-reorder'
const FIXTURES = [SEEDED, 'ts-request-logging', 'ts-category-sort']
const RUNS = 3
/** Every scripted answer's usage: far below what the estimate assumes of a turn. */
const USAGE = { input_tokens: 20_000, output_tokens: 500 }

const runCli = runEvalCli

/** The judge matches by wording; the reviewer reports the seeded defect and nothing on a clean PR. */
function router(fixtures: Fixture[]): Step {
  return request => {
    const messages = request.body.messages ?? []
    if (request.body.system === JUDGE_SYSTEM) {
      const text = String(messages[0]?.content)
      const known = JSON.parse(
        text.slice(text.indexOf('['), text.indexOf('\n\nReviewer comment:'))
      ) as Array<{
        number: number
        description: string
      }>
      const comment = text.slice(text.indexOf('Reviewer comment:'))
      const same = known.filter(d => overlap(comment, d.description) > 0.6).map(d => d.number)
      return {
        content: [{ type: 'text', text: JSON.stringify({ same_issue: same, reason: 'compared' }) }],
        stop_reason: 'end_turn',
        usage: USAGE
      }
    }
    const first = JSON.stringify(messages[0]?.content ?? '')
    const fixture = fixtures.find(f => first.includes(f.title))
    if (messages.length > 1 || !fixture || fixture.golden.length === 0) {
      return {
        content: [{ type: 'tool_use', name: 'publish_review', input: { summary: 'Reviewed.' } }],
        stop_reason: 'tool_use',
        usage: USAGE
      }
    }
    const lines = (file: string) => (fixture.head[file] ?? fixture.base[file])?.replace(/\n$/, '').split('\n')
    return {
      content: fixture.golden.map(d => ({
        type: 'tool_use' as const,
        name: 'add_finding',
        input: findingFor(d, lines)
      })),
      stop_reason: 'tool_use',
      usage: USAGE
    }
  }
}

const args = [
  '--live',
  '--fixtures',
  FIXTURES.join(','),
  '--runs',
  String(RUNS),
  '--model',
  MODEL,
  '--judge-model',
  MODEL,
  '--arm',
  'cheap=budget:fast',
  '--concurrency',
  '2'
]

async function reportIn(dir: string): Promise<Report> {
  const json = (await readdir(dir)).find(f => f.endsWith('.json'))!
  return JSON.parse(await readFile(path.join(dir, json), 'utf8')) as Report
}

describe('the live scheduler never skips a job that can still fit', () => {
  let messages: MessagesServer
  const outs: string[] = []
  let wholeSet = 0

  beforeAll(async () => {
    const fixtures = await loadFixtures(undefined, FIXTURES)
    messages = await startMessagesServer({ apiKey: API_KEY })
    messages.push(...Array.from({ length: 400 }, () => router(fixtures)))
    const estimate = await runCli([...args, '--estimate'], {})
    wholeSet = Number(/--max-cost (\d+\.\d\d) runs the whole set/.exec(estimate.stdout)?.[1])
  })

  afterAll(async () => {
    await messages.close()
    for (const out of outs) await rm(out, { recursive: true, force: true })
  })

  const run = async (maxCost: number) => {
    const out = await mkdtemp(path.join(tmpdir(), 'redline-eval-schedule-'))
    outs.push(out)
    messages.requests.length = 0
    const result = await runCli([...args, '--max-cost', maxCost.toFixed(2), '--out', out], {
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: messages.url
    })
    return { result, report: await reportIn(out) }
  }

  it('at the cap --estimate names, runs every planned review and judge call; two seeded jobs wait for each other', async () => {
    // Two seeded jobs do not fit side by side under this cap: the second waits for the first.
    expect(wholeSet).toBeGreaterThan(0)
    const { result, report } = await run(wholeSet)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/skipped|not started/)
    expect(result.stdout).toContain(
      `Ran ${FIXTURES.length * RUNS} of ${FIXTURES.length * RUNS} planned reviews`
    )
    expect(report.meta.reviews).toEqual({ planned: FIXTURES.length * RUNS, ran: FIXTURES.length * RUNS })
    expect(report.meta.skipped).toEqual([])
    const judged = messages.requests.filter(r => r.body.system === JUDGE_SYSTEM).length
    expect(judged).toBeGreaterThan(0)
    expect(report.meta.judge).toMatchObject({ calls: judged, wanted: judged })
    expect(report.runs.filter(r => r.fixture === SEEDED)).toHaveLength(RUNS)
    expect(report.arms[0]!.all.located.recall).toBe(1)
  })

  it('at half that cap, finishes what fits, names every skipped job and why, and exits non-zero', async () => {
    const { result, report } = await run(wholeSet / 2)
    expect(result.code).toBe(1)
    const skipped = report.meta.skipped ?? []
    // The seeded job's worst case is above half the cap by itself: each of its runs is skipped, named.
    expect(skipped.map(s => [s.fixture, s.run])).toEqual(
      Array.from({ length: RUNS }, (_, i) => [SEEDED, i + 1])
    )
    for (const s of skipped) expect(s.reason).toMatch(/worst case \(\$0\.\d\d\) does not fit beside the \$/)
    expect(result.stdout).toContain(`${RUNS} jobs were skipped; the run is incomplete`)
    expect(result.stdout).toMatch(new RegExp(`\`cheap\` ${SEEDED} run 3: its worst case`))
    // Every clean job fitted and ran.
    expect(report.meta.reviews).toEqual({
      planned: FIXTURES.length * RUNS,
      ran: (FIXTURES.length - 1) * RUNS
    })
    expect(report.runs).toHaveLength((FIXTURES.length - 1) * RUNS)
  })
})
