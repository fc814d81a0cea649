import type { ModelSettings } from '../agent/index.js'
import type { EvidenceSettings } from '../evidence/index.js'

export const DEFAULT_MODEL = 'claude-sonnet-5-5'

/** What one review runs with, whichever front door started it. How its result is shown is the host's. */
export interface ReviewSettings extends ModelSettings {
  /** Review the whole pull request again instead of what changed since the last review. */
  fullReview: boolean
  /** Globs of files to skip, on top of the built-in list. */
  exclude: string[]
  /** Globs of files taken back from the built-in list (docs/**\/*.ts, a vendored folder the team owns). */
  include?: string[]
  /**
   * Where the repository's configuration was read: the commit on the base branch, and the file when there
   * was one. A pull request that changes it is told that the change takes effect after merge.
   */
  repositoryConfig?: { commit: string; path?: string }
  /** The whole run's clock: the review is published, with what was found, before it runs out. */
  timeLimitMs: number
  /** Evidence files to read and the base's checks to run; the host says whether the head may run them. */
  evidence?: EvidenceSettings
}

/**
 * What is kept of the time limit for publishing after the model's part: about a minute, and a fifth of the
 * limit for small ones.
 */
export function publishingMarginMs(timeLimitMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(timeLimitMs / 5)))
}

/** GitHub ends a job after 6 hours at most. */
export const MAX_TIME_LIMIT_MINUTES = 360

export const TIME_LIMIT_ACCEPTED = `minutes above 0 and at most ${MAX_TIME_LIMIT_MINUTES}, decimals allowed (0.5 is 30 seconds)`
