/**
 * What the "Redline" check run says: its conclusion (the gate a branch rule can require), a summary, and an
 * annotation for every open finding, inline or not, at its lines in "Files changed". Pure: the action's
 * shell posts it (action/check-run.ts).
 */
import { compareFindings, findingLocation, type Finding } from '../findings/finding.js'
import { atLeast, SEVERITIES, type Severity } from '../findings/severity.js'
import type { AnnotationLevel, CheckAnnotation, CheckConclusion, CheckOutput } from '../github/checks.js'
import { plural, truncate } from '../text/measure.js'
import { coverageLine, type ReviewCoverage } from './body.js'
import { inline } from './markdown.js'

export const CHECK_NAME = 'Redline'

/** How the run that updates the check ended, as far as the gate is concerned. */
export type CheckRunEnd =
  | { kind: 'reviewed' }
  /** The gate could not review the pull request: the line the step fails with. */
  | { kind: 'failed'; reason: string }
  /** Nothing was reviewed now (paused, skipped, already reviewed): the findings are the last review's. */
  | { kind: 'not-reviewed'; reason: string }
  /**
   * The pull request is left unreviewed (a fork's without the key, a draft, the skip label, paused): `reason`
   * says why, `how` how to get a review.
   */
  | { kind: 'unreviewable'; reason: string; how?: string }

export interface CheckReportInput {
  end: CheckRunEnd
  /** Every finding at the head. */
  findings: readonly Finding[]
  failOn: Severity | 'none'
  coverage?: ReviewCoverage
  reviewUrl?: string
  /** The run's model cost, in words. */
  cost?: string
  /** What changed the findings when no review ran (a dismissal in a thread, a pause). */
  because?: string
}

const LEVELS: Record<Severity, AnnotationLevel> = {
  critical: 'failure',
  high: 'failure',
  medium: 'warning',
  low: 'warning',
  informational: 'notice'
}

function openFindings(findings: readonly Finding[]): Finding[] {
  return findings.filter(finding => finding.status === 'open').sort(compareFindings)
}

function blocking(findings: readonly Finding[], failOn: Severity | 'none'): Finding[] {
  if (failOn === 'none') return []
  return openFindings(findings).filter(finding => atLeast(finding.severity, failOn))
}

/**
 * failure: the gate could not review the pull request, or an open finding is at or above fail-on. neutral:
 * nothing was reviewed and there is no gate. success otherwise. A gate never passes what it did not review.
 */
export function checkConclusion(input: CheckReportInput): CheckConclusion {
  const { end, failOn } = input
  if (end.kind === 'failed') return 'failure'
  if (end.kind === 'unreviewable') return failOn === 'none' ? 'neutral' : 'failure'
  if (blocking(input.findings, failOn).length > 0) return 'failure'
  if (end.kind === 'not-reviewed' && failOn === 'none') return 'neutral'
  return 'success'
}

/**
 * One annotation per open finding, most severe first. A finding on removed lines, or on a whole file, is
 * annotated at the file's first line: annotations sit on the head's lines.
 */
export function checkAnnotations(findings: readonly Finding[]): CheckAnnotation[] {
  return openFindings(findings).map(finding => {
    const onHead = finding.startLine !== undefined && finding.endLine !== undefined && finding.side !== 'LEFT'
    const where = onHead ? '' : ` (${findingLocation(finding)})`
    return {
      path: finding.file,
      start_line: onHead ? (finding.startLine as number) : 1,
      end_line: onHead ? (finding.endLine as number) : 1,
      annotation_level: LEVELS[finding.severity],
      title: truncate(`[${finding.severity}] ${finding.title}${where}`, 255),
      message: truncate(finding.description || finding.title, 4000)
    }
  })
}

function countsLine(findings: readonly Finding[]): string {
  const open = openFindings(findings)
  if (open.length === 0) return 'No open findings.'
  const parts = SEVERITIES.toReversed()
    .map(severity => ({ severity, count: open.filter(f => f.severity === severity).length }))
    .filter(({ count }) => count > 0)
    .map(({ severity, count }) => `${count} ${severity}`)
  return `${plural(open.length, 'open finding')}: ${parts.join(', ')}.`
}

function titleOf(input: CheckReportInput, conclusion: CheckConclusion): string {
  const { end } = input
  if (end.kind === 'failed') return 'The review could not be done'
  if (end.kind === 'unreviewable') return 'Not reviewed'
  const gate = blocking(input.findings, input.failOn)
  if (conclusion === 'failure') return `${plural(gate.length, 'open finding')} at or above ${input.failOn}`
  if (end.kind === 'not-reviewed' && conclusion === 'neutral') return 'Not reviewed now'
  return countsLine(input.findings).replace(/\.$/, '')
}

function gateLine(end: CheckRunEnd, failOn: Severity): string {
  return end.kind === 'unreviewable'
    ? `The gate (\`fail-on: ${failOn}\`) does not pass a pull request it did not review.`
    : `The gate fails at \`${failOn}\` or above (the \`fail-on\` setting).`
}

/** The check's title and summary: counts by severity, coverage, the review's link, the cost. */
export function checkOutput(input: CheckReportInput): CheckOutput {
  const conclusion = checkConclusion(input)
  const { end } = input
  const lines: string[] = []
  if (end.kind !== 'reviewed') lines.push(inline(end.reason, 600))
  if (end.kind === 'unreviewable' && end.how) lines.push(inline(end.how, 600))
  if (input.because) lines.push(inline(input.because, 600))
  // A pull request never reviewed has no findings to count, only the reason.
  if (end.kind !== 'unreviewable') lines.push(countsLine(input.findings))
  if (input.failOn !== 'none') lines.push(gateLine(end, input.failOn))
  if (input.coverage) lines.push(coverageLine(input.coverage))
  if (input.reviewUrl) lines.push(`[The review](${input.reviewUrl})`)
  if (input.cost) lines.push(`Model cost: ${input.cost}.`)
  return { title: titleOf(input, conclusion), summary: lines.join('\n\n') }
}
