import type Anthropic from '@anthropic-ai/sdk'
import type { DiffLineSet } from '../diff/line-set.js'
import type { DiffFile } from '../diff/model.js'
import type { TriageResult } from '../diff/triage.js'
import type { Finding } from '../findings/finding.js'
import { FindingsStore } from '../findings/store.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { planPasses, type PassFiles } from './pass-plan.js'
import type { BudgetLimits, RunLimits } from './budgets.js'
import { cleanUntrusted } from '../text/untrusted.js'
import {
  AROUND_LINES,
  buildFirstUserContent,
  firstMessageShows,
  prepareFirstMessage,
  type PassContext,
  type ReviewContextInput
} from './first-message.js'
import {
  inClockTerms,
  MIN_PASS_MS,
  MIN_SUMMARY_MS,
  minutesText,
  timeLeft,
  underClock,
  type RunClock
} from './clock.js'
import { Coverage } from './coverage.js'
import { runAgent, type AgentRun } from './loop.js'
import { combineRuns, finalSummary, MAX_CONCURRENT_PASSES, runPool, type RateLimitSignal } from './passes.js'
import { SYSTEM_PROMPT } from './prompt.js'
import { VERIFY_BUDGET, verifyFindings } from './verify.js'
import { findingTools } from './tools/finding-tools.js'
import { ToolRegistry } from './tools/registry.js'
import { instructionTexts } from './instructions.js'
import { readLinesAt, repoTools } from './tools/repo-tools.js'
import { PageDraft, type PageFieldOptions } from './tools/walkthrough-fields.js'

export interface AgentReviewInput {
  client: Anthropic
  model: string
  budget: BudgetLimits
  git: Git
  headSha: string
  /** The merge base: what `ref: base` reads. */
  baseSha: string
  /** The whole pull-request diff, for get_diff. */
  prFiles: DiffFile[]
  /** Where comments can go. */
  lineSet: DiffLineSet
  /** What this run reviews; its reviewable files are what coverage counts. */
  triage: TriageResult
  /** Findings of earlier reviews, at the head. */
  carried: Finding[]
  /** The first message's description of the pull request (everything but the diff, which comes from triage). */
  context: Omit<ReviewContextInput, 'triage' | 'headSha' | 'baseSha' | 'budget'>
  /** Judge this run's findings in an independent check after the review (the verify-findings input). */
  verify?: boolean
  /** Bounds on the whole review when it takes several passes (default: one pass, no token cap). */
  run?: RunLimits
  /** 429s seen by the client; concurrent passes slow down when one arrives. */
  rateLimits?: RateLimitSignal
  /** Passes run at once before any 429 (default MAX_CONCURRENT_PASSES). */
  concurrency?: number
  /** The passes planReview planned for `triage`; planned here when absent. */
  batches?: PassFiles[]
  /** The whole run's clock: no pass starts, and none goes on, past it. */
  clock?: RunClock
  /** publish_review's page fields: the walkthrough, its diagram, a description (absent: none offered). */
  page?: PageFieldOptions
  logger: Logger
  now?: () => number
}

export interface AgentReview {
  /** Every finding in the store after the run: carried ones and this run's. */
  findings: Finding[]
  /** Ids this run added or changed. */
  touched: string[]
  run: AgentRun
  /** Reviewable files whose every changed line was in front of the model. */
  covered: string[]
  uncovered: string[]
  /** The run's clock ended the review (a pass ran out of it, or passes were left unstarted for it). */
  ranOutOfTime: boolean
  /** What the model gave in publish_review's page fields. */
  page?: PageDraft
}

interface PassResult {
  run: AgentRun
  covered: Set<string>
  summary?: string
  ranOutOfTime: boolean
}

/**
 * The batches a review of `triage` takes, one per pass (none, or one, for a review in one conversation), with
 * the first message of its first pass prepared as far as it can be (see prepareFirstMessage): called while git
 * reads the guidance and the symbols, it renders the diff on the core git is not using.
 */
export function planReview(triage: TriageResult): PassFiles[] {
  const batches = planPasses(triage)
  prepareFirstMessage(triage, batches.length > 1 ? passOf(batches, 0) : undefined)
  return batches
}

function passOf(batches: readonly PassFiles[], index: number): PassContext {
  return { index, count: batches.length, files: (batches[index] as PassFiles).files }
}

/**
 * The review of `triage`'s files: one conversation when its diff fits one message, else one per batch of
 * files, up to `concurrency` (three by default) at a time, all over one findings store (a finding one pass
 * made is a duplicate in the next). Every pass gets the same system prompt, tools and file inventory; the
 * run's limits stop passes from starting once spent, and the files of passes never started stay pending.
 */
