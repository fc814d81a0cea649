/**
 * The spend estimate printed before a live run. It is deliberately pessimistic (no prompt-cache discount)
 * and uses the one price table the action itself uses.
 */
import { costOf, priceFor } from '../src/agent/pricing.js'
import type { Fixture } from './model.js'

/** System prompt and tool definitions, in tokens. */
export const PROMPT_OVERHEAD_TOKENS = 6_000
/** Assumed turns of a review; the standard budget allows 16. */
export const EXPECTED_TURNS = 8
/** Tokens a turn adds to the conversation (tool results the model read). */
export const TOKENS_PER_TURN = 1_500
export const OUTPUT_PER_TURN = 700
/** A judge call: the defects, one comment and the instructions in, a short JSON answer out. */
export const JUDGE_INPUT_TOKENS = 1_200
/** Each golden location and the comment come with about this much code. */
export const JUDGE_CODE_TOKENS = 250
/** Live judging samples every comment this many times. */
export const JUDGE_SAMPLES = 3
export const JUDGE_OUTPUT_TOKENS = 250
export const COMMENTS_PER_REVIEW = 4
/** A re-review sees only the fix commit, so it is a fraction of a first review. */
export const REREVIEW_SHARE = 0.6

export interface Estimate {
  reviews: number
  judgeCalls: number
  /** Every input token the models process, cached or not. */
  inputTokens: number
  outputTokens: number
  reviewerUsd: number
  judgeUsd: number
  totalUsd: number
  /** The same work if no request ever hit the prompt cache. */
  upperUsd: number
}

export function tokensOf(text: string): number {
  return Math.ceil(text.length / 3.5)
}

/** Tokens of the changed files at the head, the upper bound of what the first message carries. */
export function changedTokens(fixture: Fixture): number {
  // An outside fixture's files are in its repository: the manifest loader measured them.
  if (fixture.changedBytes !== undefined) return Math.ceil(fixture.changedBytes / 3.5)
  return Object.values(fixture.head).reduce((sum, text) => sum + tokensOf(text), 0)
}

export interface ReviewTokens {
  /** Input the cache does not hold: the first message's cache write aside, each turn's new part. */
  cacheWrite: number
  cacheRead: number
  output: number
}

/**
 * One review: the first turn writes the prompt (system, tools, first message with the diff) to the
 * cache; every later turn reads what came before and writes the turn's new tool results.
 */
export function reviewTokens(fixture: Fixture): ReviewTokens {
  const prefix = PROMPT_OVERHEAD_TOKENS + 2 * changedTokens(fixture)
  let cacheRead = 0
  for (let turn = 1; turn < EXPECTED_TURNS; turn++) cacheRead += prefix + (turn - 1) * TOKENS_PER_TURN
  return {
    cacheWrite: prefix + (EXPECTED_TURNS - 1) * TOKENS_PER_TURN,
    cacheRead,
    output: EXPECTED_TURNS * OUTPUT_PER_TURN
  }
}

/** The diff-only baseline: one request with the instructions and the diff (about the changed files). */
export function baselineTokens(fixture: Fixture): ReviewTokens {
  return { cacheWrite: 600 + changedTokens(fixture), cacheRead: 0, output: 2 * OUTPUT_PER_TURN }
}

/** Dollars of one review, with the cache as the action uses it, or as if nothing were ever cached. */
export function reviewUsd(tokens: ReviewTokens, model: string, cached = true): number {
  const price = priceFor(model)
  if (!cached) {
    return costOf({ input_tokens: tokens.cacheWrite + tokens.cacheRead, output_tokens: tokens.output }, price)
  }
  return costOf(
    {
      input_tokens: 0,
      output_tokens: tokens.output,
      cache_creation_input_tokens: tokens.cacheWrite,
      cache_read_input_tokens: tokens.cacheRead
    },
    price
  )
}

export interface EstimateInput {
  fixtures: readonly Fixture[]
  runs: number
  /** The reviewer model of each arm. */
  armModels: readonly string[]
  /** Per arm, true for the diff-only baseline: one request, no tools, no re-review. */
  armBaseline?: readonly boolean[]
  judgeModel: string
}

export function estimate(input: EstimateInput): Estimate {
  const judgePrice = priceFor(input.judgeModel)
  const result: Estimate = {
    reviews: 0,
    judgeCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    reviewerUsd: 0,
    judgeUsd: 0,
    totalUsd: 0,
    upperUsd: 0
  }
  let reviewerUpper = 0
  for (const [armIndex, model] of input.armModels.entries()) {
    const baseline = input.armBaseline?.[armIndex] ?? false
    for (const fixture of input.fixtures) {
      const share = (1 + (fixture.fix && !baseline ? REREVIEW_SHARE : 0)) * input.runs
      const tokens = baseline ? baselineTokens(fixture) : reviewTokens(fixture)
      result.reviews += input.runs * (fixture.fix && !baseline ? 2 : 1)
      result.inputTokens += (tokens.cacheWrite + tokens.cacheRead) * share
      result.outputTokens += tokens.output * share
      result.reviewerUsd += reviewUsd(tokens, model) * share
      reviewerUpper += reviewUsd(tokens, model, false) * share
      if (fixture.golden.length === 0) continue
      const calls = COMMENTS_PER_REVIEW * share * JUDGE_SAMPLES
      result.judgeCalls += calls
      const locations = fixture.golden.reduce((n, d) => n + d.locations.length, 0)
      const judgeIn =
        calls * (JUDGE_INPUT_TOKENS + fixture.golden.length * 80 + (locations + 1) * JUDGE_CODE_TOKENS)
      const judgeOut = calls * JUDGE_OUTPUT_TOKENS
      result.inputTokens += judgeIn
      result.outputTokens += judgeOut
      result.judgeUsd += costOf({ input_tokens: judgeIn, output_tokens: judgeOut }, judgePrice)
    }
  }
  result.judgeCalls = Math.ceil(result.judgeCalls)
  result.inputTokens = Math.ceil(result.inputTokens)
  result.outputTokens = Math.ceil(result.outputTokens)
  result.totalUsd = result.reviewerUsd + result.judgeUsd
  result.upperUsd = reviewerUpper + result.judgeUsd
  return result
}

/** Assumed wall time of one review with a real model (standard budget, about 8 turns), and of a judge call. */
export const REVIEW_MINUTES = 3
export const JUDGE_CALL_SECONDS = 6

/** Hours the run takes with `concurrency` jobs in flight; a job's judge calls follow its review. */
export function estimateHours(e: Estimate, concurrency: number): number {
  return (
    (e.reviews * REVIEW_MINUTES + (e.judgeCalls * JUDGE_CALL_SECONDS) / 60) / 60 / Math.max(1, concurrency)
  )
}

export function describeEstimate(e: Estimate, input: EstimateInput): string {
  const m = (n: number): string => `${(n / 1_000_000).toFixed(2)}M`
  return (
    `Estimate: ${input.fixtures.length} fixtures × ${input.runs} runs × ${input.armModels.length} arm(s) = ` +
    `${e.reviews} reviews (re-reviews included) and about ${e.judgeCalls} judge calls; ` +
    `${m(e.inputTokens)} input and ${m(e.outputTokens)} output tokens; ` +
    `$${e.reviewerUsd.toFixed(2)} reviewer (${[...new Set(input.armModels)].join(', ')}) + ` +
    `$${e.judgeUsd.toFixed(2)} judge (${input.judgeModel}) = $${e.totalUsd.toFixed(2)} with prompt caching ` +
    `($${e.upperUsd.toFixed(2)} if no request hit the cache).`
  )
}
