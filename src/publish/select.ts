import type { Side } from '../diff/model.js'
import { compareFindings, isLineFinding, type Finding } from '../findings/finding.js'
import { atLeast, type Severity } from '../findings/severity.js'

/** The part of the diff-line set selection needs: whether GitHub will accept a comment on those lines. */
export interface CommentableLines {
  canComment(path: string, side: Side, line: number): boolean
  sameHunk(path: string, side: Side, start: number, end: number): boolean
}

export type InlineFinding = Finding & { startLine: number; endLine: number }

/** Why an open finding is in the body rather than on a line of the diff. */
export type ListedReason =
  | 'below-min-severity'
  | 'over-cap'
  | 'file-level'
  | 'outside-diff'
  | 'not-on-diff-lines'
  | 'earlier-thread'
  | 'rejected-by-github'

/** A finding that was meant to be inline and is listed in the body instead, with why. */
export interface MovedFinding {
  id: string
  reason: ListedReason
}

export const LISTED_REASON_TEXT: Record<ListedReason, string> = {
  'below-min-severity': 'below min-severity',
  'over-cap': 'over the max-comments cap',
  'file-level': 'about the whole file',
  'outside-diff': 'outside the diff',
  'not-on-diff-lines': 'its lines are not in the diff',
  'earlier-thread': 'already on a thread from an earlier review',
  'rejected-by-github': 'GitHub would not place it on the diff'
}

export interface Listed {
  finding: Finding
  reason: ListedReason
}

export interface Selection {
  /** Posted as inline comments, most severe first. */
  inline: InlineFinding[]
  /** High and critical open findings on lines outside the diff: shown in the body, never inline. */
  outsideDiff: Finding[]
  /** Every other open finding, for the collapsed list in the body, most severe first. */
  listed: Listed[]
  /** Findings that were open before this run and are resolved or dismissed now. */
  closedThisRun: Finding[]
  /** The open findings the review's text reports: every open one except the informational. */
  open: Finding[]
  /**
   * Open informational findings: kept in the marker and the findings file, never in the posted text.
   * Authors read "FYI" items as noise, and benchmarks count every issue a review mentions.
   */
  informational: Finding[]
}

export interface SelectionSettings {
  minSeverity: Severity
  /** 0 posts the summary only. */
  maxComments: number
}

export function commentSide(finding: Finding): Side {
  return finding.side ?? 'RIGHT'
}

/** Whether GitHub will accept an inline comment on the finding's lines, as far as the diff tells. */
export function fitsDiff(finding: Finding, lines: CommentableLines): finding is InlineFinding {
  if (!isLineFinding(finding)) return false
  const side = commentSide(finding)
  const { file, startLine, endLine } = finding
  if (startLine > endLine || !lines.canComment(file, side, endLine)) return false
  if (startLine === endLine) return true
  return lines.canComment(file, side, startLine) && lines.sameHunk(file, side, startLine, endLine)
}

type Placement = ListedReason | 'eligible' | 'outside-diff-section'

function placement(finding: Finding, settings: SelectionSettings, lines: CommentableLines): Placement {
  if (finding.outsideDiff && atLeast(finding.severity, 'high')) return 'outside-diff-section'
  if (finding.commentId !== undefined) return 'earlier-thread'
  if (!atLeast(finding.severity, settings.minSeverity)) return 'below-min-severity'
  if (finding.outsideDiff) return 'outside-diff'
  if (!isLineFinding(finding)) return 'file-level'
  if (!fitsDiff(finding, lines)) return 'not-on-diff-lines'
  return 'eligible'
}

/**
 * Splits the findings of a run into what is posted inline and what is listed in the body. Every open finding
 * lands in exactly one of `inline`, `outsideDiff`, `listed` and `informational`, so nothing is lost.
 */
export function selectFindings(
  findings: readonly Finding[],
  lines: CommentableLines,
  settings: SelectionSettings,
  previous: readonly Finding[] = []
): Selection {
  const allOpen = findings.filter(finding => finding.status === 'open').sort(compareFindings)
  const informational = allOpen.filter(finding => finding.severity === 'informational')
  const open = allOpen.filter(finding => finding.severity !== 'informational')
  const inline: InlineFinding[] = []
  const outsideDiff: Finding[] = []
  const listed: Listed[] = []
  for (const finding of open) {
    const place = placement(finding, settings, lines)
    if (place === 'eligible' && inline.length < settings.maxComments) inline.push(finding as InlineFinding)
    else if (place === 'eligible') listed.push({ finding, reason: 'over-cap' })
    else if (place === 'outside-diff-section') outsideDiff.push(finding)
    else listed.push({ finding, reason: place })
  }
  const wasOpen = new Set(previous.filter(finding => finding.status === 'open').map(finding => finding.id))
  const closedThisRun = findings
    .filter(finding => finding.status !== 'open' && wasOpen.has(finding.id))
    .sort(compareFindings)
  return { inline, outsideDiff, listed, closedThisRun, open, informational }
}

/** Moves inline findings to the body list, e.g. when GitHub rejected their comments. */
export function demote(selection: Selection, ids: ReadonlySet<string>, reason: ListedReason): Selection {
  if (ids.size === 0) return selection
  const moved = selection.inline.filter(finding => ids.has(finding.id)).map(finding => ({ finding, reason }))
  const listed = [...moved, ...selection.listed].sort((a, b) => compareFindings(a.finding, b.finding))
  return { ...selection, inline: selection.inline.filter(finding => !ids.has(finding.id)), listed }
}
