import { loadIncrementalDiff } from '../diff/incremental.js'
import type { DiffFile } from '../diff/model.js'
import type { Finding } from '../findings/finding.js'
import { carryFindings, type CarriedChange } from '../findings/reconcile.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import type { ReviewState } from '../state/marker.js'

/** What one run looks at: the files to review, and the earlier findings carried to the head. */
export interface Increment {
  files: DiffFile[]
  carried: Finding[]
  changes: Map<string, CarriedChange>
  notes: string[]
  sinceSha?: string
  /** Files the last review did not cover, reviewed whole again in this run. */
  carriedOver: string[]
}

/** How this run relates to the last review. The one place that decides whether there is anything to do. */
export type PriorDecision =
  { kind: 'first' } | { kind: 'already-reviewed'; reason: string } | { kind: 'again' }

export function decideFromState(
  state: ReviewState | undefined,
  headSha: string,
  options: { requested: boolean; fullReview: boolean; againHint: string }
): PriorDecision {
  if (!state) return { kind: 'first' }
  const nothingPending = !state.pendingAll && (state.pending?.length ?? 0) === 0
  // A review asked for by hand is a request to look again; so is full-review. An event for a covered head is not.
  if (state.lastReviewedSha === headSha && nothingPending && !options.requested && !options.fullReview) {
    return {
      kind: 'already-reviewed',
      reason: `Commit ${headSha.slice(0, 7)} was already reviewed; ${options.againHint} to review it again.`
    }
  }
  return { kind: 'again' }
}

/**
 * What this run looks at. With an earlier review, only what changed since it (unless full-review), plus the
 * files it left pending, and the earlier findings followed to where their code is now.
 */
export async function sinceLastReview(options: {
  git: Git
  prFiles: DiffFile[]
  state: ReviewState | undefined
  headSha: string
  fullReview: boolean
  logger: Logger
}): Promise<Increment> {
  const { git, prFiles, state, headSha, logger } = options
  if (!state) return { files: prFiles, carried: [], changes: new Map(), notes: [], carriedOver: [] }
  const incremental = await loadIncrementalDiff({
    git,
    fromSha: state.lastReviewedSha,
    headSha,
    prFiles,
    logger
  })
  const carried = carryFindings(state.findings, incremental.lineMap, incremental.files)
  const sameCommit = state.lastReviewedSha === headSha
  const nothingPending = !state.pendingAll && (state.pending?.length ?? 0) === 0
  const whole =
    options.fullReview || incremental.fellBack || state.pendingAll === true || (sameCommit && nothingPending)
  const scope: Increment = {
    files: whole ? prFiles : incremental.files,
    carried: carried.findings,
    changes: carried.changes,
    notes: [...incremental.notes],
    carriedOver: []
  }
  if (whole) return scope
  scope.sinceSha = state.lastReviewedSha
  // A pending file is reviewed with its whole pull-request diff, which contains its incremental one.
  const pending = new Set((state.pending ?? []).map(file => file.path))
  const prByPath = new Map(prFiles.map(file => [file.path, file]))
  const files = incremental.files.filter(file => !pending.has(file.path))
  for (const path of pending) {
    const file = prByPath.get(path)
    if (!file) continue
    files.push(file)
    scope.carriedOver.push(path)
  }
  const order = new Map(prFiles.map((file, i) => [file.path, i]))
  scope.files = files.sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0))
  return scope
}
