import { z } from 'zod'
import type { Finding, FindingStatus } from '../findings/finding.js'
import type { Severity } from '../findings/severity.js'
import { truncate } from '../text/measure.js'
import type { Walkthrough } from '../findings/walkthrough.js'
import {
  walkthroughFromWire,
  walkthroughPaths,
  walkthroughToWire,
  wireWalkthrough
} from './walkthrough-wire.js'

/** A reviewable file whose changes were not all in front of the model by `lastReviewedSha`. */
export interface PendingFile {
  path: string
  /** The last commit at which its whole diff had been in front of the model, if any. */
  coveredSha?: string
}

/** What one review remembers for the next: Redline's only memory across runs. */
export interface ReviewState {
  /**
   * The head whose changes are all covered, except in the pending files: every changed line of every other
   * reviewable file up to this commit was in front of the model. Findings are placed at this commit. The
   * next run reviews what changed after it, plus the pending files' whole pull-request diff.
   */
  lastReviewedSha: string
  /** Reviewable files not covered at `lastReviewedSha`. Absent or empty: none. */
  pending?: PendingFile[]
  /** The pending list did not fit in the body: every file counts as pending. */
  pendingAll?: boolean
  /** Identifies the run that wrote the review, so a retry can tell its own earlier attempt apart. */
  runId?: string
  /**
   * Grows by one with every state written. An earlier review's body can be rewritten with a newer state, so
   * the newest state is the one with the highest number, not the one in the newest review.
   */
  seq?: number
  /** The highest id of a person's reply in Redline's threads that has been answered. */
  repliesSeen?: number
  /** Automatic reviews on push are paused, by this login's `pause` command; commands still run. */
  pausedBy?: string
  /** Oldest first. */
  findings: Finding[]
  /** The walkthrough of the whole pull request, rewritten row by row by each review (see walkthrough-wire.ts). */
  walkthrough?: Walkthrough
  /** What each run that wrote a state cost and covered, oldest first; the newest MAX_RUNS_KEPT are kept. */
  runs?: RunRecord[]
}

/** How a run that wrote a state ended. */
export const RUN_ENDS = ['completed', 'budget', 'interrupted'] as const
export type RunRecordEnd = (typeof RUN_ENDS)[number]

/** One run's account, kept in the marker so that a repository's history can say what reviews cost. */
export interface RunRecord {
  /** When the run started, ISO 8601 to the second. */
  at: string
  /** Wall-clock seconds from the start of the run to publishing. */
  seconds: number
  inputTokens: number
  outputTokens: number
  costUsd: number
  /** Model turns; 0 when no model call was needed. */
  turns: number
  /** Reviewable files covered, of `reviewable`. */
  reviewed: number
  reviewable: number
  end: RunRecordEnd
}

/** Enough for a long-lived pull request; older runs are forgotten first. */
export const MAX_RUNS_KEPT = 40

export const MARKER_VERSION = 1
const OPEN = '<!-- redline:state '
const CLOSE = ' -->'

/**
 * Longest text kept per finding in the marker. An open finding keeps its whole description, quote and
 * suggestion while the marker fits (a re-review shows them); a closed one keeps a short description.
 */
export const MARKER_TEXT_LIMITS = {
  title: 120,
  description: 280,
  openDescription: 4000,
  note: 120,
  category: 40,
  quote: 2000,
  suggestion: 8000
} as const

/*
 * Wire format, version 1. One HTML comment at the end of the review body:
 *
 *   <!-- redline:state {"v":1,"sha":…,"run":…,"shas":[…],"files":[…],"f":[…]} -->
 *
 *   v      schema version                      sha    last reviewed commit
 *   run    id of the run that wrote it         shas   commit table; findings point into it by index
 *   files  path table, sorted and front-coded: an entry is a path, or [n, rest] for the first n characters
 *          of the entry before it followed by rest
 *   f      findings, oldest first
 *   pd     pending files: [files index] or [files index, shas index of the commit it was last covered at];
 *          every reviewable file not listed was covered up to `sha` (absent: none pending)
 *   pa     1 when every file counts as pending (the list was dropped to fit the body)
 *   q      sequence number of this state (absent: 0)
 *   ra     highest comment id of a person's reply already answered (absent: none)
 *   ru     runs, oldest first: [start (Unix seconds), seconds, input tokens, output tokens, cost in
 *          millionths of a dollar, turns, files reviewed, reviewable files, end "c" "b" "i"] (absent: none)
 *
 * Each entry of `f`:
 *   i  id                  s  severity: c h m l i        c  category (absent: none kept)
 *   p  files index         l  [startLine, endLine]       sd "L" when on the removed side (else RIGHT)
 *   st "r" resolved, "d" dismissed (absent: open)        o  1 when outside the diff
 *   fs shas index of first_seen_sha                      lc shas index of last_confirmed_sha (absent: = fs)
 *   k  review comment id   h  fingerprint                t  title    d  description    n  note
 *   qt quote (open only)   sg suggestion (open only)     g  1 when a closed finding's code is gone
 *
 * c, t, d, n, qt and sg are optional so that a large state can shed them and still fit in one review body;
 * an open finding's shed description, quote and suggestion are read back from its inline comment.
 * The JSON never contains `<` or `>` and never `--` (each is written as a \u escape), so nothing inside it can
 * end the HTML comment early or open another one.
 */

