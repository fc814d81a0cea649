import type { Finding } from '../findings/finding.js'
import { SEVERITIES } from '../findings/severity.js'
import type { ReviewState } from '../state/marker.js'
import { fitMarker } from '../state/marker-fit.js'
import { measure, plural, truncate } from '../text/measure.js'
import { BODY_BUDGET, inline, neutralize, severityLabel } from './markdown.js'
import { code, headline, locationCode } from './comment.js'
import { LISTED_REASON_TEXT, type Listed, type Selection } from './select.js'

export interface BodyInput {
  /** The review's opening paragraph: the model's summary of the pull request, or one from the findings. */
  overview: string
  selection: Selection
  /** Gaps in what was reviewed: budget ran out, files skipped… */
  coverageNotes: readonly string[]
  /** Written into the hidden marker. */
  state: ReviewState
  /** What this run's model saw of the files it was to review. */
  coverage?: ReviewCoverage
  /** Why the review stopped before it was done; the body then says it is incomplete. */
  interrupted?: string
  /** The budget that ran out, when one did: the review is posted, but nothing is called clean. */
  budgetRanOut?: string
  /** The walkthrough section (walkthrough-section.ts), and a shorter one for a body that must shrink. */
  walkthrough?: { full: string; lean: string }
  /** Each evidence file and configured check with how it fared. */
  evidence?: readonly EvidenceLine[]
}

/** One evidence file or check, as the body lists it. */
export interface EvidenceLine {
  source: 'check' | 'file'
  name: string
  /** How it fared; only the statuses below are Redline's own words, any other may quote the tool. */
  status?: string
  text: string
}

/** Statuses whose text Redline wrote; a failure's text may end in what the tool printed. */
const OWN_WORDS = new Set(['ran', 'results', 'timed-out', 'not-run'])

/**
 * A report's text: Redline's words as prose, and anything that may quote a tool in a code span its text
 * cannot close, where no link, image or HTML renders.
 */
function evidenceText(line: EvidenceLine): string {
  if (line.status !== undefined && OWN_WORDS.has(line.status)) return inline(line.text, 300)
  return code(truncate(line.text.replace(/\s+/g, ' ').trim(), 300))
}

/** "#### Evidence from tools" and one line per file or check: what ran, what it found, what did not run. */
export function evidenceSection(lines: readonly EvidenceLine[]): string | undefined {
  if (lines.length === 0) return undefined
  const items = lines.map(
    line =>
      `- ${code(line.name)} (${line.source === 'check' ? 'check' : 'evidence file'}): ${evidenceText(line)}`
  )
  return ['#### Evidence from tools', '', ...items].join('\n')
}

/** Files of this run's scope in front of the model, out of those it was to review. */
export interface ReviewCoverage {
  reviewed: number
  reviewable: number
  /** The files not covered, reviewed by the next run. */
  pending: string[]
}

export function coverageComplete(coverage: ReviewCoverage | undefined): boolean {
  return coverage === undefined || coverage.pending.length === 0
}

/** "Reviewed 34 of 300 files", the words the body and the job summary use. */
export function coverageLine(coverage: ReviewCoverage): string {
  return `Reviewed ${coverage.reviewed} of ${plural(coverage.reviewable, 'file')}.`
}

/** The pending files, collapsed; the next review covers them. */
export function pendingSection(coverage: ReviewCoverage, cap: number): string {
  const shown = coverage.pending.slice(0, cap).map(path => `- ${code(path)}`)
  const hidden = coverage.pending.length - shown.length
  if (hidden > 0) shown.push(`- …and ${hidden} more`)
  const heading = `${plural(coverage.pending.length, 'file')} not reviewed yet (the next review covers them)`
  return ['<details>', `<summary>${heading}</summary>`, '', ...shown, '', '</details>'].join('\n')
}

export interface RenderedBody {
  body: string
  /** What had to be shortened or left out to stay within GitHub's limit. */
  compaction: string[]
  /** Open findings the marker could not hold (only with thousands of findings). */
  droppedOpenIds: string[]
}

/** How much detail the visible part carries; each step is shorter than the one before. */
interface Detail {
  descriptionLimit: number
  overviewLimit: number
  /** Most entries shown per list; the rest are counted. */
  listCap: number
}

