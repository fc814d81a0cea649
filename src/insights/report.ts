/** The insights report's figures, computed from the store's rows for one repository and window. */
import { FATES, type Fate } from './fates.js'
import type { InsightsStore } from './store.js'

/** One finding as the report reads it. */
export interface FindingRow {
  prNumber: number
  prState: 'open' | 'merged' | 'closed'
  prCreatedAt: string
  severity: string
  category: string
  path: string
  title: string
  inline: boolean
  commentUrl: string | null
  fate: Fate
  dismissalSource: string | null
  dismissedBy: string | null
}

export interface RunRow {
  prNumber: number
  seconds: number
  costUsd: number
}

/** Counts and rates for one slice of the findings. */
export interface Slice {
  key: string
  findings: number
  /** Inline findings on merged or closed pull requests: the rates' denominator. */
  decided: number
  actedUpon: number
  dismissed: number
  mergedOpen: number
  actedUponRate: number | null
  dismissalRate: number | null
}

export interface DismissedEntry {
  title: string
  category: string
  path: string
  count: number
  links: string[]
}

/** One repository's headline figures. */
export interface RepositoryRow {
  repo: string
  pulls: number
  pullsReviewed: number
  runs: number
  /** Inline findings on merged or closed pull requests: the rates' denominator. */
  decided: number
  actedUpon: number
  actedUponRate: number | null
  dismissalRate: number | null
  mergedOpenRate: number | null
  findingsPerPr: number | null
  inlinePerPr: number | null
  costUsd: number
  costPerPr: number | null
  costPerActedUpon: number | null
  medianReviewSeconds: number | null
}

export interface InsightsReport {
  repo: string
  since: string
  generatedAt: string
  pulls: number
  pullsReviewed: number
  runs: number
  fates: Record<Fate, number>
  headline: {
    actedUponRate: number | null
    dismissalRate: number | null
    mergedOpenRate: number | null
    findingsPerPr: number | null
    inlinePerPr: number | null
    costPerPr: number | null
    costPerActedUpon: number | null
    medianReviewSeconds: number | null
    totalCostUsd: number
  }
  all: Slice
  bySeverity: Slice[]
  byCategory: Slice[]
  byFolder: Slice[]
  byWeek: Slice[]
  mostDismissed: DismissedEntry[]
  /** Across repositories: each repository's headline figures (the ones Redline reviewed in the window). */
  repositories?: RepositoryRow[]
}

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'informational']
const TOP_FOLDERS = 8
const TOP_DISMISSED = 10

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole
}

function slice(key: string, rows: readonly FindingRow[]): Slice {
  const decided = rows.filter(row => row.inline && row.prState !== 'open')
  const count = (fates: readonly Fate[]) => decided.filter(row => fates.includes(row.fate)).length
  const actedUpon = count(['fixed', 'applied'])
  const dismissed = count(['dismissed'])
  return {
    key,
    findings: rows.length,
    decided: decided.length,
    actedUpon,
    dismissed,
    mergedOpen: count(['merged-open']),
    actedUponRate: ratio(actedUpon, decided.length),
    dismissalRate: ratio(dismissed, decided.length)
  }
}

