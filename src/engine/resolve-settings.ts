/**
 * The one place a setting's value is chosen, for every front door: what the door was given (a workflow input,
 * a command-line flag), then the environment where the table names a variable (the command line's), then the
 * repository's configuration file, then the default. Each value is noted with where it came from.
 */
import type { BudgetName } from '../agent/index.js'
import { settingEntries, type SettingName, type SettingSpec, type SettingValues } from './settings-table.js'
import { isRejected, type Accepted } from './setting-values.js'
import type { RepositoryConfig } from './config.js'
import type { ReviewSettings } from './settings.js'

/** Where a setting's value came from. */
export type SettingOrigin = 'workflow' | 'flag' | 'environment' | 'file' | 'default'

/** One setting as the job summary and `redline config show` print it. */
export interface SettingSource {
  name: string
  value: string
  from: SettingOrigin
}

/** Where a rejected text came from: the door's own input or flag, or an environment variable. */
export type TextSource = { kind: 'given' } | { kind: 'environment'; variable: string }

export interface SettingsSources {
  /** The front door: the action reads its inputs, the command line its flags and the environment. */
  door: 'action' | 'cli'
  /** The text the door was given for a setting (by the setting's name); '' or undefined when unset. */
  given: (name: SettingName) => string | undefined
  /** The environment, read for the settings that name variables (the command line's). */
  env?: Readonly<Record<string, string | undefined>>
  /** The configuration file's values, as parsed (see engine/config.ts). */
  file?: Readonly<Record<string, unknown>>
  /** The door's error for a text that is not a value of the setting. */
  rejection: (name: SettingName, source: TextSource, text: string, accepted: Accepted) => Error
}

export interface ResolvedSettings {
  values: SettingValues
  /** Each setting the door reads, with where its value came from, in the table's order. */
  sources: SettingSource[]
}

/** Whether the door reads the setting at all. */
export function doorReads(spec: SettingSpec<unknown>, door: SettingsSources['door']): boolean {
  return door === 'action'
    ? spec.input === true || spec.file !== undefined
    : spec.flag !== undefined || spec.env !== undefined || spec.file !== undefined
}

/** The value at a dotted key of the file (`paths.exclude`). */
export function fileValue(file: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], file)
}

function fromText<T>(
  name: SettingName,
  spec: SettingSpec<T>,
  text: string,
  source: TextSource,
  sources: SettingsSources
): T {
  const value = spec.text(text)
  if (isRejected(value)) throw sources.rejection(name, source, text, value.rejected)
  return value
}

function given(name: SettingName, spec: SettingSpec<unknown>, sources: SettingsSources): string {
  const readable = sources.door === 'action' ? spec.input : spec.flag
  return readable ? (sources.given(name)?.trim() ?? '') : ''
}

function fromEnvironment(spec: SettingSpec<unknown>, sources: SettingsSources): [string, string] | undefined {
  if (sources.door !== 'cli' || !sources.env) return undefined
  for (const variable of spec.env ?? []) {
    const text = sources.env[variable]?.trim()
    if (text) return [variable, text]
  }
  return undefined
}

function fromFile<T>(spec: SettingSpec<T>, sources: SettingsSources): T | undefined {
  if (spec.file === undefined) return undefined
  const value = fileValue(sources.file, spec.file) as T | undefined
  if (value === undefined) return undefined
  return spec.fromFile ? spec.fromFile(value) : value
}

/** One setting's value and where it came from. */
export function resolveOne<T>(
  name: SettingName,
  spec: SettingSpec<T>,
  sources: SettingsSources,
  budget: BudgetName
): { value: T; from: SettingOrigin } {
  const text = given(name, spec as SettingSpec<unknown>, sources)
  if (text !== '') {
    const from = sources.door === 'action' ? 'workflow' : 'flag'
    return { value: fromText(name, spec, text, { kind: 'given' }, sources), from }
  }
  const variable = fromEnvironment(spec as SettingSpec<unknown>, sources)
  if (variable) {
    const [name_, value] = variable
    return {
      value: fromText(name, spec, value, { kind: 'environment', variable: name_ }, sources),
      from: 'environment'
    }
  }
  const file = fromFile(spec, sources)
  if (file !== undefined) return { value: file, from: 'file' }
  const value =
    typeof spec.default === 'function' ? (spec.default as (b: BudgetName) => T)(budget) : spec.default
  return { value, from: 'default' }
}

/** How a value is printed: secrets never, lists joined, nothing as (none). */
export function shownValue(spec: SettingSpec<unknown>, value: unknown): string {
  if (spec.secret) return value ? 'set' : '(none)'
  if (spec.show) return spec.show(value)
  return value === undefined || value === '' ? '(none)' : String(value)
}

/**
 * Every setting's value, each from the first of: the door's input or flag, the environment (where the table
 * names a variable and the door reads it), the configuration file, the default. The budget is resolved first,
 * as some defaults follow it. A text that is not a value throws the door's rejection.
 */
export function resolveSettings(sources: SettingsSources): ResolvedSettings {
  const entries = settingEntries()
  const budgetSpec = entries.find(([name]) => name === 'budget')?.[1] as SettingSpec<BudgetName>
  const budget = resolveOne('budget', budgetSpec, sources, 'standard').value
  const values: Record<string, unknown> = {}
  const shown: SettingSource[] = []
  for (const [name, spec] of entries) {
    const { value, from } = resolveOne(name, spec, sources, budget)
    values[name] = value
    if (doorReads(spec, sources.door)) shown.push({ name, value: shownValue(spec, value), from })
  }
  return { values: values as SettingValues, sources: shown }
}

/**
 * What a review runs with, from the resolved values and the repository's configuration: the part both doors
 * share. `config` adds the path rules, the learned rules and where the configuration was read.
 */
export function reviewSettingsOf(values: SettingValues, config?: RepositoryConfig): ReviewSettings {
  const pathRules = config?.pathRules ?? []
  const provider = values.provider
  return {
    anthropicApiKey: values['anthropic-api-key'],
    model: values.model,
    budget: values.budget,
    fullReview: values['full-review'],
    exclude: values.exclude,
    include: values['paths.include'],
    instructions: values.instructions,
    verifyFindings: values['verify-findings'],
    walkthrough: values.walkthrough,
    diagrams: values.diagrams,
    describe: values.describe,
    timeLimitMs: Math.round(values['time-limit'] * 60_000),
    ...(values.language ? { language: values.language } : {}),
    ...(pathRules.length > 0 ? { pathRules } : {}),
    ...(config?.learnedRules ? { learnedRules: config.learnedRules } : {}),
    ...(values.evidence.length > 0 || values.checks.length > 0
      ? { evidence: { files: values.evidence, checks: values.checks } }
      : {}),
    ...(config
      ? { repositoryConfig: { commit: config.commit, ...(config.path ? { path: config.path } : {}) } }
      : {}),
    ...(values['anthropic-base-url'] ? { anthropicBaseUrl: values['anthropic-base-url'] } : {}),
    ...(provider !== 'anthropic' ? { provider } : {}),
    ...(provider === 'bedrock' && values['aws-region'] ? { awsRegion: values['aws-region'] } : {}),
    ...(provider === 'vertex' && values['vertex-project'] ? { vertexProject: values['vertex-project'] } : {}),
    ...(provider === 'vertex' && values['vertex-region'] ? { vertexRegion: values['vertex-region'] } : {})
  }
}
