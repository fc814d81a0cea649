/**
 * `@redline` commands in pull-request comments: which comment events carry one, and what a comment asks for.
 * Pure functions over the event payload and the comment's text.
 */
import { z } from 'zod'
import type { PullRequestRef, Repository } from '../github/refs.js'

export type Command =
  | { kind: 'review' }
  | { kind: 'full review' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'help' }
  /** Anything else after the phrase: in a thread of Redline's, a question; elsewhere, a request for help. */
  | { kind: 'other'; text: string }

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

/** What a comment says outside code and quotes: fenced blocks, inline code spans and quoted lines left out. */
export function speakingText(body: string): string {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      lines.push('')
      continue
    }
    if (marker) {
      fence = marker
      lines.push('')
      continue
    }
    if (/^\s{0,3}>/.test(line)) {
      lines.push('')
      continue
    }
    lines.push(line.replace(/(`+)[\s\S]*?\1/g, ' '))
  }
  return lines.join('\n')
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

/**
 * The command a comment gives, or undefined when it does not mention the phrase as a whole word (any case,
 * outside code and quoted lines). The words after the phrase, on its line, say which command.
 */
export function commandIn(body: string, phrase: string): Command | undefined {
  const mention = new RegExp(`(^|[^\\w@./-])${escapeRegex(phrase.trim())}(?![\\w-])`, 'i')
  const text = speakingText(body)
  const match = mention.exec(text)
  if (!match) return undefined
  const after = text.slice(match.index + match[0].length)
  const words = (after.split('\n')[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/[.!?,;:]+$/, '')
    .replace(/\s+/g, ' ')
  if (words === 'review') return { kind: 'review' }
  if (words === 'full review') return { kind: 'full review' }
  if (words === 'pause') return { kind: 'pause' }
  if (words === 'resume') return { kind: 'resume' }
  if (words === 'help' || words === '') return { kind: 'help' }
  return { kind: 'other', text: after.trim() }
}

/** The roles that may command Redline. */
export const COMMANDING_ROLES = ['admin', 'maintain', 'write'] as const

export function helpText(phrase: string): string {
  return [
    `**Redline commands** (people with write access to this repository can use them):`,
    '',
    `- \`${phrase} review\`: review what changed since the last review now, as a push would. One model run, as on a push.`,
    `- \`${phrase} full review\`: review the whole pull request again, keeping the earlier findings. One model run over the whole diff: the most expensive command.`,
    `- \`${phrase} pause\` / \`${phrase} resume\`: stop or restart the automatic reviews of this pull request on push. No model call.`,
    `- \`${phrase} help\`: this list. No model call.`,
    '',
    `Reply \`${phrase}\` with a question in one of Redline's threads to get an answer there: a short model run with a small budget.`
  ].join('\n')
}
