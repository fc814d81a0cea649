import os from 'node:os'
import { planPasses } from '../src/agent/pass-plan.js'
import { budgetLimits, runLimits, type BudgetName } from '../src/agent/budgets.js'
import { createAnthropic } from '../src/agent/client.js'
import { readGuidance } from '../testing/guidance.js'
import { priceFor, type Usage } from '../src/agent/pricing.js'
import { reviewWithAgent, type AgentReview, type AgentReviewInput } from '../src/agent/reviewer.js'
import { symbolReferences } from '../src/graph/changed-symbols.js'
import { DiffLineSet } from '../src/diff/line-set.js'
import type { DiffFile } from '../src/diff/model.js'
import { renderFileDiff } from '../src/diff/prompt-diff.js'
import { diffFiles } from '../src/diff/source.js'
import { triage, type TriageResult } from '../src/diff/triage.js'
import { createGit, type Git } from '../src/git/git.js'
import { silentLogger } from '../src/logger.js'
import {
  reply,
  startMessagesServer,
  type RecordedMessagesRequest,
  type Step
} from '../testing/messages-server.js'
import { createPrFixture, type PrFixture } from '../testing/pr-fixture.js'

/**
 * A whole large review, priced: pull requests of 300 and 3,000 files of the same shape, so the reviewable
 * diff grows tenfold, reviewed by reviewWithAgent through the real SDK against the Messages stand-in with
 * its prompt cache on. The scripted model reads one file and publishes in every pass, which leaves the
 * review's own overhead: its cost should grow with the reviewable diff, not with the square of the turns.
 * Token figures are the stand-in's characters/4 estimate.
 */
const API_KEY = 'sk-ant-bench'
const MODEL = 'claude-sonnet-5-5'
/** The standard budget's run token cap stops the 3,000-file review part way: its row shows how far it gets. */
const CASES: ReadonlyArray<{ files: number; budget: BudgetName }> = [
  { files: 300, budget: 'deep' },
  { files: 3_000, budget: 'deep' },
  { files: 3_000, budget: 'standard' }
]
const CONCURRENCY = [1, 3] as const
/** Each reply waits this long, as a model would, so that passes run together show in the wall time. */
const REPLY_LATENCY_MS = 100
const LINEAR_BAND = [0.8, 1.25] as const
const LINES_PER_FILE = 40

// Fixed-width names and values, so every file's diff is the same size and the diff grows with the count.
const id = (index: number): string => String(index).padStart(4, '0')

function moduleText(index: number, changed: boolean): string {
  const lines = Array.from({ length: LINES_PER_FILE }, (_, n) => {
    const base = String((index * 31 + n * 17) % 1000).padStart(3, '0')
    const value = changed && n % 4 === 1 ? `${base} + ${String(n).padStart(2, '0')}` : base
    return `export const value${id(index)}_${String(n).padStart(2, '0')} = ${value} // entry ${n}`
  })
  return `${lines.join('\n')}\n`
}

const pathOf = (index: number): string =>
  `src/pkg${String(Math.floor(index / 20)).padStart(3, '0')}/m${id(index)}.ts`

function fixtureSpec(files: number): Parameters<typeof createPrFixture>[0] {
  const base: Record<string, string> = { 'REVIEW.md': 'Every exported constant says what it holds.\n' }
  const head: Record<string, string> = {}
  for (let i = 0; i < files; i++) {
    base[pathOf(i)] = moduleText(i, false)
    head[pathOf(i)] = moduleText(i, true)
  }
  return { base, commits: [{ files: head, message: 'Offset every fourth constant' }] }
}

