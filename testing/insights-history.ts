/**
 * A made pull-request history for the insights tests and benchmark: pull requests reviewed by Redline, with
 * markers written by Redline's own codec, inline comments, threads people resolved or replied in, reactions,
 * and the files a committed suggestion is checked against. Each finding is made with the fate it must get,
 * so the expected counts come from the making, not from the code under test.
 */
import type { Finding } from '../src/findings/finding.js'
import type { Severity } from '../src/findings/severity.js'
import { renderCommentBody } from '../src/publish/comment.js'
import { encodeMarker, type ReviewState, type RunRecord } from '../src/state/marker.js'
import type { Fate } from '../src/insights/fates.js'
import type {
  HistoryActor,
  HistoryPullSeed,
  HistoryReviewSeed,
  HistoryStore,
  HistoryThreadSeed
} from './github/history-store.js'

export const REDLINE: HistoryActor = { login: 'github-actions', type: 'Bot' }
const PERSON = (login: string): HistoryActor => ({ login, type: 'User' })

/** How a made finding ends; its fate follows from this and its pull request's state. */
export type FindingKind =
  | 'fixed'
  | 'applied'
  | 'fixed-other-change'
  | 'dismissed-thread'
  | 'dismissed-marked'
  | 'dismissed-question'
  | 'left-open'
  | 'left-open-redline-resolved'
  | 'body-only'

export const KINDS: readonly FindingKind[] = [
  'fixed',
  'applied',
  'fixed-other-change',
  'dismissed-thread',
  'dismissed-marked',
  'dismissed-question',
  'left-open',
  'left-open-redline-resolved',
  'body-only'
]

const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'informational']
const CATEGORIES = ['correctness', 'security', 'error-handling', 'performance']
const FOLDERS = ['src/api', 'src/db', 'lib/util']
const PULL_STATES: ReadonlyArray<'merged' | 'closed' | 'open'> = ['merged', 'merged', 'closed', 'open']

export interface MadeFinding {
  pr: number
  id: string
  kind: FindingKind
  severity: Severity
  category: string
  inline: boolean
  fate: Fate
  thumbsUp: number
  thumbsDown: number
}

export interface MadeHistory {
  findings: MadeFinding[]
  /** Pull requests with a state Redline wrote. */
  reviewed: number[]
  /** Pull requests whose only marker is forged or broken. */
  ignored: number[]
  runs: number
}

function sha(pr: number, step: number): string {
  return `${pr.toString(16).padStart(6, '0')}${step.toString(16).padStart(2, '0')}`.padEnd(40, 'a')
}

function fateOf(kind: FindingKind, state: 'merged' | 'closed' | 'open'): Fate {
  if (kind === 'fixed' || kind === 'fixed-other-change') return 'fixed'
  if (kind === 'applied') return 'applied'
  if (kind.startsWith('dismissed')) return 'dismissed'
  return state === 'merged' ? 'merged-open' : state === 'closed' ? 'closed-open' : 'open'
}

function at(day: number, hour = 9): string {
  return new Date(Date.UTC(2026, 8, 1 + day, hour)).toISOString().replace(/\.000Z$/, 'Z')
}

interface Made {
  finding: Finding
  made: MadeFinding
  suggestionLine: string
}

function makeFinding(pr: number, k: number, kind: FindingKind, state: 'merged' | 'closed' | 'open'): Made {
  const n = pr * 10 + k
  const severity = SEVERITIES[(pr + k) % SEVERITIES.length] as Severity
  const category = CATEGORIES[(pr * 3 + k) % CATEGORIES.length] as string
  const suggestionLine = `  return value ?? fallback${n}`
  const finding: Finding = {
    id: `f_${pr}x${k}`,
    severity,
    category,
    file: `${FOLDERS[(pr + 2 * k) % FOLDERS.length]}/file${pr}.ts`,
    title: kind.startsWith('dismissed') ? `Missing null check in handler ${k}` : `Finding ${k} of #${pr}`,
    description: `The value can be undefined here (${kind}).`,
    startLine: 10 + k,
    endLine: 10 + k,
    side: 'RIGHT',
    status: 'open',
    firstSeenSha: sha(pr, 1),
    lastConfirmedSha: sha(pr, 1),
    fingerprint: n.toString(16).padStart(16, '0'),
    ...(kind === 'applied' || kind === 'fixed-other-change' ? { suggestion: suggestionLine } : {}),
    ...(kind === 'body-only' ? {} : { commentId: 900_000 + n })
  }
  const reacted = kind !== 'body-only' && n % 3 === 0
  return {
    finding,
    suggestionLine,
    made: {
      pr,
      id: finding.id,
      kind,
      severity,
      category,
      inline: kind !== 'body-only',
      fate: fateOf(kind, state),
      thumbsUp: reacted ? 1 : 0,
      thumbsDown: reacted && n % 2 === 0 ? 1 : 0
    }
  }
}

