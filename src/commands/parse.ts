/**
 * What an `@redline` comment asks for. Everything here runs before the author's permission is known, on text
 * anyone who can comment writes: each pass is linear in the comment's length, and only its first
 * MAX_COMMENT_CHARS are read.
 */
export type Command =
  | { kind: 'review' }
  | { kind: 'full review' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'help' }
  | { kind: 'describe' }
  /** Anything else after the phrase: in a thread of Redline's, a question; elsewhere, a request for help. */
  | { kind: 'other'; text: string }

/** The part of a comment read for a command. GitHub's own limit on a comment is 65,536 characters. */
export const MAX_COMMENT_CHARS = 64 * 1024

const BACKTICK = 96

/**
 * A line with its inline code spans blanked out, as CommonMark reads them: a run of n backticks opens a span
 * that the next run of exactly n closes, and an opening run with no such close is literal. One pass to find
 * the runs, one from the last to the first to link each run to the next of its length, one to blank.
 */
export function withoutCodeSpans(line: string): string {
  const runs: Array<{ start: number; length: number }> = []
  for (let i = 0; i < line.length;) {
    if (line.charCodeAt(i) !== BACKTICK) {
      i++
      continue
    }
    const start = i
    while (i < line.length && line.charCodeAt(i) === BACKTICK) i++
    runs.push({ start, length: i - start })
  }
  if (runs.length < 2) return line
  const nextOfLength = new Array<number>(runs.length)
  const latest = new Map<number, number>()
  for (let k = runs.length - 1; k >= 0; k--) {
    const { length } = runs[k] as { length: number }
    nextOfLength[k] = latest.get(length) ?? -1
    latest.set(length, k)
  }
  let text = ''
  let from = 0
  for (let k = 0; k < runs.length;) {
    const close = nextOfLength[k] as number
    if (close === -1) {
      k++
      continue
    }
    const closing = runs[close] as { start: number; length: number }
    text += `${line.slice(from, (runs[k] as { start: number }).start)} `
    from = closing.start + closing.length
    k = close + 1
  }
  return text + line.slice(from)
}

/** What a comment says outside code and quotes: fenced blocks, inline code spans and quoted lines left out. */
export function speakingText(body: string): string {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of body.slice(0, MAX_COMMENT_CHARS).replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      lines.push('')
    } else if (marker) {
      fence = marker
      lines.push('')
    } else {
      lines.push(/^\s{0,3}>/.test(line) ? '' : withoutCodeSpans(line))
    }
  }
  return lines.join('\n')
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

/** The text without the punctuation it ends with, by a scan from the end (a pattern anchored at $ is not). */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length
  while (end > 0 && '.!?,;:'.includes(text.charAt(end - 1))) end--
  return text.slice(0, end)
}

/**
 * The command a comment gives, or undefined when it does not mention the phrase as a whole word (any case,
 * outside code and quoted lines). The words after the phrase, on its line, say which command.
 */
export function commandIn(body: string, phrase: string): Command | undefined {
  // One character class or the start, then the phrase: constant work at each position of the text.
  const mention = new RegExp(`(^|[^\\w@./-])${escapeRegex(phrase.trim())}(?![\\w-])`, 'i')
  const text = speakingText(body)
  const match = mention.exec(text)
  if (!match) return undefined
  const after = text.slice(match.index + match[0].length)
  const words = withoutTrailingPunctuation((after.split('\n', 1)[0] ?? '').trim().toLowerCase())
    .trim()
    .replace(/\s+/g, ' ')
  if (words === 'review') return { kind: 'review' }
  if (words === 'full review') return { kind: 'full review' }
  if (words === 'pause') return { kind: 'pause' }
  if (words === 'resume') return { kind: 'resume' }
  if (words === 'help' || words === '') return { kind: 'help' }
  if (words === 'describe') return { kind: 'describe' }
  return { kind: 'other', text: after.trim() }
}
