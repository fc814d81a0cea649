/**
 * What became of each finding of one pull request, read from Redline's markers and the review threads. The
 * markers are trusted only in reviews by Redline's own account, as the review itself trusts them.
 */
import type { Finding } from '../findings/finding.js'
import type { HistoryComment, HistoryThread, PullHistory, PullSummary } from '../github/history.js'
import { isOwnAccount } from '../github/identity.js'
import type { Logger } from '../logger.js'
import { readCommentText } from '../publish/marker-comment.js'
import { decodeMarker, hasMarker, type ReviewState, type RunRecord } from '../state/marker.js'
import { readState, type ReviewLike } from '../state/read-state.js'

export const FATES = ['fixed', 'applied', 'dismissed', 'merged-open', 'closed-open', 'open'] as const
export type Fate = (typeof FATES)[number]

/** How a finding came to be dismissed. `verification` findings were withdrawn before anyone saw them. */
export type DismissalSource = 'thread-resolved' | 'question' | 'reply' | 'reviewer' | 'verification'

export interface FindingFate {
  findingId: string
  severity: string
  category: string
  path: string
  startLine: number | null
  endLine: number | null
  title: string
  /** Posted as an inline comment (else only in the review body). */
  inline: boolean
  commentId: number | null
  commentUrl: string | null
  firstSha: string
  lastSha: string
  fingerprint: string
  fate: Fate
  dismissedBy: string | null
  dismissalSource: DismissalSource | null
  dismissalReason: string | null
  thumbsUp: number
  thumbsDown: number
}

/** Something a person did about a finding: the raw evidence behind its fate. */
export interface FeedbackEvent {
  findingId: string
  kind: 'reaction' | 'reply' | 'thread-resolved' | 'dismissal'
  /** Unique within the pull request and kind, so that collecting twice writes the same row. */
  sourceId: string
  actor: string | null
  /** The reaction's content, or the reply's or dismissal's words. */
  content: string
  authorAssociation: string | null
  createdAt: string | null
  url: string | null
}

/** A fixed finding whose suggestion may have been committed as is: checked against the file at `sha`. */
export interface AppliedCheck {
  findingId: string
  sha: string
  path: string
  startLine: number
  suggestion: string
}

export interface PullFates {
  /** A state by Redline was found. */
  reviewed: boolean
  runs: RunRecord[]
  findings: FindingFate[]
  events: FeedbackEvent[]
  appliedChecks: AppliedCheck[]
  warnings: string[]
}

function reviewLike(review: PullHistory['reviews'][number]): ReviewLike {
  return {
    id: review.id,
    user: review.author,
    body: review.body,
    state: review.state,
    submitted_at: review.submittedAt
  }
}

/** Every state Redline wrote in this pull request, by its own account, oldest sequence first. */
function ownStates(history: PullHistory, redlineLogin: string): ReviewState[] {
  return history.reviews
    .filter(review => review.state !== 'PENDING' && hasMarker(review.body))
    .filter(review => isOwnAccount(review.author, redlineLogin))
    .flatMap(review => {
      const decoded = decodeMarker(review.body)
      return decoded.kind === 'ok' ? [decoded.state] : []
    })
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
}

/**
 * Whether a login GraphQL gives without an account type (a thread's resolver, a reaction's user) is
 * Redline's: GraphQL spells an app `name` where REST spells it `name[bot]`. Used only to leave Redline's own
 * acts out, never to trust anything.
 */
function isRedlineLogin(login: string, redlineLogin: string): boolean {
  const strip = (text: string) => text.toLowerCase().replace(/\[bot\]$/, '')
  return strip(login) === strip(redlineLogin)
}

function isPerson(author: { login: string; type?: string } | null, redlineLogin: string): boolean {
  return author !== null && author.type !== 'Bot' && !isOwnAccount(author, redlineLogin)
}

interface Dismissal {
  by: string | null
  source: DismissalSource
  reason: string
}

