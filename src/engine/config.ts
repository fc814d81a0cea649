/**
 * The repository's configuration file, `.github/redline.yml` (or `.redline.yml`), read from the base branch
 * at the merge base: a pull request cannot change the settings it is reviewed with. Parsed with `yaml`,
 * validated with zod; a broken file fails the run with one line naming the file, the key, its line and what
 * is expected. The JSON Schema in the repository (redline.schema.json) is generated from the same schema.
 */
import { LineCounter, isMap, isScalar, parseDocument, type Document } from 'yaml'
import { z } from 'zod'
import type { LearnedRuleText, PathRule } from '../agent/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { acceptedText } from './setting-values.js'
import { MAX_CHECK_MINUTES } from '../evidence/spec.js'
import { LEARNED_RULES_PATH, MAX_LEARNED_FILE_CHARS, parseLearnedFile } from '../state/learned-file.js'
import { MAX_TIME_LIMIT_MINUTES } from './settings.js'
import {
  defaultText,
  MAX_RULE_CHARS,
  settingEntries,
  type FileRule,
  type SettingSpec
} from './settings-table.js'

/** Where the file is looked for, in this order; the first found is read. */
export const CONFIG_PATHS = ['.github/redline.yml', '.redline.yml'] as const

/** Copilot-style path instructions: `*.instructions.md` files with an `applyTo:` front matter. */
export const INSTRUCTIONS_DIR = '.github/instructions'
const INSTRUCTIONS_FILE = /\.instructions\.md$/

/**
 * Keys refused in the file, besides the table's secrets and workflow-only settings: the short names a key,
 * a token or an endpoint might be given by mistake.
 */
const REFUSED_ALIASES = ['api-key', 'token', 'base-url']

/** Keys that hold secrets or where they go: they come from the workflow only, never from a file. */
const REFUSED_KEYS = [
  ...settingEntries()
    .filter(([, spec]) => spec.secret || spec.workflowOnly)
    .map(([name]) => name),
  ...REFUSED_ALIASES
]

/** The largest configuration file read. */
export const MAX_CONFIG_BYTES = 64_000

/** The groups of keys (`paths.exclude`), each describing itself. */
const FILE_GROUPS: Record<string, string> = {
  paths: 'Which files are reviewed. Default: the built-in list alone.',
  labels: 'Labels that control Redline. Default: redline:skip and redline:review.'
}

/** A key's schema: its type, described with its default, for the JSON Schema and editors. */
function keySchema(spec: SettingSpec<unknown>): z.ZodType {
  const type = spec.type instanceof z.ZodOptional ? (spec.type.unwrap() as z.ZodType) : spec.type
  return type.describe(`${spec.description} Default: ${defaultText(spec)}.`).optional()
}

/** The file's keys, from the settings table. */
function fileShape(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  const groups: Record<string, Record<string, z.ZodType>> = {}
  for (const [, spec] of settingEntries()) {
    if (spec.file === undefined) continue
    const [first, second] = spec.file.split('.') as [string, string | undefined]
    if (second === undefined) {
      shape[first] = keySchema(spec)
      continue
    }
    if (!groups[first]) {
      groups[first] = {}
      shape[first] = z.never() // placed here, filled below
    }
    groups[first][second] = keySchema(spec).describe(spec.description)
  }
  for (const [group, keys] of Object.entries(groups)) {
    shape[group] = z
      .strictObject(keys)
      .describe(FILE_GROUPS[group] ?? group)
      .optional()
  }
  return shape
}

/** The file's schema, made from the settings table. */
export const configSchema = z
  .strictObject(fileShape())
  .describe('Redline repository configuration (.github/redline.yml), read from the base branch.')

/** The file's values, checked against the table's types; read each with `fileValue` (engine/resolve-settings.ts). */
export type ConfigValues = Readonly<Record<string, unknown>>

export const CONFIG_KEYS = Object.keys(configSchema.shape)

/** The JSON Schema of the file, as committed in redline.schema.json. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { target: 'draft-7' }),
    $id: 'https://raw.githubusercontent.com/redline-review/redline/main/redline.schema.json',
    title: 'Redline configuration'
  }
}

/** What the run read from the base: the file (when there is one) and the path rules. */
export interface RepositoryConfig {
  /** The commit the configuration was read at: the merge base, or the base tip when it is not known. */
  commit: string
  /** The file's path, when one was found. */
  path?: string
  values: ConfigValues
  /** path-instructions, then the .github/instructions files, in path order. */
  pathRules: PathRule[]
  /** The rules of the learned rules file, when the base has one (none readable is an empty list). */
  learnedRules?: LearnedRuleText[]
}

