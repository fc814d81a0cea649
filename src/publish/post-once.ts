/*
 * Posting one review so that it lands exactly once and loses no finding.
 *
 * GitHub creates a review all or nothing: one comment it cannot place on the diff fails the whole call with
 * a 422 that does not say which comment. The recovery, in order:
 *
 * 1. After any failure, sweep: list the pull request's reviews and delete Redline's own PENDING reviews (a
 *    failed create can leave one behind, and while it exists GitHub refuses every new review by the same
 *    user). A submitted review carrying this run's id means an attempt that looked failed did land: it is
 *    reused, never posted twice.
 * 2. A 422 about the comments: find the offending ones by bisection, each probe a PENDING review (visible to
 *    nobody else, notifying nobody) that is deleted right after. The offenders move to the body; the rest are
 *    posted. Probing cannot double-post because a probe is never submitted. If probing itself fails or finds
 *    nothing, every comment moves to the body: the findings are then listed rather than inline, not lost.
 * 3. A 422 for a body that is too long: render the body again within a smaller budget.
 * 4. A 5xx, a timeout or a network error: the review may have landed. Sweep, and try again a few times only
 *    when the sweep could list the reviews and found none from this run. When it could not list them (GitHub
 *    rate limits the listing too), posting again could leave two reviews: the run fails instead, keeping
 *    its findings, and a re-run of the job recognises the review by the run id in its marker if it landed.
 */
import type { PullRequestRef } from '../github/refs.js'
import type { Octokit } from '../github/client.js'
import { isOwnAccount } from '../github/identity.js'
import {
  classifyReviewFailure,
  createCommentReview,
  createPendingReview,
  deletePendingReview,
  listReviewComments,
  listReviews,
  type ReviewCommentInput,
  type ReviewRecord
} from '../github/reviews.js'
import { errorMessage } from '../errors.js'
import type { Logger } from '../logger.js'
import { decodeMarker, findingIdOf, isRedlineBody, probeBody } from '../state/marker.js'
import { BODY_BUDGET } from './markdown.js'

export interface TaggedComment {
  findingId: string
  comment: ReviewCommentInput
}

export interface PostInput {
  octokit: Octokit
  pr: PullRequestRef
  commitSha: string
  runId: string
  viewerLogin: string
  logger: Logger
  comments: readonly TaggedComment[]
  /** The body for the current set of rejected findings, within `budget` characters. */
  renderBody(rejectedIds: ReadonlySet<string>, budget: number): string
  /** Wait before retrying after a 5xx, in milliseconds (grows with each retry). */
  retryDelayMs?: number
}

export interface PostOutcome {
  review: ReviewRecord
  postedIds: string[]
  /** Findings whose comments GitHub would not accept, now listed in the body. */
  rejectedIds: string[]
  body: string
  /** The budget the posted body was rendered within: a later edit of the body must keep to it. */
  budget: number
}

export class ReviewPostError extends Error {
  override name = 'ReviewPostError'
  constructor(
    message: string,
    /** GitHub's answer, when there was one. */
    readonly status?: number
  ) {
    super(message)
  }
}

const MAX_ATTEMPTS = 8
const TRANSIENT_RETRIES = 2
const MIN_BUDGET = 4_000

/**
 * A PENDING review of ours that is safe to delete: one Redline wrote, or the empty one GitHub can leave behind
 * after a failed create. An empty review holding comments Redline did not write is someone's draft (when
 * the token is a person's) and is left alone.
 */
async function isStray(input: PostInput, review: ReviewRecord): Promise<boolean> {
  if (isRedlineBody(review.body)) return true
  if (review.body.trim() !== '') return false
  const comments = await listReviewComments(input.octokit, input.pr, review.id)
  return comments.every(comment => findingIdOf(comment.body) !== undefined)
}

