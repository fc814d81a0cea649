/**
 * Collects a repository's outcome history into the store, incrementally: only pull requests updated since
 * the last collection (its high-water mark) are read again, so a collection with nothing new costs one list
 * request.
 */
import type { Octokit } from '../github/client.js'
import { listPullsUpdatedAfter, readFilesAt, readPullHistories, type PullSummary } from '../github/history.js'
import type { Repository } from '../github/refs.js'
import type { Logger } from '../logger.js'
import { plural } from '../text/measure.js'
import { pullFates, suggestionApplied, type AppliedCheck, type PullFates } from './fates.js'
import { humanReviewComments } from './review-comments.js'
import type { InsightsStore } from './store.js'

export interface CollectOptions {
  octokit: Octokit
  graphqlUrl: string
  repo: Repository
  /** Pull requests updated before this instant are left out (ISO 8601). */
  since: string
  /** The account Redline reviews as: only markers and comments by it are trusted. */
  redlineLogin: string
  store: InsightsStore
  logger: Logger
}

export interface CollectStats {
  /** Pull requests read again in this collection. */
  pulls: number
  findings: number
  /** Threads people opened on merged pull requests, kept as what the team itself asks for in review. */
  reviewComments: number
  /** Pull requests with a marker that could not be read (reported, and collected as having none). */
  warnings: string[]
}

const HIGH_WATER = 'pulls_updated_through'

function repoName(repo: Repository): string {
  return `${repo.owner}/${repo.repo}`
}

/** The later of the window's start and the last collection's mark: nothing at or before it is read. */
function startAfter(store: InsightsStore, repo: Repository, since: string): string {
  const mark = store.meta(`${HIGH_WATER}:${repoName(repo)}`)
  return mark !== undefined && mark > since ? mark : since
}

/** Marks the fixed findings whose suggestion was committed as is as `applied`. */
async function markApplied(options: CollectOptions, fates: readonly PullFates[]): Promise<void> {
  const checks: Array<{ check: AppliedCheck; fates: PullFates }> = fates.flatMap(pull =>
    pull.appliedChecks.map(check => ({ check, fates: pull }))
  )
  if (checks.length === 0) return
  const texts = await readFilesAt(
    options.octokit,
    options.graphqlUrl,
    options.repo,
    checks.map(({ check }) => ({ sha: check.sha, path: check.path }))
  )
  checks.forEach(({ check, fates: pull }, i) => {
    const text = texts[i]
    if (text === undefined || !suggestionApplied(text, check)) return
    const finding = pull.findings.find(f => f.findingId === check.findingId)
    if (finding?.fate === 'fixed') finding.fate = 'applied'
  })
}

/** Pull requests read and saved together: a run stopped by a rate limit keeps every batch before it. */
const PULLS_PER_SAVE = 100

/**
 * The high-water mark once `done` (oldest update first) is saved: its last update that no pull request still
 * to read shares, so that none of those is skipped next time; `current` when there is none.
 */
export function markAfter(
  done: readonly PullSummary[],
  next: PullSummary | undefined,
  current: string
): string {
  for (let i = done.length - 1; i >= 0; i--) {
    const updated = done[i]!.updatedAt
    if (next === undefined || updated < next.updatedAt) return updated > current ? updated : current
  }
  return current
}

async function collectBatch(options: CollectOptions, pulls: readonly PullSummary[], stats: CollectStats) {
  const { octokit, graphqlUrl, repo, store, logger } = options
  const byNumber = new Map<number, PullSummary>(pulls.map(pull => [pull.number, pull]))
  const histories = await readPullHistories(
    octokit,
    graphqlUrl,
    repo,
    pulls.map(pull => pull.number)
  )
  const collected = histories.flatMap(history => {
    const pull = byNumber.get(history.number)
    if (!pull) return []
    const fates = pullFates(pull, history, options.redlineLogin, logger)
    stats.warnings.push(...fates.warnings.map(warning => `#${pull.number}: ${warning}`))
    const reviewComments = humanReviewComments(pull, history, options.redlineLogin)
    return [{ pull, fates, reviewComments }]
  })
  await markApplied(
    options,
    collected.map(entry => entry.fates)
  )
  for (const { pull, fates, reviewComments } of collected) {
    store.savePull({
      repo: repoName(repo),
      pull,
      reviewed: fates.reviewed,
      runs: fates.runs,
      findings: fates.findings,
      events: fates.events,
      reviewComments
    })
    stats.findings += fates.findings.length
    stats.reviewComments += reviewComments.length
  }
}

/**
 * Reads the pull requests updated since the mark, oldest update first, a batch at a time, moving the mark
 * after each: a collection stopped part way (a rate limit) goes on from there the next time.
 */
export async function collect(options: CollectOptions): Promise<CollectStats> {
  const { repo, store, logger } = options
  let after = startAfter(store, repo, options.since)
  const pulls = await listPullsUpdatedAfter(options.octokit, repo, after)
  logger.info(`${plural(pulls.length, 'pull request')} updated since ${after}.`)
  const stats: CollectStats = { pulls: pulls.length, findings: 0, reviewComments: 0, warnings: [] }
  const ordered = [...pulls].sort((a, b) =>
    a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0
  )
  for (let at = 0; at < ordered.length; at += PULLS_PER_SAVE) {
    const batch = ordered.slice(at, at + PULLS_PER_SAVE)
    await collectBatch(options, batch, stats)
    after = markAfter(batch, ordered[at + PULLS_PER_SAVE], after)
    store.setMeta(`${HIGH_WATER}:${repoName(repo)}`, after)
  }
  return stats
}
