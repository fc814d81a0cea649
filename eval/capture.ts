/**
 * What a review posted, read back from the GitHub stand-in: inline comments, and findings listed in the
 * review body. The findings file supplies each comment's severity, category and text.
 */
import type { Severity } from '../src/findings/severity.js'
import type { PostedComment } from './model.js'

/** A finding as the action's findings file (`findings-file` output) lists it. */
export interface FileFinding {
  id: string
  severity: Severity
  category: string
  file: string
  title: string
  description: string
  startLine?: number
  endLine?: number
  side?: 'LEFT' | 'RIGHT'
  suggestion?: string
  status: string
  location: string
  postedInline: boolean
  commentId?: number
}

export interface PostedReview {
  body: string
  /** The review's inline comments: path and the line numbers GitHub stored. */
  comments: Array<{ id: number; path: string; line: number | null; startLine: number | null }>
}

/**
 * Open findings posted by this review: inline when the review carries a comment for them, else in the
 * body when the body names their location. A finding that neither names is not counted: it did not reach
 * the author.
 */
export function postedComments(
  findings: readonly FileFinding[],
  review: PostedReview | undefined
): PostedComment[] {
  if (!review) return []
  const posted: PostedComment[] = []
  for (const finding of findings) {
    if (finding.status !== 'open') continue
    const inline = review.comments.find(
      c =>
        (finding.commentId !== undefined && c.id === finding.commentId) ||
        (finding.postedInline && c.path === finding.file && c.line === finding.endLine)
    )
    const where = inline ? 'inline' : review.body.includes(finding.location) ? 'body' : undefined
    if (where === undefined) continue
    const startLine = inline ? (inline.startLine ?? inline.line ?? undefined) : finding.startLine
    const endLine = inline ? (inline.line ?? undefined) : finding.endLine
    posted.push({
      id: finding.id,
      where,
      file: finding.file,
      ...(startLine === undefined ? {} : { startLine }),
      ...(endLine === undefined ? {} : { endLine }),
      severity: finding.severity,
      category: finding.category,
      title: finding.title,
      description: finding.description,
      ...(finding.suggestion === undefined || finding.side === 'LEFT'
        ? {}
        : { suggestion: finding.suggestion })
    })
  }
  return posted
}
