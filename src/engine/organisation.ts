/**
 * The organisation's defaults: its repository's `.github/redline.yml` and `.github/redline/learned.md`, read
 * at that repository's default branch, beneath the repository's own file. Read forgivingly where the
 * repository's own file is strict: a file written for a newer Redline must not stop an older one, so a key
 * this version does not know (or a value it cannot take) is a warning naming it, and the rest applies.
 * `checks` and `evidence` decide what code runs: they are the repository's alone.
 */
import { parseDocument } from 'yaml'
import type { LearnedRuleText, PathRule } from '../agent/index.js'
import type { DefaultBranchFiles } from '../github/default-branch-files.js'
import { LEARNED_RULES_PATH, parseLearnedFile } from '../state/learned-file.js'
import {
  CONFIG_PATHS,
  MAX_CONFIG_BYTES,
  configProblems,
  configSchema,
  problemLine,
  type ConfigValues,
  type RepositoryConfig
} from './config.js'
import { organisationRulesKept } from './organisation-rules.js'
import { layeringOf, settingEntries, type FileRule } from './settings-table.js'

/** Where the organisation's repository keeps its defaults, as any repository keeps its own. */
export const ORGANISATION_FILES = { config: CONFIG_PATHS[0], learned: LEARNED_RULES_PATH } as const

/** What the run took from the organisation's repository. */
export interface OrganisationConfig {
  /** owner/name of the organisation's repository. */
  repository: string
  /** Its default branch, where both files were read. */
  branch: string
  /** The file's values that apply: known keys with good values, none of the repository's own keys. */
  values: ConfigValues
  /** Its path-instructions, as the reviewer is given them. */
  pathRules: PathRule[]
  /** Its learned rules, given after the repository's own. */
  learnedRules?: LearnedRuleText[]
}

/** The texts read at the default branch; a file that is not there is undefined. */
export interface OrganisationFiles {
  repository: string
  branch: string
  config?: string
  learned?: string
}

/** The top-level keys that are the repository's alone. */
const REPOSITORY_ONLY = settingEntries()
  .filter(([, spec]) => layeringOf(spec) === 'repository-only')
  .map(([, spec]) => spec.file as string)

/** How a file of the organisation's repository is named in a line: `acme/.github:.github/redline.yml`. */
export function organisationFileName(repository: string, path: string): string {
  return `${repository}:${path}`
}

type Tree = Record<string, unknown>

/** Removes the key at `path` (up to the first list index: a bad rule drops the whole key). */
function removeAt(data: Tree, path: ReadonlyArray<PropertyKey>): void {
  const firstIndex = path.findIndex(part => typeof part === 'number')
  const keys = firstIndex === -1 ? path : path.slice(0, firstIndex)
  const named = keys.filter((part): part is string => typeof part === 'string')
  const last = named.pop()
  if (last === undefined) return
  const parent = named.reduce<Tree | undefined>((at, key) => at?.[key] as Tree | undefined, data)
  if (parent && typeof parent === 'object') delete parent[last]
}

/** The data without every key the schema refuses, each removed on its own. */
function withoutRefused(data: Tree): ConfigValues {
  for (let round = 0; round < 20; round++) {
    const parsed = configSchema.safeParse(data)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys')
        for (const key of issue.keys) removeAt(data, [...issue.path, key])
      else removeAt(data, issue.path)
    }
  }
  return {}
}

const aboutRepositoryOnly = (key: string | undefined): boolean =>
  key !== undefined && REPOSITORY_ONLY.some(name => key === name || key.startsWith(`${name}[`))

/**
 * The organisation's file as it applies, and one warning per thing left out. Broken YAML, or a file that is
 * not a map of settings, is one warning and no values.
 */
export function organisationValues(file: string, text: string): { values: ConfigValues; warnings: string[] } {
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_CONFIG_BYTES)
    return {
      values: {},
      warnings: [
        `${file} is ${bytes} bytes, more than ${MAX_CONFIG_BYTES}: the organisation's settings are not used.`
      ]
    }
  const { problems } = configProblems(text)
  const whole = problems.find(problem => problem.key === undefined)
  if (whole)
    return { values: {}, warnings: [`${problemLine(file, whole)} The organisation's settings are not used.`] }
  const data = (parseDocument(text).toJS({ maxAliasCount: 50 }) ?? {}) as Tree
  const warnings: string[] = []
  const ownKeys = REPOSITORY_ONLY.filter(key => key in data)
  if (ownKeys.length > 0) {
    warnings.push(
      `${file}: ${ownKeys.join(' and ')} ${ownKeys.length === 1 ? 'is' : 'are'} the repository's own ` +
        "(they decide what code runs), so the organisation's file cannot set them: ignored."
    )
    for (const key of ownKeys) delete data[key]
  }
  const byLine = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  for (const problem of byLine.filter(problem => !aboutRepositoryOnly(problem.key)))
    warnings.push(`${problemLine(file, problem)} Ignored; the rest of the organisation's file applies.`)
  return { values: withoutRefused(data), warnings }
}

