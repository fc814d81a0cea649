/**
 * The walkthrough a run publishes: the model's rows for what it reviewed over the last review's table, with
 * the files Redline skipped listed as such. A re-review thus covers the whole pull request while the model
 * wrote only the rows of files changed since.
 */
import { mergeWalkthrough, type Walkthrough } from '../findings/walkthrough.js'
import type { ReviewState } from '../state/marker.js'
import type { ReviewScope } from './scope.js'
import type { ReviewSettings } from './settings.js'

export function walkthroughOf(
  earlier: ReviewState | undefined,
  written: Walkthrough | undefined,
  scoped: ReviewScope,
  settings: Pick<ReviewSettings, 'walkthrough' | 'diagrams'>
): Walkthrough | undefined {
  if (settings.walkthrough === 'off') return undefined
  const prPaths = new Set(scoped.pullDiff.files.map(file => file.path))
  const skipped = scoped.triage.skipped.map(entry => entry.path)
  const now = written ? { ...written, skipped: [...(written.skipped ?? []), ...skipped] } : undefined
  const merged = mergeWalkthrough(earlier?.walkthrough, now, prPaths)
  // A diagram is shown only while diagrams are on; one kept from before goes with the setting.
  if (merged?.diagram !== undefined && settings.diagrams !== true) delete merged.diagram
  return merged
}
