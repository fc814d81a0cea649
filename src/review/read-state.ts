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
 * The state of the latest submitted review by Redline's own identity that carries a valid marker. Markers in
 * anyone else's reviews are ignored: a marker is trusted only because Redline wrote it. A broken marker is
 * reported and skipped, so a damaged review costs a fresh start rather than a failed run.
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
  for (const review of ours.reverse()) {
    const decoded = decodeMarker(review.body)
    if (decoded.kind === 'ok') return { state: decoded.state, reviewId: review.id, warnings }
    if (decoded.kind === 'invalid') {
      const message = `Ignoring the state in Redline's review ${review.id}: ${decoded.reason}.`
      warnings.push(message)
      logger.warning(message)
    }
  }
  if (warnings.length > 0) {
    const message = 'No usable Redline state was found; this run reviews the pull request from scratch.'
    warnings.push(message)
    logger.warning(message)
  }
  return { warnings }
}
