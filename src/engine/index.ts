/** The review engine: what every front door calls. */
export { review, type ReviewOptions } from './review.js'
export type { Delivery, DiffSource, PriorReview, ReviewHost, ReviewResult, ReviewTarget } from './host.js'
export type { ReviewOutcome, RunEnd } from './outcome.js'
export { ACTION_WORDS, failureLine, shouldFail, type FailureWords } from './failure.js'
export { DEFAULT_MODEL, TIME_LIMIT_ACCEPTED, timeLimitMs, type ReviewSettings } from './settings.js'
export {
  CONFIG_PATHS,
  DEFAULT_LABELS,
  readRepositoryConfig,
  type ConfigValues,
  type RepositoryConfig
} from './config.js'
