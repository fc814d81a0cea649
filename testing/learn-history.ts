/**
 * A made pull-request history for learning from the team: Redline's findings with the outcomes people gave
 * them (dismissed with or without a reason, 👎, fixed, left open at merge, withdrawn on verification), review
 * threads people opened, and the repository roles of everyone involved. Markers and comments are written
 * by Redline's own codec, as the review writes them. Every made item says whether it must be evidence, so a
 * test's expectations come from the making, not from the code under test.
 *
 * `makeLearnHistory` makes the standard story; `addLearnPull` makes one pull request of any other story.
 */
import type { Finding } from '../src/findings/finding.js'
import type { Severity } from '../src/findings/severity.js'
import type { EvidenceKind } from '../src/learn/types.js'
import { renderCommentBody } from '../src/publish/comment.js'
import { encodeMarker, type ReviewState } from '../src/state/marker.js'
import type {
  HistoryActor,
  HistoryCommentSeed,
  HistoryRole,
  HistoryStore,
  HistoryThreadSeed
} from './github/history-store.js'

/** Redline's account in the made history (GraphQL spells the app `github-actions`, REST `github-actions[bot]`). */
export const LEARN_REDLINE: HistoryActor = { login: 'github-actions', type: 'Bot' }

/** The people of the standard story and their roles; `vic` is no collaborator (GitHub answers 404). */
export const LEARN_PEOPLE = {
  /** Maintainers: admin, maintain and write. Their dismissals, 👎 and comments are the team's word. */
  maintainers: ['maya', 'omar', 'lena'],
  /** Read permission only: what she does is never evidence. */
  reader: 'rita',
  /** Not a collaborator at all. */
  outsider: 'vic',
  /** Writes the pull requests. */
  author: 'erin'
} as const

const ROLES: Readonly<Record<string, HistoryRole>> = {
  maya: 'admin',
  omar: 'maintain',
  lena: 'write',
  rita: 'read',
  erin: 'write'
}

/** What became of a made finding. */
export type LearnOutcome =
  /** A person dismissed it: with `reason`, by replying in the thread (then `how`); without, by resolving it. */
  | { kind: 'dismissed'; by: string; reason?: string; how?: 'question' | 'reply-and-resolve' }
  /** The author fixed it before the next review. */
  | { kind: 'fixed' }
  /** Still open when the pull request was merged (or closed, or still open). */
  | { kind: 'open' }
  /** Redline withdrew it on verification before anyone saw it as a finding. */
  | { kind: 'withdrawn' }

export interface LearnFindingSpec {
  title: string
  path: string
  line: number
  category?: string
  severity?: Severity
  outcome: LearnOutcome
  /** Logins that put 👎 on Redline's comment. */
  thumbsDown?: readonly string[]
}

/** A review thread a person opened, with replies by others (never evidence: the opening comment is the ask). */
export interface HumanThreadSpec {
  author: string
  path: string
  line: number
  body: string
  /** A bot's thread is never evidence. */
  bot?: boolean
  replies?: ReadonlyArray<{ author: string; body: string }>
}

export interface LearnPullSpec {
  number: number
  /** Days after 2026-10-01: the pull request opens that day and closes two days later. */
  day: number
  state?: 'merged' | 'closed' | 'open'
  author?: string
  findings?: readonly LearnFindingSpec[]
  humanThreads?: readonly HumanThreadSpec[]
}

/** One thing made, and whether a reader of evidence must return it. */
export interface MadeItem {
  kind: EvidenceKind
  pr: number
  actor: string
  /** The link the evidence must carry; for a 👎 (which has no page of its own), unset: see `thread`. */
  url?: string
  /** The thread's opening comment (Redline's, or the person's). */
  thread: string
  /** The finding's title, for every kind but `human-comment`. */
  title?: string
  /** What the person wrote, for a dismissal with a reason or a human comment. */
  text?: string
  explicitReason: boolean
  /** Needs its actor to have write permission to count. */
  gated: boolean
  /** It can count at all (a withdrawn finding, a reply or a bot's thread never does). */
  eligible: boolean
  createdAt: string
}

