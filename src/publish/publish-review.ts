import { randomBytes } from 'node:crypto'
import type { Finding } from '../findings/finding.js'
import type { Severity } from '../findings/severity.js'
import type { PullRequestRef } from '../github/refs.js'
import type { Octokit } from '../github/client.js'
import { isOwnAccount } from '../github/identity.js'
import {
  listPullRequestComments,
  listReviewComments,
  updateReviewBody,
  type ReviewCommentInput
} from '../github/reviews.js'
import { errorMessage, httpStatus } from '../errors.js'
import type { Logger } from '../logger.js'
import { renderReviewBody, type EvidenceLine, type ReviewCoverage } from './body.js'
import { MAX_RUNS_KEPT, type PendingFile, type ReviewState, type RunRecord } from '../state/marker.js'
import { BODY_BUDGET } from './markdown.js'
import { postReview, type TaggedComment } from './post-once.js'
import { findingIdOf } from '../state/marker.js'
import { renderComment } from './comment.js'
import { demote, selectFindings, type CommentableLines, type MovedFinding } from './select.js'
import type { FindingReply } from './thread-replies.js'
import type { Walkthrough, WalkthroughMode } from '../findings/walkthrough.js'
import { renderWalkthrough } from './walkthrough-section.js'
import { answerReplies, resolveFixedThreads, ThreadKeeper } from './resolve-threads.js'

export interface PublishOptions {
  octokit: Octokit
  graphqlUrl: string
  pr: PullRequestRef
  /** The commit that was reviewed. The review is pinned to it even if the head has moved since. */
  commitSha: string
  /** Every finding of the pull request after this run, open and closed. */
  findings: readonly Finding[]
  /** The review's opening paragraph. */
  overview: string
  coverageNotes: readonly string[]
  lineSet: CommentableLines
  settings: { minSeverity: Severity; maxComments: number; dryRun: boolean }
  /** The state read from the previous review, to tell what this run resolved. */
  previousState?: ReviewState
  /** The review that state came from: rewritten instead of posting a new one when nothing new goes inline. */
  previousReviewId?: number
  /** People's replies the reviewer has now seen, per finding, to be answered once. */
  replies?: ReadonlyMap<string, readonly FindingReply[]>
  /** The highest reply id handled, for the state. */
  repliesSeen?: number
  /** Files not covered up to commitSha, written into the state for the next run. */
  pending?: PendingFile[]
  /** What this run covered, for the body. */
  coverage?: ReviewCoverage
  /** This run's account, added to the state's run history. */
  run?: RunRecord
  /** Why the review is incomplete, when it was interrupted. */
  interrupted?: string
  /** The budget that ran out, when one did. */
  budgetRanOut?: string
  /** The walkthrough of the whole pull request, shown as `walkthroughMode` says and kept in the marker. */
  walkthrough?: Walkthrough
  walkthroughMode?: WalkthroughMode
  viewerLogin: string
  /** Each evidence file and check with how it fared, listed in the body. */
  evidence?: readonly EvidenceLine[]
  logger: Logger
  /** Wait before retrying after a 5xx, in milliseconds. */
  retryDelayMs?: number
  /**
   * Written into the marker. The same for every attempt of one workflow run, so that a re-run can tell that
   * an attempt which looked failed did post; random when not given.
   */
  runId?: string
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
  /** Thread comment ids whose threads were resolved because their finding was fixed or dismissed. */
  resolvedThreads: number[]
  dryRun: boolean
  /** The previous review's body was rewritten instead of posting a new review (nothing new went inline). */
  updatedPrevious?: boolean
  /** The walkthrough section of the body, for the job summary. */
  walkthrough?: string
}