const SEVERITY_CODES: Record<Severity, string> = {
  critical: 'c',
  high: 'h',
  medium: 'm',
  low: 'l',
  informational: 'i'
}
const SEVERITY_BY_CODE = Object.fromEntries(Object.entries(SEVERITY_CODES).map(([k, v]) => [v, k])) as Record<
  string,
  Severity
>
const END_CODES: Record<RunRecordEnd, 'c' | 'b' | 'i'> = { completed: 'c', budget: 'b', interrupted: 'i' }
const END_BY_CODE = { c: 'completed', b: 'budget', i: 'interrupted' } as const
const STATUS_CODES: Partial<Record<FindingStatus, 'r' | 'd'>> = { resolved: 'r', dismissed: 'd' }

/** Finding ids end up inside HTML comments: without `>` or spaces they can neither close one nor split a tag. */
export const FINDING_ID_PATTERN = /^[^\s<>]{1,100}$/

const sha = z.string().regex(/^[0-9a-f]{7,64}$/)
const index = z.number().int().nonnegative()
const lineNumber = z.number().int().positive()

const wireFinding = z.object({
  i: z.string().regex(FINDING_ID_PATTERN),
  s: z.enum(['c', 'h', 'm', 'l', 'i']),
  c: z.string().max(200).optional(),
  p: index,
  l: z.tuple([lineNumber, lineNumber]).optional(),
  sd: z.literal('L').optional(),
  st: z.enum(['r', 'd']).optional(),
  o: z.literal(1).optional(),
  fs: index,
  lc: index.optional(),
  k: z.number().int().positive().optional(),
  h: z.string().max(200),
  t: z.string().max(1000).optional(),
  d: z.string().max(5000).optional(),
  n: z.string().max(1000).optional(),
  qt: z.string().max(4000).optional(),
  sg: z.string().max(10000).optional(),
  g: z.literal(1).optional()
})
type WireFinding = z.infer<typeof wireFinding>

const count = z.number().int().nonnegative()
const wireRun = z.tuple([count, count, count, count, count, count, count, count, z.enum(['c', 'b', 'i'])])
type WireRun = z.infer<typeof wireRun>

const wireState = z
  .object({
    v: z.literal(MARKER_VERSION),
    sha,
    run: z.string().max(64).optional(),
    shas: z.array(sha),
    files: z.array(
      z.union([z.string().min(1).max(4096), z.tuple([z.number().int().positive(), z.string().max(4096)])])
    ),
    f: z.array(wireFinding),
    pd: z.array(z.union([z.tuple([index]), z.tuple([index, index])])).optional(),
    pa: z.literal(1).optional(),
    q: z.number().int().nonnegative().optional(),
    ra: z.number().int().positive().optional(),
    ps: z.string().min(1).max(100).optional(),
    w: wireWalkthrough.optional(),
    ru: z.array(wireRun).max(MAX_RUNS_KEPT).optional()
  })
  .superRefine((state, ctx) => {
    let previous = ''
    state.files.forEach((entry, i) => {
      if (typeof entry !== 'string' && entry[0] > previous.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', i],
          message: 'shares more than the entry before it has'
        })
      }
      previous = typeof entry === 'string' ? entry : previous.slice(0, entry[0]) + entry[1]
    })
    state.f.forEach((f, i) => {
      const bad =
        f.p >= state.files.length ||
        f.fs >= state.shas.length ||
        (f.lc !== undefined && f.lc >= state.shas.length) ||
        (f.l !== undefined && f.l[0] > f.l[1])
      if (bad) ctx.addIssue({ code: 'custom', path: ['f', i], message: 'points outside its tables' })
    })
    state.pd?.forEach((entry, i) => {
      if (entry[0] >= state.files.length || (entry[1] !== undefined && entry[1] >= state.shas.length))
        ctx.addIssue({ code: 'custom', path: ['pd', i], message: 'points outside its tables' })
    })
  })