export interface MadeLearnPull {
  number: number
  url: string
  mergedAt: string | null
  items: MadeItem[]
}

const WRITE_ROLES: ReadonlySet<string> = new Set(['admin', 'maintain', 'write'])

/** Whether a made item must be evidence, given the roles in `store` now. */
export function mustBeEvidence(store: HistoryStore, item: MadeItem): boolean {
  if (!item.eligible) return false
  if (!item.gated) return true
  return WRITE_ROLES.has(store.permissionOf(item.actor) ?? 'none')
}

export function learnTime(day: number, hour = 9, minute = 0): string {
  return new Date(Date.UTC(2026, 9, 1 + day, hour, minute)).toISOString().replace(/\.000Z$/, 'Z')
}

function sha(pr: number, step: number): string {
  return `${pr.toString(16).padStart(6, '0')}${step.toString(16).padStart(2, '0')}`.padEnd(40, 'b')
}

const person = (login: string): HistoryActor => ({ login, type: 'User' })

interface Building {
  store: HistoryStore
  spec: LearnPullSpec
  state: 'merged' | 'closed' | 'open'
  url: string
  closedAt: string | null
  items: MadeItem[]
  threads: HistoryThreadSeed[]
}

function madeFinding(pr: number, k: number, spec: LearnFindingSpec): Finding {
  const n = pr * 100 + k
  return {
    id: `f_${pr}x${k}`,
    severity: spec.severity ?? 'medium',
    category: spec.category ?? 'correctness',
    file: spec.path,
    title: spec.title,
    description: `${spec.title}: the value can be undefined here.`,
    startLine: spec.line,
    endLine: spec.line,
    side: 'RIGHT',
    status: 'open',
    firstSeenSha: sha(pr, 1),
    lastConfirmedSha: sha(pr, 1),
    fingerprint: n.toString(16).padStart(16, '0'),
    // A finding withdrawn on verification was never posted.
    ...(spec.outcome.kind === 'withdrawn' ? {} : { commentId: 1_000_000 + n })
  }
}

/** The finding as Redline's second review holds it, after what people did in its thread. */
function closedAs(finding: Finding, outcome: LearnOutcome): Finding {
  switch (outcome.kind) {
    case 'fixed':
      return { ...finding, status: 'resolved', note: `fixed in ${sha(0, 2).slice(0, 7)}` }
    case 'withdrawn':
      return { ...finding, status: 'dismissed', note: 'Dismissed on verification: every caller checks it' }
    case 'dismissed':
      if (outcome.reason !== undefined && outcome.how !== 'reply-and-resolve')
        return { ...finding, status: 'dismissed', note: `dismissed: ${outcome.reason}` }
      return { ...finding, status: 'dismissed', note: `dismissed: @${outcome.by} resolved the thread` }
    default:
      return finding
  }
}

function commentUrl(b: Building, id: number): string {
  return `${b.url}#discussion_r${id}`
}