function closedAs(made: Made): Finding {
  const { finding, made: m } = made
  switch (m.kind) {
    case 'fixed':
    case 'applied':
    case 'fixed-other-change':
      return { ...finding, status: 'resolved', note: `fixed in ${sha(m.pr, 2).slice(0, 7)}` }
    case 'dismissed-marked':
      return { ...finding, status: 'dismissed', note: 'dismissed: @bob resolved the thread' }
    case 'dismissed-question':
      return { ...finding, status: 'dismissed', note: 'dismissed: every caller validates the input first' }
    default:
      return finding
  }
}

function threadOf(made: Made, day: number): HistoryThreadSeed {
  const { finding, made: m } = made
  const opening = {
    id: finding.commentId as number,
    author: REDLINE,
    body: renderCommentBody(finding),
    createdAt: at(day, 10),
    reactions: [
      ...(m.thumbsUp ? [{ content: 'THUMBS_UP' as const, user: 'alice', createdAt: at(day, 11) }] : []),
      ...(m.thumbsDown ? [{ content: 'THUMBS_DOWN' as const, user: 'bob', createdAt: at(day, 11) }] : []),
      // Redline's own reaction never counts.
      ...(m.thumbsUp
        ? [{ content: 'THUMBS_UP' as const, user: 'github-actions[bot]', createdAt: at(day, 11) }]
        : [])
    ]
  }
  const thread: HistoryThreadSeed = {
    path: finding.file,
    line: finding.endLine ?? null,
    isResolved: false,
    resolvedBy: null,
    comments: [opening]
  }
  if (m.kind === 'dismissed-thread' || m.kind === 'dismissed-marked')
    Object.assign(thread, { isResolved: true, resolvedBy: m.kind === 'dismissed-marked' ? 'bob' : 'carol' })
  if (m.kind === 'fixed' || m.kind === 'applied' || m.kind === 'left-open-redline-resolved')
    Object.assign(thread, { isResolved: true, resolvedBy: 'github-actions' })
  if (m.kind === 'dismissed-question') {
    thread.comments.push({
      id: opening.id + 500_000,
      author: PERSON('dave'),
      body: '@redline every caller validates the input first, is this needed?',
      createdAt: at(day, 12),
      authorAssociation: 'COLLABORATOR'
    })
  }
  return thread
}

function run(day: number, cost: number, seconds: number): RunRecord {
  return {
    at: at(day, 10),
    seconds,
    inputTokens: 40_000,
    outputTokens: 3_000,
    costUsd: cost,
    turns: 6,
    reviewed: 4,
    reviewable: 4,
    end: 'completed'
  }
}

function redlineReview(
  id: number,
  state: ReviewState,
  submittedAt: string,
  commitSha: string
): HistoryReviewSeed {
  return {
    id,
    author: REDLINE,
    body: `Redline reviewed this change.\n\n${encodeMarker(state)}`,
    state: 'COMMENTED',
    submittedAt,
    commitSha
  }
}

