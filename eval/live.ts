/**
 * `--live`: every fixture, in every arm, `runs` times, through the bundled action as a runner runs it.
 * GitHub is the local stand-in, which records the review instead of posting it; the model is the real
 * API behind a recording proxy. Posted comments are matched to the golden defects with a judge model,
 * suggestions are applied to the head with `git apply`, and fixtures with a fix commit are re-reviewed.
 */
import type { Judge, LlmJudge } from './judge.js'
import { conversationStats } from './exchanges.js'
import { estimate, type Estimate } from './estimate.js'
import { jobWorstUsd, SpendCap } from './spend.js'
import { costOf, priceFor } from '../src/agent/pricing.js'
import type { Fixture, ReReview, RunCosts, RunRecord } from './model.js'
import { mapLimit } from './pool.js'
import { buildOutsidePr } from './manifest.js'
import { buildPr, fileLines, originGit, type PrRepo } from './pr.js'
import { isBaseline, runBaseline } from './baseline.js'
import { startProxy } from './proxy.js'
import { runReview, startGitHub, type ReviewOutcome } from './review-run.js'
import { matchRun } from './score.js'
import { checkSuggestion } from './suggestions.js'

export const DEFAULT_MODEL = 'claude-sonnet-5-5'
export const DEFAULT_JUDGE_MODEL = 'claude-opus-5-5'
export const DEFAULT_API_URL = 'https://api.anthropic.com'

export interface Arm {
  name: string
  /** Action inputs this arm sets, on top of the defaults. */
  inputs: Record<string, string>
}

export interface LiveOptions {
  fixtures: Fixture[]
  runs: number
  arms: Arm[]
  model: string
  judgeModel: string
  apiKey: string
  /** Where the Messages API is; the real API unless ANTHROPIC_BASE_URL says otherwise. */
  apiUrl: string
  maxCostUsd: number
  concurrency: number
  judge: LlmJudge
  log?: (line: string) => void
}

export interface LiveResult {
  records: RunRecord[]
  estimate: Estimate
  reviewerUsd: number
  judgeUsd: number
  /** Jobs not started: each one's worst case could not fit under --max-cost even alone. */
  skipped: SkippedJob[]
  /** Reviews planned (a re-review counts) and reviews that ran. */
  reviews: { planned: number; ran: number }
  /** The spend reached --max-cost and runs in flight were stopped. */
  capReached: boolean
  /** The largest worst case of one job. */
  maxJobWorstUsd: number
  wallMs: number
}

/** Parses `name=input:value,input:value`; `base=` is an arm with the defaults. */
export function parseArm(text: string): Arm {
  const eq = text.indexOf('=')
  const name = eq < 0 ? text : text.slice(0, eq)
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    throw new Error(`--arm '${text}': the name must be letters, digits, dot, dash or underscore, before '='`)
  }
  const inputs: Record<string, string> = {}
  const spec = eq < 0 ? '' : text.slice(eq + 1)
  for (const part of spec.split(',').filter(p => p.trim() !== '')) {
    const colon = part.indexOf(':')
    if (colon <= 0)
      throw new Error(`--arm '${text}': '${part}' is not input:value (e.g. verify-findings:true)`)
    inputs[part.slice(0, colon).trim()] = part.slice(colon + 1).trim()
  }
  return { name, inputs }
}

export function armModel(arm: Arm, model: string): string {
  return arm.inputs.model ?? model
}

function emptyCosts(): RunCosts {
  return {
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    wallMs: 0,
    modelRequests: 0,
    toolCalls: 0,
    quoteRetries: 0,
    budgetStops: 0
  }
}