/** Redline's thread of one finding, with what people did in it, and the items it must yield. */
function findingThread(b: Building, finding: Finding, spec: LearnFindingSpec): void {
  const { day, number: pr } = b.spec
  const outcome = spec.outcome
  if (finding.commentId === undefined) {
    const base = { pr, thread: b.url, title: spec.title, explicitReason: false, gated: false }
    b.items.push({ ...base, kind: 'dismissal', actor: '', eligible: false, createdAt: learnTime(day, 10) })
    return
  }
  const id = finding.commentId
  const thread = commentUrl(b, id)
  const base = { pr, thread, title: spec.title, explicitReason: false, gated: false, eligible: true }
  const opening: HistoryCommentSeed = {
    id,
    author: LEARN_REDLINE,
    body: renderCommentBody(finding),
    createdAt: learnTime(day, 10),
    reactions: (spec.thumbsDown ?? []).map(user => ({
      content: 'THUMBS_DOWN' as const,
      user,
      createdAt: learnTime(day, 11)
    }))
  }
  const seed: HistoryThreadSeed = {
    path: finding.file,
    line: finding.endLine ?? null,
    isResolved: false,
    resolvedBy: null,
    comments: [opening]
  }
  for (const user of spec.thumbsDown ?? [])
    b.items.push({ ...base, kind: 'thumbs-down', actor: user, gated: true, createdAt: learnTime(day, 11) })
  if (outcome.kind === 'dismissed') dismissedIn(b, seed, outcome, base)
  else if (b.state === 'merged') {
    const kind = outcome.kind === 'fixed' ? 'fixed' : 'left-open'
    const author = b.spec.author ?? LEARN_PEOPLE.author
    b.items.push({ ...base, kind, actor: author, url: thread, createdAt: b.closedAt as string })
  }
  if (outcome.kind === 'fixed') Object.assign(seed, { isResolved: true, resolvedBy: LEARN_REDLINE.login })
  b.threads.push(seed)
}

function dismissedIn(
  b: Building,
  seed: HistoryThreadSeed,
  outcome: Extract<LearnOutcome, { kind: 'dismissed' }>,
  base: Pick<MadeItem, 'pr' | 'thread' | 'title' | 'explicitReason' | 'gated' | 'eligible'>
): void {
  const { day } = b.spec
  const opening = seed.comments[0] as HistoryCommentSeed
  const item = { ...base, kind: 'dismissal' as const, actor: outcome.by, gated: true }
  if (outcome.reason === undefined) {
    Object.assign(seed, { isResolved: true, resolvedBy: outcome.by })
    b.items.push({ ...item, url: base.thread, createdAt: b.closedAt ?? learnTime(day + 2, 16) })
    return
  }
  const replyId = opening.id + 50_000
  const question = outcome.how !== 'reply-and-resolve'
  const body = question ? `@redline ${outcome.reason}` : outcome.reason
  seed.comments.push({
    id: replyId,
    author: person(outcome.by),
    body,
    createdAt: learnTime(day, 12),
    authorAssociation: 'MEMBER'
  })
  if (question)
    seed.comments.push({
      id: replyId + 1,
      author: LEARN_REDLINE,
      body: 'Agreed: dismissed.',
      createdAt: learnTime(day, 12, 5)
    })
  else Object.assign(seed, { isResolved: true, resolvedBy: outcome.by })
  const url = commentUrl(b, replyId)
  b.items.push({ ...item, url, text: body, explicitReason: true, createdAt: learnTime(day, 12) })
}

/** A thread a person (or a bot) opened, with its replies; only the opening comment can count. */
function humanThread(b: Building, spec: HumanThreadSpec, k: number): void {
  const { day, number: pr } = b.spec
  const id = 2_000_000 + pr * 100 + k
  const url = commentUrl(b, id)
  const createdAt = learnTime(day, 9, 30)
  const author: HistoryActor = spec.bot ? { login: spec.author, type: 'Bot' } : person(spec.author)
  const replies = (spec.replies ?? []).map((reply, r) => ({
    id: id + 50 + r,
    author: person(reply.author),
    body: reply.body,
    createdAt: learnTime(day, 9, 40 + r),
    authorAssociation: 'MEMBER'
  }))
  b.threads.push({
    path: spec.path,
    line: spec.line,
    isResolved: false,
    resolvedBy: null,
    comments: [{ id, author, body: spec.body, createdAt, authorAssociation: 'MEMBER' }, ...replies]
  })
  const base = { pr, thread: url, explicitReason: false, gated: true }
  b.items.push({
    ...base,
    kind: 'human-comment',
    actor: spec.author,
    url,
    text: spec.body,
    eligible: b.state === 'merged' && !spec.bot,
    createdAt
  })
  for (const reply of replies)
    b.items.push({
      ...base,
      kind: 'human-comment',
      actor: reply.author.login,
      url: commentUrl(b, reply.id),
      text: reply.body,
      eligible: false,
      createdAt: reply.createdAt
    })
}

