import { randomBytes } from 'node:crypto'
import type { Finding } from '../findings/finding.js'
import type { Severity } from '../findings/severity.js'
import type { Octokit } from '../github/client.js'
import { isOwnAccount } from '../github/identity.js'
import {
  listPullRequestComments,
  listReviewComments,
  updateReviewBody,
  type PullRequestRef,
  type ReviewCommentInput
} from '../github/reviews.js'
import { errorMessage } from '../errors.js'
import type { Logger } from '../logger.js'
import { renderReviewBody } from './body.js'
import type { ReviewState } from './marker.js'
import { BODY_BUDGET } from './markdown.js'
import { postReview, type TaggedComment } from './post-review.js'
import { findingIdOf, renderComment } from './render.js'
import { demote, selectFindings, type CommentableLines, type ListedReason } from './select.js'
import { resolveFixedThreads } from './resolve-threads.js'

export interface PublishOptions {
  octokit: Octokit
  graphqlUrl: string
  repository: { owner: string; repo: string }
  prNumber: number
  /** The commit that was reviewed. The review is pinned to it even if the head has moved since. */
  commitSha: string
  /** Every finding of the pull request after this run, open and closed. */
  findings: readonly Finding[]
  summary: string
  coverageNotes: readonly string[]
  lineSet: CommentableLines
  settings: { minSeverity: Severity; maxComments: number; dryRun: boolean }
  /** The state read from the previous review, to tell what this run resolved. */
  previousState?: ReviewState
  viewerLogin: string
  logger: Logger
  /** Wait before retrying after a 5xx, in milliseconds. */
  retryDelayMs?: number
  /**
   * Written into the marker. The same for every attempt of one workflow run, so that a re-run can tell that
   * an attempt which looked failed did post; random when not given.
   */
  runId?: string
}

export interface MovedFinding {
  id: string
  reason: ListedReason
}

export interface PublishResult {
  reviewId?: number
  reviewUrl?: string
  /** Findings posted as inline comments by this review. */
  inlineFindingIds: string[]
  /** Findings meant to be inline that ended up in the body. */
  movedToBody: MovedFinding[]
  /** The findings with the comment ids now known. */
  findings: Finding[]
  /** The body as posted (or as it would have been, on a dry run). */
  body: string
  /** The inline comments as posted (or as they would have been). */
  comments: ReviewCommentInput[]
  compaction: string[]
  /** Thread comment ids whose threads were resolved because their finding was fixed. */
  resolvedThreads: number[]
  dryRun: boolean
}

/** A failure to post. The review that could not be posted rides along, for the job summary. */
export class PublishError extends Error {
  override name = 'PublishError'
  constructor(
    message: string,
    readonly result: PublishResult
  ) {
    super(message)
  }
}

/**
 * Comments already on the pull request map to findings through their hidden tag. This is what stops an open
 * finding from being posted twice, even when the marker does not know its comment id yet.
 */
async function knownCommentIds(options: PublishOptions, pr: PullRequestRef): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  try {
    for (const comment of await listPullRequestComments(options.octokit, pr)) {
      const id = findingIdOf(comment.body)
      if (id === undefined || comment.in_reply_to_id !== undefined) continue
      if (!isOwnAccount(comment.user, options.viewerLogin) || ids.has(id)) continue
      ids.set(id, comment.id)
    }
  } catch (error) {
    options.logger.warning(`Could not list the existing review comments: ${errorMessage(error)}`)
  }
  return ids
}

function withCommentIds(findings: readonly Finding[], ids: ReadonlyMap<string, number>): Finding[] {
  return findings.map(finding => {
    const commentId = finding.commentId ?? ids.get(finding.id)
    return commentId === undefined ? { ...finding } : { ...finding, commentId }
  })
}

