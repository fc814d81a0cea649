/**
 * The evidence a learn run may draw rules from, read from the outcome history: what people with write
 * permission did about Redline's findings, the findings authors fixed or merged without fixing, and the
 * threads people opened in review. Everything people wrote stays untrusted text.
 */
import type { SqlValue } from 'sql.js'
import type { InsightsStore } from '../insights/store.js'
import { plural, truncate } from '../text/measure.js'
import type { EvidenceItem, EvidenceKind } from './types.js'

/** At most this many items, the newest: enough for a distillation, small enough for one model run. */
export const MAX_EVIDENCE_ITEMS = 300
/** What a person wrote is cut to this many characters (marked with an ellipsis). */
export const MAX_EVIDENCE_TEXT = 1_000

/** An item before its actor's permission is known: `gate` names the login whose write permission it needs. */
interface Candidate {
  item: EvidenceItem
  /** When it counts as new for `since`: the act itself, or the merge that made it evidence. */
  visibleAt: string
  gate: string | null
}

type Row = Record<string, SqlValue>

const text = (value: SqlValue | undefined): string | null => (value == null ? null : String(value))
const num = (value: SqlValue | undefined): number | null => (value == null ? null : Number(value))

/** A finding's own link: its comment, else (a finding only in the review body) its pull request. */
function findingUrl(row: Row): string {
  return text(row['comment_url']) ?? `${String(row['pull_url'])}#redline-finding-${String(row['finding_id'])}`
}

/**
 * A 👎 has no page of its own: its link is the comment's with the person in the query, so that it differs
 * from a dismissal or fate of the same comment and still opens the thread.
 */
function reactionUrl(commentUrl: string, login: string): string {
  const hash = commentUrl.indexOf('#')
  const page = hash === -1 ? commentUrl : commentUrl.slice(0, hash)
  const fragment = hash === -1 ? '' : commentUrl.slice(hash)
  return `${page}?thumbs-down-by=${encodeURIComponent(login)}${fragment}`
}

/** When a pull request's people last could have acted: its close, else its last update. */
function pullTime(row: Row): string {
  return text(row['merged_at']) ?? text(row['closed_at']) ?? String(row['updated_at'])
}

function findingItem(row: Row, kind: EvidenceKind, fields: Partial<EvidenceItem>): EvidenceItem {
  return {
    url: findingUrl(row),
    kind,
    pr: Number(row['pr_number']),
    actor: null,
    createdAt: pullTime(row),
    path: text(row['path']),
    line: num(row['start_line']) ?? num(row['end_line']),
    finding: {
      title: String(row['title']),
      category: String(row['category']),
      severity: String(row['severity'])
    },
    text: null,
    explicitReason: false,
    ...fields
  }
}

const FINDINGS_SQL = `
  SELECT f.pr_number, f.finding_id, f.severity, f.category, f.path, f.start_line, f.end_line, f.title,
         f.comment_url, t.fate, t.dismissed_by, t.dismissal_source, t.dismissal_reason,
         p.url AS pull_url, p.author, p.state, p.merged_at, p.closed_at, p.updated_at
  FROM findings f
  JOIN fates t USING (repo, pr_number, finding_id)
  JOIN pull_requests p ON p.repo = f.repo AND p.number = f.pr_number
  WHERE f.repo = ?`

/** People's replies in Redline's threads, oldest first, by pull request, finding and author: read at once. */
type Replies = Map<string, Row[]>

const replyKey = (pr: SqlValue | undefined, finding: SqlValue | undefined, actor: string) =>
  `${String(pr)}\u0000${String(finding)}\u0000${actor}`

function readReplies(store: InsightsStore, repo: string): Replies {
  const replies: Replies = new Map()
  const rows = store.all(
    `SELECT pr_number, finding_id, actor, content, created_at, url FROM feedback_events
     WHERE repo = ? AND kind = 'reply' AND actor IS NOT NULL
     ORDER BY pr_number, finding_id, created_at, source_id`,
    [repo]
  )
  for (const row of rows) {
    const key = replyKey(row['pr_number'], row['finding_id'], String(row['actor']))
    replies.set(key, [...(replies.get(key) ?? []), row])
  }
  return replies
}

