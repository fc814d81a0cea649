import type { Severity } from '../findings/severity.js'

import { truncate } from '../text/measure.js'

/** GitHub rejects bodies over 65,536 characters; see `measure` for the margin kept under that. */
export const BODY_BUDGET = 64_000

const SEVERITY_LABELS: Record<Severity, string> = {
  critical: '🔴 Critical',
  high: '🟠 High',
  medium: '🟡 Medium',
  low: '🔵 Low',
  informational: '⚪ Info'
}

export function severityLabel(severity: Severity): string {
  return SEVERITY_LABELS[severity]
}

/**
 * Model-written text is shaped by the pull request it read, so it must not be able to open an HTML comment
 * (a forged marker or finding tag) or leave a code fence open that would swallow the rest of the body. A
 * zero-width space after `<` keeps `<!--` readable, in prose and in code spans alike, while making it inert.
 * Nor may it notify anyone: a review mentioning `@org/team` pings the whole team, so a zero-width space
 * after `@` keeps a mention readable but inert. Code cannot mention, and is left exact.
 */
export function neutralize(text: string): string {
  let fence: Fence | undefined
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/<!--/g, '<\u200b!--')
    .split('\n')
    .map(line => {
      const next = fenceAfter(fence, line)
      const inCode = fence !== undefined || next !== undefined
      fence = next
      return inCode ? line : outsideCodeSpans(line, unmention)
    })
  return balanceFences(lines.join('\n'))
}

/** `@name` and `@org/team` as GitHub links them; an address like `a@b.example` is not a mention. */
function unmention(text: string): string {
  return text.replace(/(?<![A-Za-z0-9_])@(?=[A-Za-z0-9])/g, '@\u200b')
}

/** A tag opener, which in one-line text can only be injected markup: `</details>` would close the list. */
function untag(text: string): string {
  return text.replace(/<(?=[A-Za-z/!?])/g, '<\u200b')
}

/** Applies `fix` to the parts of one line that are not inside a code span. */
function outsideCodeSpans(line: string, fix: (text: string) => string): string {
  let out = ''
  let from = 0
  const runs = [...line.matchAll(/`+/g)]
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i] as RegExpExecArray
    const closeAt = runs.findIndex((run, j) => j > i && run[0].length === open[0].length)
    if (closeAt === -1) continue
    const close = runs[closeAt] as RegExpExecArray
    out += fix(line.slice(from, open.index)) + line.slice(open.index, close.index + close[0].length)
    from = close.index + close[0].length
    i = closeAt
  }
  return out + fix(line.slice(from))
}

interface Fence {
  char: string
  length: number
}

/** The fenced block open after `line`, given the one open before it (CommonMark's rules, simplified). */
function fenceAfter(open: Fence | undefined, line: string): Fence | undefined {
  const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
  if (!match) return open
  const fence = match[1] as string
  const rest = match[2] as string
  if (open === undefined) {
    if (fence[0] === '`' && rest.includes('`')) return undefined
    return { char: fence[0] as string, length: fence.length }
  }
  return fence[0] === open.char && fence.length >= open.length && rest.trim() === '' ? undefined : open
}

/** Closes a fenced code block left open at the end of `text`. */
export function balanceFences(text: string): string {
  let open: Fence | undefined
  for (const line of text.split(/\r?\n/)) open = fenceAfter(open, line)
  if (open === undefined) return text
  return `${text}${text.endsWith('\n') ? '' : '\n'}${open.char.repeat(open.length)}`
}

/** One line of text for a list item or a table cell: no line breaks, no table pipes, no markup, no mentions. */
export function inline(text: string, maxLength?: number): string {
  const flat = outsideCodeSpans(
    text
      .replace(/<!--/g, '<\u200b!--')
      .replace(/\s*\r?\n\s*/g, ' ')
      .replace(/\|/g, '\\|')
      .trim(),
    part => unmention(untag(part))
  )
  return maxLength === undefined ? flat : truncate(flat, maxLength)
}

/** A fence longer than any run of backticks in `content`, so the content cannot close it early. */
export function fenceFor(content: string): string {
  let longest = 0
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}

export function codeBlock(content: string, info = ''): string {
  const fence = fenceFor(content)
  const text = content === '' || content.endsWith('\n') ? content : `${content}\n`
  return `${fence}${info}\n${text}${fence}`
}