const DETAIL_STEPS: Detail[] = [
  { descriptionLimit: 300, overviewLimit: 12_000, listCap: Infinity },
  { descriptionLimit: 100, overviewLimit: 12_000, listCap: Infinity },
  { descriptionLimit: 0, overviewLimit: 6_000, listCap: Infinity }
]
const LEANEST: Detail = { descriptionLimit: 0, overviewLimit: 3_000, listCap: 0 }

function entry(finding: Finding, detail: Detail, suffix = ''): string {
  const lines = [`- ${headline(finding)} ${locationCode(finding)}${suffix}`]
  if (detail.descriptionLimit > 0) {
    const description = inline(finding.description, detail.descriptionLimit)
    if (description !== '') lines.push(`  ${description}`)
  }
  return lines.join('\n')
}

function listedSuffix(item: Listed): string {
  const thread =
    item.finding.commentId !== undefined ? ` ([thread](#discussion_r${item.finding.commentId}))` : ''
  return ` _(${LISTED_REASON_TEXT[item.reason]})_${thread}`
}

function capped<T>(items: readonly T[], cap: number, render: (item: T) => string): string[] {
  const shown = items.slice(0, cap).map(render)
  const hidden = items.length - shown.length
  if (hidden > 0) shown.push(`- …and ${hidden} more, listed in the job summary and the findings file.`)
  return shown
}

function severityCounts(findings: readonly Finding[]): string {
  const parts = SEVERITIES.toReversed()
    .map(severity => ({ severity, count: findings.filter(f => f.severity === severity).length }))
    .filter(({ count }) => count > 0)
    .map(({ severity, count }) => `${count} ${severity}`)
  return parts.join(', ')
}

function severityTable(selection: Selection): string {
  const rows = SEVERITIES.toReversed().flatMap(severity => {
    const open = selection.open.filter(f => f.severity === severity).length
    const inlineCount = selection.inline.filter(f => f.severity === severity).length
    return open === 0 ? [] : [`| ${severityLabel(severity)} | ${open} | ${inlineCount} |`]
  })
  return ['| Severity | Open | Inline |', '| --- | ---: | ---: |', ...rows].join('\n')
}

function closedEntry(finding: Finding): string {
  const how = finding.status === 'dismissed' ? 'dismissed' : 'resolved'
  const note = finding.note ? `: ${inline(finding.note, 200)}` : ''
  return `- ~~${inline(finding.title, 200) || 'Untitled finding'}~~ ${locationCode(finding)} — ${how}${note}`
}

/** "the token budget ran out", "the time limit ran out". */
function ranOut(budget: string): string {
  return budget === 'time limit' ? 'the time limit ran out' : `the ${budget} budget ran out`
}

function visible(input: BodyInput, detail: Detail): string {
  const sections: string[] = [
    `**Redline review** of ${code(input.state.lastReviewedSha.slice(0, 7))}`,
    ...statusSections(input)
  ]
  if (input.coverage && !coverageComplete(input.coverage)) {
    const capLimit = Number.isFinite(detail.listCap) ? detail.listCap : 100
    sections.push(`**${coverageLine(input.coverage)}**\n\n${pendingSection(input.coverage, capLimit)}`)
  }
  const overview = neutralize(truncate(input.overview.trim(), detail.overviewLimit))
  if (overview !== '') sections.push(overview)
  const walkthrough = detail.listCap === Infinity ? input.walkthrough?.full : input.walkthrough?.lean
  if (walkthrough) sections.push(walkthrough)
  sections.push(...findingSections(input.selection, detail))
  const evidence = evidenceSection(input.evidence ?? [])
  if (evidence) sections.push(evidence)
  if (input.coverageNotes.length > 0) {
    const notes = input.coverageNotes.map(note => `- ${inline(note, 500)}`)
    sections.push(['#### Coverage', '', ...notes].join('\n'))
  }
  return sections.join('\n\n')
}

