/**
 * The command line's words: the commands, and the flags the settings table gives (engine/settings-table.ts).
 * A flag carries no default: what it leaves unset comes from the configuration file, then the default.
 */
import { ConfigurationError } from '../errors.js'
import {
  acceptedText,
  resolveSettings,
  settingEntries,
  type Accepted,
  type SettingName,
  type TextSource
} from '../engine/index.js'
import { INSIGHTS_VALUE_OPTIONS, insightsOptions, type InsightsCliOptions } from './insights.js'
import { LEARN_SWITCHES, LEARN_VALUE_OPTIONS, learnOptions, type LearnCliOptions } from './learn-options.js'

/** The flags given, by setting name, as texts (a switch as `true`); checked against the table. */
export type Flags = Partial<Record<SettingName, string>>

export type CliCommand =
  | { kind: 'help'; topic?: 'insights' | 'learn' }
  | { kind: 'version' }
  | { kind: 'review'; flags: Flags }
  | { kind: 'insights'; options: InsightsCliOptions }
  | { kind: 'learn'; options: LearnCliOptions }
  | { kind: 'config-check'; file?: string }
  | { kind: 'config-show'; flags: Flags }

/** A mistake on the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** Each flag of the table, by its name: the setting it sets, and whether it takes a value. */
export const FLAGS: ReadonlyMap<string, { setting: SettingName; takesValue: boolean }> = new Map(
  settingEntries().flatMap(([setting, spec]) =>
    spec.flag ? [[spec.flag.name, { setting, takesValue: spec.flag.value !== undefined }] as const] : []
  )
)

/**
 * The door's rejection of a text: a flag's is a mistake on the command line (exit 2), an environment
 * variable's a configuration mistake (exit 1).
 */
export function cliRejection(name: SettingName, source: TextSource, text: string, accepted: Accepted): Error {
  const expected = `Expected ${acceptedText(accepted)}.`
  if (source.kind === 'environment')
    return new ConfigurationError(`${source.variable} is '${text}'. ${expected}`)
  const flag = settingEntries().find(([setting]) => setting === name)?.[1].flag?.name ?? name
  return new UsageError(`${flag} is '${text}'. ${expected}`)
}

interface Words {
  flags: Flags
  positional: string[]
}

/** One flag at `argv[i]`; returns how many words it took. */
function takeFlag(argv: readonly string[], i: number, words: Words): number {
  const arg = argv[i] as string
  const eq = arg.indexOf('=')
  const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg
  const flag = FLAGS.get(name)
  if (!flag) throw new UsageError(`Unknown option ${arg}.`)
  if (!flag.takesValue) {
    if (name !== arg) throw new UsageError(`${name} takes no value.`)
    words.flags[flag.setting] = 'true'
    return 1
  }
  const value = name !== arg ? arg.slice(eq + 1) : argv[i + 1]
  if (value === undefined || (value.startsWith('--') && name === arg)) {
    throw new UsageError(`${name} needs a value.`)
  }
  words.flags[flag.setting] = value
  return name !== arg ? 1 : 2
}

/** The flags and the other words; undefined when help or the version is asked for. */
function split(argv: readonly string[]): Words | CliCommand {
  const words: Words = { flags: {}, positional: [] }
  for (let i = 0; i < argv.length;) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help' || arg === 'help') return { kind: 'help' }
    if (arg === '--version' || arg === '-V') return { kind: 'version' }
    if (arg.startsWith('-')) {
      i += takeFlag(argv, i, words)
      continue
    }
    words.positional.push(arg)
    i++
  }
  return words
}

/** Each flag's text checked now, so that a mistake is reported before any git or model work. */
function checked(flags: Flags): Flags {
  resolveSettings({ door: 'cli', given: name => flags[name], rejection: cliRejection })
  return flags
}

function configCommand(words: Words): CliCommand {
  const [, sub, file, extra] = words.positional
  if (sub === 'check') {
    if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.`)
    if (Object.keys(words.flags).length > 0) throw new UsageError('redline config check takes no options.')
    return { kind: 'config-check', ...(file !== undefined ? { file } : {}) }
  }
  if (sub === 'show') {
    if (file !== undefined) throw new UsageError(`Unexpected argument '${file}'.`)
    return { kind: 'config-show', flags: checked(words.flags) }
  }
  throw new UsageError(
    `Unknown command 'config ${sub ?? ''}'. The commands are \`config check\` and \`config show\`.`
  )
}

/** A command's own words: `--name value`, `--name=value` and its switches; help when asked. */
function ownWords(
  argv: readonly string[],
  valueOptions: readonly string[],
  switches: readonly string[] = []
): { values: Map<string, string>; switched: Set<string> } | 'help' {
  const values = new Map<string, string>()
  const switched = new Set<string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help' || arg === 'help') return 'help'
    if (switches.includes(arg)) {
      switched.add(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg
    if (!valueOptions.includes(name)) {
      throw new UsageError(arg.startsWith('-') ? `Unknown option ${arg}.` : `Unexpected argument '${arg}'.`)
    }
    const value = name !== arg ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || (value.startsWith('--') && name === arg))
      throw new UsageError(`${name} needs a value.`)
    values.set(name, value)
  }
  return { values, switched }
}

/** `redline insights`: its own flags, none of the review's settings. */
function insightsCommand(argv: readonly string[]): CliCommand {
  const words = ownWords(argv, INSIGHTS_VALUE_OPTIONS)
  if (words === 'help') return { kind: 'help', topic: 'insights' }
  const options = insightsOptions(words.values)
  if (typeof options === 'string') throw new UsageError(options)
  return { kind: 'insights', options }
}

/** `redline learn`: its own flags, and the model's flags of the review's settings, checked now. */
function learnCommand(argv: readonly string[]): CliCommand {
  const words = ownWords(argv, LEARN_VALUE_OPTIONS, LEARN_SWITCHES)
  if (words === 'help') return { kind: 'help', topic: 'learn' }
  const options = learnOptions(words.values, words.switched.has('--write'))
  if (typeof options === 'string') throw new UsageError(options)
  checked(options.model)
  return { kind: 'learn', options }
}

/** Parses `argv` (without node and the script); `--name value` and `--name=value` both work. */
export function parseArgs(argv: readonly string[]): CliCommand {
  if (argv[0] === 'insights') return insightsCommand(argv.slice(1))
  if (argv[0] === 'learn') return learnCommand(argv.slice(1))
  const words = split(argv)
  if ('kind' in words) return words
  const [command, extra] = words.positional
  if (command === undefined) return { kind: 'help' }
  if (command === 'config') return configCommand(words)
  if (command !== 'review')
    throw new UsageError(
      `Unknown command '${command}'. The commands are \`redline review\`, \`redline config\`, \`redline insights\` and \`redline learn\`.`
    )
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.`)
  if (!words.flags.base?.trim())
    throw new UsageError('--base is required: the branch this one will merge into, e.g. --base main.')
  return { kind: 'review', flags: checked(words.flags) }
}