/** Posts the one review for this run: summary, inline comments and the marker, then closes fixed threads. */
export async function publishReview(options: PublishOptions): Promise<PublishResult> {
  const { logger, settings } = options
  const pr: PullRequestRef = { ...options.repository, prNumber: options.prNumber }
  const runId = options.runId ?? randomBytes(6).toString('hex')
  let findings = withCommentIds(options.findings, await knownCommentIds(options, pr))
  const previous = options.previousState?.findings ?? []
  const selection = selectFindings(findings, options.lineSet, settings, previous)
  const tagged: TaggedComment[] = selection.inline.map(finding => ({
    findingId: finding.id,
    comment: renderComment(finding)
  }))
  const state: ReviewState = { lastReviewedSha: options.commitSha, runId, findings }
  let compaction: string[] = []
  const renderBody = (rejected: ReadonlySet<string>, budget: number) => {
    const rendered = renderReviewBody(
      {
        summary: options.summary,
        selection: demote(selection, rejected, 'rejected-by-github'),
        coverageNotes: options.coverageNotes,
        state
      },
      budget
    )
    compaction = rendered.compaction
    for (const id of rendered.droppedOpenIds) logger.warning(`Finding ${id} did not fit in the stored state.`)
    return rendered.body
  }
  const body = renderBody(new Set(), BODY_BUDGET)
  const result: PublishResult = {
    inlineFindingIds: tagged.map(c => c.findingId),
    movedToBody: [],
    findings,
    body,
    comments: tagged.map(c => c.comment),
    compaction,
    resolvedThreads: [],
    dryRun: settings.dryRun
  }
  if (settings.dryRun) {
    logger.info(`Dry run: the review with ${tagged.length} inline comment(s) was not posted.`)
    return result
  }

  let outcome
  try {
    outcome = await postReview({
      octokit: options.octokit,
      pr,
      commitSha: options.commitSha,
      runId,
      viewerLogin: options.viewerLogin,
      logger,
      comments: tagged,
      renderBody,
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs })
    })
  } catch (error) {
    // Nothing reached the pull request: the summary must not count these as posted.
    throw new PublishError(errorMessage(error), { ...result, inlineFindingIds: [] })
  }
  const posted = new Set(outcome.postedIds)
  result.reviewId = outcome.review.id
  result.reviewUrl = outcome.review.html_url
  result.body = outcome.body
  result.compaction = compaction
  result.inlineFindingIds = outcome.postedIds
  result.comments = tagged.filter(c => posted.has(c.findingId)).map(c => c.comment)
  result.movedToBody = outcome.rejectedIds.map(id => ({ id, reason: 'rejected-by-github' }))
  logger.info(`Posted review ${outcome.review.id} with ${posted.size} inline comment(s).`)

  try {
    const ids = new Map<string, number>()
    for (const comment of await listReviewComments(options.octokit, pr, outcome.review.id)) {
      const id = findingIdOf(comment.body)
      if (id !== undefined && posted.has(id) && !ids.has(id)) ids.set(id, comment.id)
    }
    findings = withCommentIds(findings, ids)
    result.findings = findings
    const missing = [...posted].filter(id => !ids.has(id))
    if (missing.length > 0)
      logger.warning(`No comment was found for posted finding(s) ${missing.join(', ')}.`)
    if (ids.size > 0) {
      // The comment ids exist only once the review does: write them into its marker, so the state is whole.
      state.findings = findings
      const body = renderBody(new Set(outcome.rejectedIds), outcome.budget)
      await updateReviewBody(options.octokit, pr, outcome.review.id, body)
      result.body = body
      result.compaction = compaction
    }
  } catch (error) {
    // The next run still matches comments to findings by their hidden tags.
    logger.warning(`Could not record the comment ids of review ${outcome.review.id}: ${errorMessage(error)}`)
  }

  result.resolvedThreads = await resolveFixedThreads({
    octokit: options.octokit,
    graphqlUrl: options.graphqlUrl,
    pr,
    fixed: selection.closedThisRun.filter(finding => finding.status === 'resolved'),
    commitSha: options.commitSha,
    logger
  })
  return result
}
