import { BUDGET_NAMES, PROVIDERS, type BudgetName, type Provider } from '../agent/index.js'
import { DEFAULT_MODEL, TIME_LIMIT_ACCEPTED, timeLimitMs } from '../engine/index.js'
import { SEVERITIES, type Severity } from '../findings/severity.js'
import { INSIGHTS_VALUE_OPTIONS, insightsOptions, type InsightsCliOptions } from './insights.js'

/** What `redline review` was asked to do, validated. */
export interface CliOptions {
  base: string
  model: string
  budget: BudgetName
  minSeverity: Severity
  instructions: string
  full: boolean
  /** The whole run's clock, in milliseconds. */
  timeLimitMs: number
  /** Exit 1 when an open finding is at or above this severity. */
  failOn: Severity | 'none'
  json?: string
  markdown?: string
  /** Where Claude is reached; anthropic when absent. */
  provider?: Provider
  awsRegion?: string
  vertexProject?: string
  vertexRegion?: string
}

export type CliCommand =
  | { kind: 'help'; topic?: 'insights' }
  | { kind: 'version' }
  | { kind: 'review'; options: CliOptions }
  | { kind: 'insights'; options: InsightsCliOptions }

/** A mistake on the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export const HELP = `Usage: redline review --base <branch> [options]
       redline insights --repo <owner/name> [options]   (see redline insights --help)

Reviews the current branch with Claude, as the Redline action reviews a pull request: the changes from the
merge base with --base to HEAD (commit them first; uncommitted changes are not reviewed). Prints the summary and
each finding with its location and suggested change. Posts nothing and needs no GitHub token.

The review is remembered in .git/redline/state.json: the next run on the same branch reviews only what changed
since, and reports the findings that were fixed as resolved.

Options:
  --base <ref>            Branch or commit the branch will merge into (required), e.g. main or origin/main.
  --model <id>            Claude model that reviews (default ${DEFAULT_MODEL}).
  --budget <name>         How much the review may spend: ${BUDGET_NAMES.join(', ')} (default standard):
                          limits on tool calls, tokens, wall clock and turns.
  --min-severity <level>  Lowest severity shown in full: ${SEVERITIES.join(', ')} (default medium);
                          lower findings are listed in one line each.
  --instructions <text>   Extra review guidance, added to the reviewer's instructions.
  --full                  Ignore the saved state and review the whole branch again.
  --time-limit <minutes>  The whole review's clock, decimals allowed (default by budget: fast 4, standard
                          15, deep 40); what was found by then is shown, the rest left for the next run.
  --fail-on <level>       Exit 1 when an open finding is at or above this severity: none (default),
                          ${SEVERITIES.join(', ')}; for a pre-push hook, say.
  --json <file>           Also write the review (summary, findings, usage) as JSON to <file>.
  --markdown <file>       Also write the review as Markdown to <file>. Both files are written when the
                          review fails too, with how it ended and why.
  --provider <name>       Where Claude is reached: ${PROVIDERS.join(', ')} (default anthropic).
  --aws-region <region>   Amazon Bedrock's region (default AWS_REGION, then AWS_DEFAULT_REGION).
  --vertex-project <id>   Google Cloud project of Vertex AI (default GOOGLE_CLOUD_PROJECT).
  --vertex-region <name>  Vertex AI's region, e.g. us-east5 or global (default CLOUD_ML_REGION).
  -h, --help              Show this help.
  --version               Print the version.

Environment:
  ANTHROPIC_API_KEY       Anthropic API key (required with the anthropic provider).
  ANTHROPIC_BASE_URL      Base URL of the Anthropic API, for gateways; or of the chosen provider's endpoint.
  AWS_*                   Bedrock's credentials, the standard AWS chain (or AWS_BEARER_TOKEN_BEDROCK).
  GOOGLE_APPLICATION_CREDENTIALS  Vertex AI's Application Default Credentials, as gcloud or a key file leaves them.

Progress (a line per model turn with the tokens so far) goes to stderr; the review goes to stdout.
Exit status: 0 when the review finished, 1 when it failed (or --fail-on found a finding), 2 for a mistake on
the command line.`

const VALUE_OPTIONS = [
  '--base',
  '--model',
  '--budget',
  '--min-severity',
  '--instructions',
  '--fail-on',
  '--time-limit',
  '--json',
  '--markdown',
  '--provider',
  '--aws-region',
  '--vertex-project',
  '--vertex-region'
]

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const match = allowed.find(option => option === value.toLowerCase())
  if (match === undefined)
    throw new UsageError(`${name} is '${value}'. Expected one of ${allowed.join(', ')}.`)
  return match
}

/** Parses `argv` (without node and the script); `--name value` and `--name=value` both work. */
export function parseArgs(argv: readonly string[]): CliCommand {
  const values = new Map<string, string>()
  let full = false
  let command: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help' || arg === 'help')
      return command === 'insights' ? { kind: 'help', topic: 'insights' } : { kind: 'help' }
    if (arg === '--version' || arg === '-V') return { kind: 'version' }
    if (arg === '--full') {
      full = true
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg
    if (VALUE_OPTIONS.includes(name) || (command === 'insights' && INSIGHTS_VALUE_OPTIONS.includes(name))) {
      const value = eq > 0 && name !== arg ? arg.slice(eq + 1) : argv[++i]
      if (value === undefined || (value.startsWith('--') && name === arg)) {
        throw new UsageError(`${name} needs a value.`)
      }
      values.set(name, value)
      continue
    }
    if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}.`)
    if (command !== undefined) throw new UsageError(`Unexpected argument '${arg}'.`)
    command = arg
  }
  if (command === undefined) return { kind: 'help' }
  if (command === 'insights') {
    const options = insightsOptions(values)
    if (typeof options === 'string') throw new UsageError(options)
    return { kind: 'insights', options }
  }
  if (command !== 'review')
    throw new UsageError(
      `Unknown command '${command}'. The commands are \`redline review\` and \`redline insights\`.`
    )
  const base = values.get('--base')?.trim()
  if (!base)
    throw new UsageError('--base is required: the branch this one will merge into, e.g. --base main.')
  const model = values.get('--model')?.trim() || DEFAULT_MODEL
  if (!/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/.test(model)) {
    throw new UsageError(`--model is '${model}'. Expected a model id such as ${DEFAULT_MODEL}.`)
  }
  const budget = oneOf('--budget', values.get('--budget') ?? 'standard', BUDGET_NAMES)
  const limit = values.get('--time-limit') ?? ''
  const timeLimit = timeLimitMs(limit, budget)
  if (timeLimit === undefined)
    throw new UsageError(`--time-limit is '${limit}'. Expected ${TIME_LIMIT_ACCEPTED}.`)
  const options: CliOptions = {
    base,
    model,
    budget,
    timeLimitMs: timeLimit,
    minSeverity: oneOf('--min-severity', values.get('--min-severity') ?? 'medium', SEVERITIES),
    instructions: values.get('--instructions')?.trim() ?? '',
    full,
    failOn: oneOf('--fail-on', values.get('--fail-on') ?? 'none', ['none', ...SEVERITIES] as const)
  }
  const json = values.get('--json')
  if (json !== undefined) options.json = json
  const markdown = values.get('--markdown')
  if (markdown !== undefined) options.markdown = markdown
  const provider = oneOf('--provider', values.get('--provider') ?? 'anthropic', PROVIDERS)
  if (provider !== 'anthropic') options.provider = provider
  for (const [flag, key] of [
    ['--aws-region', 'awsRegion'],
    ['--vertex-project', 'vertexProject'],
    ['--vertex-region', 'vertexRegion']
  ] as const) {
    const value = values.get(flag)?.trim()
    if (value) options[key] = value
  }
  return { kind: 'review', options }
}
