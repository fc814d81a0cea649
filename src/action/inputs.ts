import { ConfigurationError } from '../errors.js'
import { DEFAULT_TRIGGER_PHRASE } from './commands.js'
import { SEVERITIES, type Severity } from '../findings/severity.js'

import { BUDGET_NAMES, PROVIDERS, type BudgetName } from '../agent/index.js'
import {
  DEFAULT_LABELS,
  DEFAULT_MODEL,
  TIME_LIMIT_ACCEPTED,
  timeLimitMs,
  type ConfigValues,
  type RepositoryConfig,
  type ReviewSettings
} from '../engine/index.js'

export const MAX_COMMENTS_LIMIT = 50

/** Where a setting's value came from: an input set in the workflow, the configuration file, or the default. */
export type SettingOrigin = 'workflow' | 'file' | 'default'

/** One setting as the job summary shows it. */
export interface SettingSource {
  name: string
  value: string
  from: SettingOrigin
}

/** Every action input, validated once. Nothing else reads inputs. */
export interface Settings extends ReviewSettings {
  githubToken: string
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

function invalid(name: string, value: string, accepted: string): ConfigurationError {
  return new ConfigurationError(`Invalid value for input '${name}': '${value}'. Expected ${accepted}.`)
}

function oneOf<T extends string>(read: InputReader, name: string, allowed: readonly T[], fallback: T): T {
  const value = read(name).trim()
  if (value === '') return fallback
  const match = allowed.find(option => option === value.toLowerCase())
  if (match === undefined) throw invalid(name, value, `one of ${allowed.join(' | ')}`)
  return match
}

// The YAML 1.2 core schema booleans, the same set `core.getBooleanInput` accepts.
const TRUE_VALUES = ['true', 'True', 'TRUE']
const FALSE_VALUES = ['false', 'False', 'FALSE']

function bool(read: InputReader, name: string, fallback: boolean): boolean {
  const value = read(name).trim()
  if (value === '') return fallback
  if (TRUE_VALUES.includes(value)) return true
  if (FALSE_VALUES.includes(value)) return false
  throw invalid(name, value, 'true or false')
}

function integer(read: InputReader, name: string, min: number, max: number): number | undefined {
  const value = read(name).trim()
  if (value === '') return undefined
  if (!/^\d+$/.test(value)) throw invalid(name, value, `a whole number from ${min} to ${max}`)
  const parsed = Number(value)
  if (parsed < min || parsed > max) throw invalid(name, value, `a whole number from ${min} to ${max}`)
  return parsed
}

function url(read: InputReader, name: string): string | undefined {
  const value = read(name).trim()
  if (value === '') return undefined
  try {
    const parsed = new URL(value)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http')
  } catch {
    throw invalid(name, value, 'an http(s) URL')
  }
  return value.replace(/\/+$/, '')
}

/**
 * The fail-on input alone: a gate must know it even when the run cannot review (no key, say). `fallback` is
 * the configuration file's, when it was read.
 */
export function readFailOn(read: InputReader, fallback: Severity | 'none' = 'none'): Severity | 'none' {
  return oneOf(read, 'fail-on', ['none', ...SEVERITIES] as const, fallback)
}

/** A list input: one entry a line or between commas, blank entries and `#` comment lines left out. */
function list(read: InputReader, name: string, separators: RegExp): string[] {
  return read(name)
    .split(separators)
    .map(entry => entry.trim())
    .filter(entry => entry !== '' && !entry.startsWith('#'))
}

/** A BCP 47 tag such as ja, de or pt-BR, in its canonical form; undefined when it is not one. */
export function languageTag(value: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) return undefined
  try {
    return Intl.getCanonicalLocales(value)[0]
  } catch {
    return undefined
  }
}

function triggerPhrase(read: InputReader): string {
  const value = read('trigger-phrase').trim()
  if (value === '') return DEFAULT_TRIGGER_PHRASE
  if (!/^[@/!]?[A-Za-z0-9][\w.-]{0,38}$/.test(value))
    throw invalid('trigger-phrase', value, 'one word such as @redline')
  return value
}

/**
 * The settings, each from the first of: the input set in the workflow, the repository's configuration file,
 * the built-in default. `sources` says which, for each.
 */
