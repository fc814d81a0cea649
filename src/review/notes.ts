import type { AgentRun } from '../agent/loop.js'
import type { TriageResult } from '../diff/triage.js'
import type { Finding } from '../findings/finding.js'

const SKIPPED_NAMES_SHOWN = 25

/** Skipped files are named, with the reason, so a reader knows what the review did not cover. */
export function skippedFilesNote(triaged: TriageResult): string {
  const names = triaged.skipped.slice(0, SKIPPED_NAMES_SHOWN).map(file => `\`${file.path}\` (${file.reason})`)
  const more = triaged.skipped.length - names.length
  return `Not reviewed: ${names.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`
}

/** The agent stopped before writing its summary: say so plainly rather than invent one. */
export function fallbackSummary(findings: readonly Finding[], agent: AgentRun): string {
  const open = findings.filter(finding => finding.status === 'open').length
  const why = agent.budgetExhausted
    ? `its ${agent.budgetExhausted} budget ran out`
    : agent.failure
      ? 'a model request failed'
      : `it stopped (${agent.stopReason})`
  return `The review ended before the reviewer wrote a summary (${why}). ${open === 0 ? 'No open findings were recorded.' : `The ${open} open finding${open === 1 ? ' is' : 's are'} below.`}`
}

/** The summary of a review that needed no model call. */
export function nothingToReviewSummary(triaged: TriageResult): string {
  const skipped = triaged.skipped.length
  if (skipped === 0) return 'Nothing to review: this change has no file content to review.'
  const which = skipped === 1 ? 'the one changed file is' : `all ${skipped} changed files are`
  return `Nothing to review: ${which} of a kind Redline skips (listed below).`
}
