/**
 * One insights run, whichever door asked: collect what changed into the database, compute the report and
 * write it. It reads GitHub and writes local files only: it posts nothing and needs no model.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ConfigurationError } from '../errors.js'
import type { Octokit } from '../github/client.js'
import type { Repository } from '../github/refs.js'
import type { Logger } from '../logger.js'
import { collect, type CollectStats } from './collect.js'
import { renderHtml } from './html.js'
import { renderMarkdown } from './markdown.js'
import { buildReport, readReportInput, type InsightsReport } from './report.js'
import { InsightsStore } from './store.js'

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
  repo: Repository
  since: string
  redlineLogin: string
  dbPath: string
  htmlPath?: string
  jsonPath?: string
  logger: Logger
  now?: Date
}

export interface InsightsResult {
  report: InsightsReport
  markdown: string
  stats: CollectStats
}

async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
}

export async function runInsights(options: InsightsOptions): Promise<InsightsResult> {
  const { logger } = options
  const store = await InsightsStore.open(options.dbPath)
  try {
    const stats = await logger.group('Collect', () =>
      collect({
        octokit: options.octokit,
        graphqlUrl: options.graphqlUrl,
        repo: options.repo,
        since: options.since,
        redlineLogin: options.redlineLogin,
        store,
        logger
      })
    )
    for (const warning of stats.warnings) logger.warning(warning)
    store.save()
    const name = `${options.repo.owner}/${options.repo.repo}`
    const generatedAt = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z')
    const report = buildReport(readReportInput(store, name, options.since, generatedAt))
    if (options.htmlPath) await writeText(options.htmlPath, renderHtml(report))
    if (options.jsonPath) await writeText(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`)
    return { report, markdown: renderMarkdown(report), stats }
  } finally {
    store.close()
  }
}
