/**
 * One insights run, whichever door asked: collect what changed in each repository into the one database,
 * compute the report (across repositories when there are several) and write it. It reads GitHub and writes local files only: it posts nothing and needs no model.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ConfigurationError, errorMessage } from '../errors.js'
import type { Octokit } from '../github/client.js'
import type { Repository } from '../github/refs.js'
import { listOwnerRepositories } from '../github/repositories.js'
import type { Logger } from '../logger.js'
import { plural } from '../text/measure.js'
import { collect, type CollectStats } from './collect.js'
import { renderHtml } from './html.js'
import { renderMarkdown } from './markdown.js'
import { buildReport, readReportInput, type InsightsReport } from './report.js'
import { combinedInput, repositoryRow } from './repositories.js'
import { InsightsStore } from './store.js'
import { EVERY_REPOSITORY, reportsAcrossRepositories, type InsightsTarget } from './targets.js'

export const DEFAULT_SINCE = '90d'
export const DEFAULT_DB = 'redline-insights.sqlite'
/** GITHUB_TOKEN's reviews are written by this app account. */
export const DEFAULT_REDLINE_LOGIN = 'github-actions[bot]'

const DAY_MS = 86_400_000

/** `--since`: a number of days (`90d`) or a date (`2026-01-31`), as the instant the window starts. */
export function parseSince(text: string, now: Date): string {
  const trimmed = text.trim()
  const days = /^(\d{1,5})d$/.exec(trimmed)
  if (days) return new Date(now.getTime() - Number(days[1]) * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(trimmed) && !Number.isNaN(Date.parse(trimmed)))
    return new Date(trimmed).toISOString().replace(/\.\d{3}Z$/, 'Z')
  throw new ConfigurationError(
    `since must be a number of days such as 90d, or a date such as 2026-01-31; got "${text}"`
  )
}

/** `owner/name`, as both doors take it. */
export function parseRepo(text: string): Repository {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(text.trim())
  if (!match) throw new ConfigurationError(`the repository must be written owner/name; got "${text}"`)
  return { owner: match[1] as string, repo: match[2] as string }
}

export interface InsightsOptions {
  octokit: Octokit
  graphqlUrl: string
  /** One repository, several, or every repository of an owner (`owner/*`). */
  targets: readonly InsightsTarget[]
  since: string
  redlineLogin: string
  dbPath: string
  htmlPath?: string
  jsonPath?: string
  logger: Logger
  now?: Date
}

/** What one repository's collection read. */
export interface RepositoryCollection {
  repo: string
  stats: CollectStats
}

export interface InsightsResult {
  report: InsightsReport
  markdown: string
  /** The whole run's collection: the sums over its repositories. */
  stats: CollectStats
  repositories: RepositoryCollection[]
}

async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
}

const nameOf = (repo: Repository): string => `${repo.owner}/${repo.repo}`

/** The repositories the targets name, an owner's wildcard listed through the API, each once. */
async function resolveRepositories(options: InsightsOptions): Promise<Repository[]> {
  const repos = new Map<string, Repository>()
  for (const target of options.targets) {
    if (target.repo !== EVERY_REPOSITORY) {
      repos.set(nameOf(target).toLowerCase(), target)
      continue
    }
    const owned = await listOwnerRepositories(options.octokit, target.owner)
    options.logger.info(
      `${plural(owned.length, 'repository', 'repositories')} of ${target.owner} visible to the token.`
    )
    for (const repo of owned) repos.set(nameOf(repo).toLowerCase(), { owner: repo.owner, repo: repo.repo })
  }
  return [...repos.values()]
}

/**
 * Collects each repository in turn, saving the database after each, so a failure loses nothing collected
 * before it. Across repositories, one that cannot be read is a warning and the others are still collected.
 */
async function collectAll(
  options: InsightsOptions,
  store: InsightsStore,
  repos: readonly Repository[]
): Promise<RepositoryCollection[]> {
  const { logger } = options
  const across = reportsAcrossRepositories(options.targets)
  const collections: RepositoryCollection[] = []
  for (const repo of repos) {
    try {
      const stats = await logger.group(`Collect ${nameOf(repo)}`, () =>
        collect({ ...options, repo, store, logger })
      )
      for (const warning of stats.warnings) logger.warning(across ? `${nameOf(repo)} ${warning}` : warning)
      collections.push({ repo: nameOf(repo), stats })
    } catch (error) {
      if (!across) {
        store.save()
        throw error
      }
      logger.warning(`${nameOf(repo)} was not collected: ${errorMessage(error)}`)
    }
    store.save()
  }
  return collections
}

/** One repository's report as today, or the overall figures with a row per repository Redline reviewed. */
function reportOf(
  options: InsightsOptions,
  store: InsightsStore,
  repos: readonly Repository[]
): InsightsReport {
  const generatedAt = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const inputs = repos.map(repo => readReportInput(store, nameOf(repo), options.since, generatedAt))
  if (!reportsAcrossRepositories(options.targets) && inputs[0]) return buildReport(inputs[0])
  const reviewed = inputs.filter(input => input.pullsReviewed > 0)
  const owners = [...new Set(repos.map(repo => repo.owner))].join(', ') || 'no owner'
  const label = `${owners} (${plural(reviewed.length, 'repository', 'repositories')} reviewed by Redline)`
  const overall = buildReport(combinedInput(label, reviewed, options.since, generatedAt))
  return { ...overall, repositories: reviewed.map(input => repositoryRow(buildReport(input))) }
}

function sumStats(collections: readonly RepositoryCollection[]): CollectStats {
  return collections.reduce<CollectStats>(
    (sum, { stats }) => ({
      pulls: sum.pulls + stats.pulls,
      findings: sum.findings + stats.findings,
      reviewComments: sum.reviewComments + stats.reviewComments,
      warnings: [...sum.warnings, ...stats.warnings]
    }),
    { pulls: 0, findings: 0, reviewComments: 0, warnings: [] }
  )
}

export async function runInsights(options: InsightsOptions): Promise<InsightsResult> {
  const store = await InsightsStore.open(options.dbPath)
  try {
    const repos = await resolveRepositories(options)
    const repositories = await collectAll(options, store, repos)
    const report = reportOf(options, store, repos)
    if (options.htmlPath) await writeText(options.htmlPath, renderHtml(report))
    if (options.jsonPath) await writeText(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`)
    return { report, markdown: renderMarkdown(report), stats: sumStats(repositories), repositories }
  } finally {
    store.close()
  }
}
