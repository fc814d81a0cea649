/**
 * What the repository's own tools say about the code: one result each, wherever it came from (a SARIF file,
 * a problem matcher over a tool's output, a configured check), and how each source fared.
 */

/** One result of one tool, at a path relative to the repository's root. */
export interface ToolResult {
  /** The tool's name: SARIF's driver name, the matcher's owner, or the check's name. */
  tool: string
  ruleId?: string
  message: string
  path: string
  line?: number
  column?: number
  /** error, warning, note…, as the tool says it. */
  level?: string
  /** The report it belongs to: the check's name or the evidence file's path. */
  from?: string
}

/** How one evidence file or one configured check fared. */
export type EvidenceStatus = 'ran' | 'results' | 'timed-out' | 'not-run' | 'failed'

export interface EvidenceReport {
  source: 'check' | 'file'
  /** The check's name, or the file's path in the workspace. */
  name: string
  status: EvidenceStatus
  /** The status in a few words, for the review body, the job summary and the log. */
  text: string
}

/** What was gathered: the results, and one report per source. */
export interface GatheredResults {
  results: ToolResult[]
  reports: EvidenceReport[]
}
