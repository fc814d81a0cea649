/** A file's text as lines, and lines as the tools show them. */
import type { Git } from '../../git/git.js'

const MAX_LINE_CHARS = 500

/** A file's lines at a commit for the findings store; undefined when missing or binary. */
export async function readLinesAt(git: Git, sha: string, path: string): Promise<string[] | undefined> {
  const bytes = await git.show(sha, path)
  if (!bytes || bytes.subarray(0, 8000).includes(0)) return undefined
  return splitLines(bytes.toString('utf8'))
}

export function splitLines(text: string): string[] {
  const lines = text.split('\n').map(l => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** One line cut at a width the model can read, saying how much was left out. */
export function clip(text: string): string {
  return text.length <= MAX_LINE_CHARS
    ? text
    : `${text.slice(0, MAX_LINE_CHARS)}… [${text.length - MAX_LINE_CHARS} more characters]`
}
