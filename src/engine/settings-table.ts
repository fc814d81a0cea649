/**
 * Every setting of Redline, declared once: its type, default, description, and the places it may come from.
 * The action's inputs, the configuration file's keys (and redline.schema.json), the command line's flags and
 * its help, the docs' tables and the job summary's "where each setting came from" are all read from here;
 * `resolveSettings` (engine/resolve-settings.ts) picks each value for every front door the same way.
 */
import { z } from 'zod'
import { BUDGET_NAMES, DEFAULT_TIME_LIMIT_MINUTES, PROVIDERS, type BudgetName } from '../agent/index.js'
import { checksSchema, MAX_CHECK_MINUTES, type CheckSpec } from '../evidence/spec.js'
import { SEVERITIES, type Severity } from '../findings/severity.js'
import {
  DESCRIBE_MODES,
  WALKTHROUGH_MODES,
  type DescribeMode,
  type WalkthroughMode
} from '../findings/walkthrough.js'
import { DEFAULT_MODEL, MAX_TIME_LIMIT_MINUTES, TIME_LIMIT_ACCEPTED } from './settings.js'
import {
  anyText,
  boolean,
  httpUrl,
  isRejected,
  language,
  LANGUAGE_ACCEPTED,
  LANGUAGE_TAG,
  languageTag,
  list,
  matching,
  minutes,
  oneOf,
  wholeNumber,
  type Accepted,
  type TextReader
} from './setting-values.js'

/** One setting. Its name is its workflow input's and its file key's, unless `file` says otherwise. */
export interface SettingSpec<T> {
  /** One line: what it does, for action.yml, the docs, the JSON Schema and `--help`. */
  description: string
  /** Its value's type: the file's value is checked with it, and redline.schema.json is made from it. */
  type: z.ZodType<T>
  /** The value when nothing sets it; a function of the budget for the settings whose default follows it. */
  default: T | ((budget: BudgetName) => T)
  /** The default in words, when the value itself does not say it. */
  defaultText?: string
  /** Reads it from the text of an input, a flag or an environment variable (trimmed, never empty). */
  text: TextReader<T>
  /** What it accepts, in the words of the line that rejects a value. */
  accepts: Accepted
  /** A workflow input of the same name. */
  input?: true
  /** Its key in .github/redline.yml (`paths.exclude`), when the file may set it. */
  file?: string
  /** Its command-line flag; a boolean's flag takes no value, any other's takes `value`. */
  flag?: { name: string; value?: string }
  /** Environment variables read (by the command line), in order, when neither the flag nor the file sets it. */
  env?: readonly string[]
  /** A key or token: never from a file, never shown, masked in the log. */
  secret?: true
  /** Never from a file, though not secret (where requests go). */
  workflowOnly?: true
  /** The file's value as used (trimmed, canonical), or undefined when it sets nothing. */
  fromFile?: (value: T) => T | undefined
  /** The value as the job summary and `redline config show` print it. */
  show?: (value: T) => string
  /**
   * How the organisation's file and the repository's combine for this key (a `file` key): the repository's
   * replaces the organisation's unless this says otherwise.
   */
  organisation?: Layering
}

/**
 * How a key of the organisation's file (in its `.github/redline.yml`) meets the repository's own: the
 * repository's value replaces it, the two add up, or the key is the repository's alone.
 */
export const LAYERINGS = {
  replaces: "the repository's value replaces the organisation's",
  'text-adds': "both apply: the organisation's text, then the repository's",
  union: 'both apply: the union of the two lists',
  'rules-add':
    "every rule of both applies; past the rule cap, the organisation's last rules are left out with a warning",
  'repository-only':
    "the repository's alone: in the organisation's file it is a warning and ignored, as it decides what code runs"
} as const
export type Layering = keyof typeof LAYERINGS

/** A file key's layering rule, in words, for the docs and `redline config show`. */
export function layeringOf(spec: SettingSpec<unknown>): Layering | undefined {
  return spec.file === undefined ? undefined : (spec.organisation ?? 'replaces')
}

