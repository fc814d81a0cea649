import { ConfigurationError } from '../errors.js'
import { SEVERITIES, type Severity } from '../findings/severity.js'

import { BUDGET_NAMES, PROVIDERS, type BudgetName } from '../agent/index.js'
import { DEFAULT_MODEL, TIME_LIMIT_ACCEPTED, timeLimitMs, type ReviewSettings } from '../engine/index.js'

export const MAX_COMMENTS_LIMIT = 50

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

/** The fail-on input alone: a gate must know it even when the run cannot review (no key, say). */
export function readFailOn(read: InputReader): Severity | 'none' {
  return oneOf(read, 'fail-on', ['none', ...SEVERITIES] as const, 'none')
}

/** A list input: one entry a line or between commas, blank entries and `#` comment lines left out. */
function list(read: InputReader, name: string, separators: RegExp): string[] {
  return read(name)
    .split(separators)
    .map(entry => entry.trim())
    .filter(entry => entry !== '' && !entry.startsWith('#'))
}

function timeLimit(read: InputReader, budget: BudgetName): number {
  const value = read('time-limit').trim()
  const ms = timeLimitMs(value, budget)
  if (ms === undefined) throw invalid('time-limit', value, TIME_LIMIT_ACCEPTED)
  return ms
}

export function readSettings(read: InputReader): Settings {
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
  const model = read('model').trim() || DEFAULT_MODEL
  if (!/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/.test(model))
    throw invalid('model', model, 'a model name such as ' + DEFAULT_MODEL)

  const exclude = list(read, 'exclude', /\r?\n/)

  const budget = oneOf(read, 'budget', BUDGET_NAMES, 'standard')
  const settings: Settings = {
    anthropicApiKey,
    githubToken,
    model,
    minSeverity: oneOf(read, 'min-severity', SEVERITIES, 'medium'),
    maxComments: integer(read, 'max-comments', 0, MAX_COMMENTS_LIMIT) ?? 4,
    budget,
    fullReview: bool(read, 'full-review', false),
    exclude,
    instructions: read('instructions').trim(),
    reviewDrafts: bool(read, 'review-drafts', false),
    failOn: readFailOn(read),
    dryRun: bool(read, 'dry-run', false),
    verifyFindings: bool(read, 'verify-findings', false),
    skipAuthors: list(read, 'skip-authors', /\r?\n|,/),
    timeLimitMs: timeLimit(read, budget)
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