export function readSettings(read: InputReader, config?: RepositoryConfig): Settings {
  const provider = oneOf(read, 'provider', PROVIDERS, 'anthropic')
  const anthropicApiKey = read('anthropic-api-key').trim()
  if (anthropicApiKey === '' && provider === 'anthropic') {
    throw new ConfigurationError(
      "Input 'anthropic-api-key' is empty. Pass it from a repository secret, e.g. " +
        '`anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` (pull requests from forks receive no secrets).'
    )
  }
  const githubToken = read('github-token').trim()
  if (githubToken === '') {
    throw new ConfigurationError(
      "Input 'github-token' is empty. Leave it unset to use the workflow's GITHUB_TOKEN."
    )
  }
  const file: ConfigValues = config?.values ?? {}
  const sources: SettingSource[] = []
  /** The input's value when set, else the file's, else the default; noted in `sources`. */
  function pick<T>(
    name: string,
    fromInput: T | undefined,
    fromFile: T | undefined,
    fallback: T,
    show: (value: T) => string = String
  ): T {
    const [value, from]: [T, SettingOrigin] =
      fromInput !== undefined
        ? [fromInput, 'workflow']
        : fromFile !== undefined
          ? [fromFile, 'file']
          : [fallback, 'default']
    sources.push({ name, value: show(value), from })
    return value
  }
  const set = (name: string): boolean => read(name).trim() !== ''
  const listed = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '(none)')

  const modelInput = read('model').trim()
  if (modelInput !== '' && !/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/.test(modelInput))
    throw invalid('model', modelInput, 'a model name such as ' + DEFAULT_MODEL)
  const model = pick('model', modelInput || undefined, file.model, DEFAULT_MODEL)
  const budget = pick(
    'budget',
    set('budget') ? oneOf(read, 'budget', BUDGET_NAMES, 'standard') : undefined,
    file.budget,
    'standard' as BudgetName
  )
  const minSeverity = pick(
    'min-severity',
    set('min-severity') ? oneOf(read, 'min-severity', SEVERITIES, 'medium') : undefined,
    file['min-severity'],
    'medium' as Severity
  )
  const maxComments = pick(
    'max-comments',
    integer(read, 'max-comments', 0, MAX_COMMENTS_LIMIT),
    file['max-comments'],
    4
  )
  const limitInput = read('time-limit').trim()
  const limitFile = file['time-limit']
  const timeLimitMinutes = limitInput !== '' ? limitInput : limitFile !== undefined ? String(limitFile) : ''
  const timeLimitValue = timeLimitMs(timeLimitMinutes, budget)
  if (timeLimitValue === undefined) throw invalid('time-limit', limitInput, TIME_LIMIT_ACCEPTED)
  sources.push({
    name: 'time-limit',
    value: `${timeLimitValue / 60_000} minutes`,
    from: limitInput !== '' ? 'workflow' : limitFile !== undefined ? 'file' : 'default'
  })
  const failOn = pick('fail-on', set('fail-on') ? readFailOn(read) : undefined, file['fail-on'], 'none')
  const reviewDrafts = pick(
    'review-drafts',
    set('review-drafts') ? bool(read, 'review-drafts', false) : undefined,
    file['review-drafts'],
    false
  )
  const verifyFindings = pick(
    'verify-findings',
    set('verify-findings') ? bool(read, 'verify-findings', false) : undefined,
    file['verify-findings'],
    budget === 'deep'
  )
  const skipAuthors = pick(
    'skip-authors',
    set('skip-authors') ? list(read, 'skip-authors', /\r?\n|,/) : undefined,
    file['skip-authors'],
    [],
    listed
  )
  const instructions = pick(
    'instructions',
    read('instructions').trim() || undefined,
    file.instructions?.trim() || undefined,
    '',
    text => (text === '' ? '(none)' : `${text.length} characters`)
  )
  const languageInput = read('language').trim()
  const language = languageInput === '' ? undefined : languageTag(languageInput)
  if (languageInput !== '' && language === undefined)
    throw invalid('language', languageInput, 'a BCP 47 language tag such as ja, de or pt-BR')
  const fileLanguage = file.language !== undefined ? languageTag(file.language) : undefined
  if (file.language !== undefined && fileLanguage === undefined) {
    throw new ConfigurationError(
      `Invalid ${config?.path}: language is '${file.language}'; expected a BCP 47 language tag such as ja, de or pt-BR.`
    )
  }
  const chosenLanguage = pick('language', language, fileLanguage, '', tag => tag || 'English')
  const exclude = pick(
    'exclude',
    set('exclude') ? list(read, 'exclude', /\r?\n/) : undefined,
    file.paths?.exclude,
    [],
    listed
  )
  const include = pick('paths.include', undefined, file.paths?.include, [], listed)
  const labels = {
    skip: pick('labels.skip', undefined, file.labels?.skip, DEFAULT_LABELS.skip),
    review: pick('labels.review', undefined, file.labels?.review, DEFAULT_LABELS.review)
  }
  const evidenceFiles = pick(
    'evidence',
    set('evidence') ? list(read, 'evidence', /\r?\n/) : undefined,
    file.evidence,
    [],
    listed
  )
  const checks = file.checks ?? []
  sources.push({
    name: 'checks',
    value: checks.length > 0 ? checks.map(check => check.name).join(', ') : '(none)',
    from: checks.length > 0 ? 'file' : 'default'
  })
  const pathRules = config?.pathRules ?? []
  sources.push({
    name: 'path-instructions',
    value: pathRules.length > 0 ? `${pathRules.length} rule${pathRules.length === 1 ? '' : 's'}` : '(none)',
    from: pathRules.length > 0 ? 'file' : 'default'
  })

  const settings: Settings = {
    anthropicApiKey,
    githubToken,
    model,
    minSeverity,
    maxComments,
    budget,
    fullReview: bool(read, 'full-review', false),
    exclude,
    include,
    instructions,
    reviewDrafts,
    failOn,
    dryRun: bool(read, 'dry-run', false),
    verifyFindings,
    skipAuthors,
    timeLimitMs: timeLimitValue,
    triggerPhrase: triggerPhrase(read),
    labels,
    sources,
    ...(chosenLanguage ? { language: chosenLanguage } : {}),
    ...(pathRules.length > 0 ? { pathRules } : {}),
    ...(evidenceFiles.length > 0 || checks.length > 0 ? { evidence: { files: evidenceFiles, checks } } : {}),
    ...(config
      ? { repositoryConfig: { commit: config.commit, ...(config.path ? { path: config.path } : {}) } }
      : {})
  }
  const prNumber = integer(read, 'pr-number', 1, Number.MAX_SAFE_INTEGER)
  if (prNumber !== undefined) settings.prNumber = prNumber
  const anthropicBaseUrl = url(read, 'anthropic-base-url')
  if (anthropicBaseUrl !== undefined) settings.anthropicBaseUrl = anthropicBaseUrl
  readProviderInputs(read, provider, settings)
  return settings
}