/** A failure to post. The review that could not be posted rides along, for the job summary. */
export class PublishError extends Error {
  override name = 'PublishError'
  constructor(
    message: string,
    readonly result: PublishResult,
    /** GitHub's HTTP status, when it answered. */
    readonly status?: number
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

/** Posts the one review for this run: overview, inline comments and the marker, then closes fixed threads. */
export async function publishReview(options: PublishOptions): Promise<PublishResult> {
  const { logger, settings, pr } = options
  const runId = options.runId ?? randomBytes(6).toString('hex')
  const findings = withCommentIds(options.findings, await knownCommentIds(options, pr))
  const previous = options.previousState?.findings ?? []
  const selection = selectFindings(findings, options.lineSet, settings, previous)
  const tagged: TaggedComment[] = selection.inline.map(finding => ({
    findingId: finding.id,
    comment: renderComment(finding)
  }))
  const state = nextState(options, findings, runId)
  const renderer = new BodyRenderer(options, selection, state)
  const body = renderer.render(new Set(), BODY_BUDGET)
  const walkthrough = walkthroughSections(options).walkthrough?.full
  const result: PublishResult = {
    inlineFindingIds: tagged.map(c => c.findingId),
    movedToBody: [],
    findings,
    body,
    comments: tagged.map(c => c.comment),
    compaction: renderer.compaction,
    resolvedThreads: [],
    dryRun: settings.dryRun,
    ...(walkthrough ? { walkthrough } : {})
  }
  if (settings.dryRun) {
    logger.info(`Dry run: the review with ${tagged.length} inline comment(s) was not posted.`)
    return result
  }
  if (tagged.length === 0 && options.previousReviewId !== undefined && options.previousState) {
    await rewritePreviousReview(options, options.previousReviewId, result)
  } else {
    const outcome = await postNewReview(options, { runId, tagged, renderer }, result)
    await recordCommentIds(options, outcome, { state, renderer }, result)
  }
  result.resolvedThreads = await keepThreads(options, pr, selection.closedThisRun, result.findings)
  return result
}

/** The state the review's marker carries: what this run reviewed and found, and what earlier runs left. */
function nextState(options: PublishOptions, findings: Finding[], runId: string): ReviewState {
  const state: ReviewState = {
    lastReviewedSha: options.commitSha,
    runId,
    findings,
    seq: (options.previousState?.seq ?? 0) + 1
  }
  if (options.pending && options.pending.length > 0) state.pending = options.pending
  if (options.walkthrough) state.walkthrough = options.walkthrough
  const repliesSeen = options.repliesSeen ?? options.previousState?.repliesSeen
  if (repliesSeen !== undefined) state.repliesSeen = repliesSeen
  const runs = [...(options.previousState?.runs ?? []), ...(options.run ? [options.run] : [])]
  if (runs.length > 0) state.runs = runs.slice(-MAX_RUNS_KEPT)
  // A pause outlives the reviews that commands still run.
  if (options.previousState?.pausedBy !== undefined) state.pausedBy = options.previousState.pausedBy
  return state
}

/** The walkthrough section whole, and the shorter one for a body that must shrink. */
function walkthroughSections(options: PublishOptions): { walkthrough?: { full: string; lean: string } } {
  if (!options.walkthrough) return {}
  return {
    walkthrough: {
      full: renderWalkthrough(options.walkthrough, options.walkthroughMode),
      lean: renderWalkthrough(options.walkthrough, options.walkthroughMode, 20)
    }
  }
}

/** Renders the body for a budget, with the findings GitHub rejected moved into it; keeps the last compaction. */
class BodyRenderer {
  compaction: string[] = []

  constructor(
    private readonly options: PublishOptions,
    private readonly selection: ReturnType<typeof selectFindings>,
    private readonly state: ReviewState
  ) {}

  render(rejected: ReadonlySet<string>, budget: number): string {
    const { options } = this
    const rendered = renderReviewBody(
      {
        overview: options.overview,
        selection: demote(this.selection, rejected, 'rejected-by-github'),
        coverageNotes: options.coverageNotes,
        state: this.state,
        ...(options.coverage ? { coverage: options.coverage } : {}),
        ...(options.interrupted !== undefined ? { interrupted: options.interrupted } : {}),
        ...(options.budgetRanOut !== undefined ? { budgetRanOut: options.budgetRanOut } : {}),
        ...(options.evidence ? { evidence: options.evidence } : {}),
        ...walkthroughSections(options)
      },
      budget
    )
    this.compaction = rendered.compaction
    for (const id of rendered.droppedOpenIds)
      options.logger.warning(`Finding ${id} did not fit in the stored state.`)
    return rendered.body
  }
}

/** Nothing new for the author to look at: rewrites the last review's body, which notifies no one. */
async function rewritePreviousReview(
  options: PublishOptions,
  reviewId: number,
  result: PublishResult
): Promise<void> {
  try {
    const review = await updateReviewBody(options.octokit, options.pr, reviewId, result.body)
    result.reviewId = reviewId
    result.reviewUrl = review.html_url
    result.updatedPrevious = true
    options.logger.info(`Nothing new goes inline: updated review ${reviewId} instead of posting one.`)
  } catch (error) {
    throw new PublishError(errorMessage(error), result, httpStatus(error))
  }
}

type PostOutcome = Awaited<ReturnType<typeof postReview>>

/** Posts a new review exactly once and records in `result` what GitHub took of it. */
async function postNewReview(
  options: PublishOptions,
  { runId, tagged, renderer }: { runId: string; tagged: TaggedComment[]; renderer: BodyRenderer },
  result: PublishResult
): Promise<PostOutcome> {
  let outcome: PostOutcome
  try {
    outcome = await postReview({
      octokit: options.octokit,
      pr: options.pr,
      commitSha: options.commitSha,
      runId,
      viewerLogin: options.viewerLogin,
      logger: options.logger,
      comments: tagged,
      renderBody: (rejected, budget) => renderer.render(rejected, budget),
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs })
    })
  } catch (error) {
    // Nothing reached the pull request: the summary must not count these as posted.
    throw new PublishError(errorMessage(error), { ...result, inlineFindingIds: [] }, httpStatus(error))
  }
  const posted = new Set(outcome.postedIds)
  result.reviewId = outcome.review.id
  result.reviewUrl = outcome.review.html_url
  result.body = outcome.body
  result.compaction = renderer.compaction
  result.inlineFindingIds = outcome.postedIds
  result.comments = tagged.filter(c => posted.has(c.findingId)).map(c => c.comment)
  result.movedToBody = outcome.rejectedIds.map(id => ({ id, reason: 'rejected-by-github' }))
  options.logger.info(`Posted review ${outcome.review.id} with ${posted.size} inline comment(s).`)
  return outcome
}

