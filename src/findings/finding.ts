import type { Side } from '../diff/model.js'
import { compareSeverityDesc, type Severity } from './severity.js'

/** What kind of problem a finding is; the model picks one, so findings group and filter the same way. */
export const FINDING_CATEGORIES = [
  'correctness',
  'security',
  'concurrency',
  'performance',
  'error-handling',
  'resource-leak',
  'api-contract',
  'data',
  'tests',
  'maintainability',
  'style'
] as const

export const FINDING_STATUSES = ['open', 'resolved', 'dismissed'] as const
export type FindingStatus = (typeof FINDING_STATUSES)[number]

/**
 * One issue Redline raised, across every review of a pull request. Line numbers are on `side` of the PR diff
 * at `lastConfirmedSha`; a finding without lines is about the whole file.
 */
export interface Finding {
  /** `f_` plus a short random part; stable across reviews. */
  id: string
  severity: Severity
  /** One of FINDING_CATEGORIES for new findings; findings from older reviews may carry other words. */
  category: string
  file: string
  title: string
  description: string
  startLine?: number
  endLine?: number
  side?: Side
  /** Full replacement text of startLine..endLine on the RIGHT side. */
  suggestion?: string
  /** Verbatim text from the cited lines, which proves the lines were read. */
  quote?: string
  status: FindingStatus
  /** The cited lines exist in the file but are not lines of the PR diff: never posted inline. */
  outsideDiff?: boolean
  firstSeenSha: string
  lastConfirmedSha: string
  /** The inline review comment that carries this finding, once posted. */
  commentId?: number
  fingerprint: string
  /** Why the status last changed (e.g. "fixed in abc1234"). */
  note?: string
  /** A resolved or dismissed finding whose code was removed since: its lines name nothing at the head. */
  gone?: true
}

export function isLineFinding(finding: Finding): finding is Finding & { startLine: number; endLine: number } {
  return finding.startLine !== undefined && finding.endLine !== undefined
}

export function findingLocation(finding: Finding): string {
  if (!isLineFinding(finding)) return finding.file
  const lines =
    finding.startLine === finding.endLine ? `${finding.startLine}` : `${finding.startLine}-${finding.endLine}`
  return `${finding.file}:${lines}${finding.side === 'LEFT' ? ' (removed)' : ''}`
}

/** Most severe first, then by file and line, so the same findings always produce the same review. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareSeverityDesc(a.severity, b.severity) ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    (a.startLine ?? 0) - (b.startLine ?? 0) ||
    (a.endLine ?? 0) - (b.endLine ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}
