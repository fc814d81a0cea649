import type { Finding } from '../findings/finding.js'
import type { Octokit } from '../github/client.js'
import type { PullRequestRef } from '../github/refs.js'
import { replyToComment } from '../github/reviews.js'
import { findThreadsByCommentId, resolveThread, type ThreadInfo } from '../github/threads.js'
import { errorMessage, httpStatus } from '../errors.js'
import type { Logger } from '../logger.js'
import { replyAnswer, type FindingReply } from './thread-replies.js'
import { inline } from './markdown.js'

export interface ThreadsInput {
  octokit: Octokit
  graphqlUrl: string
  pr: PullRequestRef
  commitSha: string
  logger: Logger
}

export function resolvedReply(finding: Finding, commitSha: string): string {
  const note = finding.note ? inline(finding.note, 300) : ''
  return `Resolved in ${commitSha.slice(0, 7)}${note === '' ? '.' : `: ${note}`}`
}

/** GitHub's answer to resolveReviewThread without `contents: write`: FORBIDDEN, "not accessible by integration". */
function isForbidden(error: unknown): boolean {
  if (httpStatus(error) === 403) return true
  const errors = (error as { errors?: unknown } | null)?.errors
  return Array.isArray(errors) && errors.some(e => (e as { type?: unknown } | null)?.type === 'FORBIDDEN')
}

/**
 * Replies in Redline's threads and resolves them. This is bookkeeping after the review has landed: a failure
 * is a warning, never a failed run. A token that may not resolve threads is found out once per run; after
 * that the reply alone stands for the resolution. Only resolutions that succeeded are counted.
 */
export class ThreadKeeper {
  private resolveRefused = false
  private threads: Map<number, ThreadInfo> | undefined

  constructor(private readonly input: ThreadsInput) {}

  /** Looks up the threads of `commentIds` once; false when GitHub would not say. */
  async load(commentIds: readonly number[]): Promise<boolean> {
    try {
      this.threads = await findThreadsByCommentId(
        this.input.octokit,
        this.input.graphqlUrl,
        this.input.pr,
        commentIds
      )
      return true
    } catch (error) {
      this.input.logger.warning(`Could not look up the review threads: ${errorMessage(error)}`)
      return false
    }
  }

  thread(commentId: number): ThreadInfo | undefined {
    return this.threads?.get(commentId)
  }

  async reply(commentId: number, body: string, findingId: string): Promise<boolean> {
    try {
      await replyToComment(this.input.octokit, this.input.pr, commentId, body)
      return true
    } catch (error) {
      this.input.logger.warning(
        `Could not reply in the thread of finding ${findingId}: ${errorMessage(error)}`
      )
      return false
    }
  }

  /** True when the thread is now resolved by this call. */
  async resolve(thread: ThreadInfo, findingId: string): Promise<boolean> {
    if (this.resolveRefused) return false
    try {
      if (await resolveThread(this.input.octokit, this.input.graphqlUrl, thread.threadId)) return true
      this.input.logger.warning(`GitHub did not resolve the thread of finding ${findingId}.`)
    } catch (error) {
      if (isForbidden(error)) {
        this.resolveRefused = true
        this.input.logger.warning(
          'The token may not resolve review threads (resolveReviewThread needs `contents: write`); ' +
            'Redline replies in them instead.'
        )
      } else {
        this.input.logger.warning(
          `Could not resolve the thread of finding ${findingId}: ${errorMessage(error)}`
        )
      }
    }
    return false
  }
}

/**
 * Answers the thread of each fixed finding and resolves it. Threads someone already resolved are left as
 * they are. Returns the comment ids whose threads were resolved.
 */
export async function resolveFixedThreads(
  keeper: ThreadKeeper,
  fixed: readonly Finding[],
  input: Pick<ThreadsInput, 'commitSha' | 'logger'>
): Promise<number[]> {
  const withComment = fixed.filter(
    (finding): finding is Finding & { commentId: number } => finding.commentId !== undefined
  )
  const resolved: number[] = []
  for (const finding of withComment) {
    const thread = keeper.thread(finding.commentId)
    if (!thread) {
      input.logger.warning(
        `No review thread was found for comment ${finding.commentId} (finding ${finding.id}).`
      )
      continue
    }
    if (thread.isResolved) continue
    if (!(await keeper.reply(finding.commentId, resolvedReply(finding, input.commitSha), finding.id)))
      continue
    if (await keeper.resolve(thread, finding.id)) resolved.push(finding.commentId)
  }
  if (resolved.length > 0) input.logger.info(`Resolved ${resolved.length} thread(s) of fixed findings.`)
  return resolved
}

/**
 * Answers, once, the people who replied in a finding's thread, after the reviewer has read their replies:
 * "Dismissed: …" (and the thread resolved) when it dismissed the finding, its reason when it kept it.
 */
export async function answerReplies(
  keeper: ThreadKeeper,
  replies: ReadonlyMap<string, readonly FindingReply[]>,
  before: readonly Finding[],
  after: readonly Finding[],
  input: Pick<ThreadsInput, 'commitSha' | 'logger'>
): Promise<{ answered: string[]; resolved: number[] }> {
  const answered: string[] = []
  const resolved: number[] = []
  const earlier = new Map(before.map(finding => [finding.id, finding]))
  for (const finding of after) {
    const previous = earlier.get(finding.id)
    if (!replies.has(finding.id) || !previous || finding.commentId === undefined) continue
    // A fixed finding's thread gets its "Resolved in …" reply; one answer per reply is enough.
    if (finding.status === 'resolved' && previous.status === 'open') continue
    const body = replyAnswer(previous, finding, input.commitSha)
    if (!(await keeper.reply(finding.commentId, body, finding.id))) continue
    answered.push(finding.id)
    const thread = keeper.thread(finding.commentId)
    if (
      finding.status !== 'open' &&
      thread &&
      !thread.isResolved &&
      (await keeper.resolve(thread, finding.id))
    )
      resolved.push(finding.commentId)
  }
  if (answered.length > 0) input.logger.info(`Answered the replies in ${answered.length} thread(s).`)
  return { answered, resolved }
}
