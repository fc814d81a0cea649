/**
 * Redline's replies to comments. Each is posted where the person wrote (in the thread, or in the pull
 * request's conversation), goes through the same check as any text a model wrote, and carries a hidden tag
 * naming the comment it answers, so a re-run of the job answers nothing twice.
 */
import { createIssueComment, listIssueComments } from '../github/conversation.js'
import { isOwnAccount } from '../github/identity.js'
import { listPullRequestComments, replyToComment } from '../github/reviews.js'
import { checkReply } from '../text/reply-check.js'
import type { CommandContext } from './context.js'

/** A reply's length, whatever it holds: a few paragraphs, never a wall of text. */
export const MAX_REPLY_CHARS = 4_000

/** The hidden tag a reply carries: which comment it answers. */
export function replyTag(commentId: number): string {
  return `<!-- redline:reply-to ${commentId} -->`
}

/**
 * A reply where the command was given: in its thread, or in the pull request's conversation. The text is
 * checked first: `instructions` are the texts of the model run it came from, if any, which it must not repeat.
 */
export async function reply(
  context: CommandContext,
  text: string,
  extraTag = '',
  instructions: readonly string[] = []
): Promise<void> {
  const { event, octokit } = context
  const checked = checkReply(text, { instructions, maxChars: MAX_REPLY_CHARS }).text
  const body = `${checked}\n\n${replyTag(event.comment.id)}${extraTag}`
  if (event.comment.threadOf !== undefined)
    await replyToComment(octokit, event.pr, event.comment.threadOf, body)
  else await createIssueComment(octokit, event.pr, body)
}

/** Whether one of Redline's own comments, in the conversation or in a review thread, holds `tag`. */
export async function postedWithTag(
  context: CommandContext,
  tag: string,
  inThreads: boolean
): Promise<boolean> {
  const { octokit, event, viewer } = context
  const comments = await listIssueComments(octokit, event.pr)
  if (comments.some(c => isOwnAccount(c.user, viewer) && c.body.includes(tag))) return true
  if (!inThreads) return false
  const inReview = await listPullRequestComments(octokit, event.pr)
  return inReview.some(c => isOwnAccount(c.user, viewer) && c.body.includes(tag))
}

/** Whether Redline already replied to this comment, in the conversation or in the thread. */
export function answered(context: CommandContext): Promise<boolean> {
  const inThread = context.event.comment.threadOf !== undefined
  return postedWithTag(context, replyTag(context.event.comment.id), inThread)
}