function costsOf(
  outcome: ReviewOutcome,
  exchanges: Parameters<typeof conversationStats>[0],
  model: string
): RunCosts {
  const stats = conversationStats(exchanges)
  // The action reports its own cost; a run that died before reporting is priced from what passed the proxy.
  const fromProxy = exchanges.reduce((sum, e) => {
    const usage = (e.response as { usage?: { input_tokens?: number } } | undefined)?.usage
    return usage && typeof usage.input_tokens === 'number'
      ? sum + costOf(usage as Parameters<typeof costOf>[0], priceFor(model))
      : sum
  }, 0)
  return {
    inputTokens: stats.inputTokens,
    outputTokens: stats.outputTokens,
    costUsd: outcome.outputs['cost-usd'] !== undefined ? outcome.costUsd : fromProxy,
    wallMs: outcome.wallMs,
    modelRequests: stats.modelRequests,
    toolCalls: stats.toolCalls,
    quoteRetries: stats.quoteRetries,
    budgetStops: outcome.budgetStops
  }
}

/** Whether the proxy refused a request of this run because the cap was reached. */
function stoppedByCap(exchanges: ReadonlyArray<{ status: number; response: unknown }>): boolean {
  return exchanges.some(
    e => e.status === 400 && typeof e.response === 'string' && e.response.includes('--max-cost')
  )
}

/** The cost of one answered request, from the usage the API reported. */
function exchangeUsd(exchange: Parameters<typeof conversationStats>[0][number], model: string): number {
  const usage = (exchange.response as { usage?: { input_tokens?: number } } | undefined)?.usage
  return exchange.status === 200 && usage && typeof usage.input_tokens === 'number'
    ? costOf(usage as Parameters<typeof costOf>[0], priceFor(model))
    : 0
}

function failure(outcome: ReviewOutcome): string | undefined {
  if (outcome.exitCode === 0) return undefined
  const errors = outcome.stdout.split('\n').filter(line => line.startsWith('::error'))
  return `exit ${outcome.exitCode}: ${errors.map(e => e.replace(/^::error[^:]*::/, '')).join(' | ') || outcome.stderr.trim().slice(0, 500)}`
}

interface Job {
  fixture: Fixture
  arm: Arm
  run: number
}

/** A job the cap kept from starting, and why. */
export interface SkippedJob {
  fixture: string
  arm: string
  run: number
  reason: string
}

/** Reviews a job makes: two when a fix commit is re-reviewed (the baseline has no re-review). */
function plannedReviews(job: Job): number {
  return job.fixture.fix && !isBaseline(job.arm.inputs) ? 2 : 1
}

