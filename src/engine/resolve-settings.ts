/**
 * The one place a setting's value is chosen, for every front door: what the door was given (a workflow input,
 * a command-line flag), then the environment where the table names a variable (the command line's), then the
 * repository's configuration file over the organisation's (some keys add up: see `LAYERINGS`), then the
 * default. Each value is noted with where it came from.
 */
import type { BudgetName } from '../agent/index.js'
import {
  layeringOf,
  settingEntries,
  type FileRule,
  type SettingName,
  type SettingSpec,
  type SettingValues
} from './settings-table.js'
import { organisationRulesKept } from './organisation-rules.js'
import { isRejected, type Accepted } from './setting-values.js'
import type { RepositoryConfig } from './config.js'
import { layeredLearnedRules, layeredPathRules, type OrganisationConfig } from './organisation.js'
import type { ReviewSettings } from './settings.js'

/** Where a setting's value came from. */
export type SettingOrigin = 'workflow' | 'flag' | 'environment' | 'organisation' | 'file' | 'default'

/** One part of a value the organisation's file and the repository's add up to. */
export interface SettingPart {
  from: 'organisation' | 'file'
  value: string
}

/** One setting as the job summary and `redline config show` print it. */
export interface SettingSource {
  name: string
  value: string
  from: SettingOrigin
  /** For a value both files added up to: what each gave. */
  parts?: SettingPart[]
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
  /** The organisation's file's values, as kept (see engine/organisation.ts), beneath the repository's. */
  organisation?: Readonly<Record<string, unknown>>
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

function fromFile<T>(spec: SettingSpec<T>, file: SettingsSources['file']): T | undefined {
  if (spec.file === undefined) return undefined
  const value = fileValue(file, spec.file) as T | undefined
  if (value === undefined) return undefined
  return spec.fromFile ? spec.fromFile(value) : value
}

/** The value the two files add up to, for a key whose layering adds them. */
function addedUp(spec: SettingSpec<unknown>, organisation: unknown, repository: unknown): unknown {
  switch (layeringOf(spec)) {
    case 'text-adds':
      return `${organisation as string}\n\n${repository as string}`
    case 'union':
      return [...new Set([...(organisation as string[]), ...(repository as string[])])]
    case 'rules-add': {
      const own = repository as FileRule[]
      return [...organisationRulesKept(organisation as FileRule[], own.length), ...own]
    }
    default:
      return repository
  }
}

interface FromFiles<T> {
  value: T
  from: 'organisation' | 'file'
  parts?: SettingPart[]
}

/** The repository's file over the organisation's: one replaces the other, or the two add up. */
function fromFiles<T>(spec: SettingSpec<T>, sources: SettingsSources): FromFiles<T> | undefined {
  const repository = fromFile(spec, sources.file)
  const layering = layeringOf(spec as SettingSpec<unknown>)
  const organisation = layering === 'repository-only' ? undefined : fromFile(spec, sources.organisation)
  if (organisation === undefined)
    return repository === undefined ? undefined : { value: repository, from: 'file' }
  if (repository === undefined) return { value: organisation, from: 'organisation' }
  if (layering === 'replaces') return { value: repository, from: 'file' }
  const generic = spec as SettingSpec<unknown>
  return {
    value: addedUp(generic, organisation, repository) as T,
    from: 'file',
    parts: [
      { from: 'organisation', value: shownValue(generic, organisation) },
      { from: 'file', value: shownValue(generic, repository) }
    ]
  }
}

/** One setting's value and where it came from. */
export function resolveOne<T>(
  name: SettingName,
  spec: SettingSpec<T>,
  sources: SettingsSources,
  budget: BudgetName
): { value: T; from: SettingOrigin; parts?: SettingPart[] } {
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
  const file = fromFiles(spec, sources)
  if (file !== undefined) return file
  const value =
    typeof spec.default === 'function' ? (spec.default as (b: BudgetName) => T)(budget) : spec.default
  return { value, from: 'default' }
}

/**
 * Where a value came from, in words: the source's name, or for a value both files added up to, each part
 * with its own (`organisation: 2 rules + .github/redline.yml: 1 rule`). `named` names a source its door's way.
 */
export function originText(source: SettingSource, named: (from: SettingOrigin) => string): string {
  if (!source.parts) return named(source.from)
  return source.parts.map(part => `${named(part.from)}: ${part.value}`).join(' + ')
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
    const { value, from, parts } = resolveOne(name, spec, sources, budget)
    values[name] = value
    if (doorReads(spec, sources.door))
      shown.push({ name, value: shownValue(spec, value), from, ...(parts ? { parts } : {}) })
  }
  return { values: values as SettingValues, sources: shown }
}

/**
 * What a review runs with, from the resolved values and the repository's configuration: the part both doors
 * share. `config` adds the path rules, the learned rules and where the configuration was read; `organisation`
 * its own rules beside them.
 */
export function reviewSettingsOf(
  values: SettingValues,
  config?: RepositoryConfig,
  organisation?: OrganisationConfig
): ReviewSettings {
  const pathRules = layeredPathRules(config, organisation)
  const learnedRules = layeredLearnedRules(config, organisation)
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
    ...(learnedRules ? { learnedRules } : {}),
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