export async function reviewWithAgent(input: AgentReviewInput): Promise<AgentReview> {
  const { git, headSha } = input
  const store = new FindingsStore({
    existing: input.carried,
    lines: input.lineSet,
    headSha,
    readHeadLines: path => readLinesAt(git, headSha, path)
  })
  const page = input.page ? new PageDraft(input.page) : undefined
  const batches = input.batches ?? planPasses(input.triage)
  const reviewable = input.triage.reviewable.map(entry => entry.file.path)
  const reReview = input.context.reReview
  if (reReview && reReview.around === undefined) {
    input = {
      ...input,
      context: {
        ...input.context,
        reReview: { ...reReview, around: await codeAround(git, headSha, reReview.findings) }
      }
    }
  }
  let run: AgentRun
  let ranOutOfTime: boolean
  const covered = new Set<string>()
  if (batches.length <= 1) {
    const pass = await reviewPass(input, store, page)
    run = pass.run
    ranOutOfTime = pass.ranOutOfTime
    for (const path of pass.covered) covered.add(path)
  } else {
    ;({ run, ranOutOfTime } = await reviewInPasses(input, store, batches, covered, page))
  }
  if (batches.length <= 1) await checkFindings(input, store, run)
  return {
    findings: store.all(),
    touched: store.touched(),
    run,
    ranOutOfTime,
    ...(page ? { page } : {}),
    covered: reviewable.filter(path => covered.has(path)),
    uncovered: reviewable.filter(path => !covered.has(path))
  }
}

async function reviewInPasses(
  input: AgentReviewInput,
  store: FindingsStore,
  batches: PassFiles[],
  covered: Set<string>,
  page?: PageDraft
): Promise<{ run: AgentRun; ranOutOfTime: boolean }> {
  const { logger } = input
  const limits = input.run ?? { passes: 1, tokens: Number.POSITIVE_INFINITY }
  const count = batches.length
  const concurrency = input.concurrency ?? MAX_CONCURRENT_PASSES
  logger.info(`The diff does not fit one message: ${count} passes of up to ${concurrency} at a time.`)
  let started = 0
  let spent = 0
  let failed = false
  const results = await runPool(
    batches.map((batch, index) => async () => {
      started++
      const result = await reviewPass(input, store, page, passOf(batches, index))
      const usage = result.run.usage
      spent += usage.inputTokens + usage.cacheWriteTokens + usage.outputTokens
      if (result.run.failure) failed = true
      logger.info(
        `Pass ${index + 1} of ${count}: ${batch.files.length} files, ${result.run.turns} turns, ` +
          `${result.run.stopReason}; ${spent} of ${Number.isFinite(limits.tokens) ? limits.tokens : 'unlimited'} ` +
          'run tokens so far.'
      )
      return result
    }),
    () => concurrency - (input.rateLimits?.hits ?? 0),
    () => !failed && started < limits.passes && spent < limits.tokens && timeLeft(input.clock) >= MIN_PASS_MS
  )
  const done = results.filter((result): result is PassResult => result !== undefined)
  for (const result of done) for (const path of result.covered) covered.add(path)
  const run = combineRuns(
    input.model,
    done.map(result => result.run)
  )
  const outOfTime = done.length < count && timeLeft(input.clock) < MIN_PASS_MS
  if (done.length < count && !run.failure) {
    const left = batches.slice(done.length).reduce((sum, batch) => sum + batch.files.length, 0)
    const why =
      limits.passes <= done.length
        ? `this budget reviews ${limits.passes} pass${limits.passes === 1 ? '' : 'es'}`
        : spent >= limits.tokens
          ? 'the run token budget was spent'
          : `the time limit of ${minutesText(input.clock?.limitMs ?? 0)} ran out`
    run.coverageNotes.push(
      `Reviewed in ${done.length} of ${count} passes (${why}); the ${left} files of the other passes are left for the next review.`
    )
  }
  // Before the summary is written, so that it speaks of the findings that stand.
  await checkFindings(input, store, run)
  await summarizePasses(input, store, run, done)
  return { run, ranOutOfTime: outOfTime || done.some(result => result.ranOutOfTime) }
}

/** One summary for the passes: the only one, or one written from them all (joined when time is short). */
async function summarizePasses(
  input: AgentReviewInput,
  store: FindingsStore,
  run: AgentRun,
  done: PassResult[]
): Promise<void> {
  if (run.failure) return
  const summaries = done.flatMap(result => (result.summary ? [result.summary] : []))
  const [onlySummary] = summaries
  if (summaries.length === 1 && onlySummary !== undefined) run.summary = onlySummary
  if (summaries.length <= 1) return
  if (timeLeft(input.clock) < MIN_SUMMARY_MS) {
    run.summary = summaries.join('\n\n')
    return
  }
  run.summary =
    (await finalSummary({
      client: input.client,
      model: input.model,
      system: SYSTEM_PROMPT,
      passSummaries: summaries,
      findings: store.all(),
      usage: run.usage,
      logger: input.logger
    })) ?? summaries.join('\n\n')
}

