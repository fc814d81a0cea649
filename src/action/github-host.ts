/**
 * The action's host: the prior state is in Redline's own reviews on the pull request, the diff comes from the
 * checked-out workspace (or GitHub's files API), and the result is published as one review.
 */
import type { DiffSource, PriorReview, ReviewHost, ReviewResult } from '../engine/index.js'
import { ConfigurationError, errorMessage, httpStatus } from '../errors.js'
import {
  checksTrustForAuthors,
  checksTrustForPullRequest,
  type ChecksTrustSource
} from '../evidence/index.js'
import type { Git } from '../git/git.js'
import type { Octokit } from '../github/client.js'
import { fetchViewerLogin } from '../github/identity.js'
import { writeAccess } from '../github/permissions.js'
import { listPullCommitAuthors } from '../github/pull-commits.js'
import { getMergeBase, getPullRequest, listPullFiles, type PullRequestInfo } from '../github/pulls.js'
import { listReviews } from '../github/reviews.js'
import { readThreadActivity } from '../github/threads.js'
import type { Logger } from '../logger.js'
import { plural } from '../text/measure.js'
import { reviewOfRun } from '../publish/post-once.js'
import { PublishError, publishReview, type PublishResult } from '../publish/publish-review.js'
import { readThreadReplies, type FindingReply } from '../publish/thread-replies.js'
import { decodeMarker, type ReviewState } from '../state/marker.js'
import { readState } from '../state/read-state.js'
import type { ReviewRequest } from './event.js'
import type { Settings } from './inputs.js'
import { describeOnOpen } from './describe-on-open.js'

/** What the action published: the review, or the one an earlier attempt of this workflow run posted. */
export interface PostedReview {
  reviewId?: number
  reviewUrl?: string
  /** Set when this run published. */
  publish?: PublishResult
}

export interface GitHubHostOptions {
  settings: Settings
  request: ReviewRequest
  octokit: Octokit
  graphqlUrl: string
  workspace: string
  /**
   * The workflow run's job (see workflowRunId) and which attempt of it this is. The marker carries both, so
   * that an attempt can tell a review it posted itself from one an earlier attempt posted.
   */
  run?: { id: string; attempt: number }
}

/** The marker keeps a run id to this many characters. */
const MARKER_RUN_ID_CHARS = 64

/** The run id an attempt writes into its marker: the run's own id on the first attempt, then with `#N`. */
export function markerRunId(run: { id: string; attempt: number }): string {
  if (run.attempt <= 1) return run.id.slice(0, MARKER_RUN_ID_CHARS)
  const suffix = `#${run.attempt}`
  return `${run.id.slice(0, MARKER_RUN_ID_CHARS - suffix.length)}${suffix}`
}

/** Whether a marker's run id is one an earlier attempt of this run wrote. */
function ofEarlierAttempt(run: { id: string; attempt: number }): (markerId: string) => boolean {
  return markerId => {
    for (let attempt = 1; attempt < run.attempt; attempt++) {
      if (markerId === markerRunId({ id: run.id, attempt })) return true
    }
    return false
  }
}

/** Whether a state says its review was finished for `headSha`: nothing pending, nothing interrupted. */
function finishedFor(state: ReviewState, headSha: string): boolean {
  return state.lastReviewedSha === headSha && !state.pendingAll && (state.pending?.length ?? 0) === 0
}

/** What the GitHub host reads once and needs again when it publishes. */
interface GitHubPrior extends PriorReview<PostedReview> {
  pr: PullRequestInfo
  viewerLogin: string
  /** The review the state came from: rewritten in place when nothing new goes inline. */
  stateReviewId?: number
}

export function gitHubHost(options: GitHubHostOptions): ReviewHost<PostedReview> {
  return {
    workspace: options.workspace,
    readPrior: logger => readPriorReview(options, logger),
    diffSource: (_prior, logger) => gitHubSource(options, logger),
    publish: (result, prior, logger) => publishOnGitHub(options, result, prior as GitHubPrior, logger)
  }
}

/** The commit this run reviews: the event's head for pull_request (what the run was started for), else the PR's head now. */
function reviewedCommits(request: ReviewRequest, pr: PullRequestInfo): { headSha: string; baseSha: string } {
  if (request.kind === 'pull_request') return { headSha: request.headSha, baseSha: request.baseSha }
  return { headSha: pr.headSha, baseSha: pr.baseSha }
}

/** The pull request, or a ConfigurationError naming it when it is not there (a dispatch's pr-number, say). */
export async function pullRequestOf(octokit: Octokit, ref: ReviewRequest['pr']): Promise<PullRequestInfo> {
  return getPullRequest(octokit, ref).catch((error: unknown) => {
    if (httpStatus(error) === 404) {
      throw new ConfigurationError(
        `Pull request #${ref.prNumber} was not found in ${ref.owner}/${ref.repo} (or the token cannot read it).`
      )
    }
    throw error
  })
}

