/** `redline --help`: the commands in words, and each flag and variable as the settings table describes it. */
import { CONFIG_PATHS, defaultText, settingEntries, type SettingSpec } from '../engine/index.js'

const WIDTH = 110
const COLUMN = 26

/** `text` wrapped at the help's width, its later lines indented to the description column. */
function wrapped(head: string, text: string, column = COLUMN): string {
  const lines: string[] = []
  let line = head.length + 2 > column ? `${head}\n${' '.repeat(column)}` : head.padEnd(column)
  let lineStart = line.lastIndexOf('\n') + 1
  for (const word of text.split(' ')) {
    if (line.length - lineStart + word.length + 1 > WIDTH && line.trim() !== '') {
      lines.push(line.trimEnd())
      line = ' '.repeat(column)
      lineStart = 0
    }
    line += `${word} `
  }
  lines.push(line.trimEnd())
  return lines.join('\n')
}

/** `Default: medium; file key min-severity.`, where there is something to say. */
function defaultAndKey(spec: SettingSpec<unknown>): string {
  const switched = spec.flag?.value === undefined
  const noDefault = spec.default === undefined && spec.defaultText === undefined
  const parts = [
    ...(switched || noDefault ? [] : [`Default: ${defaultText(spec)}`]),
    ...(spec.file ? [`file key ${spec.file}`] : [])
  ]
  return parts.length > 0 ? ` ${parts.join('; ')}.` : ''
}

function flagLine(spec: SettingSpec<unknown>): string {
  const flag = spec.flag as { name: string; value?: string }
  const head = `  ${flag.name}${flag.value ? ` ${flag.value}` : ''}`
  return wrapped(head, `${spec.description}${defaultAndKey(spec)}`)
}

function variableLines(): string[] {
  return settingEntries().flatMap(([, spec]) => {
    if (!spec.env) return []
    const text = spec.flag ? `As ${spec.flag.name}, when that is not given.` : spec.description
    return [wrapped(`  ${spec.env.join(', ')}`, text)]
  })
}

/** The help, from the table. */
export function helpText(): string {
  const flags = settingEntries()
    .filter(([, spec]) => spec.flag)
    .map(([, spec]) => flagLine(spec))
  return [
    'Usage: redline review --base <branch> [options]',
    '       redline config check [file]',
    '       redline config show [--base <branch>] [options]',
    '       redline insights --repo <owner/name> [options]   (see redline insights --help)',
    '       redline learn --repo <owner/name> [--write] [options]   (see redline learn --help)',
    '',
    'redline review reviews the current branch with Claude, as the Redline action reviews a pull request: the',
    'changes from the merge base with --base to HEAD (commit them first; uncommitted changes are not reviewed).',
    'Prints the summary and each finding with its location and suggested change. Posts nothing and needs no',
    'GitHub token. The review is remembered in .git/redline/state.json: the next run on the same branch reviews',
    'only what changed since, and reports the findings that were fixed as resolved.',
    '',
    `Settings come from the options, then the environment, then ${CONFIG_PATHS.join(' (or ')}) as it is at`,
    'the merge base (as the action reads it), then the defaults.',
    '',
    wrapped(
      '  config check [file]',
      `Checks a configuration file (${CONFIG_PATHS[0]} by default) offline and prints every problem with its line.`
    ),
    wrapped(
      '  config show',
      'Prints each setting, its value and where it came from; with --base, the file at the merge base, else at HEAD.'
    ),
    '',
    'Options:',
    ...flags,
    '  -h, --help              Show this help.',
    '  --version               Print the version.',
    '',
    'Environment:',
    ...variableLines(),
    wrapped('  AWS_*', "Bedrock's credentials, the standard AWS chain (or AWS_BEARER_TOKEN_BEDROCK)."),
    wrapped(
      '  GOOGLE_APPLICATION_CREDENTIALS',
      "Vertex AI's Application Default Credentials, as gcloud or a key file leaves them."
    ),
    '  REDLINE_DEBUG=1         Print debug lines too.',
    '',
    'Progress (a line per model turn with the tokens so far) goes to stderr; the review goes to stdout.',
    'Exit status: 0 when the review finished, 1 when it failed (or --fail-on found a finding, or config check a',
    'problem), 2 for a mistake on the command line.'
  ].join('\n')
}
