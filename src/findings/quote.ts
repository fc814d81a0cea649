import { cleanUntrusted } from '../text/untrusted.js'
import type { DiffFile } from '../diff/model.js'

/**
 * Quotes prove that a finding's lines were read: the quoted text must appear in the cited lines. Whitespace
 * at line ends and inside runs does not count (the model reads numbered, re-indented output); every other
 * character must match. Lines are compared as the model was shown them, secrets redacted and invisible
 * characters written out, so a finding about exactly such a line can still quote it.
 */
const squash = (line: string): string =>
  cleanUntrusted(line, { invisible: 'show' }).trim().replace(/\s+/g, ' ')

function quoteLines(quote: string, strip = false): string[] {
  const lines = quote
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(line => squash(strip ? stripDisplayPrefix(line) : line))
  while (lines[0] === '') lines.shift()
  while (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * What the diff and read_file put before a line's text, which a model often copies into its quote: "  10 + ",
 * "  10   ", "     - (old 9) ", "10<tab>", or a bare leading "+" or "-" as in a unified diff.
 */
const DISPLAY_PREFIX = [/^\s*\d+ {1,2}[+ ] /, /^\s*- \((?:old \d+|not in the base)\) /, /^\s*\d+\t/, /^[+-]/]

export function stripDisplayPrefix(line: string): string {
  for (const prefix of DISPLAY_PREFIX) if (prefix.test(line)) return line.replace(prefix, '')
  return line
}

/** "…" or "..." in a quote stands for text left out. */
const GAP = /…|\.\.\./

/**
 * Whether the quote appears in the cited lines: as given, else with each line's display prefix stripped,
 * else with "…" or "..." read as a gap between parts that must appear in order.
 */
export function quoteMatches(quote: string, cited: string[]): boolean {
  const text = cited.map(squash).join('\n')
  const exact = quoteLines(quote).join('\n')
  if (exact === '') return false
  if (text.includes(exact)) return true
  const stripped = quoteLines(quote, true).join('\n')
  if (stripped !== '' && text.includes(stripped)) return true
  if (!GAP.test(stripped)) return false
  const parts = stripped
    .split(GAP)
    .map(part => part.trim())
    .filter(part => part !== '')
  if (parts.length === 0) return false
  let from = 0
  for (const part of parts) {
    const at = text.indexOf(part, from)
    if (at < 0) return false
    from = at + part.length
  }
  return true
}

/** First lines of the places where a quote appears in numbered lines (which need not be consecutive). */
export function findQuote(quote: string, numbered: NumberedLine[]): number[] {
  const wanted = quoteLines(quote)
  const size = wanted.length
  const joined = wanted.join('\n')
  const squashed = numbered.map(entry => squash(entry.text))
  const found: number[] = []
  for (let i = 0; size > 0 && i + size <= numbered.length; i++) {
    const window = numbered.slice(i, i + size)
    const contiguous = window.every(
      (entry, k) => k === 0 || entry.line === (window[k - 1] as NumberedLine).line + 1
    )
    if (
      contiguous &&
      squashed
        .slice(i, i + size)
        .join('\n')
        .includes(joined)
    )
      found.push((window[0] as NumberedLine).line)
  }
  return found
}

export interface NumberedLine {
  line: number
  text: string
}

/**
 * Where else a quote appears: in the head version of the cited file, then on either side of every file in
 * the diff. Returned as `path:line` (with "(LEFT)" for removed lines), at most `limit` places.
 */
export function locateQuote(
  quote: string,
  cited: { file: string; headLines?: string[] },
  diffFiles: DiffFile[],
  limit = 5
): string[] {
  const found = new Set<string>()
  const { file, headLines } = cited
  if (headLines) {
    for (const line of findQuote(
      quote,
      headLines.map((text, i) => ({ line: i + 1, text }))
    ))
      found.add(`${file}:${line}`)
  }
  for (const diffFile of diffFiles) {
    // The head file already covered the new side of the cited file.
    const keys =
      diffFile.path === file && headLines ? (['oldLine'] as const) : (['newLine', 'oldLine'] as const)
    for (const key of keys) {
      const numbered = diffFile.hunks.flatMap(hunk =>
        hunk.lines.flatMap(l => (l[key] === undefined ? [] : [{ line: l[key], text: l.text }]))
      )
      const suffix = key === 'oldLine' ? ' (LEFT)' : ''
      for (const line of findQuote(quote, numbered)) found.add(`${diffFile.path}:${line}${suffix}`)
    }
  }
  return [...found].slice(0, limit)
}

/** "3-5, 9" from [3, 4, 5, 9]. */
export function compactRanges(lines: number[]): string {
  const parts: string[] = []
  let from = lines[0]
  for (let i = 0; i < lines.length; i++) {
    const current = lines[i] as number
    const next = lines[i + 1]
    if (next === current + 1) continue
    parts.push(from === current ? `${current}` : `${from}-${current}`)
    from = next
  }
  return parts.join(', ')
}
