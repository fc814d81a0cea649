import { findingLocation, type Finding } from '../findings/finding.js'
import type { ReviewCommentInput } from '../github/reviews.js'
import { findingTag } from '../state/marker.js'
import { measure, truncate } from '../text/measure.js'
import { quoteTag } from './marker-comment.js'
import { codeBlock, inline, neutralize, severityLabel } from './markdown.js'
import { commentSide, type InlineFinding } from './select.js'

/**
 * Room for a comment's prose (at most twice this as `measure` counts newlines); the rest of GitHub's 65,536
 * characters is for the suggestion, measured the same way so that a suggestion of many short lines still fits.
 */
const DESCRIPTION_LIMIT = 6_000
const SUGGESTION_LIMIT = 50_000

/**
 * `` `text` `` that stays one code span even when the text holds backticks: on one line (any line break,
 * a lone `\r` included, is a space), with a delimiter longer than any run of backticks in it.
 */
export function code(text: string): string {
  const flat = text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
  if (!flat.includes('`')) return `\`${flat}\``
  let longest = 0
  for (const run of flat.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  return `${fence} ${flat} ${fence}`
}

/** `**🟠 High · security** — title`, the first line of every comment and list entry. */
export function headline(finding: Finding): string {
  const category = inline(finding.category, 40)
  const label =
    category === '' ? severityLabel(finding.severity) : `${severityLabel(finding.severity)} · ${category}`
  const title = inline(finding.title, 200) || 'Untitled finding'
  return `**${label}** — ${title}`
}

export function locationCode(finding: Finding): string {
  return code(findingLocation(finding))
}

function suggestionSection(finding: Finding): string | undefined {
  const suggestion = finding.suggestion
  if (suggestion === undefined) return undefined
  if (measure(suggestion) > SUGGESTION_LIMIT) return '_The suggested change is too long to show here._'
  // A suggestion block replaces lines of the new file; on removed lines it can only be shown, not applied.
  if (commentSide(finding) === 'RIGHT') return codeBlock(suggestion, 'suggestion')
  return `Suggested code:\n\n${codeBlock(suggestion)}`
}

export function renderCommentBody(finding: Finding): string {
  const parts = [headline(finding)]
  const description = neutralize(truncate(finding.description.trim(), DESCRIPTION_LIMIT))
  if (description !== '') parts.push(description)
  const suggestion = suggestionSection(finding)
  if (suggestion !== undefined) parts.push(suggestion)
  // Hidden: read back by the next run when the state marker had no room for it.
  if (finding.quote) parts.push(quoteTag(finding.quote))
  parts.push(findingTag(finding.id))
  return parts.join('\n\n')
}

/** Multi-line comments carry `start_line`/`start_side`; single-line ones must not. */
export function renderComment(finding: InlineFinding): ReviewCommentInput {
  const side = commentSide(finding)
  const comment: ReviewCommentInput = {
    path: finding.file,
    body: renderCommentBody(finding),
    line: finding.endLine,
    side
  }
  if (finding.startLine !== finding.endLine) {
    comment.start_line = finding.startLine
    comment.start_side = side
  }
  return comment
}