function groupBy(rows: readonly FindingRow[], keyOf: (row: FindingRow) => string): Map<string, FindingRow[]> {
  const groups = new Map<string, FindingRow[]>()
  for (const row of rows) {
    const key = keyOf(row)
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return groups
}

/** The folder a finding is in, two levels deep: `src/api` for `src/api/users/get.ts`. */
export function folderOf(path: string): string {
  const parts = path.split('/').slice(0, -1)
  return parts.length === 0 ? '(root)' : parts.slice(0, 2).join('/')
}

/** The Monday that starts the ISO week of `iso`, as a date. */
export function weekOf(iso: string): string {
  const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`)
  const offset = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10)
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

function mostDismissed(rows: readonly FindingRow[]): DismissedEntry[] {
  const dismissed = rows.filter(row => row.fate === 'dismissed')
  const groups = groupBy(dismissed, row => row.title.trim().toLowerCase())
  return [...groups.values()]
    .map(group => {
      const first = group[0] as FindingRow
      return {
        title: first.title,
        category: first.category,
        path: first.path,
        count: group.length,
        links: group.flatMap(row => (row.commentUrl ? [row.commentUrl] : []))
      }
    })
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
    .slice(0, TOP_DISMISSED)
}

export interface ReportInput {
  repo: string
  since: string
  generatedAt: string
  pulls: number
  pullsReviewed: number
  findings: readonly FindingRow[]
  runs: readonly RunRow[]
}

/**
 * The figures. Rates are of inline findings on merged or closed pull requests, whose fate is settled;
 * findings withdrawn on verification were never shown and count nowhere.
 */
export function buildReport(input: ReportInput): InsightsReport {
  const shown = input.findings.filter(row => row.dismissalSource !== 'verification')
  const fates = Object.fromEntries(FATES.map(fate => [fate, 0])) as Record<Fate, number>
  for (const row of shown) fates[row.fate] += 1
  const all = slice('all', shown)
  const totalCostUsd = input.runs.reduce((sum, run) => sum + run.costUsd, 0)
  const actedUpon = shown.filter(row => row.fate === 'fixed' || row.fate === 'applied').length
  const bySeverity = [...groupBy(shown, row => row.severity)]
    .sort(([a], [b]) => SEVERITY_ORDER.indexOf(a) - SEVERITY_ORDER.indexOf(b))
    .map(([key, rows]) => slice(key, rows))
  const bySize = (a: Slice, b: Slice) => b.findings - a.findings || a.key.localeCompare(b.key)
  return {
    repo: input.repo,
    since: input.since,
    generatedAt: input.generatedAt,
    pulls: input.pulls,
    pullsReviewed: input.pullsReviewed,
    runs: input.runs.length,
    fates,
    headline: {
      actedUponRate: all.actedUponRate,
      dismissalRate: all.dismissalRate,
      mergedOpenRate: ratio(all.mergedOpen, all.decided),
      findingsPerPr: ratio(shown.length, input.pullsReviewed),
      inlinePerPr: ratio(shown.filter(row => row.inline).length, input.pullsReviewed),
      costPerPr: ratio(totalCostUsd, input.pullsReviewed),
      costPerActedUpon: ratio(totalCostUsd, actedUpon),
      medianReviewSeconds: median(input.runs.map(run => run.seconds)),
      totalCostUsd
    },
    all,
    bySeverity,
    byCategory: [...groupBy(shown, row => row.category)].map(([key, rows]) => slice(key, rows)).sort(bySize),
    byFolder: [...groupBy(shown, row => folderOf(row.path))]
      .map(([key, rows]) => slice(key, rows))
      .sort(bySize)
      .slice(0, TOP_FOLDERS),
    byWeek: [...groupBy(shown, row => weekOf(row.prCreatedAt))]
      .map(([key, rows]) => slice(key, rows))
      .sort((a, b) => a.key.localeCompare(b.key)),
    mostDismissed: mostDismissed(shown)
  }
}

/** The report's input read from the store: the pull requests of `repo` updated since `since`. */
export function readReportInput(
  store: InsightsStore,
  repo: string,
  since: string,
  generatedAt: string
): ReportInput {
  const window = [repo, since]
  const pulls = store.all(
    'SELECT COUNT(*) AS n, COALESCE(SUM(reviewed), 0) AS reviewed FROM pull_requests WHERE repo = ? AND updated_at >= ?',
    window
  )[0]
  const findings = store.all(
    `SELECT f.pr_number, p.state, p.created_at, f.severity, f.category, f.path, f.title, f.inline, f.comment_url,
            t.fate, t.dismissal_source, t.dismissed_by
       FROM findings f
       JOIN fates t USING (repo, pr_number, finding_id)
       JOIN pull_requests p ON p.repo = f.repo AND p.number = f.pr_number
      WHERE f.repo = ? AND p.updated_at >= ?
      ORDER BY f.pr_number, f.finding_id`,
    window
  )
  const runs = store.all(
    `SELECT r.pr_number, r.seconds, r.cost_usd FROM runs r
       JOIN pull_requests p ON p.repo = r.repo AND p.number = r.pr_number
      WHERE r.repo = ? AND p.updated_at >= ? ORDER BY r.pr_number, r.started_at`,
    window
  )
  return {
    repo,
    since,
    generatedAt,
    pulls: Number(pulls?.['n'] ?? 0),
    pullsReviewed: Number(pulls?.['reviewed'] ?? 0),
    findings: findings.map(row => ({
      prNumber: Number(row['pr_number']),
      prState: String(row['state']) as FindingRow['prState'],
      prCreatedAt: String(row['created_at']),
      severity: String(row['severity']),
      category: String(row['category']),
      path: String(row['path']),
      title: String(row['title']),
      inline: row['inline'] === 1,
      commentUrl: row['comment_url'] === null ? null : String(row['comment_url']),
      fate: String(row['fate']) as Fate,
      dismissalSource: row['dismissal_source'] === null ? null : String(row['dismissal_source']),
      dismissedBy: row['dismissed_by'] === null ? null : String(row['dismissed_by'])
    })),
    runs: runs.map(row => ({
      prNumber: Number(row['pr_number']),
      seconds: Number(row['seconds']),
      costUsd: Number(row['cost_usd'])
    }))
  }
}