/**
 * What a review of a pull request that changes the configuration says: it was reviewed under the base
 * branch's, and the change takes effect once it is merged. Undefined when it changes none of it.
 */
export function configChangeNote(changedPaths: readonly string[]): string | undefined {
  const changed = changedPaths.filter(
    path =>
      (CONFIG_PATHS as readonly string[]).includes(path) ||
      path === LEARNED_RULES_PATH ||
      (path.startsWith(`${INSTRUCTIONS_DIR}/`) && INSTRUCTIONS_FILE.test(path))
  )
  if (changed.length === 0) return undefined
  const names = changed.slice(0, 5).join(', ') + (changed.length > 5 ? ` and ${changed.length - 5} more` : '')
  return (
    `This pull request changes Redline's configuration (${names}): it was reviewed with the base branch's, ` +
    'and the change takes effect after merge.'
  )
}

/** What a key of the file must be, in the words of the line that says it is wrong. */
const EXPECTED: Record<string, string> = {
  ...Object.fromEntries(
    settingEntries()
      .filter(([, spec]) => spec.file !== undefined)
      .map(([, spec]) => [spec.file as string, acceptedText(spec.accepts)])
  ),
  'time-limit': `minutes above 0 and at most ${MAX_TIME_LIMIT_MINUTES}, as a number (0.5 is 30 seconds)`,
  paths: 'a map with exclude and include, each a list of globs',
  'path-instructions.paths': 'a list of at least one glob',
  'path-instructions.instructions': `text of at most ${MAX_RULE_CHARS} characters`,
  labels: 'a map with skip and review, each a label name',
  'checks.name': 'a name of letters, digits, spaces and . : / @ + - (at most 60)',
  'checks.run': 'a shell command',
  'checks.format': 'sarif or problem-matcher',
  'checks.output': 'a path inside the repository',
  'checks.matcher': 'a problem matcher { owner, pattern: [{ regexp, file, line, column, message, code }] }',
  'checks.env':
    'a list of variable names, none of ANTHROPIC_*, GITHUB_TOKEN, ACTIONS_*, INPUT_*, AWS_*, GOOGLE_*',
  'checks.timeout': `minutes above 0 and at most ${MAX_CHECK_MINUTES} (0.5 is 30 seconds)`
}

/** The keys each map of the file may hold. */
const KNOWN_KEYS: Record<string, readonly string[]> = {
  '': CONFIG_KEYS,
  paths: ['exclude', 'include'],
  'path-instructions': ['paths', 'instructions'],
  labels: ['skip', 'review'],
  checks: ['name', 'run', 'format', 'output', 'matcher', 'env', 'timeout']
}

/** The known key nearest to `key` (a typo, an underscore), or undefined when none is near. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase().replace(/_/g, '-')
  let best: { key: string; distance: number } | undefined
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate)
    if (!best || distance < best.distance) best = { key: candidate, distance }
  }
  return best && best.distance <= Math.max(2, Math.floor(wanted.length / 3)) ? best.key : undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost
      )
    }
    previous = current
  }
  return previous[b.length] as number
}

type Path = ReadonlyArray<string | number>

/** The 1-based line of the node at `path` (its key when `key`), when the document has one there. */
function lineOf(doc: Document, counter: LineCounter, path: Path, key = false): number | undefined {
  const parent = path.length > 0 ? doc.getIn(path.slice(0, -1), true) : doc.contents
  const last = path[path.length - 1]
  if (key && isMap(parent)) {
    const pair = parent.items.find(item => isScalar(item.key) && item.key.value === last)
    const range = isScalar(pair?.key) ? pair.key.range : undefined
    if (range) return counter.linePos(range[0]).line
  }
  const node = path.length > 0 ? doc.getIn(path, true) : doc.contents
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range
  if (range) return counter.linePos(range[0]).line
  return path.length > 0 ? lineOf(doc, counter, path.slice(0, -1)) : undefined
}

/** `paths.include`, `path-instructions[2].paths`: how a key is named in the line. */
function keyName(path: Path): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('')
}

