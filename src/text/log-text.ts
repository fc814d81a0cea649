/**
 * Text written to the job log as plain lines, never read by the runner as a workflow command. The runner
 * splits its input at `\r`, `\n` and `\r\n`, takes a line whose text after leading white space starts with
 * `::` as a command, and one holding `##[` anywhere as an old-style one. So every line is split the same way,
 * and a zero-width space goes between the two colons and after the `##` (readable, and no longer the syntax).
 */

const LINE_BREAK = /\r\n|\r|\n/
/** .NET's TrimStart removes what Char.IsWhiteSpace says is white space: JavaScript's `\s` and U+0085. */
const COMMAND_START = /^([\s\u0085]*):(?=:)/
const OLD_STYLE_COMMAND = /##\[/g

/** One line of text safe to print: it starts no command and holds none. */
function defuseLine(line: string): string {
  return line.replace(OLD_STYLE_COMMAND, '##\u200b[').replace(COMMAND_START, '$1:\u200b')
}

/** Untrusted text, as lines the runner prints and never runs. */
export function neutralizeLogText(text: string): string {
  if (!text.includes(':') && !text.includes('##[') && !text.includes('\r')) return text
  return text.split(LINE_BREAK).map(defuseLine).join('\n')
}
