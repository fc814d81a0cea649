import type { Finding } from '../findings/finding.js'

/*
 * What an inline comment carries besides its finding tag, so that a finding whose text the state marker had
 * to shed gets it back on the next run: the description and the suggestion are in the comment's visible
 * text, and the quote in a hidden comment of its own:
 *
 *   <!-- redline:quote "<the quote as a JSON string>" -->
 *
 * The JSON never contains `<`, `>` or `--` (each is written as a \u escape), so it cannot end the comment.
 */
const QUOTE_OPEN = '<!-- redline:quote '
const CLOSE = ' -->'
const QUOTE_PATTERN = /<!-- redline:quote ("(?:[^"\\]|\\.)*") -->/
const TAGS_AT_END = /(?:\n\n<!-- redline:(?:quote "(?:[^"\\]|\\.)*"|finding \S+) -->)+\s*$/
const SUGGESTION_AT_END = /\n\n(`{3,})suggestion\n([\s\S]*?)\1$/

export function quoteTag(quote: string): string {
  const json = JSON.stringify(quote)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/--/g, '-\\u002d')
  return `${QUOTE_OPEN}${json}${CLOSE}`
}

export interface CommentText {
  description?: string
  suggestion?: string
  quote?: string
}

/** The description, suggestion and quote an inline comment Redline wrote holds, as far as it can be read. */
export function readCommentText(body: string): CommentText {
  const text: CommentText = {}
  const quoted = QUOTE_PATTERN.exec(body)?.[1]
  if (quoted !== undefined) {
    try {
      const quote: unknown = JSON.parse(quoted)
      if (typeof quote === 'string' && quote !== '') text.quote = quote
    } catch {
      // Not one Redline wrote: no quote.
    }
  }
  let rest = body.replace(/\r\n?/g, '\n').replace(TAGS_AT_END, '')
  const suggestion = SUGGESTION_AT_END.exec(rest)
  if (suggestion) {
    text.suggestion = (suggestion[2] ?? '').replace(/\n$/, '')
    rest = rest.slice(0, suggestion.index)
  }
  const afterHeadline = rest.indexOf('\n\n')
  if (afterHeadline >= 0) {
    // What neutralize put in to keep mentions and comments inert is taken out again.
    const description = rest
      .slice(afterHeadline + 2)
      .replace(/@\u200b/g, '@')
      .replace(/<\u200b/g, '<')
      .trim()
    if (description !== '') text.description = description
  }
  return text
}

/**
 * An open finding with what its marker entry had to shed read back from its inline comment: a quote or a
 * suggestion it lacks, and a description longer than the marker's (which was cut from the same text).
 */
export function withCommentText(finding: Finding, body: string): Finding {
  if (finding.status !== 'open') return finding
  const text = readCommentText(body)
  const filled = { ...finding }
  if (filled.quote === undefined && text.quote !== undefined) filled.quote = text.quote
  if (filled.suggestion === undefined && text.suggestion !== undefined) filled.suggestion = text.suggestion
  if (text.description !== undefined && text.description.length > filled.description.length)
    filled.description = text.description
  return filled
}
