import { isOwnAccount } from '../github/identity.js'
import type { Logger } from '../logger.js'
import { decodeMarker, hasMarker, type ReviewState } from './marker.js'

/** The fields of a REST review that reading state needs. */
export interface ReviewLike {
  id: number
  user?: { login: string; type?: string } | null
  body?: string | null
  state?: string
  submitted_at?: string | null
}

export interface ReadStateResult {
  state?: ReviewState
  /** The review the state came from. */
  reviewId?: number
  warnings: string[]
}

/**
 * The newest state in a submitted review by Redline's own identity: the valid marker with the highest
 * sequence number, newest review first among equals (a quiet push rewrites an older review's body, so the
 * newest review need not hold the newest state). Markers in anyone else's reviews are ignored: a marker is
 * trusted only because Redline wrote it. A broken marker is reported and skipped, so a damaged review costs
 * a fresh start rather than a failed run.
 */
export function readState(
  reviews: readonly ReviewLike[],
  viewerLogin: string,
  logger: Logger
): ReadStateResult {
  const warnings: string[] = []
  const ours = reviews
    .filter(review => review.state !== 'PENDING' && hasMarker(review.body))
    .filter(review => {
      if (isOwnAccount(review.user, viewerLogin)) return true
      logger.debug(
        `Ignoring a Redline marker in review ${review.id} by ${review.user?.login ?? 'an unknown user'}.`
      )
      return false
    })
    .sort((a, b) => (a.submitted_at ?? '').localeCompare(b.submitted_at ?? '') || a.id - b.id)
  let best: { state: ReviewState; reviewId: number; at: number } | undefined
  const broken: Array<{ at: number; message: string }> = []
  ours.reverse().forEach((review, at) => {
    const decoded = decodeMarker(review.body)
    if (decoded.kind === 'ok') {
      if (!best || (decoded.state.seq ?? 0) > (best.state.seq ?? 0))
        best = { state: decoded.state, reviewId: review.id, at }
    } else if (decoded.kind === 'invalid') {
      broken.push({ at, message: `Ignoring the state in Redline's review ${review.id}: ${decoded.reason}.` })
    }
  })
  // A broken marker older than the state used is history; a newer one may have held later findings.
  for (const { at, message } of broken) {
    if (best && at > best.at) {
      logger.debug(message)
      continue
    }
    warnings.push(message)
    logger.warning(message)
  }
  if (best) return { state: best.state, reviewId: best.reviewId, warnings }
  if (warnings.length > 0) {
    const message = 'No usable Redline state was found; this run reviews the pull request from scratch.'
    warnings.push(message)
    logger.warning(message)
  }
  return { warnings }
}