/** The first file of the diff a pass was shown; each pass is shown its own batch. */
function firstFileShown(request: RecordedMessagesRequest): string {
  const first = request.body.messages?.[0]?.content
  const text = typeof first === 'string' ? first : (first ?? []).map(b => String(b.text ?? '')).join('\n')
  const diff = text.split('<untrusted-data source="diff">')[1] ?? ''
  const path = /^=== (\S+) \(/m.exec(diff)?.[1]
  if (path === undefined) throw new Error('the first message shows no file')
  return path
}

/** Reads one file of its batch, then publishes; answers the final summary request, which has no tools. */
const scriptedModel: Step = reply.delay(REPLY_LATENCY_MS, request => {
  if (request.body.tools === undefined) return reply.text('Offsets constants; nothing needs attention.')
  if ((request.body.messages ?? []).length > 1)
    return reply.toolUse('publish_review', { summary: 'Offsets only.' })
  return reply.toolUse('read_file', { path: firstFileShown(request) })
})

interface Prepared {
  fixture: PrFixture
  git: Git
  files: DiffFile[]
  triaged: TriageResult
  context: AgentReviewInput['context']
  /** Bytes of every reviewable file's whole diff. */
  diffBytes: number
  batches: number
}

/** What the action has in hand before the model is called; built once per size, not timed. */
async function prepare(files: number): Promise<Prepared> {
  const fixture = createPrFixture(fixtureSpec(files))
  const git = createGit(fixture.workspaceDir, silentLogger)
  await git.fetchShas([fixture.headSha, fixture.mergeBaseSha])
  const diff = await diffFiles(git, fixture.mergeBaseSha, fixture.headSha)
  const triaged = triage(diff)
  const context = {
    repository: 'octo/constants',
    pr: { number: 7, title: 'Offset every fourth constant', body: 'Mechanical change.' },
    guidance: await readGuidance(git, fixture.mergeBaseSha, silentLogger),
    instructions: '',
    symbols: await symbolReferences(
      git,
      fixture.headSha,
      triaged.reviewable.map(entry => entry.file),
      silentLogger
    )
  }
  const diffBytes = triaged.reviewable.reduce(
    (sum, entry) => sum + Buffer.byteLength(renderFileDiff(entry.file)),
    0
  )
  return { fixture, git, files: diff, triaged, context, diffBytes, batches: planPasses(triaged).length }
}

interface RunFigures {
  passes: number
  requests: number
  usage: Usage
  largestRequestBytes: number
  wallMs: number
  covered: number
  reviewable: number
}

const isPassStart = (request: RecordedMessagesRequest): boolean =>
  request.body.tools !== undefined && (request.body.messages ?? []).length === 1

function figuresOf(
  review: AgentReview,
  requests: readonly RecordedMessagesRequest[],
  wallMs: number
): RunFigures {
  return {
    passes: requests.filter(isPassStart).length,
    requests: requests.length,
    usage: review.run.usage,
    largestRequestBytes: Math.max(...requests.map(request => Buffer.byteLength(request.raw))),
    wallMs,
    covered: review.covered.length,
    reviewable: review.covered.length + review.uncovered.length
  }
}

/** One review on a fresh stand-in, so no cache entry survives from another run. */
async function runReview(prepared: Prepared, budget: BudgetName, concurrency: number): Promise<RunFigures> {
  const server = await startMessagesServer({ apiKey: API_KEY, promptCache: true })
  try {
    server.push(...Array.from({ length: prepared.batches * 2 + 2 }, () => scriptedModel))
    const { fixture, git, files, triaged } = prepared
    const started = performance.now()
    const review = await reviewWithAgent({
      client: createAnthropic({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 }),
      model: MODEL,
      budget: budgetLimits(budget),
      run: runLimits(budget),
      concurrency,
      git,
      headSha: fixture.headSha,
      baseSha: fixture.mergeBaseSha,
      prFiles: files,
      lineSet: DiffLineSet.fromFiles(files),
      triage: triaged,
      carried: [],
      context: prepared.context,
      logger: silentLogger
    })
    const wallMs = performance.now() - started
    // A scripted review that did not publish is a broken bench, not a figure.
    if (review.run.failure || !review.run.published)
      throw new Error(`the scripted review did not complete: ${review.run.stopReason}`)
    return figuresOf(review, server.requests, wallMs)
  } finally {
    await server.close()
  }
}

interface CaseResult {
  files: number
  budget: BudgetName
  diffBytes: number
  batches: number
  /** By concurrency. */
  runs: Map<number, RunFigures>
}

export async function benchReview(): Promise<void> {
  const price = priceFor(MODEL)
  console.log(
    `\nWhole review of a large pull request: ${MODEL} priced as ${price.family} ` +
      `($${price.input} input, $${price.cacheRead} cache read, $${price.cacheWrite} cache write, ` +
      `$${price.output} output per million tokens); each scripted reply takes ${REPLY_LATENCY_MS} ms.`
  )
  // Wall times share the machine with whatever else runs on it; the load says how far to trust them.
  console.log(`Load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs.`)
  const results: CaseResult[] = []
  const prepared = new Map<number, Prepared>()
  try {
    for (const { files, budget } of CASES) {
      if (!prepared.has(files)) prepared.set(files, await prepare(files))
      const input = prepared.get(files)!
      const runs = new Map<number, RunFigures>()
      for (const concurrency of CONCURRENCY) {
        const figures = await runReview(input, budget, concurrency)
        runs.set(concurrency, figures)
        console.log(
          `  ${count(files)} files, ${budget}, concurrency ${concurrency}: ${figures.passes} of ${input.batches} ` +
            `passes in ${count(Math.round(figures.wallMs))} ms`
        )
      }
      results.push({ files, budget, diffBytes: input.diffBytes, batches: input.batches, runs })
    }
  } finally {
    for (const { fixture } of prepared.values()) fixture.cleanup()
  }
  console.log('')
  for (const line of table(results)) console.log(line)
  for (const line of concurrencyNotes(results)) console.log(line)
  const small = results.find(r => r.files === 300 && r.budget === 'deep')
  const large = results.find(r => r.files === 3_000 && r.budget === 'deep')
  if (small && large) for (const line of growth(small, large)) console.log(line)
}

const COLUMNS = [
  ['files', 6],
  ['budget', 8],
  ['passes', 7],
  ['requests', 8],
  ['diff bytes', 11],
  ['input uncached', 14],
  ['cache read', 11],
  ['cache write', 11],
  ['output', 7],
  ['cost USD', 8],
  ['largest request', 15],
  ['wall ms c=1', 11],
  ['wall ms c=3', 11],
  ['coverage', 11]
] as const

/** Token and cost figures are those of the default concurrency, 3. */
function table(results: readonly CaseResult[]): string[] {
  const row = (cells: ReadonlyArray<string | number>): string =>
    cells.map((cell, i) => pad(cell, COLUMNS[i]![1])).join('  ')
  const lines = [row(COLUMNS.map(([name]) => name))]
  for (const result of results) {
    const one = result.runs.get(1)!
    const three = result.runs.get(3)!
    const usage = three.usage
    lines.push(
      row([
        result.files,
        result.budget,
        `${three.passes}/${result.batches}`,
        three.requests,
        result.diffBytes,
        usage.inputTokens,
        usage.cacheReadTokens,
        usage.cacheWriteTokens,
        usage.outputTokens,
        usage.costUsd.toFixed(2),
        three.largestRequestBytes,
        Math.round(one.wallMs),
        Math.round(three.wallMs),
        `${three.covered}/${three.reviewable}`
      ])
    )
  }
  return lines
}

/** Passes that start together cannot read each other's cache writes, so concurrency 1 may cost less. */
function concurrencyNotes(results: readonly CaseResult[]): string[] {
  return results.map(result => {
    const one = result.runs.get(1)!
    const three = result.runs.get(3)!
    const pending = (run: RunFigures): number => run.reviewable - run.covered
    const whole = pending(one) === 0 && pending(three) === 0
    return (
      `${count(result.files)} files, ${result.budget}: cost $${one.usage.costUsd.toFixed(2)} at concurrency 1, ` +
      `$${three.usage.costUsd.toFixed(2)} at 3 (cache write ${count(one.usage.cacheWriteTokens)} vs ` +
      `${count(three.usage.cacheWriteTokens)}); ` +
      (whole
        ? 'reviewed whole'
        : `${count(pending(one))} files at concurrency 1 and ${count(pending(three))} at 3 left pending by the ` +
          "run's token cap")
    )
  })
}

function growth(small: CaseResult, large: CaseResult): string[] {
  const a = small.runs.get(3)!
  const b = large.runs.get(3)!
  const times = (from: number, to: number): string => (from === 0 ? 'n/a' : `×${(to / from).toFixed(2)}`)
  const diff = large.diffBytes / small.diffBytes
  const cost = b.usage.costUsd / a.usage.costUsd
  const ratio = cost / diff
  const linear = ratio >= LINEAR_BAND[0] && ratio <= LINEAR_BAND[1]
  const coverage = (run: RunFigures): string => `${run.covered}/${run.reviewable}`
  return [
    `\nGrowth ${count(small.files)} → ${count(large.files)} files (${small.budget}, concurrency 3 unless noted):`,
    `  reviewable diff bytes  ${times(small.diffBytes, large.diffBytes)}`,
    `  passes                 ${times(a.passes, b.passes)}`,
    `  cost                   ${times(a.usage.costUsd, b.usage.costUsd)}`,
    `  input uncached         ${times(a.usage.inputTokens, b.usage.inputTokens)}`,
    `  cache read             ${times(a.usage.cacheReadTokens, b.usage.cacheReadTokens)}`,
    `  cache write            ${times(a.usage.cacheWriteTokens, b.usage.cacheWriteTokens)}`,
    `  output                 ${times(a.usage.outputTokens, b.usage.outputTokens)}`,
    `  largest request        ${times(a.largestRequestBytes, b.largestRequestBytes)}`,
    `  wall time c=1          ${times(small.runs.get(1)!.wallMs, large.runs.get(1)!.wallMs)}`,
    `  wall time c=3          ${times(a.wallMs, b.wallMs)}`,
    `  coverage               ${coverage(a)} → ${coverage(b)}`,
    `cost growth / diff growth = ${ratio.toFixed(2)}: cost ${linear ? 'grew linearly' : 'did NOT grow linearly'} ` +
      `with the reviewable diff (band ${LINEAR_BAND[0]}–${LINEAR_BAND[1]})`
  ]
}

const count = (value: number): string => value.toLocaleString('en-US')

function pad(value: number | string, width: number): string {
  return (typeof value === 'number' ? count(value) : value).padStart(width)
}
