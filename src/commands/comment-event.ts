/**
 * The comment events that may carry an `@redline` command: which ones, and the comment each holds. Pure
 * functions over the event payload.
 */
import { z } from 'zod'
import type { PullRequestRef, Repository } from '../github/refs.js'

/** A comment that may hold a command, from an `issue_comment` or `pull_request_review_comment` event. */
export interface CommentEvent {
  pr: PullRequestRef
  comment: {
    id: number
    body: string
    author: string
    /** A bot account (Redline's own identity included): its comments never command. */
    byBot: boolean
    /** Set for a review comment: the thread's first comment. */
    threadOf?: number
  }
}

const user = z.object({ login: z.string(), type: z.string().optional() })
const commentPayload = z.object({
  action: z.string(),
  comment: z.object({
    id: z.number().int().positive(),
    body: z.string().nullish(),
    user,
    in_reply_to_id: z.number().int().positive().nullish()
  })
})
const onIssue = commentPayload.extend({
  issue: z.object({ number: z.number().int().positive(), pull_request: z.object({}).passthrough().nullish() })
})
const onReview = commentPayload.extend({ pull_request: z.object({ number: z.number().int().positive() }) })

export const COMMENT_EVENTS = ['issue_comment', 'pull_request_review_comment'] as const

export function isCommentEvent(eventName: string): boolean {
  return (COMMENT_EVENTS as readonly string[]).includes(eventName)
}

function isBot(author: z.infer<typeof user>): boolean {
  return author.type === 'Bot' || author.login.toLowerCase().endsWith('[bot]')
}

/** The comment a created-comment event carries on a pull request, or why there is nothing to do. */
export function commentEventOf(
  eventName: string,
  payload: unknown,
  repository: Repository
): { event: CommentEvent } | { skip: string } {
  const parsed = (eventName === 'issue_comment' ? onIssue : onReview).safeParse(payload)
  if (!parsed.success) return { skip: `The ${eventName} event payload holds no comment Redline can read.` }
  const { action, comment } = parsed.data
  if (action !== 'created')
    return { skip: `Nothing to do for ${eventName} action '${action}' (commands run on created).` }
  let number: number
  if ('issue' in parsed.data) {
    if (!parsed.data.issue.pull_request)
      return { skip: 'The comment is on an issue, not a pull request; Redline reviews pull requests.' }
    number = parsed.data.issue.number
  } else {
    number = (parsed.data as z.infer<typeof onReview>).pull_request.number
  }
  return {
    event: {
      pr: { ...repository, prNumber: number },
      comment: {
        id: comment.id,
        body: comment.body ?? '',
        author: comment.user.login,
        byBot: isBot(comment.user),
        ...(eventName === 'pull_request_review_comment'
          ? { threadOf: comment.in_reply_to_id ?? comment.id }
          : {})
      }
    }
  }
}
