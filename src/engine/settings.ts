import type { ModelSettings } from '../agent/index.js'

export const DEFAULT_MODEL = 'claude-sonnet-5-5'

/** What one review runs with, whichever front door started it. How its result is shown is the host's. */
export interface ReviewSettings extends ModelSettings {
  /** Review the whole pull request again instead of what changed since the last review. */
  fullReview: boolean
  /** Globs of files to skip, on top of the built-in list. */
  exclude: string[]
}