async function runJob(
  job: Job,
  options: LiveOptions,
  judge: Judge,
  cap: SpendCap
): Promise<{ record: RunRecord; reviewerUsd: number; reviews: number }> {
  const { fixture, arm, run } = job
  const model = armModel(arm, options.model)
  const inputs = { model, ...arm.inputs }
  const repo: PrRepo = fixture.source ? buildOutsidePr(fixture) : buildPr(fixture)
  const pr = repo.fixture
  const github = await startGitHub(pr, fixture)
  const closers: Array<() => Promise<void>> = [() => github.close()]
  try {
    const review = async (action: 'opened' | 'synchronize') => {
      const proxy = await startProxy(options.apiUrl, {
        refuse: () => (cap.reached ? `--max-cost ($${cap.maxUsd.toFixed(2)}) was reached` : undefined),
        onExchange: exchange => cap.add(exchangeUsd(exchange, model), 'reviewer')
      })
      closers.push(() => proxy.close())
      const outcome = await runReview({
        pr,
        github,
        anthropicBaseUrl: proxy.url,
        apiKey: options.apiKey,
        inputs,
        action
      })
      return {
        outcome,
        costs: costsOf(outcome, proxy.exchanges, model),
        stopped: stoppedByCap(proxy.exchanges)
      }
    }
    const baseline = async () => {
      const proxy = await startProxy(options.apiUrl, {
        refuse: () => (cap.reached ? `--max-cost ($${cap.maxUsd.toFixed(2)}) was reached` : undefined),
        onExchange: exchange => cap.add(exchangeUsd(exchange, model), 'reviewer')
      })
      closers.push(() => proxy.close())
      const started = Date.now()
      const diff = await originGit(pr).diff(pr.mergeBaseSha, pr.headSha)
      const answer = await runBaseline({ diff, model, apiKey: options.apiKey, baseURL: proxy.url })
      const outcome: ReviewOutcome = {
        exitCode: answer.error ? 1 : 0,
        stdout: answer.error ? `::error::${answer.error}` : '',
        stderr: '',
        outputs: {},
        findings: [],
        comments: answer.comments,
        wallMs: Date.now() - started,
        budgetStops: 0,
        costUsd: 0
      }
      return {
        outcome,
        costs: costsOf(outcome, proxy.exchanges, model),
        stopped: stoppedByCap(proxy.exchanges)
      }
    }
    const first = isBaseline(arm.inputs) ? await baseline() : await review('opened')
    const headText = async (file: string): Promise<string | undefined> => {
      const lines = await fileLines(pr, pr.headSha, file)
      return lines && `${lines.join('\n')}\n`
    }
    const suggestions = []
    for (const comment of first.outcome.comments.filter(c => c.suggestion !== undefined)) {
      suggestions.push(checkSuggestion(comment, await headText(comment.file)))
    }
    const error = first.stopped ? 'stopped: --max-cost was reached' : failure(first.outcome)
    // The judge sees the code at the head around each defect's locations and around each comment.
    const codeFiles = new Map<string, string[] | undefined>()
    for (const file of new Set([
      ...fixture.golden.flatMap(d => d.locations.map(l => l.file)),
      ...first.outcome.comments.map(c => c.file)
    ])) {
      codeFiles.set(file, await fileLines(pr, pr.headSha, file))
    }
    const code = (file: string) => codeFiles.get(file)
    const record: RunRecord = {
      fixture: fixture.id,
      language: fixture.language,
      arm: arm.name,
      run,
      holdout: fixture.holdout,
      clean: fixture.clean,
      defects: fixture.golden,
      comments: first.outcome.comments,
      verdicts: await judge.verdicts(first.outcome.comments, fixture.golden, code),
      suggestions,
      costs: first.costs,
      ...(fixture.project ? { project: fixture.project } : {}),
      ...(error ? { error } : {})
    }
    let reviewerUsd = first.costs.costUsd
    // The baseline has no memory of an earlier review, so there is no re-review to measure.
    if (repo.pushFix && !error && !isBaseline(arm.inputs)) {
      const fixed = fixture.golden.filter(d => d.fixedBy === 'fix')
      const found = matchRun(record, 'located').pairs.filter(([, d]) => fixed.some(f => f.id === d))
      repo.pushFix()
      pr.freshCheckout()
      const second = await review('synchronize')
      reviewerUsd += second.costs.costUsd
      const statuses = new Map(second.outcome.findings.map(f => [f.id, f.status]))
      const earlier = new Set(first.outcome.findings.map(f => f.id))
      const fresh = second.outcome.comments.filter(c => !earlier.has(c.id))
      const again = await judge.verdicts(fresh, fixed, code)
      const rereview: ReReview = {
        fixed: fixed.map(d => d.id),
        fixedFound: found.map(([, d]) => d),
        resolved: found.filter(([c]) => statuses.get(c) === 'resolved').map(([, d]) => d),
        reraised: fixed.filter(d => Object.values(again).some(ids => ids.includes(d.id))).map(d => d.id),
        costs: second.costs
      }
      record.rereview = rereview
      const secondError = second.stopped ? 'stopped: --max-cost was reached' : failure(second.outcome)
      if (secondError) record.error = `re-review: ${secondError}`
    }
    return { record, reviewerUsd, reviews: record.rereview ? 2 : 1 }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined)
    repo.cleanup()
  }
}

