import type { Side } from '../diff/model.js'
import type { PullRequestRef } from './refs.js'
import { GitHubTimeoutError, type Octokit } from './client.js'
import type { AccountRef } from './identity.js'
import { pullParams } from './pulls.js'

/** One entry of `comments` in the create-review payload, in GitHub's field names. */
export interface ReviewCommentInput {
  path: string
  body: string
  line: number
  side: Side
  start_line?: number
  start_side?: Side
}

export interface ReviewDraft {
  /** The commit that was reviewed, which may no longer be the head. */
  commitSha: string
  body: string
  comments: ReviewCommentInput[]
}

export interface ReviewRecord {
  id: number
  user: AccountRef | null
  body: string
  state: string
  commit_id: string | null
  submitted_at?: string | null
  html_url: string
}

export interface ReviewCommentRecord {
  id: number
  body: string
  user: AccountRef | null
  path: string
  in_reply_to_id?: number
  pull_request_review_id: number | null
}

/**
 * Redline comments; it never approves and never requests changes. There is no parameter for the event, so no
 * caller can send another one.
 */
const REVIEW_EVENT = 'COMMENT' as const

function account(user: AccountRef): AccountRef {
  return user.type === undefined ? { login: user.login } : { login: user.login, type: user.type }
}

/** Keeps only the fields Redline reads of Octokit's much larger review object. */
function review(data: ReviewRecord): ReviewRecord {
  const { id, user, body, state, commit_id, submitted_at, html_url } = data
  const record: ReviewRecord = { id, user: user ? account(user) : null, body, state, commit_id, html_url }
  if (submitted_at !== undefined) record.submitted_at = submitted_at
  return record
}

/**
 * Octokit's retry is off for these requests: a timeout or 5xx may still have created the review, and only the
 * caller, which can look for it first, may decide to send it again.
 */
async function createReview(
  octokit: Octokit,
  pr: PullRequestRef,
  draft: ReviewDraft,
  event: typeof REVIEW_EVENT | undefined
): Promise<ReviewRecord> {
  const { data } = await octokit.rest.pulls.createReview({
    ...pullParams(pr),
    commit_id: draft.commitSha,
    body: draft.body,
    ...(event ? { event } : {}),
    comments: draft.comments,
    request: { retries: 0 }
  })
  return review(data)
}

/** Posts the review, always as a plain COMMENT, in one call. */
export async function createCommentReview(
  octokit: Octokit,
  pr: PullRequestRef,
  draft: ReviewDraft
): Promise<ReviewRecord> {
  return createReview(octokit, pr, draft, REVIEW_EVENT)
}

/** A review without an event stays PENDING: visible only to its author, notifying nobody. */
export async function createPendingReview(
  octokit: Octokit,
  pr: PullRequestRef,
  draft: ReviewDraft
): Promise<ReviewRecord> {
  return createReview(octokit, pr, draft, undefined)
}

/** Only a PENDING review can be deleted; GitHub refuses submitted ones. */
export async function deletePendingReview(
  octokit: Octokit,
  pr: PullRequestRef,
  reviewId: number
): Promise<void> {
  await octokit.rest.pulls.deletePendingReview({
    ...pullParams(pr),
    review_id: reviewId
  })
}

/** Replaces a submitted review's body; GitHub sends no notification for the edit. */
export async function updateReviewBody(
  octokit: Octokit,
  pr: PullRequestRef,
  reviewId: number,
  body: string
): Promise<{ html_url: string }> {
  const { data } = await octokit.rest.pulls.updateReview({
    ...pullParams(pr),
    review_id: reviewId,
    body
  })
  return { html_url: data.html_url }
}

/** Every review on the pull request, oldest first; the caller's own PENDING review is included. */
export async function listReviews(octokit: Octokit, pr: PullRequestRef): Promise<ReviewRecord[]> {
  const data = await octokit.paginate(octokit.rest.pulls.listReviews, {
    ...pullParams(pr),
    per_page: 100
  })
  return data.map(review)
}