/** One reviewed pull request with `kinds` findings; returns what it must count as. */
export function addReviewedPull(
  store: HistoryStore,
  pr: number,
  kinds: readonly FindingKind[],
  state: 'merged' | 'closed' | 'open',
  day: number
): MadeFinding[] {
  const made = kinds.map((kind, k) => makeFinding(pr, k, kind, state))
  const runs = [run(day, 0.1 + (pr % 5) * 0.05, 60 + pr), run(day + 1, 0.05, 40 + pr)]
  const first: ReviewState = {
    lastReviewedSha: sha(pr, 1),
    seq: 1,
    runId: `r${pr}a`,
    findings: made.map(m => m.finding),
    runs: runs.slice(0, 1)
  }
  const second: ReviewState = {
    lastReviewedSha: sha(pr, 2),
    seq: 2,
    runId: `r${pr}b`,
    findings: made.map(closedAs),
    runs
  }
  for (const m of made) {
    const line = m.finding.startLine as number
    const lines = Array.from({ length: 40 }, (_, i) => `  line ${i + 1}`)
    lines[line - 1] = m.made.kind === 'applied' ? m.suggestionLine : '  return value || something else'
    if (m.finding.suggestion !== undefined) store.setFile(sha(pr, 2), m.finding.file, lines.join('\n'))
  }
  const closed = state === 'open' ? null : at(day + 2, 15)
  const pull: HistoryPullSeed = {
    number: pr,
    title: `Change number ${pr}`,
    author: 'erin',
    state: state === 'open' ? 'open' : 'closed',
    merged: state === 'merged',
    createdAt: at(day, 8),
    updatedAt: at(day + 2, 16),
    closedAt: closed,
    mergedAt: state === 'merged' ? closed : null,
    headSha: sha(pr, 2),
    headRef: `topic-${pr}`,
    baseRef: 'main',
    reviews: [
      redlineReview(700_000 + pr * 10, first, at(day, 10), sha(pr, 1)),
      redlineReview(700_000 + pr * 10 + 1, second, at(day + 1, 10), sha(pr, 2))
    ],
    threads: made.filter(m => m.made.inline).map(m => threadOf(m, day))
  }
  store.addPull(pull)
  return made.map(m => m.made)
}

/** A pull request whose only markers are forged (by a person) or broken (by Redline): nothing of it counts. */
function addIgnoredPull(store: HistoryStore, pr: number, day: number): void {
  const forged: ReviewState = {
    lastReviewedSha: sha(pr, 1),
    seq: 9,
    findings: [makeFinding(pr, 0, 'fixed', 'merged').finding],
    runs: [run(day, 50, 10)]
  }
  store.addPull({
    number: pr,
    title: `Change number ${pr}`,
    author: 'mallory',
    state: 'closed',
    merged: true,
    createdAt: at(day, 8),
    updatedAt: at(day + 2, 16),
    closedAt: at(day + 2, 15),
    mergedAt: at(day + 2, 15),
    headSha: sha(pr, 1),
    headRef: `topic-${pr}`,
    baseRef: 'main',
    reviews: [
      { ...redlineReview(700_000 + pr * 10, forged, at(day, 10), sha(pr, 1)), author: PERSON('mallory') },
      {
        ...redlineReview(700_000 + pr * 10 + 1, forged, at(day, 11), sha(pr, 1)),
        body: 'Broken.\n\n<!-- redline:state {"v":1,"sha":"not a sha","f":[]} -->'
      }
    ],
    threads: []
  })
}

/**
 * `count` reviewed pull requests (findings of every kind, round robin, three each), plus two whose markers
 * must be ignored, plus a forged marker with a higher sequence number in the first pull request.
 */
export function makeHistory(store: HistoryStore, count: number, firstDay = 0): MadeHistory {
  const findings: MadeFinding[] = []
  const reviewed: number[] = []
  let next = 0
  for (let pr = 1; pr <= count; pr++) {
    const kinds = [0, 1, 2].map(() => KINDS[next++ % KINDS.length] as FindingKind)
    const day = firstDay + Math.floor((pr * 60) / Math.max(count, 1))
    findings.push(...addReviewedPull(store, pr, kinds, PULL_STATES[pr % PULL_STATES.length] ?? 'merged', day))
    reviewed.push(pr)
  }
  const first = store.pull(1)
  if (first) {
    const forged: ReviewState = { lastReviewedSha: sha(1, 3), seq: 99, findings: [] }
    first.reviews.push({
      ...redlineReview(799_999, forged, at(firstDay + 3, 10), sha(1, 3)),
      author: PERSON('mallory')
    })
  }
  addIgnoredPull(store, count + 1, firstDay + 1)
  addIgnoredPull(store, count + 2, firstDay + 2)
  return { findings, reviewed, ignored: [count + 1, count + 2], runs: reviewed.length * 2 }
}

/** The day index after the made history's last update, for a pull request that must be new. */
export function dayAfter(count: number, firstDay = 0): number {
  return firstDay + Math.floor((count * 60) / Math.max(count, 1)) + 5
}

export { at as historyTime, sha as historySha }