const REGION = /^[a-z0-9-]+$/
const PROJECT = /^[a-z0-9][a-z0-9.:-]*$/

/** `provider` and its inputs; a region or project left empty falls back to the provider's own variables. */
function readProviderInputs(read: InputReader, provider: Settings['provider'], settings: Settings): void {
  const text = (name: string, pattern: RegExp, accepted: string): string | undefined => {
    const value = read(name).trim()
    if (value === '') return undefined
    if (!pattern.test(value)) throw invalid(name, value, accepted)
    return value
  }
  const awsRegion = text('aws-region', REGION, 'an AWS region such as us-east-1')
  const vertexProject = text('vertex-project', PROJECT, 'a Google Cloud project id')
  const vertexRegion = text('vertex-region', REGION, 'a Vertex AI region such as us-east5 or global')
  if (provider === undefined || provider === 'anthropic') return
  settings.provider = provider
  if (awsRegion !== undefined && provider === 'bedrock') settings.awsRegion = awsRegion
  if (vertexProject !== undefined && provider === 'vertex') settings.vertexProject = vertexProject
  if (vertexRegion !== undefined && provider === 'vertex') settings.vertexRegion = vertexRegion
}

/** The values that must never appear in a log. */
export function secretsOf(settings: Settings): string[] {
  return [settings.anthropicApiKey, settings.githubToken].filter(value => value !== '')
}
