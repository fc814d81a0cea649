/**
 * What people asked for in review: the inline comments that opened review threads on merged pull requests.
 * They show what the team itself looks for, before Redline has any outcome of its own to learn from.
 */
import type { PullHistory, PullSummary } from '../github/history.js'
import { isOwnAccount } from '../github/identity.js'

/** The opening comment of a review thread a person started. The body is untrusted. */
export interface HumanReviewComment {
  commentId: number
  url: string
  path: string
  /** Null for a comment on a whole file. */
  line: number | null
  author: string
  /** OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR…, as GitHub gave it when the comment was read. */
  authorAssociation: string
  body: string
  createdAt: string
}

/**
 * The first comment of every review thread a person opened on a merged pull request. A thread opened by a
 * bot or by Redline's account is left out, and so are the replies: the opening comment is the ask.
 */
export function humanReviewComments(
  pull: PullSummary,
  history: PullHistory,
  redlineLogin: string
): HumanReviewComment[] {
  if (pull.state !== 'merged') return []
  return history.threads.flatMap(thread => {
    const opening = thread.comments[0]
    const author = opening?.author
    if (!opening || !author || author.type !== 'User' || isOwnAccount(author, redlineLogin)) return []
    return [
      {
        commentId: opening.id,
        url: opening.url,
        path: thread.path,
        line: thread.line,
        author: author.login,
        authorAssociation: opening.authorAssociation,
        body: opening.body,
        createdAt: opening.createdAt
      }
    ]
  })
}