/** The most one job can spend: the arm's budget caps at the prices, its re-review and the judge included. */
export function jobWorst(job: Job, options: LiveOptions): number {
  return jobWorstUsd({
    model: armModel(job.arm, options.model),
    judgeModel: options.judgeModel,
    judgeSamples: options.judge.samples,
    inputs: job.arm.inputs,
    reviews: plannedReviews(job),
    judged: job.fixture.golden.length > 0
  })
}

export async function runLive(options: LiveOptions): Promise<LiveResult> {
  const started = Date.now()
  const log = options.log ?? (() => undefined)
  const plan = estimate({
    fixtures: options.fixtures,
    runs: options.runs,
    armModels: options.arms.map(arm => armModel(arm, options.model)),
    armBaseline: options.arms.map(arm => isBaseline(arm.inputs)),
    judgeModel: options.judgeModel
  })
  // Arms alternate within each fixture and run, so a slow hour of the API hits every arm alike.
  const jobs: Job[] = []
  for (let run = 1; run <= options.runs; run++) {
    for (const fixture of options.fixtures) for (const arm of options.arms) jobs.push({ fixture, arm, run })
  }
  const cap = new SpendCap(options.maxCostUsd)
  options.judge.onCost = usd => cap.add(usd, 'judge')
  options.judge.stopped = () => cap.reached
  const skipped: SkippedJob[] = []
  let ran = 0
  const records = await mapLimit(jobs, options.concurrency, async job => {
    const next = jobWorst(job, options)
    // Waits for jobs in flight while this one does not fit beside them; false only when it cannot fit alone.
    if (!(await cap.reserve(next))) {
      skipped.push({
        fixture: job.fixture.id,
        arm: job.arm.name,
        run: job.run,
        reason: skipReason(cap, next)
      })
      log(`${job.arm.name} ${job.fixture.id} run ${job.run}: not started: ${skipped.at(-1)!.reason}`)
      return undefined
    }
    try {
      const { record, reviewerUsd: cost, reviews } = await runJob(job, options, options.judge, cap)
      ran += reviews
      log(
        `${job.arm.name} ${job.fixture.id} run ${job.run}: ${record.comments.length} comments, ` +
          `${matchRun(record, 'located').pairs.length}/${record.defects.length} defects found, $${cost.toFixed(3)}` +
          (record.error ? ` (${record.error})` : '')
      )
      return record
    } catch (error) {
      ran++
      log(`${job.arm.name} ${job.fixture.id} run ${job.run}: failed: ${(error as Error).message}`)
      return failedRecord(job, error as Error)
    } finally {
      cap.finish(next)
    }
  })
  return {
    records: records.filter((r): r is RunRecord => r !== undefined),
    estimate: plan,
    reviewerUsd: cap.reviewerUsd,
    judgeUsd: cap.judgeUsd,
    skipped,
    reviews: { planned: jobs.reduce((n, job) => n + plannedReviews(job), 0), ran },
    capReached: cap.reached,
    maxJobWorstUsd: Math.max(0, ...jobs.map(job => jobWorst(job, options))),
    wallMs: Date.now() - started
  }
}

function skipReason(cap: SpendCap, worstUsd: number): string {
  return cap.reached
    ? `--max-cost ($${cap.maxUsd.toFixed(2)}) was reached`
    : `its worst case ($${worstUsd.toFixed(2)}) does not fit beside the $${cap.spentUsd.toFixed(2)} spent ` +
        `under --max-cost ($${cap.maxUsd.toFixed(2)})`
}

function failedRecord(job: Job, error: Error): RunRecord {
  return {
    fixture: job.fixture.id,
    language: job.fixture.language,
    arm: job.arm.name,
    run: job.run,
    holdout: job.fixture.holdout,
    clean: job.fixture.clean,
    defects: job.fixture.golden,
    comments: [],
    verdicts: {},
    suggestions: [],
    costs: emptyCosts(),
    error: error.message
  }
}
