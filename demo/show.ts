/**
 * Prints a review as it appears on the pull request: hidden HTML comments (Redline's state marker and the
 * finding tags) are dropped, as GitHub drops them when it renders markdown.
 */
import type { StoredReview, StoredReviewComment, StoredThread } from '../testing/github-server.js'

const RULE = '─'.repeat(78)

export function visible(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export function heading(text: string): string {
  return `\n${RULE}\n${text}\n${RULE}`
}

function location(comment: StoredReviewComment): string {
  const end = comment.original_line
  const start = comment.original_start_line
  if (end === null) return comment.path
  return start !== null && start !== end ? `${comment.path}:${start}-${end}` : `${comment.path}:${end}`
}

/** One posted review: its body, then each inline comment it carried, each with where it sits. */
export function showReview(review: StoredReview, comments: readonly StoredReviewComment[]): string {
  const parts = [visible(review.body)]
  for (const comment of comments.filter(c => c.pull_request_review_id === review.id)) {
    if (comment.in_reply_to_id !== undefined) continue
    parts.push(`▶ Inline comment on ${location(comment)}\n\n${indent(visible(comment.body))}`)
  }
  return parts.join('\n\n')
}

/** What happened in the existing threads since `sinceId`: replies posted and threads resolved. */
export function showThreadChanges(
  threads: readonly StoredThread[],
  comments: readonly StoredReviewComment[],
  sinceId: number
): string {
  const byId = new Map(comments.map(comment => [comment.id, comment]))
  const parts: string[] = []
  for (const thread of threads) {
    const root = byId.get(thread.comment_ids[0] ?? -1)
    if (!root) continue
    const replies = thread.comment_ids
      .map(id => byId.get(id))
      .filter((c): c is StoredReviewComment => c !== undefined && c.id > sinceId && c !== root)
    if (replies.length === 0 && !thread.isResolved) continue
    const state = thread.isResolved ? 'resolved' : 'still open'
    const lines = [`▶ Thread on ${location(root)}: ${state}`]
    for (const reply of replies) lines.push('', indent(visible(reply.body)))
    parts.push(lines.join('\n'))
  }
  return parts.join('\n\n')
}

function indent(text: string): string {
  return text
    .split('\n')
    .map(line => (line === '' ? '' : `    ${line}`))
    .join('\n')
}