function comment(data: ReviewCommentRecord): ReviewCommentRecord {
  const { id, body, user, path, in_reply_to_id, pull_request_review_id } = data
  const record: ReviewCommentRecord = {
    id,
    body,
    user: user ? account(user) : null,
    path,
    pull_request_review_id
  }
  if (in_reply_to_id !== undefined) record.in_reply_to_id = in_reply_to_id
  return record
}

export async function listReviewComments(
  octokit: Octokit,
  pr: PullRequestRef,
  reviewId: number
): Promise<ReviewCommentRecord[]> {
  const data = await octokit.paginate(octokit.rest.pulls.listCommentsForReview, {
    ...pullParams(pr),
    review_id: reviewId,
    per_page: 100
  })
  return data.map(entry =>
    comment({ ...entry, user: entry.user ?? null, pull_request_review_id: entry.pull_request_review_id })
  )
}

/** Every inline comment on the pull request, across all reviews. */
export async function listPullRequestComments(
  octokit: Octokit,
  pr: PullRequestRef
): Promise<ReviewCommentRecord[]> {
  const data = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
    ...pullParams(pr),
    per_page: 100
  })
  return data.map(entry => comment({ ...entry, user: entry.user ?? null }))
}

export async function replyToComment(
  octokit: Octokit,
  pr: PullRequestRef,
  commentId: number,
  body: string
): Promise<number> {
  const { data } = await octokit.rest.pulls.createReplyForReviewComment({
    ...pullParams(pr),
    comment_id: commentId,
    body
  })
  return data.id
}

export type ReviewFailureKind =
  /** Another PENDING review by the same user blocks every new review on the pull request. */
  | 'pending-exists'
  | 'body-too-long'
  /** A 422 about the inline comments (a line not in the diff, a range across hunks…). */
  | 'rejected'
  /** 5xx, timeouts and network errors: the review may or may not have been created. */
  | 'transient'
  | 'fatal'

export interface ReviewFailure {
  kind: ReviewFailureKind
  status?: number
  message: string
}

function errorDetails(error: unknown): { status?: number; text: string } {
  const e = error as { status?: unknown; message?: unknown; response?: { data?: unknown }; cause?: unknown }
  // Octokit reports a request that got no answer as a 500; GitHub never said that.
  const unanswered = e?.cause instanceof GitHubTimeoutError || e instanceof GitHubTimeoutError
  const status = typeof e?.status === 'number' && !unanswered ? e.status : undefined
  const data = e?.response?.data as { message?: unknown; errors?: unknown } | undefined
  const errors = Array.isArray(data?.errors) ? data.errors : []
  const parts = [
    typeof data?.message === 'string'
      ? data.message
      : typeof e?.message === 'string'
        ? e.message
        : String(error),
    ...errors.map(item => (typeof item === 'string' ? item : JSON.stringify(item)))
  ]
  return status === undefined ? { text: parts.join('; ') } : { status, text: parts.join('; ') }
}

/** Sorts a failed create-review call by what can be done about it. */
export function classifyReviewFailure(error: unknown): ReviewFailure {
  const { status, text } = errorDetails(error)
  const failure = (kind: ReviewFailureKind): ReviewFailure =>
    status === undefined ? { kind, message: text } : { kind, status, message: text }
  if (status === 422) {
    if (/one pending review/i.test(text)) return failure('pending-exists')
    if (/too long|maximum is \d+ characters|characters are allowed/i.test(text))
      return failure('body-too-long')
    // The reviewed commit left the pull request (a force push): no comment can be placed, so probing is moot.
    if (/commit ?oid is not part of the pull request|commit_id/i.test(text)) return failure('fatal')
    return failure('rejected')
  }
  if (status === undefined || status >= 500 || status === 408) return failure('transient')
  return failure('fatal')
}