/**
 * The independent check of the findings this run recorded, after every pass, in conversations of its own.
 * A run that failed has nothing settled to check: its findings are posted as an interrupted review.
 */
async function checkFindings(input: AgentReviewInput, store: FindingsStore, run: AgentRun): Promise<void> {
  if (!input.verify || run.failure || timeLeft(input.clock) < MIN_SUMMARY_MS) return
  const { git, headSha } = input
  const verified = await verifyFindings({
    client: input.client,
    model: input.model,
    store,
    repoTools: repoTools({ git, headSha, baseSha: input.baseSha, files: input.prFiles }),
    files: input.prFiles,
    readHeadLines: path => readLinesAt(git, headSha, path),
    ids: store.touched(),
    ...(input.context.learnedRules ? { learnedRules: input.context.learnedRules } : {}),
    logger: input.logger,
    usage: run.usage,
    // Under the run's clock, the check ends by its deadline too.
    ...(input.clock ? { budget: underClock(VERIFY_BUDGET, input.clock).budget, now: input.clock.now } : {}),
    ...(input.now && !input.clock ? { now: input.now } : {})
  })
  run.coverageNotes.push(...verified.notes)
}

/**
 * The head's lines of each open finding with AROUND_LINES lines either side, so that a re-review sees the
 * fix that landed next to the cited lines without a tool call. Each file is read once; a file that cannot be
 * read leaves its findings without.
 */
export async function codeAround(
  git: Git,
  headSha: string,
  findings: readonly Finding[]
): Promise<Record<string, { start: number; lines: string[] }>> {
  const around: Record<string, { start: number; lines: string[] }> = {}
  const files = new Map<string, Promise<string[] | undefined>>()
  for (const finding of findings) {
    if (finding.status !== 'open' || finding.startLine === undefined || finding.endLine === undefined)
      continue
    if ((finding.side ?? 'RIGHT') !== 'RIGHT') continue
    let read = files.get(finding.file)
    if (!read) {
      read = readLinesAt(git, headSha, finding.file).catch(() => undefined)
      files.set(finding.file, read)
    }
    const lines = await read
    if (!lines || finding.startLine > lines.length) continue
    const start = Math.max(1, finding.startLine - AROUND_LINES)
    const end = Math.min(lines.length, finding.endLine + AROUND_LINES)
    around[finding.id] = {
      start,
      lines: lines.slice(start - 1, end).map(text => cleanUntrusted(text, { invisible: 'show' }))
    }
  }
  return around
}

/** One conversation: the first message (whole, or one pass's batch), the loop, and what it covered. */
async function reviewPass(
  input: AgentReviewInput,
  store: FindingsStore,
  page: PageDraft | undefined,
  pass?: PassContext
): Promise<PassResult> {
  const { git, headSha, logger } = input
  const coverage = new Coverage(input.triage.reviewable.map(entry => entry.file))
  const tools = new ToolRegistry([
    ...repoTools({ git, headSha, baseSha: input.baseSha, files: input.prFiles, coverage }),
    ...findingTools(store, page)
  ])
  const firstUserContent = buildFirstUserContent({
    ...input.context,
    headSha,
    baseSha: input.baseSha,
    triage: input.triage,
    budget: input.budget,
    ...(pass ? { pass } : {})
  })
  // The first message's diff counts once the model has answered it, like any other view.
  for (const shown of firstMessageShows(input.triage, pass)) {
    if (shown.whole) coverage.offerWholeDiff(shown.path)
    else coverage.offerDiffLines(shown.path, shown.lines)
  }
  const { budget, byClock } = underClock(input.budget, input.clock)
  const now = input.clock?.now ?? input.now
  if (page) page.instructions = instructionTexts(SYSTEM_PROMPT, tools)
  const ran = await runAgent({
    client: input.client,
    model: input.model,
    budget,
    system: SYSTEM_PROMPT,
    firstUserContent,
    tools,
    logger,
    coverage,
    ...(now ? { now } : {})
  })
  const { run, ranOutOfTime } =
    byClock && input.clock ? inClockTerms(ran, input.clock) : { run: ran, ranOutOfTime: false }
  return {
    run,
    covered: new Set(coverage.covered()),
    ...(run.summary !== undefined ? { summary: run.summary } : {}),
    ranOutOfTime
  }
}
