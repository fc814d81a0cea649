/** The review engine: what every front door calls. */
export { review, type ReviewOptions } from './review.js'
export type { Delivery, DiffSource, PriorReview, ReviewHost, ReviewResult, ReviewTarget } from './host.js'
export type { ReviewOutcome, RunEnd } from './outcome.js'
export { ACTION_WORDS, failureLine, shouldFail, type FailureWords } from './failure.js'
export { DEFAULT_MODEL, TIME_LIMIT_ACCEPTED, type ReviewSettings } from './settings.js'
export {
  CONFIG_PATHS,
  MAX_CONFIG_BYTES,
  configProblems,
  parseConfig,
  problemLine,
  type ConfigProblem,
  readRepositoryConfig,
  type ConfigValues,
  type RepositoryConfig
} from './config.js'
export {
  DEFAULT_LABELS,
  DEFAULT_TRIGGER_PHRASE,
  MAX_COMMENTS_LIMIT,
  SETTINGS,
  defaultText,
  settingEntries,
  type SettingName,
  type SettingSpec,
  type SettingValues
} from './settings-table.js'
export {
  doorReads,
  fileValue,
  originText,
  resolveSettings,
  shownValue,
  reviewSettingsOf,
  type ResolvedSettings,
  type SettingOrigin,
  type SettingPart,
  type SettingSource,
  type SettingsSources,
  type TextSource
} from './resolve-settings.js'
export {
  ORGANISATION_FILES,
  droppedRulesWarning,
  organisationConfigOf,
  organisationFileName,
  organisationFromRead,
  type OrganisationConfig,
  type OrganisationFiles,
  type OrganisationRead
} from './organisation.js'
export { LAYERINGS, layeringOf, type Layering } from './settings-table.js'
export { acceptedText, languageTag, type Accepted } from './setting-values.js'
