import { loadIncrementalDiff } from './diff/incremental.js'
import type { DiffFile } from './diff/model.js'
import type { Finding } from './findings/finding.js'
import { carryFindings, type CarriedChange } from './findings/reconcile.js'
import type { Git } from './git/git.js'
import type { Logger } from './logger.js'
import type { ReviewState } from './review/marker.js'

/** What one run looks at: the files to review, and the earlier findings carried to the head. */
export interface Scope {
  files: DiffFile[]
  carried: Finding[]
  changes: Map<string, CarriedChange>
  notes: string[]
  sinceSha?: string
}

/**
 * What this run looks at. With an earlier review, only what changed since it (unless full-review), and the
 * earlier findings followed to where their code is now.
 */
export async function scopeOfReview(options: {
  git: Git
  prFiles: DiffFile[]
  state: ReviewState | undefined
  headSha: string
  fullReview: boolean
  logger: Logger
}): Promise<Scope> {
  const { git, prFiles, state, headSha, logger } = options
  if (!state) return { files: prFiles, carried: [], changes: new Map(), notes: [] }
  const incremental = await loadIncrementalDiff({
    git,
    fromSha: state.lastReviewedSha,
    headSha,
    prFiles,
    logger
  })
  const carried = carryFindings(state.findings, incremental.lineMap, incremental.files)
  const sameCommit = state.lastReviewedSha === headSha
  const whole = options.fullReview || incremental.fellBack || sameCommit
  const scope: Scope = {
    files: whole ? prFiles : incremental.files,
    carried: carried.findings,
    changes: carried.changes,
    notes: [...incremental.notes]
  }
  if (!whole) scope.sinceSha = state.lastReviewedSha
  return scope
}

export function lineChangesForAgent(
  changes: ReadonlyMap<string, CarriedChange>
): Record<string, 'changed' | 'deleted'> {
  const result: Record<string, 'changed' | 'deleted'> = {}
  for (const [id, change] of changes) {
    if (change === 'removed') result[id] = 'deleted'
    else if (change !== 'unchanged') result[id] = 'changed'
  }
  return result
}

/** Whether any finding's status differs from the last review's. */
export function statusChanged(before: readonly Finding[], after: readonly Finding[]): boolean {
  const previous = new Map(before.map(finding => [finding.id, finding.status]))
  return after.some(finding => previous.get(finding.id) !== finding.status)
}