/** What is known before Redline's reviews are read: the pull request, the request, and who reviews. */
function priorBase(options: GitHubHostOptions, pr: PullRequestInfo, viewerLogin: string): GitHubPrior {
  const { request } = options
  const ref = request.pr
  return {
    pr,
    viewerLogin,
    ...reviewedCommits(request, pr),
    target: {
      repository: `${ref.owner}/${ref.repo}`,
      number: ref.prNumber,
      title: pr.title,
      body: pr.body,
      ...(pr.author !== undefined ? { author: pr.author } : {}),
      baseRef: pr.baseRef,
      headRef: pr.headRef
    },
    replies: new Map(),
    notes: [],
    // A manual dispatch, the review label added, or a full-review command: someone asked for this review.
    requested:
      request.kind === 'workflow_dispatch' ||
      (request.kind === 'pull_request' && request.action === 'labeled') ||
      (request.kind === 'comment' && request.full),
    againHint:
      request.kind === 'comment'
        ? `comment \`${options.settings.triggerPhrase} full review\``
        : 'set full-review: true',
    checksTrust: checksTrustOf(options, pr)
  }
}

/**
 * Whether the head's code may run: the event and where the head lives say so at once; who wrote its commits
 * is asked of GitHub only when a check is about to run.
 */
function checksTrustOf(options: GitHubHostOptions, pr: PullRequestInfo): ChecksTrustSource {
  const { octokit, request } = options
  const ref = request.pr
  const door = checksTrustForPullRequest({
    event: request.kind === 'pull_request' ? request.event : request.kind,
    prNumber: ref.prNumber,
    baseRepository: `${ref.owner}/${ref.repo}`,
    headRepository: pr.headRepository
  })
  if (!door.run) return door
  return async () =>
    checksTrustForAuthors({
      ...(await listPullCommitAuthors(octokit, ref, pr.commits)),
      hasWriteAccess: writeAccess(octokit, ref)
    })
}

/** The pull request, Redline's identity and its last review's state, with what people did in its threads. */
async function readPriorReview(options: GitHubHostOptions, logger: Logger): Promise<GitHubPrior> {
  const { octokit, request } = options
  const ref = request.pr
  const pr = await pullRequestOf(octokit, ref)
  const base = priorBase(options, pr, await fetchViewerLogin(octokit, options.graphqlUrl))
  const { viewerLogin } = base
  if (pr.state !== 'open')
    return { ...base, skip: { reason: `PR #${ref.prNumber} is ${pr.state}; nothing to review.` } }

  const reviews = await listReviews(octokit, ref)
  const { state: stored, reviewId, warnings } = readState(reviews, viewerLogin, logger)
  const notes = [...warnings]
  // An earlier attempt of this run that finished this head leaves nothing to do; one that was interrupted
  // or left files pending left a state like any other review's, and this attempt finishes it.
  const earlier = options.run ? reviewOfRun(reviews, viewerLogin, ofEarlierAttempt(options.run)) : undefined
  const marker = earlier ? decodeMarker(earlier.body) : undefined
  if (earlier && marker?.kind === 'ok' && finishedFor(marker.state, base.headSha)) {
    return {
      ...base,
      notes,
      skip: {
        reason: `An earlier attempt of this workflow run already posted review ${earlier.html_url}; not posting another.`,
        findings: marker.state.findings,
        delivered: { reviewId: earlier.id, reviewUrl: earlier.html_url }
      }
    }
  }
  if (stored?.pausedBy !== undefined && request.kind === 'pull_request') {
    return {
      ...base,
      notes,
      skip: {
        unreviewed: true,
        reason:
          `Automatic reviews of PR #${ref.prNumber} are paused (@${stored.pausedBy} said pause); comment ` +
          `\`${options.settings.triggerPhrase} resume\` to restart them, or \`${options.settings.triggerPhrase} review\` for one review now.`
      }
    }
  }
  if (!stored) return { ...base, notes }
  const threads = await threadReplies(options, base, stored, logger)
  const state = { ...stored, findings: threads.findings }
  const pending = state.pendingAll ? 'every file' : plural(state.pending?.length ?? 0, 'file')
  logger.info(`Last review: ${state.lastReviewedSha.slice(0, 7)}, ${pending} pending.`)
  return {
    ...base,
    notes,
    state,
    ...(reviewId !== undefined ? { stateReviewId: reviewId } : {}),
    replies: threads.replies,
    ...(threads.repliesSeen !== undefined ? { repliesSeen: threads.repliesSeen } : {})
  }
}