/** The submitted review, by this account, whose marker carries this run id: an attempt of this run landed. */
export function reviewOfRun(
  reviews: readonly ReviewRecord[],
  viewerLogin: string,
  runId: string | ((markerRunId: string) => boolean)
): ReviewRecord | undefined {
  const matches = typeof runId === 'string' ? (id: string) => id === runId : runId
  return reviews.findLast(review => {
    if (review.state === 'PENDING' || !isOwnAccount(review.user, viewerLogin)) return false
    const decoded = decodeMarker(review.body)
    return decoded.kind === 'ok' && decoded.state.runId !== undefined && matches(decoded.state.runId)
  })
}

interface Sweep {
  /** Whether the reviews could be listed at all; if not, nothing is known about an earlier attempt. */
  listed: boolean
  /** Why they could not be listed. */
  listError?: string
  landed?: ReviewRecord
  deleted: number
}

async function sweep(input: PostInput): Promise<Sweep> {
  const { octokit, pr, logger } = input
  let reviews: ReviewRecord[]
  try {
    reviews = await listReviews(octokit, pr)
  } catch (error) {
    const listError = errorMessage(error)
    logger.warning(`Could not list the reviews to check the failed attempt: ${listError}`)
    return { listed: false, listError, deleted: 0 }
  }
  let deleted = 0
  for (const review of reviews) {
    if (!isOwnAccount(review.user, input.viewerLogin)) continue
    if (review.state === 'PENDING') {
      try {
        if (!(await isStray(input, review))) {
          logger.warning(
            `Pending review ${review.id} by ${input.viewerLogin} is not Redline's; leaving it alone.`
          )
          continue
        }
        await deletePendingReview(octokit, pr, review.id)
        deleted++
        logger.info(`Deleted pending review ${review.id} left behind by a failed attempt.`)
      } catch (error) {
        logger.warning(`Could not delete pending review ${review.id}: ${errorMessage(error)}`)
      }
    }
  }
  const landed = reviewOfRun(reviews, input.viewerLogin, input.runId)
  return landed ? { listed: true, landed, deleted } : { listed: true, deleted }
}

/** Whether GitHub accepts these comments, asked through a PENDING review that is deleted at once. */
async function probe(input: PostInput, group: readonly TaggedComment[]): Promise<boolean> {
  const { octokit, pr } = input
  let pending: ReviewRecord
  try {
    const draft = {
      commitSha: input.commitSha,
      body: probeBody(input.runId),
      comments: group.map(c => c.comment)
    }
    pending = await createPendingReview(octokit, pr, draft)
  } catch (error) {
    const failure = classifyReviewFailure(error)
    await sweep(input)
    if (failure.kind === 'rejected') return false
    throw error
  }
  await deletePendingReview(octokit, pr, pending.id)
  return true
}

async function offenders(
  input: PostInput,
  group: readonly TaggedComment[],
  knownBad: boolean
): Promise<string[]> {
  if (!knownBad && (await probe(input, group))) return []
  if (group.length === 1) return [(group[0] as TaggedComment).findingId]
  const middle = Math.ceil(group.length / 2)
  const left = await offenders(input, group.slice(0, middle), false)
  const right = await offenders(input, group.slice(middle), false)
  return [...left, ...right]
}