/**
 * The comment ids exist only once the review does: reads them back and writes them into its marker, so the
 * state is whole. Failing that, the next run still matches comments to findings by their hidden tags.
 */
async function recordCommentIds(
  options: PublishOptions,
  outcome: PostOutcome,
  { state, renderer }: { state: ReviewState; renderer: BodyRenderer },
  result: PublishResult
): Promise<void> {
  const { logger } = options
  const posted = new Set(outcome.postedIds)
  try {
    const ids = new Map<string, number>()
    for (const comment of await listReviewComments(options.octokit, options.pr, outcome.review.id)) {
      const id = findingIdOf(comment.body)
      if (id !== undefined && posted.has(id) && !ids.has(id)) ids.set(id, comment.id)
    }
    result.findings = withCommentIds(result.findings, ids)
    const missing = [...posted].filter(id => !ids.has(id))
    if (missing.length > 0)
      logger.warning(`No comment was found for posted finding(s) ${missing.join(', ')}.`)
    if (ids.size === 0) return
    state.findings = result.findings
    const body = renderer.render(new Set(outcome.rejectedIds), outcome.budget)
    await updateReviewBody(options.octokit, options.pr, outcome.review.id, body)
    result.body = body
    result.compaction = renderer.compaction
  } catch (error) {
    logger.warning(`Could not record the comment ids of review ${outcome.review.id}: ${errorMessage(error)}`)
  }
}

/** Closes the threads of fixed findings and answers the replies the reviewer has now seen. */
async function keepThreads(
  options: PublishOptions,
  pr: PullRequestRef,
  closedThisRun: readonly Finding[],
  findings: readonly Finding[]
): Promise<number[]> {
  const fixed = closedThisRun.filter(finding => finding.status === 'resolved')
  const replies = options.replies ?? new Map<string, readonly FindingReply[]>()
  const commentIds = [...fixed, ...findings.filter(finding => replies.has(finding.id))]
    .map(finding => finding.commentId)
    .filter((id): id is number => id !== undefined)
  if (commentIds.length === 0) return []
  const threads = { ...options, pr, commitSha: options.commitSha, logger: options.logger }
  const keeper = new ThreadKeeper(threads)
  if (!(await keeper.load(commentIds))) return []
  const resolved = await resolveFixedThreads(keeper, fixed, threads)
  const answers = await answerReplies(
    keeper,
    replies,
    options.previousState?.findings ?? [],
    findings,
    threads
  )
  return [...resolved, ...answers.resolved]
}