/** Who dismissed a finding its marker holds as dismissed, read from the note Redline wrote and the thread. */
function markedDismissal(finding: Finding, thread: HistoryThread | undefined, redline: string): Dismissal {
  const note = finding.note ?? ''
  const resolver = /^dismissed: @(\S+) resolved the thread/.exec(note)
  if (resolver) return { by: resolver[1] ?? null, source: 'thread-resolved', reason: note }
  if (/^Dismissed on verification/i.test(note)) return { by: null, source: 'verification', reason: note }
  const people = (thread?.comments.slice(1) ?? []).filter(c => isPerson(c.author, redline))
  const last = people[people.length - 1]
  if (!last) return { by: null, source: 'reviewer', reason: note }
  // A thread question is answered at once, with the answer's reason as the note: "dismissed: …".
  const source = /^dismissed: /.test(note) ? 'question' : 'reply'
  return { by: last.author?.login ?? null, source, reason: note }
}

interface Decided {
  fate: Fate
  dismissal?: Dismissal
}

function decide(
  finding: Finding,
  thread: HistoryThread | undefined,
  pull: PullSummary,
  redline: string
): Decided {
  if (finding.status === 'resolved') return { fate: 'fixed' }
  if (finding.status === 'dismissed')
    return { fate: 'dismissed', dismissal: markedDismissal(finding, thread, redline) }
  // Resolving the thread of an open finding by hand dismisses it; the next review would write it so.
  if (thread?.isResolved && thread.resolvedBy && !isRedlineLogin(thread.resolvedBy, redline)) {
    const reason = `dismissed: @${thread.resolvedBy} resolved the thread`
    return { fate: 'dismissed', dismissal: { by: thread.resolvedBy, source: 'thread-resolved', reason } }
  }
  if (pull.state === 'merged') return { fate: 'merged-open' }
  if (pull.state === 'closed') return { fate: 'closed-open' }
  return { fate: 'open' }
}

function reactionsBy(opening: HistoryComment | undefined, redline: string) {
  return (opening?.reactions ?? []).filter(
    reaction => reaction.user !== null && !isRedlineLogin(reaction.user, redline)
  )
}

function eventsOf(
  finding: Finding,
  thread: HistoryThread | undefined,
  decided: Decided,
  redline: string
): FeedbackEvent[] {
  const opening = thread?.comments[0]
  const events: FeedbackEvent[] = reactionsBy(opening, redline).map(reaction => ({
    findingId: finding.id,
    kind: 'reaction',
    sourceId: `${opening?.id}:${reaction.content}:${reaction.user}`,
    actor: reaction.user,
    content: reaction.content,
    authorAssociation: null,
    createdAt: reaction.createdAt,
    url: opening?.url ?? null
  }))
  for (const reply of thread?.comments.slice(1) ?? []) {
    if (!isPerson(reply.author, redline)) continue
    events.push({
      findingId: finding.id,
      kind: 'reply',
      sourceId: String(reply.id),
      actor: reply.author?.login ?? null,
      content: reply.body,
      authorAssociation: reply.authorAssociation,
      createdAt: reply.createdAt,
      url: reply.url
    })
  }
  if (thread?.isResolved && thread.resolvedBy && !isRedlineLogin(thread.resolvedBy, redline)) {
    events.push({
      findingId: finding.id,
      kind: 'thread-resolved',
      sourceId: String(opening?.id ?? finding.id),
      actor: thread.resolvedBy,
      content: '',
      authorAssociation: null,
      createdAt: null,
      url: opening?.url ?? null
    })
  }
  if (decided.dismissal) {
    events.push({
      findingId: finding.id,
      kind: 'dismissal',
      sourceId: finding.id,
      actor: decided.dismissal.by,
      content: decided.dismissal.reason,
      authorAssociation: null,
      createdAt: null,
      url: opening?.url ?? null
    })
  }
  return events
}

/** The suggestion a finding carried while open: from a marker that still held it, else from its comment. */
function suggestionOf(id: string, states: readonly ReviewState[], opening: HistoryComment | undefined) {
  for (const state of [...states].reverse()) {
    const held = state.findings.find(f => f.id === id && f.status === 'open' && f.suggestion !== undefined)
    if (held?.suggestion !== undefined) return held.suggestion
  }
  return opening ? readCommentText(opening.body).suggestion : undefined
}

/** The head at which the finding was first seen fixed: the reviewed commit of the first state saying so. */
function fixedAt(id: string, states: readonly ReviewState[]): string | undefined {
  return states.find(state => state.findings.some(f => f.id === id && f.status === 'resolved'))
    ?.lastReviewedSha
}

