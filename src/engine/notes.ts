import type { TriageResult } from '../diff/triage.js'

const SKIPPED_NAMES_SHOWN = 25

/** Skipped files are named, with the reason, so a reader knows what the review did not cover. */
export function skippedFilesNote(triaged: TriageResult): string {
  const names = triaged.skipped.slice(0, SKIPPED_NAMES_SHOWN).map(file => `\`${file.path}\` (${file.reason})`)
  const more = triaged.skipped.length - names.length
  return `Not reviewed: ${names.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`
}

/** The opening paragraph of a review that needed no model call. */
export function nothingToReviewOverview(triaged: TriageResult): string {
  const skipped = triaged.skipped.length
  if (skipped === 0) return 'Nothing to review: this change has no file content to review.'
  const which = skipped === 1 ? 'the one changed file is' : `all ${skipped} changed files are`
  return `Nothing to review: ${which} of a kind Redline skips (listed below).`
}