/** The comments to move to the body: those GitHub rejects, or all of them when that cannot be told. */
async function findRejected(input: PostInput, active: readonly TaggedComment[]): Promise<string[]> {
  const everything = active.map(c => c.findingId)
  try {
    const found = await offenders(input, active, true)
    if (found.length > 0) return found
    input.logger.warning(
      'Each comment is accepted on its own but not together; listing them all in the body.'
    )
  } catch (error) {
    input.logger.warning(
      `Could not tell which comments GitHub rejects (${errorMessage(error)}); listing them all.`
    )
  }
  return everything
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** What the attempts so far have learned: what GitHub rejects, how long a body it takes, the retries left. */
interface Attempts {
  rejected: Set<string>
  budget: number
  transientLeft: number
  probed: boolean
  lastFailure: string
}

export async function postReview(input: PostInput): Promise<PostOutcome> {
  const { logger } = input
  const state: Attempts = {
    rejected: new Set(),
    budget: BODY_BUDGET,
    transientLeft: TRANSIENT_RETRIES,
    probed: false,
    lastFailure: ''
  }
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { rejected, budget } = state
    const active = input.comments.filter(c => !rejected.has(c.findingId))
    const body = input.renderBody(rejected, budget)
    const outcome = (review: ReviewRecord): PostOutcome => ({
      review,
      postedIds: active.map(c => c.findingId),
      rejectedIds: [...rejected],
      body,
      budget
    })
    try {
      const draft = { commitSha: input.commitSha, body, comments: active.map(c => c.comment) }
      return outcome(await createCommentReview(input.octokit, input.pr, draft))
    } catch (error) {
      const failure = classifyReviewFailure(error)
      state.lastFailure =
        failure.status === undefined ? failure.message : `${failure.status}: ${failure.message}`
      logger.warning(`Posting the review failed (attempt ${attempt}, ${state.lastFailure}).`)
      if (failure.kind === 'fatal')
        throw new ReviewPostError(`GitHub refused the review (${state.lastFailure}).`, failure.status)
      const swept = await sweep(input)
      if (swept.landed) {
        logger.info(`Review ${swept.landed.id} from this run did land; not posting it again.`)
        return outcome(swept.landed)
      }
      await prepareNextAttempt(input, state, { kind: failure.kind, swept, active })
    }
  }
  throw new ReviewPostError(
    `The review could not be posted after ${MAX_ATTEMPTS} attempts (${state.lastFailure}).`
  )
}

/** After a failure that did not land: throws when another attempt cannot help, else adjusts what is sent. */
async function prepareNextAttempt(
  input: PostInput,
  state: Attempts,
  {
    kind,
    swept,
    active
  }: {
    kind: ReturnType<typeof classifyReviewFailure>['kind']
    swept: Awaited<ReturnType<typeof sweep>>
    active: TaggedComment[]
  }
): Promise<void> {
  const { lastFailure } = state
  if (kind === 'pending-exists' && !swept.listed) {
    throw new ReviewPostError(
      `A pending review by ${input.viewerLogin} blocks new reviews, and the reviews could not be listed to remove it (${swept.listError ?? 'unknown error'})`
    )
  }
  if (kind === 'pending-exists' && swept.deleted === 0) {
    throw new ReviewPostError(
      `A pending review by ${input.viewerLogin} on this pull request blocks new reviews; submit or delete it.`
    )
  }
  if (kind === 'body-too-long') {
    if (state.budget <= MIN_BUDGET)
      throw new ReviewPostError(`GitHub refused even a short review body (${lastFailure}).`)
    state.budget = Math.max(MIN_BUDGET, Math.floor(state.budget * 0.6))
  }
  if (kind === 'rejected') await moveRejected(input, state, active)
  if (kind === 'transient') {
    if (!swept.listed) {
      throw new ReviewPostError(
        `GitHub answered ${lastFailure} and the reviews could not be listed afterwards ` +
          `(${swept.listError ?? 'unknown error'}), so it is unknown whether the review landed; ` +
          'it was not posted again, to leave no duplicate. Re-running the job is safe: it finds this ' +
          "run's review if it landed"
      )
    }
    if (state.transientLeft-- <= 0) throw new ReviewPostError(`GitHub kept failing (${lastFailure}).`)
    await sleep((input.retryDelayMs ?? 2_000) * (TRANSIENT_RETRIES - state.transientLeft))
  }
}

/** Moves to the body the comments GitHub would not place: found by probing once, then all that are left. */
async function moveRejected(input: PostInput, state: Attempts, active: TaggedComment[]): Promise<void> {
  if (active.length === 0) throw new ReviewPostError(`GitHub refused the review (${state.lastFailure}).`)
  const moved = state.probed ? active.map(c => c.findingId) : await findRejected(input, active)
  state.probed = true
  for (const id of moved) state.rejected.add(id)
  input.logger.warning(
    `Moved ${moved.length} comment(s) GitHub would not place on the diff to the body: ${moved.join(', ')}.`
  )
}