function setting<T>(spec: SettingSpec<T>): SettingSpec<T> {
  return spec
}

export const MAX_COMMENTS_LIMIT = 50
export const DEFAULT_TRIGGER_PHRASE = '@redline'
export const DEFAULT_LABELS = { skip: 'redline:skip', review: 'redline:review' } as const
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/
const REGION = /^[a-z0-9-]+$/
const PROJECT = /^[a-z0-9][a-z0-9.:-]*$/
/** The most path-instructions rules, the organisation's and the repository's together. */
export const MAX_RULES = 50
/** The longest text of one path-instructions rule. */
export const MAX_RULE_CHARS = 4_000

/** What a run of the action does. */
export const RUN_MODES = ['review', 'insights', 'learn'] as const
const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/
const SINCE = /^(\d{1,5}d|\d{4}-\d{2}-\d{2})$/
const SINCE_ACCEPTED = 'a number of days such as 90d, or a date such as 2026-01-31'
const INSIGHTS_REPO = /^[A-Za-z0-9_.-]+\/(\*|[A-Za-z0-9_.-]+)$/
const INSIGHTS_REPOS_ACCEPTED = 'a list of owner/name or owner/* (every repository of the owner)'
const listed = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '(none)')
const globs = z.array(z.string().min(1)).max(200)
const severity = z.enum(SEVERITIES)
const switchFlag = (name: string) => ({ name })

const pathRule = z.strictObject({
  paths: z.array(z.string().min(1)).min(1).describe('Globs of the files the rule applies to.'),
  instructions: z.string().min(1).max(MAX_RULE_CHARS).describe('The rule, for those files.')
})
export type FileRule = z.infer<typeof pathRule>