/** Whether the review was cut short, and what "no open findings" may honestly say. */
function statusSections(input: BodyInput): string[] {
  const sections: string[] = []
  const complete =
    coverageComplete(input.coverage) && input.interrupted === undefined && input.budgetRanOut === undefined
  if (input.interrupted !== undefined) {
    sections.push(
      `⚠️ **This review was interrupted and is incomplete:** ${inline(input.interrupted, 500)} ` +
        'The findings recorded before that are below; re-running the job finishes the review.'
    )
  }
  if (input.budgetRanOut === 'time limit') {
    sections.push(
      '⏱️ **The time limit ran out** before the review was finished; what was found by then is below, and the ' +
        'files not reviewed stay pending for the next run.'
    )
  }
  const none = input.selection.open.length === 0
  // "Clean" is said only of a change the model saw whole.
  if (none && complete) sections.push('✅ **No open findings.** This pull request looks clean to Redline.')
  else if (none && input.interrupted === undefined)
    sections.push(
      input.budgetRanOut !== undefined
        ? `**No open findings** were recorded before ${ranOut(input.budgetRanOut)}.`
        : '**No open findings** in the files reviewed so far.'
    )
  return sections
}

/** The open findings by severity, those outside the diff, those only listed, and those resolved this run. */
function findingSections(selection: BodyInput['selection'], detail: Detail): string[] {
  const sections: string[] = []
  if (selection.open.length > 0) {
    const count = `**${plural(selection.open.length, 'open finding')}**, ${selection.inline.length} posted inline.`
    sections.push(`${count}\n\n${severityTable(selection)}`)
  }
  if (selection.outsideDiff.length > 0) {
    const items = capped(selection.outsideDiff, detail.listCap, f => entry(f, detail))
    const why = 'Lines this pull request does not change, so they cannot carry an inline comment:'
    sections.push(['#### Outside the diff', '', why, '', ...items].join('\n'))
  }
  if (selection.listed.length > 0) {
    const findings = selection.listed.map(item => item.finding)
    const heading = `${plural(selection.listed.length, 'more open finding')} (${severityCounts(findings)})`
    const items = capped(selection.listed, detail.listCap, item =>
      entry(item.finding, detail, listedSuffix(item))
    )
    sections.push(['<details>', `<summary>${heading}</summary>`, '', ...items, '', '</details>'].join('\n'))
  }
  // A closed informational finding was never in the text, unless an earlier review posted it as a comment.
  const closed = selection.closedThisRun.filter(
    finding => finding.severity !== 'informational' || finding.commentId !== undefined
  )
  if (closed.length > 0) {
    const items = capped(closed, detail.listCap, closedEntry)
    sections.push(['#### Resolved in this run', '', ...items].join('\n'))
  }
  return sections
}

function assemble(visiblePart: string, marker: string): string {
  return `${visiblePart}\n\n${marker}`
}

/**
 * The review body: the overview, the severity table, the lists of what is not inline, and the hidden marker, kept
 * within `budget` characters. When it is too long it sheds, in order: the text of resolved findings in the
 * marker, the oldest resolved findings, the visible descriptions, the visible lists, and only then the text
 * (never the identity) of open findings in the marker.
 */
export function renderReviewBody(input: BodyInput, budget: number = BODY_BUDGET): RenderedBody {
  const room = (text: string) => budget - measure(text) - 2
  for (const [step, detail] of DETAIL_STEPS.entries()) {
    const part = visible(input, detail)
    const fitted = fitMarker(input.state, room(part), { closedOnly: true })
    if (!fitted.fits) continue
    const compaction = [...fitted.notes]
    if (step > 0) compaction.push('descriptions in the review body were shortened')
    return { body: assemble(part, fitted.marker), compaction, droppedOpenIds: [] }
  }

  const leanest = visible(input, LEANEST)
  const fitted = fitMarker(input.state, room(leanest))
  const markerSize = measure(fitted.marker)
  const fitsWith = (cap: number) =>
    measure(visible(input, { ...LEANEST, listCap: cap })) + markerSize + 2 <= budget
  let low = 0
  let high = Math.max(selectionSize(input.selection), 1)
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (fitsWith(mid)) low = mid
    else high = mid - 1
  }
  const compaction = [...fitted.notes, 'the lists in the review body were shortened']
  const body = assemble(visible(input, { ...LEANEST, listCap: low }), fitted.marker)
  return { body, compaction, droppedOpenIds: fitted.droppedOpenIds }
}

function selectionSize(selection: Selection): number {
  return Math.max(selection.outsideDiff.length, selection.listed.length, selection.closedThisRun.length)
}
