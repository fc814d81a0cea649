import { findingLocation, type Finding } from '../../findings/finding.js'
import { displayPath } from '../../diff/paths.js'
import type { StoreResult } from '../../findings/store.js'
import type { ToolOutcome } from './registry.js'

/** A store's answer as the model sees it: the line `success` makes, or the store's refusal as an error. */
export function storeOutcome(result: StoreResult, success: (finding: Finding) => string): ToolOutcome {
  return result.ok ? { content: success(result.finding) } : { content: result.error, isError: true }
}

/** One line per finding, the form list_findings and the re-review context share. */
export function describeFinding(finding: Finding): string {
  const extras = [
    finding.outsideDiff ? 'outside the diff' : '',
    finding.suggestion !== undefined ? 'has suggestion' : ''
  ]
    .filter(Boolean)
    .join(', ')
  return (
    `${finding.id} [${finding.status}] ${finding.severity} ${finding.category} ` +
    `${findingLocation({ ...finding, file: displayPath(finding.file) })}: ` +
    `${finding.title}${extras ? ` (${extras})` : ''}`
  )
}