function expectedFor(path: Path): string | undefined {
  const named = path.filter((part): part is string => typeof part === 'string').join('.')
  return EXPECTED[named]
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/** One thing wrong with the file: the key it is about (when one), its line (when known), and what is wrong. */
export interface ConfigProblem {
  key?: string
  line?: number
  what: string
}

/** A problem as the line the action fails with: `Invalid <file>: <key> (line <n>) <what>`. */
export function problemLine(file: string, problem: ConfigProblem): string {
  const { key, line, what } = problem
  if (key === undefined) return `Invalid ${file}${line !== undefined ? `: line ${line}` : ''}: ${what}`
  return `Invalid ${file}: ${key}${line !== undefined ? ` (line ${line})` : ''} ${what}`
}

/** The document, read as YAML: its own errors, each at its line. */
function yamlProblems(doc: Document): ConfigProblem[] {
  return doc.errors.map(error => {
    const line = error.linePos?.[0]?.line
    const message = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? ''
    return { ...(line !== undefined ? { line } : {}), what: `${message} (expected YAML).` }
  })
}

type Located = (path: Path, key?: boolean) => ConfigProblem['line']

function refusedKeys(data: object, lineAt: Located): ConfigProblem[] {
  return Object.keys(data)
    .filter(key => REFUSED_KEYS.includes(key))
    .map(key => ({
      key,
      ...withLine(lineAt([key], true)),
      what: 'cannot be set in the file: keys, tokens and base URLs come from the workflow only.'
    }))
}

function withLine(line: number | undefined): { line?: number } {
  return line !== undefined ? { line } : {}
}

/** One problem for each key zod does not know, or one for a value that is not what its key expects. */
function issueProblems(issue: z.core.$ZodIssue, data: object, lineAt: Located): ConfigProblem[] {
  if (issue.code === 'unrecognized_keys') {
    const parent = issue.path as Path
    const known = KNOWN_KEYS[parent.filter(part => typeof part === 'string').join('.')] ?? []
    return issue.keys
      .filter(unknown => parent.length > 0 || !REFUSED_KEYS.includes(unknown))
      .map(unknown => {
        const nearest = nearestKey(unknown, known)
        const path = [...parent, unknown]
        return {
          key: keyName(path),
          ...withLine(lineAt(path, true)),
          what: `is not a known key${nearest ? `; did you mean ${nearest}?` : '.'} Known keys: ${known.join(', ')}.`
        }
      })
  }
  const path = issue.path as Path
  const value = path.reduce<unknown>(
    (at, part) => (at as Record<string | number, unknown> | undefined)?.[part],
    data
  )
  const expected = expectedFor(path) ?? issue.message
  return [
    { key: keyName(path), ...withLine(lineAt(path)), what: `is ${shown(value)}; expected ${expected}.` }
  ]
}

/**
 * Everything wrong with the file, in the order of the checks (YAML, a map, no secrets, each key), and its
 * values when nothing is. `redline config check` prints them all; the action fails with the first.
 */
export function configProblems(text: string): { values?: ConfigValues; problems: ConfigProblem[] } {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true })
  const yaml = yamlProblems(doc)
  if (yaml.length > 0) return { problems: yaml }
  const data: unknown = doc.toJS({ maxAliasCount: 50 }) ?? {}
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    const what = `expected a map of settings such as \`min-severity: high\`, found ${shown(data)}.`
    return { problems: [{ what }] }
  }
  const lineAt: Located = (path, key) => lineOf(doc, counter, path, key)
  const parsed = configSchema.safeParse(data)
  const problems = [
    ...refusedKeys(data, lineAt),
    ...(parsed.success ? [] : parsed.error.issues.flatMap(issue => issueProblems(issue, data, lineAt)))
  ]
  return problems.length === 0 && parsed.success ? { values: parsed.data, problems } : { problems }
}

/** The file's values, or a ConfigurationError whose message is the one line that says what is wrong. */
export function parseConfig(file: string, text: string): ConfigValues {
  const { values, problems } = configProblems(text)
  const [first] = problems
  if (first) throw new ConfigurationError(problemLine(file, first))
  return values ?? {}
}

/**
 * The instructions of a Copilot-style `*.instructions.md` file: the globs of its `applyTo` front matter
 * (comma-separated) and the text after it; undefined when it has no applyTo.
 */
