/** The words of `redline learn`: its options, its help, and the model flags it shares with `redline review`. */
import { settingEntries, type SettingName } from '../engine/index.js'
import { DEFAULT_DB, DEFAULT_REDLINE_LOGIN, DEFAULT_SINCE } from '../insights/run.js'
import { LEARNED_RULES_PATH } from '../state/learned-file.js'

export interface LearnCliOptions {
  repo: string
  since: string
  db: string
  write: boolean
  redlineLogin: string
  /** The model's flags (--model, --provider, ...), by setting name. */
  model: Partial<Record<SettingName, string>>
}

/** The review's flags a learn run also reads: which model, and where it is reached. */
const MODEL_SETTINGS: readonly SettingName[] = [
  'model',
  'provider',
  'aws-region',
  'vertex-project',
  'vertex-region'
]
const MODEL_FLAGS = new Map(
  settingEntries().flatMap(([setting, spec]) =>
    spec.flag && MODEL_SETTINGS.includes(setting) ? [[spec.flag.name, setting] as const] : []
  )
)

export const LEARN_VALUE_OPTIONS = ['--repo', '--since', '--db', '--redline-login', ...MODEL_FLAGS.keys()]
export const LEARN_SWITCHES = ['--write']

export const LEARN_HELP = `Usage: redline learn --repo <owner/name> [options]

Distills review rules from how a repository's team treated Redline's findings (dismissals with their reasons
and 👎 by people with write permission, findings fixed or left open, reviewers' own comments on merged pull
requests) in a short model run, checks each rule in code, and prints the ${LEARNED_RULES_PATH} it would
propose. The history is collected into the same SQLite database as redline insights. Nothing new since the
file's last run: no model call, nothing printed. Never opens a pull request; the action's mode: learn does.

Options:
  --repo <owner/name>     The repository (required).
  --write                 Write ${LEARNED_RULES_PATH} in the current directory instead of printing it.
  --since <90d|date>      Pull requests updated in the last number of days, or since a date (default ${DEFAULT_SINCE}).
  --db <file>             The SQLite database, shared with redline insights (default ${DEFAULT_DB}).
  --redline-login <login> The account Redline reviews as (default ${DEFAULT_REDLINE_LOGIN}); only its markers
                          are trusted.
  --model <id>, --provider <name>, --aws-region <region>, --vertex-project <id>, --vertex-region <name>
                          The model and where it is reached, as for redline review.

Environment:
  GITHUB_TOKEN            A token that can read the repository's pull requests and its collaborators.
  ANTHROPIC_API_KEY       The model's key (not needed with --provider bedrock or vertex).
  GITHUB_API_URL, GITHUB_GRAPHQL_URL, ANTHROPIC_BASE_URL   Other endpoints.`

/** The learn command's options from its flags; a missing --repo is a usage error for the caller. */
export function learnOptions(values: ReadonlyMap<string, string>, write: boolean): LearnCliOptions | string {
  const repo = values.get('--repo')?.trim()
  if (!repo) return '--repo is required: the repository to learn from, e.g. --repo octo/widgets.'
  const model: LearnCliOptions['model'] = {}
  for (const [flag, setting] of MODEL_FLAGS) {
    const value = values.get(flag)
    if (value !== undefined) model[setting] = value
  }
  return {
    repo,
    since: values.get('--since')?.trim() || DEFAULT_SINCE,
    db: values.get('--db')?.trim() || DEFAULT_DB,
    write,
    redlineLogin: values.get('--redline-login')?.trim() || DEFAULT_REDLINE_LOGIN,
    model
  }
}