/** The table. Its order is the order of action.yml, the docs, the file's keys and `--help`. */
export const SETTINGS = {
  base: setting<string | undefined>({
    description: 'Branch or commit the branch will merge into (required), e.g. main or origin/main.',
    type: z.string().optional(),
    default: undefined,
    text: anyText,
    accepts: 'a branch or commit',
    flag: { name: '--base', value: '<ref>' }
  }),
  'anthropic-api-key': setting<string>({
    description: 'Anthropic API key (from a secret); not needed with provider bedrock or vertex.',
    type: z.string(),
    default: '',
    defaultText: 'none',
    text: anyText,
    accepts: 'an Anthropic API key',
    input: true,
    env: ['ANTHROPIC_API_KEY'],
    secret: true
  }),
  'github-token': setting<string>({
    description: 'Token that reads the pull request and posts the review; needs pull-requests write.',
    type: z.string(),
    default: '',
    defaultText: "the workflow's GITHUB_TOKEN",
    text: anyText,
    accepts: 'a GitHub token',
    input: true,
    secret: true
  }),
  'org-config': setting<string | undefined>({
    description:
      "The organisation's repository (owner/name) whose .github/redline.yml and learned rules, at its default branch, lie under the repository's.",
    type: z.string().regex(REPOSITORY).optional(),
    default: undefined,
    defaultText: '<owner>/.github',
    text: matching(REPOSITORY, 'a repository as owner/name'),
    accepts: 'a repository as owner/name',
    input: true,
    env: ['REDLINE_ORG_CONFIG'],
    workflowOnly: true
  }),
  'org-token': setting<string>({
    description:
      "Token that reads the organisation's repository; a private one needs a token that can see it (a GitHub App's).",
    type: z.string(),
    default: '',
    defaultText: 'the github-token',
    text: anyText,
    accepts: 'a GitHub token',
    input: true,
    env: ['GITHUB_TOKEN'],
    secret: true
  }),
  model: setting<string>({
    description: 'Claude model that reviews.',
    type: z.string().regex(MODEL_ID),
    default: DEFAULT_MODEL,
    text: matching(MODEL_ID, `a model name such as ${DEFAULT_MODEL}`),
    accepts: `a model name such as ${DEFAULT_MODEL}`,
    input: true,
    file: 'model',
    flag: { name: '--model', value: '<id>' }
  }),
  'min-severity': setting<Severity>({
    description: 'Lowest severity posted inline (shown in full by the command line); lower ones are listed.',
    type: severity,
    default: 'medium',
    text: oneOf(SEVERITIES),
    accepts: { oneOf: SEVERITIES },
    input: true,
    file: 'min-severity',
    flag: { name: '--min-severity', value: '<level>' }
  }),
  'max-comments': setting<number>({
    description:
      'Most inline comments per review (0 posts the summary only); the rest are listed in the body.',
    type: z.int().min(0).max(MAX_COMMENTS_LIMIT),
    default: 4,
    text: wholeNumber(0, MAX_COMMENTS_LIMIT),
    accepts: `a whole number from 0 to ${MAX_COMMENTS_LIMIT}`,
    input: true,
    file: 'max-comments'
  }),
  budget: setting<BudgetName>({
    description: 'How much the reviewer may spend (tool calls, tokens, wall clock and turns).',
    type: z.enum(BUDGET_NAMES),
    default: 'standard',
    text: oneOf(BUDGET_NAMES),
    accepts: { oneOf: BUDGET_NAMES },
    input: true,
    file: 'budget',
    flag: { name: '--budget', value: '<name>' }
  }),
  'time-limit': setting<number>({
    description:
      "The whole run's clock in minutes; what was found by then is posted, the rest left for later.",
    type: z.number().gt(0).max(MAX_TIME_LIMIT_MINUTES),
    default: budget => DEFAULT_TIME_LIMIT_MINUTES[budget],
    defaultText: `by budget: ${BUDGET_NAMES.map(name => `${DEFAULT_TIME_LIMIT_MINUTES[name]} ${name}`).join(', ')}`,
    text: minutes,
    accepts: TIME_LIMIT_ACCEPTED,
    input: true,
    file: 'time-limit',
    flag: { name: '--time-limit', value: '<minutes>' },
    show: value => `${value} minutes`
  }),
  'pr-number': setting<number | undefined>({
    description: 'Pull request to review when the workflow runs on workflow_dispatch.',
    type: z.int().min(1).optional(),
    default: undefined,
    defaultText: 'none',
    text: wholeNumber(1, Number.MAX_SAFE_INTEGER),
    accepts: `a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
    input: true
  }),
  'full-review': setting<boolean>({
    description:
      'Review the whole pull request or branch again, not only what changed since the last review.',
    type: z.boolean(),
    default: false,
    text: boolean,
    accepts: 'true or false',
    input: true,
    flag: switchFlag('--full')
  }),
  exclude: setting<string[]>({
    description: 'Globs of files not to review (one a line as an input), added to the built-in list.',
    type: globs,
    default: [],
    defaultText: 'none',
    text: list(/\r?\n/),
    accepts: 'a list of globs',
    input: true,
    file: 'paths.exclude',
    show: listed,
    organisation: 'union'
  }),
  'paths.include': setting<string[]>({
    description: 'Globs of files taken back from the built-in list (docs/**/*.ts, a vendored folder).',
    type: globs,
    default: [],
    defaultText: 'none',
    text: list(/\r?\n/),
    accepts: 'a list of globs',
    file: 'paths.include',
    show: listed,
    organisation: 'union'
  }),
  instructions: setting<string>({
    description: "Extra review guidance, added to the reviewer's instructions.",
    type: z.string(),
    default: '',
    defaultText: 'none',
    text: anyText,
    accepts: 'text',
    input: true,
    file: 'instructions',
    flag: { name: '--instructions', value: '<text>' },
    fromFile: value => value.trim() || undefined,
    show: text => (text === '' ? '(none)' : `${text.length} characters`),
    organisation: 'text-adds'
  }),
  language: setting<string>({
    description:
      "Language of the review's prose, a BCP 47 tag; code, quotes and Redline's headings stay as they are.",
    type: z
      .string()
      .regex(LANGUAGE_TAG)
      .refine(value => languageTag(value) !== undefined),
    default: '',
    defaultText: 'English',
    text: language,
    accepts: LANGUAGE_ACCEPTED,
    input: true,
    file: 'language',
    fromFile: languageTag,
    show: tag => tag || 'English'
  }),
  walkthrough: setting<WalkthroughMode>({
    description:
      'The walkthrough that opens each review (a summary, a row per changed file, the effort): collapsed, expanded or off.',
    type: z.enum(WALKTHROUGH_MODES),
    default: 'collapsed',
    text: oneOf(WALKTHROUGH_MODES),
    accepts: { oneOf: WALKTHROUGH_MODES },
    input: true,
    file: 'walkthrough'
  }),
  diagrams: setting<boolean>({
    description: 'A Mermaid sequence diagram in the walkthrough when a change alters a flow across modules.',
    type: z.boolean(),
    default: false,
    text: boolean,
    accepts: 'true or false',
    input: true,
    file: 'diagrams'
  }),
  describe: setting<DescribeMode>({
    description:
      "When Redline writes the pull request's description: off, command (on `@redline describe`) or on-open.",
    type: z.enum(DESCRIBE_MODES),
    default: 'command',
    text: oneOf(DESCRIBE_MODES),
    accepts: { oneOf: DESCRIBE_MODES },
    input: true,
    file: 'describe'
  }),
  'review-drafts': setting<boolean>({
    description: 'Review draft pull requests too.',
    type: z.boolean(),
    default: false,
    text: boolean,
    accepts: 'true or false',
    input: true,
    file: 'review-drafts'
  }),
  'fail-on': setting<'none' | Severity>({
    description:
      'Fail the run (after posting) at an open finding of this severity or above; in the action, an unreviewed PR too.',
    type: z.enum(['none', ...SEVERITIES]),
    default: 'none',
    text: oneOf(['none', ...SEVERITIES] as const),
    accepts: { oneOf: ['none', ...SEVERITIES] },
    input: true,
    file: 'fail-on',
    flag: { name: '--fail-on', value: '<level>' }
  }),
  'skip-authors': setting<string[]>({
    description:
      'Pull request authors not to review: logins or globs such as *[bot], one a line or comma-separated.',
    type: z.array(z.string().min(1)),
    default: [],
    defaultText: 'none',
    text: list(/\r?\n|,/),
    accepts: 'a list of logins or globs',
    input: true,
    file: 'skip-authors',
    show: listed,
    organisation: 'union'
  }),
  'trigger-phrase': setting<string>({
    description: 'What a pull-request comment says to command Redline, matched as a whole word in any case.',
    type: z.string(),
    default: DEFAULT_TRIGGER_PHRASE,
    text: matching(/^[@/!]?[A-Za-z0-9][\w.-]{0,38}$/, 'one word such as @redline'),
    accepts: 'one word such as @redline',
    input: true
  }),
  'dry-run': setting<boolean>({
    description: 'Do everything but post; the review that would be posted appears in the job summary.',
    type: z.boolean(),
    default: false,
    text: boolean,
    accepts: 'true or false',
    input: true
  }),
  'verify-findings': setting<boolean>({
    description: 'Judge the findings at medium or above once more, in an independent check with read tools.',
    type: z.boolean(),
    default: budget => budget === 'deep',
    defaultText: 'true at budget deep, false otherwise',
    text: boolean,
    accepts: 'true or false',
    input: true,
    file: 'verify-findings'
  }),
  'anthropic-base-url': setting<string | undefined>({
    description: "Base URL of the Anthropic API (or the chosen provider's endpoint), for gateways.",
    type: z.string().optional(),
    default: undefined,
    defaultText: "the provider's own endpoint",
    text: httpUrl,
    accepts: 'an http(s) URL',
    input: true,
    env: ['ANTHROPIC_BASE_URL'],
    workflowOnly: true
  }),
  provider: setting<(typeof PROVIDERS)[number]>({
    description: 'Where Claude is reached: anthropic, bedrock (Amazon Bedrock) or vertex (Google Vertex AI).',
    type: z.enum(PROVIDERS),
    default: 'anthropic',
    text: oneOf(PROVIDERS),
    accepts: { oneOf: PROVIDERS },
    input: true,
    flag: { name: '--provider', value: '<name>' }
  }),
  'aws-region': setting<string | undefined>({
    description: 'AWS region of Amazon Bedrock (provider bedrock).',
    type: z.string().optional(),
    default: undefined,
    defaultText: 'AWS_REGION, else AWS_DEFAULT_REGION',
    text: matching(REGION, 'an AWS region such as us-east-1'),
    accepts: 'an AWS region such as us-east-1',
    input: true,
    flag: { name: '--aws-region', value: '<region>' },
    env: ['AWS_REGION', 'AWS_DEFAULT_REGION']
  }),
  'vertex-project': setting<string | undefined>({
    description: 'Google Cloud project of Vertex AI (provider vertex).',
    type: z.string().optional(),
    default: undefined,
    defaultText: 'GOOGLE_CLOUD_PROJECT',
    text: matching(PROJECT, 'a Google Cloud project id'),
    accepts: 'a Google Cloud project id',
    input: true,
    flag: { name: '--vertex-project', value: '<id>' },
    env: ['GOOGLE_CLOUD_PROJECT']
  }),
  'vertex-region': setting<string | undefined>({
    description: 'Vertex AI region such as us-east5 or global (provider vertex).',
    type: z.string().optional(),
    default: undefined,
    defaultText: 'CLOUD_ML_REGION',
    text: matching(REGION, 'a Vertex AI region such as us-east5 or global'),
    accepts: 'a Vertex AI region such as us-east5 or global',
    input: true,
    flag: { name: '--vertex-region', value: '<name>' },
    env: ['CLOUD_ML_REGION']
  }),
  mode: setting<(typeof RUN_MODES)[number]>({
    description:
      "What the run does: review a pull request, report on the repository's findings (insights: reads only, no model), or learn rules from the team (learn: proposes them as a pull request).",
    type: z.enum(RUN_MODES),
    default: 'review',
    text: oneOf(RUN_MODES),
    accepts: { oneOf: RUN_MODES },
    input: true
  }),
  'insights-since': setting<string>({
    description:
      'Insights and learn: the pull requests updated in the last number of days (90d) or since a date.',
    type: z.string().regex(SINCE),
    default: '90d',
    text: matching(SINCE, SINCE_ACCEPTED),
    accepts: SINCE_ACCEPTED,
    input: true
  }),
  'insights-db': setting<string>({
    description: 'Insights and learn: the SQLite database that keeps the history between runs (cache it).',
    type: z.string().min(1),
    default: 'redline-insights.sqlite',
    text: anyText,
    accepts: 'a file path',
    input: true
  }),
  'insights-html': setting<string>({
    description: 'Insights: where the HTML report is written.',
    type: z.string().min(1),
    default: 'redline-insights.html',
    text: anyText,
    accepts: 'a file path',
    input: true
  }),
  'insights-json': setting<string | undefined>({
    description: "Insights: also write the report's figures as JSON to this file.",
    type: z.string().optional(),
    default: undefined,
    defaultText: 'none',
    text: anyText,
    accepts: 'a file path',
    input: true
  }),
  'insights-repos': setting<string[]>({
    description:
      "Insights: the repositories collected into the one database, owner/name or owner/* (every repository of an owner), one a line or comma-separated; by default the workflow's own.",
    type: z.array(z.string().regex(INSIGHTS_REPO)),
    default: [],
    defaultText: "the workflow's repository",
    text: text => {
      const entries = list(/\r?\n|,/)(text)
      if (isRejected(entries)) return entries
      return entries.every(entry => INSIGHTS_REPO.test(entry))
        ? entries
        : { rejected: INSIGHTS_REPOS_ACCEPTED }
    },
    accepts: INSIGHTS_REPOS_ACCEPTED,
    input: true,
    show: listed
  }),
  'path-instructions': setting<FileRule[]>({
    description: 'Review rules for some paths: each is given with the changed files it covers.',
    type: z.array(pathRule).max(MAX_RULES),
    default: [],
    defaultText: 'none',
    text: () => ({ rejected: 'rules in the configuration file' }),
    accepts: `a list of at most ${MAX_RULES} entries, each { paths: [globs], instructions: text }`,
    file: 'path-instructions',
    show: rules => (rules.length > 0 ? `${rules.length} rule${rules.length === 1 ? '' : 's'}` : '(none)'),
    organisation: 'rules-add'
  }),
  'labels.skip': setting<string>({
    description: 'A pull request with this label is not reviewed.',
    type: z.string().min(1),
    default: DEFAULT_LABELS.skip,
    text: anyText,
    accepts: 'a label name',
    file: 'labels.skip'
  }),
  'labels.review': setting<string>({
    description: 'Adding this label asks for a review.',
    type: z.string().min(1),
    default: DEFAULT_LABELS.review,
    text: anyText,
    accepts: 'a label name',
    file: 'labels.review'
  }),
  evidence: setting<string[]>({
    description:
      'Globs of files earlier steps wrote (one a line as an input): SARIF logs, or tool output with a <file>.matcher.json beside it.',
    type: globs,
    default: [],
    defaultText: 'none',
    text: list(/\r?\n/),
    accepts: 'a list of globs',
    input: true,
    file: 'evidence',
    show: listed,
    organisation: 'repository-only'
  }),
  checks: setting<CheckSpec[]>({
    description:
      'Commands run on a copy of the head, read as SARIF or with a problem matcher; from the base branch only.',
    type: checksSchema,
    default: [],
    defaultText: 'none',
    text: () => ({ rejected: 'checks in the configuration file' }),
    accepts: `a list of { name, run, format: sarif | problem-matcher, output?, matcher?, env?, timeout } (timeout in minutes, at most ${MAX_CHECK_MINUTES})`,
    file: 'checks',
    show: checks => listed(checks.map(check => check.name)),
    organisation: 'repository-only'
  }),
  json: setting<string | undefined>({
    description: 'Also write the review (summary, findings, usage) as JSON to this file, when it fails too.',
    type: z.string().optional(),
    default: undefined,
    text: anyText,
    accepts: 'a file path',
    flag: { name: '--json', value: '<file>' }
  }),
  markdown: setting<string | undefined>({
    description: 'Also write the review as Markdown to this file, when it fails too.',
    type: z.string().optional(),
    default: undefined,
    text: anyText,
    accepts: 'a file path',
    flag: { name: '--markdown', value: '<file>' }
  })
} as const

export type SettingName = keyof typeof SETTINGS

/** Each setting's value, once resolved. */
export type SettingValues = {
  [K in SettingName]: (typeof SETTINGS)[K] extends SettingSpec<infer T> ? T : never
}

/** The table as a list, in its order. */
export function settingEntries(): Array<[SettingName, SettingSpec<unknown>]> {
  return Object.entries(SETTINGS) as Array<[SettingName, SettingSpec<unknown>]>
}

/** The default of a setting in words, for the docs and `--help`. */
export function defaultText(spec: SettingSpec<unknown>): string {
  if (spec.defaultText !== undefined) return spec.defaultText
  const value = typeof spec.default === 'function' ? undefined : spec.default
  return Array.isArray(value) ? 'none' : value === undefined || value === '' ? 'none' : String(value)
}
