import { ConfigurationError } from '../errors.js'
import type { Severity } from '../findings/severity.js'
import {
  acceptedText,
  resolveSettings,
  reviewSettingsOf,
  type Accepted,
  type OrganisationConfig,
  type RepositoryConfig,
  type ReviewSettings,
  type SettingName,
  type SettingSource,
  type SettingValues
} from '../engine/index.js'

export type { SettingOrigin, SettingSource } from '../engine/index.js'

/** Every action input, validated once. Nothing else reads inputs. */
export interface Settings extends ReviewSettings {
  githubToken: string
  /** The organisation's repository (owner/name) when the workflow names one; else `<owner>/.github`. */
  orgConfig?: string
  /** The token that reads it; the github-token when the workflow gives none. */
  orgToken: string
  minSeverity: Severity
  maxComments: number
  prNumber?: number
  reviewDrafts: boolean
  failOn: Severity | 'none'
  dryRun: boolean
  /** Logins or globs (`*[bot]`) whose pull requests are not reviewed. */
  skipAuthors: string[]
  /** What a comment says to command Redline, matched as a whole word in any case. */
  triggerPhrase: string
  include: string[]
  /** The label that keeps a pull request from being reviewed, and the one that asks for a review. */
  labels: { skip: string; review: string }
  /** Each setting with where its value came from, for the job summary. */
  sources: SettingSource[]
}

/** Reads one input by its action.yml name; returns '' when unset (as `core.getInput` does). */
export type InputReader = (name: string) => string

function rejection(
  name: SettingName,
  _source: unknown,
  text: string,
  accepted: Accepted
): ConfigurationError {
  return new ConfigurationError(
    `Invalid value for input '${name}': '${text}'. Expected ${acceptedText(accepted, ' | ')}.`
  )
}

/** The inputs, the configuration files and the defaults, resolved by the settings table. */
function resolveInputs(read: InputReader, config?: RepositoryConfig, organisation?: OrganisationConfig) {
  return resolveSettings({
    door: 'action',
    given: read,
    rejection,
    ...(config ? { file: config.values } : {}),
    ...(organisation ? { organisation: organisation.values } : {})
  })
}

/**
 * The fail-on input alone: a gate must know it even when the run cannot review (no key, say). `fallback` is
 * the configuration file's, when it was read.
 */
export function readFailOn(read: InputReader, fallback: Severity | 'none' = 'none'): Severity | 'none' {
  const text = read('fail-on').trim()
  if (text === '') return fallback
  return resolveInputs(name => (name === 'fail-on' ? text : '')).values['fail-on']
}

/**
 * A few inputs alone, for a run that ends before the settings are read (a fork's without the key): the
 * others are not looked at, so a mistake in one of them cannot turn that run's notice into an error.
 */
export function readSomeInputs<N extends SettingName>(
  read: InputReader,
  names: readonly N[]
): Pick<SettingValues, N> {
  const wanted: readonly string[] = names
  return resolveInputs(name => (wanted.includes(name) ? read(name) : '')).values
}

/** The key and the token the action cannot run without, each refused with what to do. */
function requireCredentials(values: SettingValues): void {
  if (values['anthropic-api-key'] === '' && values.provider === 'anthropic') {
    throw new ConfigurationError(
      "Input 'anthropic-api-key' is empty. Pass it from a repository secret, e.g. " +
        '`anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` (pull requests from forks receive no secrets).'
    )
  }
  if (values['github-token'] === '') {
    throw new ConfigurationError(
      "Input 'github-token' is empty. Leave it unset to use the workflow's GITHUB_TOKEN."
    )
  }
}

/** The action's own settings, on top of what every review runs with. */
function actionSettings(
  values: SettingValues,
  config?: RepositoryConfig,
  organisation?: OrganisationConfig
): Omit<Settings, 'sources'> {
  const prNumber = values['pr-number']
  const orgConfig = values['org-config']
  return {
    ...reviewSettingsOf(values, config, organisation),
    githubToken: values['github-token'],
    orgToken: values['org-token'] || values['github-token'],
    ...(orgConfig !== undefined ? { orgConfig } : {}),
    minSeverity: values['min-severity'],
    maxComments: values['max-comments'],
    include: values['paths.include'],
    reviewDrafts: values['review-drafts'],
    failOn: values['fail-on'],
    dryRun: values['dry-run'],
    skipAuthors: values['skip-authors'],
    triggerPhrase: values['trigger-phrase'],
    labels: { skip: values['labels.skip'], review: values['labels.review'] },
    ...(prNumber !== undefined ? { prNumber } : {})
  }
}

/**
 * The settings, each from the first of: the input set in the workflow, the repository's configuration file
 * over the organisation's, the built-in default (see engine/settings-table.ts). `sources` says which, for each.
 */
export function readSettings(
  read: InputReader,
  config?: RepositoryConfig,
  organisation?: OrganisationConfig
): Settings {
  const { values, sources } = resolveInputs(read, config, organisation)
  requireCredentials(values)
  return { ...actionSettings(values, config, organisation), sources }
}

/** The values that must never appear in a log. */
export function secretsOf(settings: Settings): string[] {
  return [settings.anthropicApiKey, settings.githubToken, settings.orgToken].filter(value => value !== '')
}

/** The mode input alone: it decides which settings the run needs. */
export function readMode(read: InputReader): SettingValues['mode'] {
  const text = read('mode').trim()
  return text === '' ? 'review' : resolveInputs(name => (name === 'mode' ? text : '')).values.mode
}

/** What an insights run reads: the token and where its files go; it needs no model key. */
export interface InsightsSettings {
  githubToken: string
  since: string
  dbPath: string
  htmlPath: string
  jsonPath?: string
  /** `owner/name` or `owner/*` entries; empty for the workflow's own repository. */
  repos: string[]
}

export function readInsightsSettings(read: InputReader): InsightsSettings {
  const { values } = resolveInputs(read)
  if (values['github-token'] === '')
    throw new ConfigurationError(
      "Input 'github-token' is empty. Leave it unset to use the workflow's GITHUB_TOKEN."
    )
  const json = values['insights-json']
  return {
    githubToken: values['github-token'],
    since: values['insights-since'],
    dbPath: values['insights-db'],
    htmlPath: values['insights-html'],
    repos: values['insights-repos'],
    ...(json !== undefined ? { jsonPath: json } : {})
  }
}