function redlineReview(id: number, state: ReviewState, submittedAt: string, commitSha: string) {
  return {
    id,
    author: LEARN_REDLINE,
    body: `Redline reviewed this change.\n\n${encodeMarker(state)}`,
    state: 'COMMENTED' as const,
    submittedAt,
    commitSha
  }
}

/** One pull request of `spec`, added to the stand-in's history; returns what it must yield. */
export function addLearnPull(store: HistoryStore, spec: LearnPullSpec): MadeLearnPull {
  const state = spec.state ?? 'merged'
  const { day, number: pr } = spec
  const url = `https://github.com/${store.repoPath}/pull/${pr}`
  const closedAt = state === 'open' ? null : learnTime(day + 2, 15)
  const b: Building = { store, spec, state, url, closedAt, items: [], threads: [] }
  const findings = (spec.findings ?? []).map((f, k) => madeFinding(pr, k, f))
  findings.forEach((finding, k) => findingThread(b, finding, spec.findings?.[k] as LearnFindingSpec))
  ;(spec.humanThreads ?? []).forEach((thread, k) => humanThread(b, thread, k))
  const first: ReviewState = { lastReviewedSha: sha(pr, 1), seq: 1, runId: `l${pr}a`, findings }
  const second: ReviewState = {
    lastReviewedSha: sha(pr, 2),
    seq: 2,
    runId: `l${pr}b`,
    findings: findings.map((f, k) => closedAs(f, (spec.findings?.[k] as LearnFindingSpec).outcome))
  }
  store.addPull({
    number: pr,
    title: `Change ${pr}`,
    author: spec.author ?? LEARN_PEOPLE.author,
    state: state === 'open' ? 'open' : 'closed',
    merged: state === 'merged',
    createdAt: learnTime(day, 8),
    updatedAt: learnTime(day + 2, 16),
    closedAt,
    mergedAt: state === 'merged' ? closedAt : null,
    headSha: sha(pr, 2),
    headRef: `topic-${pr}`,
    baseRef: 'main',
    reviews:
      findings.length === 0
        ? []
        : [
            redlineReview(3_000_000 + pr * 10, first, learnTime(day, 10), sha(pr, 1)),
            redlineReview(3_000_000 + pr * 10 + 1, second, learnTime(day + 1, 10), sha(pr, 2))
          ],
    threads: b.threads
  })
  return { number: pr, url, mergedAt: state === 'merged' ? closedAt : null, items: b.items }
}

/** The reason the maintainers give for dismissing a missing null check in the legacy code. */
export const LEGACY_REASON = 'Every caller in src/legacy validates the input before this is reached.'

export interface LearnHistory {
  pulls: MadeLearnPull[]
  /** Every made item. */
  items: MadeItem[]
  /** The items a reader of evidence must return (with the roles the story sets). */
  evidence: MadeItem[]
  /** The three maintainers' dismissals of "Missing null check" in src/legacy/**, one per pull request. */
  legacyDismissals: MadeItem[]
  /** The same kind of dismissal, by the reader (read permission): never evidence. */
  readerDismissal: MadeItem
}

/**
 * The standard story, on pull requests `first`…`first + 5` from day `firstDay`, with everyone's role set:
 * - three maintainers (admin, maintain, write) each dismiss a "Missing null check" finding in `src/legacy/**`
 *   on their own merged pull request, giving `LEGACY_REASON` (two as a question to Redline, one as a reply
 *   before resolving the thread); the third pull request also holds a finding withdrawn on verification;
 * - the reader (read permission) dismisses the same kind of finding with the same reason;
 * - a merged pull request with people's threads: one by a maintainer (with a reply by another), one by the
 *   reader, one by someone who is not a collaborator, one by a bot; a 👎 by a maintainer and one by the
 *   reader on a Redline finding, which a maintainer also dismissed by resolving its thread without a word;
 * - a merged pull request with two findings the author fixed and one left open at merge;
 * - an open pull request with a maintainer's thread (not merged: not yet evidence).
 */