type WireState = z.infer<typeof wireState>

/** How much of each finding's text goes on the wire; compaction lowers these. */
export interface EncodeOptions {
  titleLimit?: number
  openDescriptionLimit?: number
  /** Resolved and dismissed findings keep their description and note only when this is true. */
  closedDetail?: boolean
  /** Categories are left out when this is false. */
  categories?: boolean
  /** Open findings' suggestions are left out when this is false. */
  suggestions?: boolean
  /** Open findings' quotes are left out when this is false. */
  quotes?: boolean
  /** The pending list is replaced by "every file is pending" when this is true. */
  pendingAll?: boolean
  /** The walkthrough is left out when this is false. */
  walkthrough?: boolean
  /** The run history is left out when this is false. */
  runs?: boolean
}

function clip(text: string | undefined, limit: number): string | undefined {
  if (text === undefined || text === '' || limit <= 0) return undefined
  return truncate(text, limit)
}

/** Paths in one repository share long prefixes; each entry keeps only what differs from the one before. */
function frontCode(sorted: readonly string[]): WireState['files'] {
  return sorted.map((path, i) => {
    const before = sorted[i - 1] ?? ''
    let shared = 0
    while (shared < path.length && shared < before.length && path[shared] === before[shared]) shared++
    return shared >= 4 ? [shared, path.slice(shared)] : path
  })
}

function expandFronts(files: WireState['files']): string[] {
  const paths: string[] = []
  for (const entry of files) {
    paths.push(
      typeof entry === 'string' ? entry : (paths[paths.length - 1] ?? '').slice(0, entry[0]) + entry[1]
    )
  }
  return paths
}

function toWire(state: ReviewState, options: EncodeOptions): WireState {
  const shas: string[] = []
  const intern = (value: string): number => {
    const at = shas.indexOf(value)
    return at === -1 ? shas.push(value) - 1 : at
  }
  const pendingAll = state.pendingAll === true || options.pendingAll === true
  const pending = pendingAll ? [] : (state.pending ?? [])
  const walkthrough = options.walkthrough === false ? undefined : state.walkthrough
  const paths = [
    ...new Set([
      ...state.findings.map(finding => finding.file),
      ...pending.map(file => file.path),
      ...walkthroughPaths(walkthrough)
    ])
  ].sort()
  const pathIndex = new Map(paths.map((path, i) => [path, i]))
  const f = state.findings.map(finding => toWireFinding(finding, options, pathIndex, intern))
  const wire: WireState = { v: MARKER_VERSION, sha: state.lastReviewedSha, shas, files: frontCode(paths), f }
  if (state.runId !== undefined) wire.run = state.runId
  if (pending.length > 0) {
    wire.pd = pending.map(file => {
      const at = pathIndex.get(file.path) as number
      return file.coveredSha === undefined ? [at] : [at, intern(file.coveredSha)]
    })
  }
  if (pendingAll) wire.pa = 1
  if (state.seq !== undefined && state.seq > 0) wire.q = state.seq
  if (state.repliesSeen !== undefined) wire.ra = state.repliesSeen
  if (state.pausedBy !== undefined) wire.ps = state.pausedBy
  if (walkthrough) wire.w = walkthroughToWire(walkthrough, pathIndex)
  const runs = options.runs === false ? [] : (state.runs ?? []).slice(-MAX_RUNS_KEPT)
  if (runs.length > 0) wire.ru = runs.map(runToWire)
  return wire
}

function runToWire(run: RunRecord): WireRun {
  const whole = (value: number) => Math.max(0, Math.round(value))
  return [
    whole(Date.parse(run.at) / 1000),
    whole(run.seconds),
    whole(run.inputTokens),
    whole(run.outputTokens),
    whole(run.costUsd * 1_000_000),
    whole(run.turns),
    whole(run.reviewed),
    whole(run.reviewable),
    END_CODES[run.end]
  ]
}