export function parseInstructionsFile(text: string): { paths: string[]; instructions: string } | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text)
  if (!match) return undefined
  let front: unknown
  try {
    front = parseDocument(match[1] as string).toJS()
  } catch {
    return undefined
  }
  const applyTo = (front as { applyTo?: unknown } | null)?.applyTo
  const list = Array.isArray(applyTo) ? applyTo : typeof applyTo === 'string' ? applyTo.split(',') : []
  const paths = list.map(entry => String(entry).trim()).filter(Boolean)
  const instructions = text.slice(match[0].length).trim()
  if (paths.length === 0 || instructions === '') return undefined
  return { paths, instructions: instructions.slice(0, MAX_RULE_CHARS) }
}

/**
 * Reads the configuration at `commit`, which must be on the base branch (the merge base). No file is no
 * configuration; a broken one throws the ConfigurationError that ends the run.
 */
export async function readRepositoryConfig(
  git: Git,
  commit: string,
  logger: Logger
): Promise<RepositoryConfig> {
  let entries: Awaited<ReturnType<Git['lsTree']>>
  let blobs: Map<string, Buffer>
  try {
    entries = await git.lsTree(commit, INSTRUCTIONS_DIR)
    const instructionFiles = (entries ?? [])
      .filter(entry => entry.kind === 'blob' && INSTRUCTIONS_FILE.test(entry.name))
      .map(entry => entry.path)
      .sort()
    blobs = await git.readBlobs(commit, [...CONFIG_PATHS, LEARNED_RULES_PATH, ...instructionFiles])
  } catch (error) {
    throw new ConfigurationError(
      `Could not read ${CONFIG_PATHS[0]} at the base commit ${commit.slice(0, 7)}: ${errorMessage(error)}`
    )
  }
  const path = CONFIG_PATHS.find(candidate => blobs.has(candidate))
  let values: ConfigValues = {}
  if (path) {
    const bytes = blobs.get(path) as Buffer
    if (bytes.length > MAX_CONFIG_BYTES)
      throw new ConfigurationError(
        `Invalid ${path}: it is ${bytes.length} bytes; expected at most ${MAX_CONFIG_BYTES}.`
      )
    values = parseConfig(path, bytes.toString('utf8'))
    logger.info(`Settings from ${path} at ${commit.slice(0, 7)} (the base branch).`)
  }
  const fileRules = (values['path-instructions'] ?? []) as FileRule[]
  const pathRules: PathRule[] = fileRules.map(rule => ({
    source: path as string,
    paths: rule.paths,
    instructions: rule.instructions
  }))
  for (const [file, bytes] of blobs) {
    if (!file.startsWith(`${INSTRUCTIONS_DIR}/`) || bytes.includes(0)) continue
    const rule = parseInstructionsFile(bytes.toString('utf8'))
    if (rule) pathRules.push({ source: file, ...rule })
    else logger.warning(`${file} has no applyTo front matter; it is not used.`)
  }
  const learnedRules = learnedRulesAt(blobs.get(LEARNED_RULES_PATH), commit, logger)
  return { commit, ...(path ? { path } : {}), values, pathRules, ...(learnedRules ? { learnedRules } : {}) }
}

/**
 * The rules of the learned rules file read at the base, as the reviewer is given them: what could be read is
 * used, and one warning says what could not. No file is no rules, silently.
 */
export function learnedRulesAt(
  bytes: Buffer | undefined,
  commit: string,
  logger: Logger
): LearnedRuleText[] | undefined {
  if (!bytes) return undefined
  if (bytes.includes(0)) {
    logger.warning(`${LEARNED_RULES_PATH} is not a text file; its rules are not used.`)
    return []
  }
  // A UTF-8 character is at most 4 bytes: this holds every character the parse reads, and one more.
  const text = bytes.subarray(0, MAX_LEARNED_FILE_CHARS * 4 + 4).toString('utf8')
  const file = parseLearnedFile(text)
  if (file.problems.length > 0)
    logger.warning(`${LEARNED_RULES_PATH}: ${file.problems.join('; ')}; the rest of it is used.`)
  logger.info(
    `${file.rules.length} learned rule${file.rules.length === 1 ? '' : 's'} from ${LEARNED_RULES_PATH} at ` +
      `${commit.slice(0, 7)} (the base branch).`
  )
  return file.rules.map(({ id, title, text: ruleText, paths }) => ({
    ...(id ? { id } : {}),
    title,
    text: ruleText,
    paths
  }))
}