export function makeLearnHistory(store: HistoryStore, first = 101, firstDay = 0): LearnHistory {
  for (const [login, role] of Object.entries(ROLES)) store.setPermission(login, role)
  const [maya, omar, lena] = LEARN_PEOPLE.maintainers
  const { reader, outsider } = LEARN_PEOPLE
  const legacy = (by: string, file: string, how?: 'reply-and-resolve'): LearnFindingSpec => ({
    title: 'Missing null check on the parsed record',
    path: `src/legacy/${file}`,
    line: 14,
    outcome: { kind: 'dismissed', by, reason: LEGACY_REASON, ...(how ? { how } : {}) }
  })
  const pulls = [
    addLearnPull(store, { number: first, day: firstDay, findings: [legacy(maya, 'orders.ts')] }),
    addLearnPull(store, {
      number: first + 1,
      day: firstDay + 3,
      findings: [legacy(omar, 'billing/invoice.ts', 'reply-and-resolve')]
    }),
    addLearnPull(store, {
      number: first + 2,
      day: firstDay + 6,
      findings: [
        legacy(lena, 'users.ts'),
        { title: 'Unchecked index', path: 'src/legacy/users.ts', line: 30, outcome: { kind: 'withdrawn' } }
      ]
    }),
    addLearnPull(store, { number: first + 3, day: firstDay + 9, findings: [legacy(reader, 'cart.ts')] }),
    addLearnPull(store, {
      number: first + 4,
      day: firstDay + 12,
      findings: [
        {
          title: 'Prefer a named constant for the retry limit',
          category: 'maintainability',
          severity: 'low',
          path: 'src/net/client.ts',
          line: 8,
          outcome: { kind: 'dismissed', by: lena },
          thumbsDown: [omar, reader]
        }
      ],
      humanThreads: [
        {
          author: maya,
          path: 'src/net/client.ts',
          line: 21,
          body: 'Use the shared retry helper from src/net/retry.ts instead of a loop here.',
          replies: [{ author: omar, body: 'Agreed, we keep retries in one place.' }]
        },
        { author: reader, path: 'src/net/client.ts', line: 30, body: 'Rename this to fetchWithTimeout.' },
        { author: outsider, path: 'src/net/client.ts', line: 40, body: 'Why not use axios?' },
        { author: 'dependabot', bot: true, path: 'package.json', line: 3, body: 'Bumps a dependency.' }
      ]
    }),
    addLearnPull(store, {
      number: first + 5,
      day: firstDay + 15,
      findings: [
        { title: 'Unclosed file handle', path: 'src/io/read.ts', line: 12, outcome: { kind: 'fixed' } },
        {
          title: 'SQL built by concatenation',
          path: 'src/db/query.ts',
          line: 40,
          outcome: { kind: 'fixed' }
        },
        { title: 'Missing await on save', path: 'src/db/save.ts', line: 9, outcome: { kind: 'open' } }
      ]
    }),
    addLearnPull(store, {
      number: first + 6,
      day: firstDay + 18,
      state: 'open',
      humanThreads: [{ author: maya, path: 'src/api/routes.ts', line: 5, body: 'Validate the body here.' }]
    })
  ]
  const items = pulls.flatMap(pull => pull.items)
  const dismissals = items.filter(i => i.kind === 'dismissal' && i.title?.startsWith('Missing null check'))
  return {
    pulls,
    items,
    evidence: items.filter(item => mustBeEvidence(store, item)),
    legacyDismissals: dismissals.filter(i => i.actor !== reader),
    readerDismissal: dismissals.find(i => i.actor === reader) as MadeItem
  }
}
