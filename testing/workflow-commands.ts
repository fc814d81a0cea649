/**
 * The job log read the way GitHub's runner reads a step's output (actions/runner, ActionCommand.cs and
 * ActionCommandManager.cs): the output is cut into lines at `\r\n`, `\r` and `\n`, as .NET's ReadLine does.
 * A line is a command when, after leading white space, it starts `::name ...::data` with a known name, or,
 * failing that, when it holds `##[name ...]data` anywhere. `::stop-commands::token` makes every line plain
 * until one that is the command `token`. Tests use it to show that a line Redline wrote starts no command.
 */

/** The commands the runner knows; any other name is plain text. */
export const RUNNER_COMMANDS = [
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning'
] as const

export interface WorkflowCommand {
  command: string
  data: string
  /** The line it was read from. */
  line: string
}

/** What .NET's Char.IsWhiteSpace holds, which string.TrimStart() removes. */
const DOTNET_LEADING_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/

function commandName(info: string): string {
  const space = info.indexOf(' ')
  return space < 0 ? info : info.slice(0, space)
}

/** `::name props::data`, after leading white space. */
function parseV2(line: string, known: ReadonlySet<string>): WorkflowCommand | undefined {
  const text = line.replace(DOTNET_LEADING_SPACE, '')
  if (!text.startsWith('::')) return undefined
  const end = text.indexOf('::', 2)
  if (end < 0) return undefined
  const name = commandName(text.slice(2, end))
  if (!known.has(name.toLowerCase())) return undefined
  return { command: name, data: text.slice(end + 2), line }
}

/** `##[name props]data` anywhere in the line. */
function parseV1(line: string, known: ReadonlySet<string>): WorkflowCommand | undefined {
  const start = line.indexOf('##[')
  if (start < 0) return undefined
  const close = line.indexOf(']', start)
  if (close < 0) return undefined
  const name = commandName(line.slice(start + 3, close))
  if (!known.has(name.toLowerCase())) return undefined
  return { command: name, data: line.slice(close + 1), line }
}

/** Every command the runner would carry out in `log`, in order; `stop-commands` included, a resume not. */
export function workflowCommands(log: string): WorkflowCommand[] {
  const known = new Set<string>(RUNNER_COMMANDS)
  let stopToken: string | undefined
  const found: WorkflowCommand[] = []
  for (const line of log.split(/\r\n|\r|\n/)) {
    const command = parseV2(line, known) ?? parseV1(line, known)
    if (!command) continue
    const name = command.command.toLowerCase()
    if (stopToken !== undefined) {
      // An empty token is never matched: the runner stays stopped for the rest of the step.
      if (stopToken !== '' && name === stopToken.toLowerCase()) {
        known.delete(stopToken.toLowerCase())
        stopToken = undefined
      }
      continue
    }
    found.push(command)
    if (name === 'stop-commands') {
      stopToken = command.data
      known.add(stopToken.toLowerCase())
    }
  }
  return found
}
