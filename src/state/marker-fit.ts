import type { Finding } from '../findings/finding.js'
import { severityRank } from '../findings/severity.js'
import { encodeMarker, MARKER_TEXT_LIMITS, type EncodeOptions, type ReviewState } from './marker.js'
import { measure, plural } from '../text/measure.js'

export interface FittedMarker {
  marker: string
  fits: boolean
  /** What was left out, in words, for the coverage notes and the log. */
  notes: string[]
  /** Open findings the marker could not hold at all (only when nothing else was left to shed). */
  droppedOpenIds: string[]
}

export interface FitOptions {
  /** Stop after shedding resolved findings, so the caller can shorten the visible body before open findings. */
  closedOnly?: boolean
}

/** Smallest k in [lo, hi] for which `fits(k)` holds, given that it keeps holding as k grows; hi when none. */
function smallest(lo: number, hi: number, fits: (k: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (fits(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}

function withoutOldestClosed(findings: Finding[], count: number): Finding[] {
  let dropped = 0
  return findings.filter(finding => {
    if (finding.status === 'open' || dropped >= count) return true
    dropped++
    return false
  })
}

/** The open findings in the order they would be given up: least severe first, newest first among equals. */
function sheddingOrder(findings: Finding[]): Finding[] {
  return findings
    .map((finding, at) => ({ finding, at }))
    .filter(({ finding }) => finding.status === 'open')
    .sort((a, b) => severityRank(a.finding.severity) - severityRank(b.finding.severity) || b.at - a.at)
    .map(({ finding }) => finding)
}

/**
 * Encodes the state within `maxChars`, shedding in a fixed order: the descriptions of resolved findings, then
 * the oldest resolved findings, then (unless `closedOnly`) the text of open findings, and only as a last
 * resort whole open findings, least severe first.
 */
export function fitMarker(state: ReviewState, maxChars: number, options: FitOptions = {}): FittedMarker {
  const notes: string[] = []
  let pendingAll = false
  const attempt = (findings: Finding[], encode: EncodeOptions) =>
    encodeMarker({ ...state, findings }, pendingAll ? { ...encode, pendingAll } : encode)
  const result = (marker: string, droppedOpenIds: string[] = []): FittedMarker => ({
    marker,
    fits: measure(marker) <= maxChars,
    notes,
    droppedOpenIds
  })

  let marker = attempt(state.findings, {})
  if (measure(marker) <= maxChars) return result(marker)

  // The run history only feeds the repository's insights; no review reads it, so it is shed first.
  if ((state.runs?.length ?? 0) > 0) {
    state = { ...state, runs: [] }
    notes.push('the history of earlier runs was left out of the stored state')
    marker = attempt(state.findings, {})
    if (measure(marker) <= maxChars) return result(marker)
  }

  // Forgetting which files are pending only makes the next review cover more, so it goes first.
  if ((state.pending?.length ?? 0) > 0) {
    pendingAll = true
    notes.push('the list of files still to review did not fit, so the next review covers every file again')
    marker = attempt(state.findings, {})
    if (measure(marker) <= maxChars) return result(marker)
  }

  const lean: EncodeOptions = { closedDetail: false }
  const closedCount = state.findings.filter(finding => finding.status !== 'open').length
  marker = attempt(state.findings, lean)
  if (closedCount > 0) notes.push('descriptions of resolved findings were left out of the stored state')
  if (measure(marker) <= maxChars) return result(marker)

  const drop = smallest(
    1,
    closedCount,
    k => measure(attempt(withoutOldestClosed(state.findings, k), lean)) <= maxChars
  )
  let findings = withoutOldestClosed(state.findings, drop)
  if (closedCount > 0) {
    marker = attempt(findings, lean)
    notes.push(`the ${plural(drop, 'oldest resolved finding')} ${drop === 1 ? 'was' : 'were'} forgotten`)
    if (measure(marker) <= maxChars || options.closedOnly) return result(marker)
  } else if (options.closedOnly) {
    return result(marker)
  }

  // What an open finding's inline comment also holds goes first: the next run reads it back from there.
  const bare: EncodeOptions = { ...lean, suggestions: false, quotes: false }
  const ladder: Array<[EncodeOptions, string]> = [
    [{ ...lean, suggestions: false }, 'suggestions of open findings were left out of the stored state'],
    [bare, 'quotes of open findings were left out of the stored state'],
    [
      { ...bare, openDescriptionLimit: 1000 },
      'descriptions of open findings were shortened in the stored state'
    ],
    [
      { ...bare, openDescriptionLimit: MARKER_TEXT_LIMITS.description },
      'descriptions of open findings were shortened in the stored state'
    ],
    [
      { ...bare, openDescriptionLimit: 100 },
      'descriptions of open findings were shortened in the stored state'
    ],
    [{ ...bare, openDescriptionLimit: 0 }, 'descriptions of open findings were left out of the stored state'],
    [{ ...bare, openDescriptionLimit: 0, titleLimit: 40 }, 'titles were shortened in the stored state'],
    [{ ...bare, openDescriptionLimit: 0, titleLimit: 0 }, 'titles were left out of the stored state'],
    [
      { ...bare, openDescriptionLimit: 0, titleLimit: 0, categories: false },
      'categories were left out of the stored state'
    ]
  ]
  let leanest: EncodeOptions = lean
  for (const [encode, note] of ladder) {
    leanest = encode
    marker = attempt(findings, encode)
    if (!notes.includes(note)) notes.push(note)
    if (measure(marker) <= maxChars) return result(marker)
  }

  const order = sheddingOrder(findings)
  if (order.length === 0) return result(marker)
  const keep = (k: number) => {
    const gone = new Set(order.slice(0, k).map(finding => finding.id))
    return findings.filter(finding => !gone.has(finding.id))
  }
  const shed = smallest(1, order.length, k => measure(attempt(keep(k), leanest)) <= maxChars)
  const droppedOpenIds = order.slice(0, shed).map(finding => finding.id)
  findings = keep(shed)
  notes.push(`${plural(shed, 'open finding')} could not be stored and will be reported as new next time`)
  return result(attempt(findings, leanest), droppedOpenIds)
}