function runFromWire(wire: WireRun): RunRecord {
  const [at, seconds, inputTokens, outputTokens, costMicros, turns, reviewed, reviewable, end] = wire
  return {
    at: new Date(at * 1000).toISOString().replace(/\.000Z$/, 'Z'),
    seconds,
    inputTokens,
    outputTokens,
    costUsd: costMicros / 1_000_000,
    turns,
    reviewed,
    reviewable,
    end: END_BY_CODE[end]
  }
}

/** One finding on the wire; its fields in a fixed order, commits as indexes into the state's table. */
function toWireFinding(
  finding: Finding,
  options: EncodeOptions,
  pathIndex: ReadonlyMap<string, number>,
  intern: (sha: string) => number
): WireFinding {
  const entry: WireFinding = {
    i: finding.id,
    s: SEVERITY_CODES[finding.severity] as WireFinding['s'],
    p: pathIndex.get(finding.file) as number,
    fs: intern(finding.firstSeenSha),
    h: finding.fingerprint
  }
  const category =
    options.categories === false ? undefined : clip(finding.category, MARKER_TEXT_LIMITS.category)
  if (category !== undefined) entry.c = category
  if (finding.startLine !== undefined && finding.endLine !== undefined)
    entry.l = [finding.startLine, finding.endLine]
  if (finding.side === 'LEFT') entry.sd = 'L'
  const status = STATUS_CODES[finding.status]
  if (status) entry.st = status
  if (finding.outsideDiff) entry.o = 1
  const lc = intern(finding.lastConfirmedSha)
  if (lc !== entry.fs) entry.lc = lc
  if (finding.commentId !== undefined) entry.k = finding.commentId
  addWireTexts(entry, finding, options)
  if (finding.status !== 'open' && finding.gone) entry.g = 1
  return entry
}

/** The finding's texts, each clipped to its limit or left out as the options say. */
function addWireTexts(entry: WireFinding, finding: Finding, options: EncodeOptions): void {
  const closed = finding.status !== 'open'
  const detail = !closed || options.closedDetail !== false
  const descriptionLimit = closed
    ? MARKER_TEXT_LIMITS.description
    : Math.min(MARKER_TEXT_LIMITS.openDescription, options.openDescriptionLimit ?? Infinity)
  const title = clip(finding.title, Math.min(MARKER_TEXT_LIMITS.title, options.titleLimit ?? Infinity))
  if (title !== undefined) entry.t = title
  const description = detail ? clip(finding.description, descriptionLimit) : undefined
  if (description !== undefined) entry.d = description
  const note = detail ? clip(finding.note, MARKER_TEXT_LIMITS.note) : undefined
  if (note !== undefined) entry.n = note
  if (closed) return
  // Cut text would no longer match the cited lines or apply: kept whole or not at all.
  const quote = finding.quote
  if (options.quotes !== false && quote && quote.length <= MARKER_TEXT_LIMITS.quote) entry.qt = quote
  const suggestion = finding.suggestion
  if (
    options.suggestions !== false &&
    suggestion !== undefined &&
    suggestion.length <= MARKER_TEXT_LIMITS.suggestion
  )
    entry.sg = suggestion
}

/** `<`, `>` and `--` written as \u escapes: JSON.parse reads them back unchanged. */
function escapeForComment(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/--/g, '-\\u002d')
}

export function encodeMarker(state: ReviewState, options: EncodeOptions = {}): string {
  return `${OPEN}${escapeForComment(JSON.stringify(toWire(state, options)))}${CLOSE}`
}

