import type { Finding } from '../findings/finding.js'
import { isOwnAccount } from '../github/identity.js'
import type { ThreadActivity } from '../github/threads.js'
import { withCommentText } from './marker-comment.js'

/** A person's reply in a Redline thread. */
export interface FindingReply {
  id: number
  author: string
  body: string
}

export interface ThreadReplies {
  /** The findings with the ones people closed by resolving their thread marked dismissed. */
  findings: Finding[]
  /** Ids of findings dismissed that way in this run. */
  dismissedByPeople: string[]
  /** New replies by people, per finding id, oldest first. */
  replies: Map<string, FindingReply[]>
  /** The highest reply id now handled: the old mark, or the newest new reply. */
  repliesSeen?: number
}

/**
 * What people did in Redline's threads since the last review. Resolving the thread of an open finding by
 * hand means "not a problem": the finding is dismissed, with a note naming who did it, and is never posted
 * again. Replies newer than `repliesSeen` that are not Redline's own go to the reviewer.
 */
export function readThreadReplies(
  findings: readonly Finding[],
  threads: ReadonlyMap<number, ThreadActivity>,
  viewerLogin: string,
  repliesSeen: number | undefined
): ThreadReplies {
  const replies = new Map<string, FindingReply[]>()
  const dismissedByPeople: string[] = []
  let newest = repliesSeen
  const updated = findings.map(finding => {
    if (finding.status !== 'open' || finding.commentId === undefined) return finding
    const thread = threads.get(finding.commentId)
    if (!thread) return finding
    // What the state marker had no room for is read back from Redline's own comment.
    if (thread.opening !== undefined) finding = withCommentText(finding, thread.opening)
    const resolvedByPerson =
      thread.isResolved && !(thread.resolvedBy && isOwnAccount({ login: thread.resolvedBy }, viewerLogin))
    if (resolvedByPerson) {
      dismissedByPeople.push(finding.id)
      const who = thread.resolvedBy ? `@${thread.resolvedBy}` : 'someone'
      return { ...finding, status: 'dismissed' as const, note: `dismissed: ${who} resolved the thread` }
    }
    const fresh = thread.replies.filter(
      reply =>
        (repliesSeen === undefined || reply.id > repliesSeen) &&
        reply.author !== undefined &&
        !isOwnAccount(reply.author, viewerLogin)
    )
    if (fresh.length > 0) {
      replies.set(
        finding.id,
        fresh.map(reply => ({ id: reply.id, author: reply.author?.login ?? 'unknown', body: reply.body }))
      )
      for (const reply of fresh) newest = Math.max(newest ?? 0, reply.id)
    }
    return finding
  })
  return {
    findings: updated,
    dismissedByPeople,
    replies,
    ...(newest !== undefined ? { repliesSeen: newest } : {})
  }
}

/** What Redline answers, once, to the replies in a finding's thread after the reviewer has seen them. */
export function replyAnswer(before: Finding, after: Finding, commitSha: string): string {
  const note = after.note && after.note !== before.note ? after.note.trim() : ''
  if (after.status === 'dismissed')
    return `Dismissed: ${note || 'the reviewer agreed this is not a problem.'}`
  if (after.status === 'resolved') return `Resolved in ${commitSha.slice(0, 7)}${note ? `: ${note}` : '.'}`
  return (
    `Kept: ${note || `Redline checked this again at ${commitSha.slice(0, 7)} and still sees the problem.`} ` +
    'Resolve this thread to dismiss the finding.'
  )
}
