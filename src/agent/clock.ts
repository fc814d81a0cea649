import { TimeLimitError } from '../errors.js'
import type { BudgetLimits } from './budgets.js'
import type { AgentRun } from './loop.js'

/**
 * The whole run's clock (the time-limit input): by `deadline` the model's part is over, whatever each pass's
 * own wall clock allows, so that the review is published before the job is killed.
 */
export interface RunClock {
  /** When the model's part must end, in `now()` milliseconds (the publishing margin already taken off). */
  deadline: number
  /** The time-limit input, for the words a person reads. */
  limitMs: number
  now: () => number
}

/** A pass that cannot get one reply and a last turn in this much time is not started. */
export const MIN_PASS_MS = 15_000
/** Below this much time a multi-pass review joins its passes' summaries instead of asking for one more. */
export const MIN_SUMMARY_MS = 30_000

export function timeLeft(clock: RunClock | undefined): number {
  return clock ? clock.deadline - clock.now() : Number.POSITIVE_INFINITY
}

/** "0.25 minutes", "15 minutes". */
export function minutesText(ms: number): string {
  const minutes = Math.round((ms / 60_000) * 100) / 100
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** A pass's limits under the run's clock: its wall clock cut to the time left, and whether the clock cut it. */
export function underClock(
  budget: BudgetLimits,
  clock: RunClock | undefined
): { budget: BudgetLimits; byClock: boolean } {
  const left = timeLeft(clock)
  if (left >= budget.wallClockMs) return { budget, byClock: false }
  return { budget: { ...budget, wallClockMs: Math.max(1_000, Math.floor(left)) }, byClock: true }
}

/**
 * A pass that ran under the run's clock, in the clock's terms: its wall clock running out is the time limit
 * running out, and a pass whose first request got no answer before it ends the run with the time-limit line.
 */
export function inClockTerms(run: AgentRun, clock: RunClock): { run: AgentRun; ranOutOfTime: boolean } {
  const limit = minutesText(clock.limitMs)
  const notes = run.coverageNotes.map(note =>
    note.replace(
      /(the) wall[- ]clock budget ran out/gi,
      (_match, the: string) => `${the} time limit of ${limit} ran out`
    )
  )
  if (
    run.failure &&
    run.turns === 0 &&
    run.stopReason === 'api_error' &&
    /wall.clock/.test(run.failure.message)
  ) {
    const failure = new TimeLimitError(
      `The time limit of ${limit} ran out before the model answered; nothing was reviewed. Raise time-limit, ` +
        "keeping it a few minutes under the job's timeout-minutes."
    )
    return { run: { ...run, coverageNotes: notes, failure }, ranOutOfTime: true }
  }
  const ranOutOfTime = run.budgetExhausted === 'wall clock'
  return { run: { ...run, coverageNotes: notes }, ranOutOfTime }
}
