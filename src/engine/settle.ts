import type { ReviewCoverage } from '../publish/body.js'
import type { PendingFile, ReviewState } from '../state/marker.js'

/**
 * The files the next run must review whole: what this run's model did not see, or, when it was interrupted,
 * everything it was to review. Each keeps the last commit at which it had been covered, if any.
 */
export function pendingAfter(
  state: ReviewState | undefined,
  reviewable: readonly string[],
  uncovered: readonly string[],
  interrupted: boolean
): PendingFile[] {
  const before = new Map((state?.pending ?? []).map(file => [file.path, file]))
  const paths = interrupted ? reviewable : uncovered
  return paths.map(path => {
    const earlier = before.get(path)
    if (earlier) return { ...earlier }
    // Not pending last time: covered up to the last reviewed commit.
    return state && !state.pendingAll ? { path, coveredSha: state.lastReviewedSha } : { path }
  })
}

export function coverageOf(reviewable: number, pending: readonly PendingFile[]): ReviewCoverage {
  return { reviewed: reviewable - pending.length, reviewable, pending: pending.map(file => file.path) }
}