function fromWire(wire: WireState): ReviewState {
  const files = expandFronts(wire.files)
  const findings = wire.f.map(entry => {
    const finding: Finding = {
      id: entry.i,
      severity: SEVERITY_BY_CODE[entry.s] as Severity,
      category: entry.c ?? '',
      file: files[entry.p] as string,
      title: entry.t ?? '',
      description: entry.d ?? '',
      status: entry.st === 'r' ? 'resolved' : entry.st === 'd' ? 'dismissed' : 'open',
      firstSeenSha: wire.shas[entry.fs] as string,
      lastConfirmedSha: wire.shas[entry.lc ?? entry.fs] as string,
      fingerprint: entry.h
    }
    if (entry.l) {
      finding.startLine = entry.l[0]
      finding.endLine = entry.l[1]
      finding.side = entry.sd === 'L' ? 'LEFT' : 'RIGHT'
    }
    if (entry.o) finding.outsideDiff = true
    if (entry.k !== undefined) finding.commentId = entry.k
    if (entry.n !== undefined) finding.note = entry.n
    if (entry.qt !== undefined) finding.quote = entry.qt
    if (entry.sg !== undefined) finding.suggestion = entry.sg
    if (entry.g && finding.status !== 'open') finding.gone = true
    return finding
  })
  const state: ReviewState = { lastReviewedSha: wire.sha, findings }
  if (wire.run !== undefined) state.runId = wire.run
  if (wire.pd && wire.pd.length > 0) {
    state.pending = wire.pd.map(([at, covered]) => {
      const file: PendingFile = { path: files[at] as string }
      if (covered !== undefined) file.coveredSha = wire.shas[covered] as string
      return file
    })
  }
  if (wire.pa) state.pendingAll = true
  if (wire.q !== undefined) state.seq = wire.q
  if (wire.ra !== undefined) state.repliesSeen = wire.ra
  if (wire.ps !== undefined) state.pausedBy = wire.ps
  const walkthrough = wire.w ? walkthroughFromWire(wire.w, files) : undefined
  if (walkthrough) state.walkthrough = walkthrough
  if (wire.ru && wire.ru.length > 0) state.runs = wire.ru.map(runFromWire)
  return state
}

export type DecodeResult =
  { kind: 'none' } | { kind: 'invalid'; reason: string } | { kind: 'ok'; state: ReviewState }

/** Reads the last marker in `body`: Redline writes its own marker after everything else. */
export function decodeMarker(body: string | null | undefined): DecodeResult {
  if (!body) return { kind: 'none' }
  const start = body.lastIndexOf(OPEN)
  if (start === -1) return { kind: 'none' }
  const end = body.indexOf(CLOSE, start + OPEN.length)
  if (end === -1) return { kind: 'invalid', reason: 'the marker is not closed' }
  let raw: unknown
  try {
    raw = JSON.parse(body.slice(start + OPEN.length, end))
  } catch (error) {
    return { kind: 'invalid', reason: `the marker is not valid JSON (${(error as Error).message})` }
  }
  const version = (raw as { v?: unknown } | null)?.v
  if (version !== MARKER_VERSION) {
    return { kind: 'invalid', reason: `unknown marker version ${JSON.stringify(version) ?? 'undefined'}` }
  }
  const parsed = wireState.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      kind: 'invalid',
      reason: `the marker does not match version 1 (${issue?.path.join('.')}: ${issue?.message})`
    }
  }
  return { kind: 'ok', state: fromWire(parsed.data) }
}

/** `body` with its marker replaced by `marker` (or `marker` added at the end when it has none). */
export function withMarker(body: string, marker: string): string {
  const start = body.lastIndexOf(OPEN)
  const end = start === -1 ? -1 : body.indexOf(CLOSE, start + OPEN.length)
  if (start === -1 || end === -1) return `${body.trimEnd()}\n\n${marker}`
  return `${body.slice(0, start)}${marker}${body.slice(end + CLOSE.length)}`
}

export function hasMarker(body: string | null | undefined): boolean {
  return body?.includes(OPEN) ?? false
}

/*
 * The other two hidden comments Redline writes:
 *
 *   <!-- redline:finding <id> -->      the last line of every inline comment: ties it to its finding, so later
 *                                      runs find the comment (and its thread) by the finding's id
 *   <!-- redline:probe <run id> -->    the body of a PENDING review made only to learn whether a review can be
 *                                      posted; a later run deletes any it finds
 *
 * Ids match FINDING_ID_PATTERN and run ids are plain tokens, so neither can close the comment.
 */
const TAG_PATTERN = /<!-- redline:finding (\S+) -->/g
const PROBE_OPEN = '<!-- redline:probe '

export function findingTag(id: string): string {
  return `<!-- redline:finding ${id} -->`
}

/** The finding id of a Redline comment; the last tag counts, as Redline writes its tag last. */
export function findingIdOf(commentBody: string | null | undefined): string | undefined {
  let id: string | undefined
  for (const match of (commentBody ?? '').matchAll(TAG_PATTERN)) id = match[1]
  return id
}

export function probeBody(runId: string): string {
  return `${PROBE_OPEN}${runId}${CLOSE}`
}

/** A review body Redline wrote: one with its state marker, or a probe. */
export function isRedlineBody(body: string | null | undefined): boolean {
  return hasMarker(body) || (body ?? '').includes(PROBE_OPEN)
}