/**
 * A finding a person dismissed. Their own replies in the thread are the reason (and the newest one the
 * link and time); a bare resolve has none, and its time is the pull request's close or last update.
 */
function dismissal(row: Row, replies: Replies): Candidate | undefined {
  const by = text(row['dismissed_by'])
  const source = text(row['dismissal_source'])
  if (by === null || source === 'verification') return undefined
  const own = replies.get(replyKey(row['pr_number'], row['finding_id'], by)) ?? []
  const last = own[own.length - 1]
  const words = own
    .map(reply => String(reply['content']).trim())
    .filter(Boolean)
    .join('\n\n')
  const note = source === 'thread-resolved' ? null : text(row['dismissal_reason'])
  const item = findingItem(row, 'dismissal', {
    actor: by,
    text: words !== '' ? words : note,
    explicitReason: words !== '',
    ...(last ? { url: text(last['url']) ?? findingUrl(row) } : {}),
    ...(text(last?.['created_at']) ? { createdAt: String(last?.['created_at']) } : {})
  })
  return { item, visibleAt: item.createdAt, gate: by }
}

/** Findings' fates that are evidence: dismissals by people, and on merged pull requests, fixed and left open. */
function fateCandidates(store: InsightsStore, repo: string): Candidate[] {
  const replies = readReplies(store, repo)
  return store.all(FINDINGS_SQL, [repo]).flatMap((row): Candidate[] => {
    const fate = String(row['fate'])
    if (fate === 'dismissed') {
      const found = dismissal(row, replies)
      return found ? [found] : []
    }
    if (row['state'] !== 'merged') return []
    const kind: EvidenceKind | undefined =
      fate === 'merged-open' ? 'left-open' : fate === 'fixed' || fate === 'applied' ? 'fixed' : undefined
    if (!kind) return []
    const item = findingItem(row, kind, { actor: text(row['author']) })
    return [{ item, visibleAt: item.createdAt, gate: null }]
  })
}

/** People's 👎 on Redline's inline comments. */
function thumbsDownCandidates(store: InsightsStore, repo: string): Candidate[] {
  const rows = store.all(
    `SELECT e.actor AS reactor, e.created_at AS reacted_at, f.*, p.url AS pull_url, p.merged_at, p.closed_at,
            p.updated_at
     FROM feedback_events e
     JOIN findings f ON f.repo = e.repo AND f.pr_number = e.pr_number AND f.finding_id = e.finding_id
     JOIN pull_requests p ON p.repo = e.repo AND p.number = e.pr_number
     WHERE e.repo = ? AND e.kind = 'reaction' AND e.content = 'THUMBS_DOWN' AND e.actor IS NOT NULL`,
    [repo]
  )
  return rows.map(row => {
    const login = String(row['reactor'])
    const item = findingItem(row, 'thumbs-down', {
      url: reactionUrl(findingUrl(row), login),
      actor: login,
      createdAt: text(row['reacted_at']) ?? pullTime(row)
    })
    return { item, visibleAt: item.createdAt, gate: login }
  })
}

/** The threads people opened on merged pull requests; they count from the merge. */
function humanCommentCandidates(store: InsightsStore, repo: string): Candidate[] {
  const rows = store.all(
    `SELECT c.*, p.merged_at FROM review_comments c
     JOIN pull_requests p ON p.repo = c.repo AND p.number = c.pr_number
     WHERE c.repo = ? AND p.state = 'merged'`,
    [repo]
  )
  return rows.map(row => {
    const author = String(row['author'])
    const item: EvidenceItem = {
      url: String(row['url']),
      kind: 'human-comment',
      pr: Number(row['pr_number']),
      actor: author,
      createdAt: String(row['created_at']),
      path: text(row['path']),
      line: num(row['line']),
      text: String(row['body']),
      explicitReason: false
    }
    return { item, visibleAt: text(row['merged_at']) ?? item.createdAt, gate: author }
  })
}

/** Keeps the candidates whose actor may write, asking once per login, in a fixed order. */
async function withWritePermission(
  candidates: readonly Candidate[],
  canWrite: (login: string) => Promise<boolean>
): Promise<Candidate[]> {
  const logins = [...new Set(candidates.flatMap(c => (c.gate === null ? [] : [c.gate])))].sort()
  const writers = new Set<string>()
  for (const login of logins) if (await canWrite(login)) writers.add(login)
  return candidates.filter(c => c.gate === null || writers.has(c.gate))
}

