import type { Finding } from '../findings/finding.js'
import type { Octokit } from '../github/client.js'
import { replyToComment, type PullRequestRef } from '../github/reviews.js'
import { findThreadsByCommentId, resolveThread } from '../github/threads.js'
import { errorMessage } from '../errors.js'
import type { Logger } from '../logger.js'
import { inline } from './markdown.js'

export interface ResolveInput {
  octokit: Octokit
  graphqlUrl: string
  pr: PullRequestRef
  /** Findings this run found fixed. */
  fixed: readonly Finding[]
  commitSha: string
  logger: Logger
}

export function resolvedReply(finding: Finding, commitSha: string): string {
  const note = finding.note ? inline(finding.note, 300) : ''
  return `Resolved in ${commitSha.slice(0, 7)}${note === '' ? '.' : `: ${note}`}`
}

/**
 * Answers the thread of each fixed finding and resolves it. This is bookkeeping after the review has landed:
 * a failure is a warning, never a failed run. Threads someone already resolved are left as they are.
 * Returns the comment ids whose threads were resolved.
 */
export async function resolveFixedThreads(input: ResolveInput): Promise<number[]> {
  const { logger } = input
  const withComment = input.fixed.filter(
    (finding): finding is Finding & { commentId: number } => finding.commentId !== undefined
  )
  if (withComment.length === 0) return []
  let threads
  try {
    threads = await findThreadsByCommentId(
      input.octokit,
      input.graphqlUrl,
      input.pr,
      withComment.map(finding => finding.commentId)
    )
  } catch (error) {
    logger.warning(`Could not look up the review threads to resolve: ${errorMessage(error)}`)
    return []
  }
  const resolved: number[] = []
  for (const finding of withComment) {
    const thread = threads.get(finding.commentId)
    if (!thread) {
      logger.warning(`No review thread was found for comment ${finding.commentId} (finding ${finding.id}).`)
      continue
    }
    if (thread.isResolved) continue
    try {
      await replyToComment(
        input.octokit,
        input.pr,
        finding.commentId,
        resolvedReply(finding, input.commitSha)
      )
      if (await resolveThread(input.octokit, input.graphqlUrl, thread.threadId))
        resolved.push(finding.commentId)
      else logger.warning(`GitHub did not resolve the thread of finding ${finding.id}.`)
    } catch (error) {
      logger.warning(`Could not close the thread of finding ${finding.id}: ${errorMessage(error)}`)
    }
  }
  if (resolved.length > 0) logger.info(`Resolved ${resolved.length} thread(s) of fixed findings.`)
  return resolved
}