/** What people did in Redline's threads: hand-resolved threads dismiss, replies go to the reviewer. */
async function threadReplies(
  options: GitHubHostOptions,
  prior: GitHubPrior,
  state: ReviewState,
  logger: Logger
): Promise<{
  findings: ReviewState['findings']
  replies: Map<string, FindingReply[]>
  repliesSeen?: number
}> {
  const unchanged = { findings: state.findings, replies: new Map<string, FindingReply[]>() }
  const commentIds = state.findings
    .filter(finding => finding.status === 'open' && finding.commentId !== undefined)
    .map(finding => finding.commentId as number)
  if (commentIds.length === 0) return unchanged
  let threads
  try {
    threads = await readThreadActivity(options.octokit, options.graphqlUrl, options.request.pr, commentIds)
  } catch (error) {
    logger.warning(`Could not read Redline's review threads: ${errorMessage(error)}`)
    return unchanged
  }
  const read = readThreadReplies(state.findings, threads, prior.viewerLogin, state.repliesSeen)
  for (const id of read.dismissedByPeople) {
    const finding = read.findings.find(f => f.id === id)
    logger.info(`Finding ${id} is dismissed: ${finding?.note ?? 'its thread was resolved'}.`)
  }
  if (read.replies.size > 0) logger.info(`New replies in ${plural(read.replies.size, 'thread')}.`)
  return {
    findings: read.findings,
    replies: read.replies,
    ...(read.repliesSeen !== undefined ? { repliesSeen: read.repliesSeen } : {})
  }
}

function gitHubSource(options: GitHubHostOptions, logger: Logger): DiffSource {
  const { request } = options
  return {
    mergeBase: async (baseSha, headSha) => {
      try {
        return await getMergeBase(options.octokit, request.pr, baseSha, headSha)
      } catch (error) {
        logger.warning(`The compare API did not give the merge base (${errorMessage(error)}); asking git.`)
        return undefined
      }
    },
    listFiles: () => listPullFiles(options.octokit, request.pr),
    ...((request.kind === 'pull_request' && request.event === 'pull_request_target') ||
    request.kind === 'comment'
      ? { fetchHead: (git: Git, headSha: string) => fetchPullHead(git, request.pr.prNumber, headSha, logger) }
      : {})
  }
}

/**
 * Under pull_request_target the workspace is the base branch and the head, often a fork's, is not in it.
 * It is fetched from refs/pull/N/head as objects only: never checked out, so nothing from the pull request
 * runs or replaces a file of the workspace. If the pull request moved on since the event, the event's
 * commit is fetched by id.
 */
export async function fetchPullHead(
  git: Git,
  prNumber: number,
  headSha: string,
  logger: Logger
): Promise<void> {
  try {
    if (!(await git.isRepository([headSha])) || (await git.hasCommit(headSha))) return
    await git.fetchRef(`refs/pull/${prNumber}/head`)
    if (!(await git.hasCommit(headSha))) await git.fetchShas([headSha])
  } catch (error) {
    // The diff is loaded next, and falls back to the files API when git cannot give it.
    logger.warning(`Could not fetch the head from refs/pull/${prNumber}/head: ${errorMessage(error)}`)
  }
}

/** One review on the pull request. A failure keeps what it managed (PublishError's result) and says why. */
async function publishOnGitHub(
  options: GitHubHostOptions,
  result: ReviewResult,
  prior: GitHubPrior,
  logger: Logger
) {
  const { settings } = options
  const { end } = result
  try {
    const published = await publishReview({
      octokit: options.octokit,
      graphqlUrl: options.graphqlUrl,
      pr: options.request.pr,
      commitSha: result.headSha,
      findings: result.findings,
      overview: result.overview,
      coverageNotes: result.notes,
      lineSet: result.lineSet,
      settings: {
        minSeverity: settings.minSeverity,
        maxComments: settings.maxComments,
        dryRun: settings.dryRun
      },
      ...(prior.state ? { previousState: prior.state } : {}),
      ...(prior.stateReviewId !== undefined ? { previousReviewId: prior.stateReviewId } : {}),
      ...(result.answerReplies
        ? {
            replies: prior.replies,
            ...(prior.repliesSeen !== undefined ? { repliesSeen: prior.repliesSeen } : {})
          }
        : {}),
      pending: result.pending,
      coverage: result.coverage,
      ...(result.run ? { run: result.run } : {}),
      ...(end.kind === 'interrupted' ? { interrupted: end.error.message } : {}),
      ...(end.kind === 'budget' ? { budgetRanOut: end.budget } : {}),
      ...(result.walkthrough ? { walkthrough: result.walkthrough } : {}),
      ...(settings.walkthrough ? { walkthroughMode: settings.walkthrough } : {}),
      viewerLogin: prior.viewerLogin,
      ...(result.evidence ? { evidence: result.evidence } : {}),
      ...(options.run ? { runId: markerRunId(options.run) } : {}),
      logger
    })
    if (result.description && !settings.dryRun)
      await describeOnOpen(options.octokit, options.request.pr, result.description, logger)
    return { findings: published.findings, delivered: postedReview(published) }
  } catch (error) {
    const status = error instanceof PublishError ? error.status : httpStatus(error)
    const failure = { message: errorMessage(error), ...(status !== undefined ? { status } : {}) }
    if (!(error instanceof PublishError)) return { findings: result.findings, error: failure }
    return { findings: error.result.findings, delivered: postedReview(error.result), error: failure }
  }
}

function postedReview(published: PublishResult): PostedReview {
  return {
    ...(published.reviewId !== undefined ? { reviewId: published.reviewId } : {}),
    ...(published.reviewUrl !== undefined ? { reviewUrl: published.reviewUrl } : {}),
    publish: published
  }
}