/** `since` in GitHub's spelling (whole seconds, `Z`), so that it compares with stored times as text. */
function instant(since: string): string {
  const time = Date.parse(since)
  if (Number.isNaN(time))
    throw new Error(`"${since}" is not a time: give one in ISO 8601, e.g. 2026-01-31T00:00:00Z`)
  return new Date(Math.ceil(time / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z')
}

const byTimeThenUrl = (a: EvidenceItem, b: EvidenceItem): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0

/**
 * The evidence of `repo` (as the store names it, `owner/name`) that arose at or after `since` (ISO 8601):
 * dismissals, 👎 and people's review threads by those `canWrite` accepts (a dismissal withdrawn on
 * verification is left out: nobody saw it), and on merged pull requests the findings fixed and those left
 * open. An act counts from when it happened; a fate decided at merge, and a thread on a pull request merged
 * later, from the merge; a thread resolved without a word (GitHub keeps no time for it) from the pull
 * request's close, or its last update while it is open. Each item's `url` is unique: a 👎 carries its
 * comment's link with `?thumbs-down-by=<login>` before the fragment; a finding only in the review body, its
 * pull request's link with `#redline-finding-<id>`. At most {@link MAX_EVIDENCE_ITEMS} items, the newest;
 * each text cut to {@link MAX_EVIDENCE_TEXT} characters. Ordered by `createdAt`, then `url`.
 */
export async function readEvidence(
  store: InsightsStore,
  repo: string,
  since: string,
  canWrite: (login: string) => Promise<boolean>
): Promise<EvidenceItem[]> {
  const from = instant(since)
  const candidates = [
    ...fateCandidates(store, repo),
    ...thumbsDownCandidates(store, repo),
    ...humanCommentCandidates(store, repo)
  ].filter(c => c.visibleAt >= from)
  const allowed = await withWritePermission(candidates, canWrite)
  const byUrl = new Map<string, EvidenceItem>()
  for (const item of allowed.map(c => c.item).sort(byTimeThenUrl))
    if (!byUrl.has(item.url)) byUrl.set(item.url, item)
  return [...byUrl.values()]
    .slice(-MAX_EVIDENCE_ITEMS)
    .map(item => (item.text === null ? item : { ...item, text: truncate(item.text, MAX_EVIDENCE_TEXT) }))
}

export interface EvidenceSummary {
  total: number
  byKind: Record<EvidenceKind, number>
  /** Distinct pull requests the items come from. */
  pulls: number
  /** Dismissals whose reason a person wrote. */
  explicitReasons: number
  /** One line for the run's log. */
  line: string
}

const KIND_WORDS: Record<EvidenceKind, [string, string]> = {
  dismissal: ['dismissal', 'dismissals'],
  'thumbs-down': ['👎', '👎'],
  'left-open': ['finding left open', 'findings left open'],
  fixed: ['finding fixed', 'findings fixed'],
  'human-comment': ['review comment by a person', 'review comments by people']
}

/** Counts by kind and distinct pull requests, for the run's log line. */
export function summarizeEvidence(items: readonly EvidenceItem[]): EvidenceSummary {
  const byKind = Object.fromEntries(Object.keys(KIND_WORDS).map(kind => [kind, 0])) as Record<
    EvidenceKind,
    number
  >
  for (const item of items) byKind[item.kind] += 1
  const pulls = new Set(items.map(item => item.pr)).size
  const explicitReasons = items.filter(item => item.kind === 'dismissal' && item.explicitReason).length
  const parts = (Object.keys(KIND_WORDS) as EvidenceKind[])
    .filter(kind => byKind[kind] > 0)
    .map(kind => {
      const [one, many] = KIND_WORDS[kind]
      const counted = plural(byKind[kind], one, many)
      return kind === 'dismissal' ? `${counted} (${explicitReasons} with a reason)` : counted
    })
  const head = `${plural(items.length, 'evidence item')} from ${plural(pulls, 'pull request')}`
  return {
    total: items.length,
    byKind,
    pulls,
    explicitReasons,
    line: parts.length ? `${head}: ${parts.join(', ')}` : head
  }
}