/** The organisation's learned rules, and a warning for what could not be read. */
export function organisationLearnedRules(
  file: string,
  text: string
): { rules: LearnedRuleText[]; warnings: string[] } {
  const parsed = parseLearnedFile(text)
  const warnings =
    parsed.problems.length > 0 ? [`${file}: ${parsed.problems.join('; ')}; the rest of it is used.`] : []
  const rules = parsed.rules.map(({ id, title, text: ruleText, paths }) => ({
    ...(id ? { id } : {}),
    title,
    text: ruleText,
    paths
  }))
  return { rules, warnings }
}

/** What the organisation's files give the run, with a warning for each thing left out. */
export function organisationConfigOf(files: OrganisationFiles): {
  organisation: OrganisationConfig
  warnings: string[]
} {
  const configFile = organisationFileName(files.repository, ORGANISATION_FILES.config)
  const learnedFile = organisationFileName(files.repository, ORGANISATION_FILES.learned)
  const config =
    files.config !== undefined ? organisationValues(configFile, files.config) : { values: {}, warnings: [] }
  const learned =
    files.learned !== undefined ? organisationLearnedRules(learnedFile, files.learned) : undefined
  const rules = (config.values['path-instructions'] ?? []) as FileRule[]
  return {
    organisation: {
      repository: files.repository,
      branch: files.branch,
      values: config.values,
      pathRules: rules.map(rule => ({ source: configFile, ...rule })),
      ...(learned ? { learnedRules: learned.rules } : {})
    },
    warnings: [...config.warnings, ...(learned?.warnings ?? [])]
  }
}

/** How many path-instructions rules the repository's own file has. */
function ownRuleCount(config: RepositoryConfig | undefined): number {
  return ((config?.values['path-instructions'] ?? []) as unknown[]).length
}

/** The path rules a review is given: the organisation's that fit under the cap, then the repository's. */
export function layeredPathRules(config?: RepositoryConfig, organisation?: OrganisationConfig): PathRule[] {
  const own = config?.pathRules ?? []
  if (!organisation) return own
  return [...organisationRulesKept(organisation.pathRules, ownRuleCount(config)), ...own]
}

/** The learned rules a review is given: the repository's first, then the organisation's. */
export function layeredLearnedRules(
  config?: RepositoryConfig,
  organisation?: OrganisationConfig
): LearnedRuleText[] | undefined {
  if (!config?.learnedRules && !organisation?.learnedRules) return undefined
  return [...(config?.learnedRules ?? []), ...(organisation?.learnedRules ?? [])]
}

/** The warning for the organisation's rules left out past the cap, when any are. */
export function droppedRulesWarning(
  config: RepositoryConfig | undefined,
  organisation: OrganisationConfig
): string | undefined {
  const kept = organisationRulesKept(organisation.pathRules, ownRuleCount(config)).length
  const dropped = organisation.pathRules.length - kept
  if (dropped === 0) return undefined
  return (
    `path-instructions: the repository's ${ownRuleCount(config)} rules and the organisation's ` +
    `${organisation.pathRules.length} are more than the cap; the organisation's last ${dropped} are left out.`
  )
}

/** What reading the organisation's repository gave a run, and the lines to say about it. */
export interface OrganisationRead {
  organisation?: OrganisationConfig
  /** Said once, as a notice: the organisation has no defaults this run can see. */
  notice?: string
  warnings: string[]
}

/**
 * The organisation's defaults from what its repository answered: a repository or file that is not there is
 * a notice (most organisations have none); any other failure is one warning naming the file. Either way the
 * repository's own settings apply and the review runs.
 */
export function organisationFromRead(repository: string, read: DefaultBranchFiles): OrganisationRead {
  const configFile = organisationFileName(repository, ORGANISATION_FILES.config)
  const mine = "the repository's own settings apply"
  if (read.kind === 'no-repository')
    return {
      notice: `No organisation defaults: ${repository} was not found, or the token cannot see it; ${mine}.`,
      warnings: []
    }
  if (read.kind === 'unreadable') {
    const file = organisationFileName(repository, read.path ?? ORGANISATION_FILES.config)
    const status = read.status !== undefined ? ` (HTTP ${read.status})` : ''
    const hint = read.status === 403 ? "; the org-token must be able to read that repository's contents" : ''
    return { warnings: [`Could not read ${file}${status}: ${read.reason}${hint}. ${mine}.`] }
  }
  const config = read.files.get(ORGANISATION_FILES.config)
  const learned = read.files.get(ORGANISATION_FILES.learned)
  if (config === undefined && learned === undefined)
    return {
      notice: `No organisation defaults: ${configFile} is not on ${repository}'s default branch (${read.branch}); ${mine}.`,
      warnings: []
    }
  const { organisation, warnings } = organisationConfigOf({
    repository,
    branch: read.branch,
    ...(config !== undefined ? { config } : {}),
    ...(learned !== undefined ? { learned } : {})
  })
  return { organisation, warnings }
}