function appliedCheck(
  finding: Finding,
  states: readonly ReviewState[],
  opening: HistoryComment | undefined
): AppliedCheck | undefined {
  if (finding.status !== 'resolved' || finding.startLine === undefined || finding.side === 'LEFT') return
  const suggestion = suggestionOf(finding.id, states, opening)
  const sha = fixedAt(finding.id, states)
  if (suggestion === undefined || suggestion.trim() === '' || sha === undefined) return
  return { findingId: finding.id, sha, path: finding.file, startLine: finding.startLine, suggestion }
}

/** The fates of one pull request's findings, its runs, and the feedback behind them. */
export function pullFates(
  pull: PullSummary,
  history: PullHistory,
  redlineLogin: string,
  logger: Logger
): PullFates {
  // The review's own reading: its warnings speak of reviewing again, so they are worded here instead.
  const quiet: Logger = { ...logger, info: logger.debug, warning: logger.debug }
  const read = readState(history.reviews.map(reviewLike), redlineLogin, quiet)
  const state = read.state
  const warnings = read.warnings.filter(warning => !/^No usable Redline state/.test(warning))
  if (!state && warnings.length > 0) warnings.push('no usable Redline state, so none of its findings count')
  const result: PullFates = {
    reviewed: state !== undefined,
    runs: [],
    findings: [],
    events: [],
    appliedChecks: [],
    warnings
  }
  if (!state) return result
  result.runs = state.runs ?? []
  const states = ownStates(history, redlineLogin)
  const threads = new Map<number, HistoryThread>()
  for (const thread of history.threads) {
    const opening = thread.comments[0]
    if (opening && isOwnAccount(opening.author, redlineLogin)) threads.set(opening.id, thread)
  }
  for (const finding of state.findings) {
    const thread = finding.commentId === undefined ? undefined : threads.get(finding.commentId)
    const decided = decide(finding, thread, pull, redlineLogin)
    const reactions = reactionsBy(thread?.comments[0], redlineLogin)
    result.findings.push({
      findingId: finding.id,
      severity: finding.severity,
      category: finding.category || 'uncategorized',
      path: finding.file,
      startLine: finding.startLine ?? null,
      endLine: finding.endLine ?? null,
      title: finding.title,
      inline: finding.commentId !== undefined,
      commentId: finding.commentId ?? null,
      commentUrl: thread?.comments[0]?.url ?? null,
      firstSha: finding.firstSeenSha,
      lastSha: finding.lastConfirmedSha,
      fingerprint: finding.fingerprint,
      fate: decided.fate,
      dismissedBy: decided.dismissal?.by ?? null,
      dismissalSource: decided.dismissal?.source ?? null,
      dismissalReason: decided.dismissal?.reason ?? null,
      thumbsUp: reactions.filter(r => r.content === 'THUMBS_UP').length,
      thumbsDown: reactions.filter(r => r.content === 'THUMBS_DOWN').length
    })
    result.events.push(...eventsOf(finding, thread, decided, redlineLogin))
    const check = appliedCheck(finding, states, thread?.comments[0])
    if (check) result.appliedChecks.push(check)
  }
  return result
}

/** How far from its old place a committed suggestion is looked for: the lines above it may have changed. */
const APPLIED_WINDOW = 50

/**
 * Whether `text` (the file at the commit that fixed the finding) holds the suggestion's lines, whole and in
 * order, near the finding's old start line: GitHub's "Commit suggestion" or the author's own commit of the
 * same text.
 */
export function suggestionApplied(text: string, check: AppliedCheck): boolean {
  const lines = text.split('\n').map(line => line.trimEnd())
  const wanted = check.suggestion
    .replace(/\n$/, '')
    .split('\n')
    .map(line => line.trimEnd())
  const from = Math.max(0, check.startLine - 1 - APPLIED_WINDOW)
  const to = Math.min(lines.length - wanted.length, check.startLine - 1 + APPLIED_WINDOW)
  for (let start = from; start <= to; start++) {
    if (wanted.every((line, i) => lines[start + i] === line)) return true
  }
  return false
}
