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

const LEAN: EncodeOptions = { closedDetail: false }
// What an open finding's inline comment also holds goes first: the next run reads it back from there.
const BARE: EncodeOptions = { ...LEAN, suggestions: false, quotes: false }

/** The ways of writing open findings more briefly, in the order they are tried, each with its note. */
const OPEN_LADDER: Array<[EncodeOptions, string]> = [
  [{ ...LEAN, suggestions: false }, 'suggestions of open findings were left out of the stored state'],
  [BARE, 'quotes of open findings were left out of the stored state'],
  [
    { ...BARE, openDescriptionLimit: 1000 },
    'descriptions of open findings were shortened in the stored state'
  ],
  [
    { ...BARE, openDescriptionLimit: MARKER_TEXT_LIMITS.description },
    'descriptions of open findings were shortened in the stored state'
  ],
  [
    { ...BARE, openDescriptionLimit: 100 },
    'descriptions of open findings were shortened in the stored state'
  ],
  [{ ...BARE, openDescriptionLimit: 0 }, 'descriptions of open findings were left out of the stored state'],
  [{ ...BARE, openDescriptionLimit: 0, titleLimit: 40 }, 'titles were shortened in the stored state'],
  [{ ...BARE, openDescriptionLimit: 0, titleLimit: 0 }, 'titles were left out of the stored state'],
  [
    { ...BARE, openDescriptionLimit: 0, titleLimit: 0, categories: false },
    'categories were left out of the stored state'
  ]
]

/**
 * Encodes the state within `maxChars`, shedding in a fixed order: the descriptions of resolved findings, then
 * the oldest resolved findings, then (unless `closedOnly`) the text of open findings, and only as a last
 * resort whole open findings, least severe first.
 */
export function fitMarker(state: ReviewState, maxChars: number, options: FitOptions = {}): FittedMarker {
  const fitter = new MarkerFitter(state, maxChars)
  const whole = fitter.attempt(state.findings, {})
  if (fitter.fits(whole)) return fitter.result(whole)
  const lean =
    fitter.withoutRuns() ??
    fitter.withoutWalkthrough() ??
    fitter.withoutPending() ??
    fitter.withoutClosedDetail()
  if (lean) return lean
  const closed = fitter.withoutOldestClosed(options.closedOnly === true)
  if ('fitted' in closed) return closed.fitted
  return fitter.briefer(closed.findings) ?? fitter.withoutLeastSevere(closed.findings)
}

/** One fitting: the state, the room, the notes so far, and the encoding last tried. */
class MarkerFitter {
  readonly notes: string[] = []
  private pendingAll = false
  private leanest: EncodeOptions = LEAN
  private readonly closedCount: number

  constructor(
    private state: ReviewState,
    private readonly maxChars: number
  ) {
    this.closedCount = state.findings.filter(finding => finding.status !== 'open').length
  }

  attempt(findings: Finding[], encode: EncodeOptions): string {
    const options = this.pendingAll ? { ...encode, pendingAll: true } : encode
    return encodeMarker({ ...this.state, findings }, options)
  }

  fits(marker: string): boolean {
    return measure(marker) <= this.maxChars
  }

  result(marker: string, droppedOpenIds: string[] = []): FittedMarker {
    return { marker, fits: this.fits(marker), notes: this.notes, droppedOpenIds }
  }

  /** The run history only feeds the repository's insights; no review reads it, so it is shed first. */
  withoutRuns(): FittedMarker | undefined {
    if ((this.state.runs?.length ?? 0) === 0) return undefined
    this.state = { ...this.state, runs: [] }
    this.notes.push('the history of earlier runs was left out of the stored state')
    const marker = this.attempt(this.state.findings, {})
    return this.fits(marker) ? this.result(marker) : undefined
  }

  /** The walkthrough only saves the next review rewriting rows it did not look at: it goes next. */
  withoutWalkthrough(): FittedMarker | undefined {
    if (!this.state.walkthrough) return undefined
    const { walkthrough: _left, ...without } = this.state
    this.state = without
    this.notes.push('the walkthrough was left out of the stored state, so the next review rewrites its rows')
    const marker = this.attempt(this.state.findings, {})
    return this.fits(marker) ? this.result(marker) : undefined
  }

  /** Forgetting which files are pending only makes the next review cover more, so it goes next. */
  withoutPending(): FittedMarker | undefined {
    if ((this.state.pending?.length ?? 0) === 0) return undefined
    this.pendingAll = true
    this.notes.push(
      'the list of files still to review did not fit, so the next review covers every file again'
    )
    const marker = this.attempt(this.state.findings, {})
    return this.fits(marker) ? this.result(marker) : undefined
  }

  withoutClosedDetail(): FittedMarker | undefined {
    const marker = this.attempt(this.state.findings, LEAN)
    if (this.closedCount > 0)
      this.notes.push('descriptions of resolved findings were left out of the stored state')
    return this.fits(marker) ? this.result(marker) : undefined
  }

  /** The fewest oldest resolved findings forgotten; the result stands when it fits or only those may go. */
  withoutOldestClosed(closedOnly: boolean): { fitted: FittedMarker } | { findings: Finding[] } {
    const { state, closedCount } = this
    const drop = smallest(1, closedCount, k =>
      this.fits(this.attempt(withoutOldestClosed(state.findings, k), LEAN))
    )
    const findings = withoutOldestClosed(state.findings, drop)
    const marker = this.attempt(findings, LEAN)
    if (closedCount > 0) {
      this.notes.push(
        `the ${plural(drop, 'oldest resolved finding')} ${drop === 1 ? 'was' : 'were'} forgotten`
      )
      if (this.fits(marker) || closedOnly) return { fitted: this.result(marker) }
    } else if (closedOnly) {
      return { fitted: this.result(marker) }
    }
    return { findings }
  }

  /** Open findings written more briefly, a step of the ladder at a time, until they fit. */
  briefer(findings: Finding[]): FittedMarker | undefined {
    for (const [encode, note] of OPEN_LADDER) {
      this.leanest = encode
      const marker = this.attempt(findings, encode)
      if (!this.notes.includes(note)) this.notes.push(note)
      if (this.fits(marker)) return this.result(marker)
    }
    return undefined
  }

  /** The last resort: the fewest whole open findings left out, least severe first. */
  withoutLeastSevere(findings: Finding[]): FittedMarker {
    const order = sheddingOrder(findings)
    if (order.length === 0) return this.result(this.attempt(findings, this.leanest))
    const keep = (k: number) => {
      const gone = new Set(order.slice(0, k).map(finding => finding.id))
      return findings.filter(finding => !gone.has(finding.id))
    }
    const shed = smallest(1, order.length, k => this.fits(this.attempt(keep(k), this.leanest)))
    const droppedOpenIds = order.slice(0, shed).map(finding => finding.id)
    this.notes.push(
      `${plural(shed, 'open finding')} could not be stored and will be reported as new next time`
    )
    return this.result(this.attempt(keep(shed), this.leanest), droppedOpenIds)
  }
}
