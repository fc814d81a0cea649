/**
 * The hard spending cap of --live. Every response's actual cost is added as it arrives (the reviewer's
 * through the recording proxy, the judge's from its own responses). A job starts only when its worst case,
 * the arm's budget caps at the model's prices, fits under --max-cost together with what is spent and the
 * worst case of every job in flight; a job that does not fit beside the jobs in flight waits for them to
 * finish. A job is skipped only when its worst case cannot fit even alone after what is spent. Once the cap
 * is reached the proxy refuses every further request, so runs in flight stop at their next model request:
 * the spend ends at most one request per run above it.
 */
import {
  budgetLimits,
  BUDGET_NAMES,
  MAX_OUTPUT_TOKENS,
  runLimits,
  type BudgetName
} from '../src/agent/budgets.js'
import { costOf, priceFor } from '../src/agent/pricing.js'

/** At most this many comments of one review are judged in the worst case (inline and body findings). */
export const WORST_JUDGED_COMMENTS = 25
/** A judge request in the worst case: defects, code excerpts and the comment in; its max_tokens out. */
export const WORST_JUDGE_INPUT_TOKENS = 30_000
export const JUDGE_MAX_TOKENS = 2_000
/** The baseline's one request in the worst case: a full context window of diff. */
export const WORST_BASELINE_INPUT_TOKENS = 200_000
/** A verification request (verify-findings) in the worst case: the finding and its code in. */
export const WORST_VERIFY_INPUT_TOKENS = 100_000

export interface WorstCaseInput {
  model: string
  judgeModel: string
  judgeSamples: number
  /** The arm's action inputs: budget, verify-findings, max-comments. */
  inputs: Readonly<Record<string, string>>
  /** Reviews of the job: 2 when a fix commit is re-reviewed. */
  reviews: number
  /** False for a clean PR: with no golden defect the judge is never asked. */
  judged?: boolean
}

function budgetOf(inputs: Readonly<Record<string, string>>): BudgetName {
  const name = inputs.budget ?? 'standard'
  return (BUDGET_NAMES as readonly string[]).includes(name) ? (name as BudgetName) : 'deep'
}

/**
 * Dollars one review can cost at most. The run's token cap bounds everything the budget counts (uncached
 * input, cache writes and output), each priced at the dearest of those rates; cache reads are not counted by
 * the budget, but every turn re-reads at most what the run has written, so they are bounded by turns times
 * the cap. verify-findings adds one request per finding: max-comments times its worst request.
 */
export function reviewWorstUsd(model: string, inputs: Readonly<Record<string, string>>): number {
  const price = priceFor(model)
  // The diff-only baseline is one request: at most a full context in and its output cap out.
  if (inputs.mode === 'diff-only')
    return costOf({ input_tokens: WORST_BASELINE_INPUT_TOKENS, output_tokens: MAX_OUTPUT_TOKENS }, price)
  const budget = budgetOf(inputs)
  const tokens = runLimits(budget).tokens
  const turns = budgetLimits(budget).turns
  let usd =
    (tokens * Math.max(price.input, price.output, price.cacheWrite) + turns * tokens * price.cacheRead) / 1e6
  if (inputs['verify-findings'] === 'true') {
    const findings = Math.max(Number(inputs['max-comments'] ?? 4) || 4, WORST_JUDGED_COMMENTS)
    usd +=
      findings * costOf({ input_tokens: WORST_VERIFY_INPUT_TOKENS, output_tokens: MAX_OUTPUT_TOKENS }, price)
  }
  return usd
}

export function judgeWorstUsd(judgeModel: string, samples: number): number {
  const price = priceFor(judgeModel)
  return (
    WORST_JUDGED_COMMENTS *
    samples *
    costOf({ input_tokens: WORST_JUDGE_INPUT_TOKENS, output_tokens: JUDGE_MAX_TOKENS }, price)
  )
}

export function jobWorstUsd(input: WorstCaseInput): number {
  return (
    reviewWorstUsd(input.model, input.inputs) * input.reviews +
    (input.judged === false ? 0 : judgeWorstUsd(input.judgeModel, input.judgeSamples) * input.reviews)
  )
}

/** Spend so far and the worst case of what is in flight, against the cap. */
export class SpendCap {
  spentUsd = 0
  reviewerUsd = 0
  judgeUsd = 0
  private inFlightUsd = 0
  private waiting: Array<() => void> = []
  /** Set once the spend reached the cap: nothing more is sent. */
  reached = false

  constructor(readonly maxUsd: number) {}

  /** Whether a job of this worst case could still run at all: alone, after what is spent. */
  fitsAlone(worstUsd: number): boolean {
    return !this.reached && this.spentUsd + worstUsd <= this.maxUsd
  }

  /**
   * Reserves a job's worst case, waiting for jobs in flight to finish while it does not fit beside them.
   * Resolves false only when the job cannot fit even alone after what is spent: the spend only grows, so
   * it never will.
   */
  async reserve(worstUsd: number): Promise<boolean> {
    for (;;) {
      if (!this.fitsAlone(worstUsd)) return false
      if (this.spentUsd + this.inFlightUsd + worstUsd <= this.maxUsd) {
        this.inFlightUsd += worstUsd
        return true
      }
      // Something is in flight (else the job would fit alone): its finish wakes this job to look again.
      await new Promise<void>(resolve => this.waiting.push(resolve))
    }
  }

  finish(worstUsd: number): void {
    this.inFlightUsd -= worstUsd
    const waiting = this.waiting
    this.waiting = []
    for (const wake of waiting) wake()
  }

  add(usd: number, who: 'reviewer' | 'judge'): void {
    this.spentUsd += usd
    if (who === 'reviewer') this.reviewerUsd += usd
    else this.judgeUsd += usd
    if (this.spentUsd >= this.maxUsd) this.reached = true
  }
}
