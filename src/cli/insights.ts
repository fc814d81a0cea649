/**
 * `redline insights --repo owner/name [--since 90d] [--db file] [--html file] [--json file]`: collects what
 * became of Redline's findings in a repository into a SQLite file and prints the report. Reads GitHub with
 * GITHUB_TOKEN; posts nothing and needs no model key.
 */
import { ConfigurationError, errorMessage } from '../errors.js'
import { createPlainOctokit } from '../github/plain-client.js'
import { graphqlUrlFromEnv } from '../github/request.js'
import {
  DEFAULT_DB,
  DEFAULT_REDLINE_LOGIN,
  DEFAULT_SINCE,
  parseRepo,
  parseSince,
  runInsights
} from '../insights/run.js'
import type { Logger } from '../logger.js'

export interface InsightsCliOptions {
  repo: string
  since: string
  db: string
  html?: string
  json?: string
  /** The account whose reviews hold the trusted markers. */
  redlineLogin: string
}

export const INSIGHTS_HELP = `Usage: redline insights --repo <owner/name> [options]

Reports what became of Redline's findings in a repository's pull requests: fixed, applied, dismissed, merged or
closed with the finding open, or still open; with reactions, costs and review times. The history is kept in a
SQLite database (query it with sqlite3); a second run reads only the pull requests updated since the last.
Reads GitHub with GITHUB_TOKEN (read access is enough); posts nothing and needs no model key.

Options:
  --repo <owner/name>     The repository (required).
  --since <90d|date>      Pull requests updated in the last number of days, or since a date (default ${DEFAULT_SINCE}).
  --db <file>             The SQLite database (default ${DEFAULT_DB}).
  --html <file>           Also write the report as a self-contained HTML page.
  --json <file>           Also write the report's figures as JSON.
  --redline-login <login> The account Redline reviews as (default ${DEFAULT_REDLINE_LOGIN}); only its markers
                          are trusted.

Environment:
  GITHUB_TOKEN            A token that can read the repository's pull requests.
  GITHUB_API_URL, GITHUB_GRAPHQL_URL   For GitHub Enterprise Server.`

export const INSIGHTS_VALUE_OPTIONS = ['--repo', '--since', '--db', '--html', '--json', '--redline-login']

/** The insights command's options from its flags; a missing --repo is a usage error for the caller. */
export function insightsOptions(values: ReadonlyMap<string, string>): InsightsCliOptions | string {
  const repo = values.get('--repo')?.trim()
  if (!repo) return '--repo is required: the repository to report on, e.g. --repo octo/widgets.'
  const options: InsightsCliOptions = {
    repo,
    since: values.get('--since')?.trim() || DEFAULT_SINCE,
    db: values.get('--db')?.trim() || DEFAULT_DB,
    redlineLogin: values.get('--redline-login')?.trim() || DEFAULT_REDLINE_LOGIN
  }
  const html = values.get('--html')?.trim()
  if (html) options.html = html
  const json = values.get('--json')?.trim()
  if (json) options.json = json
  return options
}

export interface InsightsIo {
  env: NodeJS.ProcessEnv
  stdout: (text: string) => void
  stderr: (text: string) => void
}

/** Runs the command; returns the exit status. */
export async function runInsightsCli(
  options: InsightsCliOptions,
  io: InsightsIo,
  logger: Logger
): Promise<number> {
  const token = io.env['GITHUB_TOKEN']?.trim() ?? ''
  if (token === '') {
    io.stderr('redline: GITHUB_TOKEN is not set. Export a token that can read the repository.\n')
    return 1
  }
  try {
    const repo = parseRepo(options.repo)
    const since = parseSince(options.since, new Date())
    const graphqlUrl = graphqlUrlFromEnv(io.env)
    const apiUrl = io.env['GITHUB_API_URL']
    const octokit = createPlainOctokit(token, logger, { graphqlUrl, ...(apiUrl ? { apiUrl } : {}) })
    const result = await runInsights({
      octokit,
      graphqlUrl,
      repo,
      since,
      redlineLogin: options.redlineLogin,
      dbPath: options.db,
      ...(options.html ? { htmlPath: options.html } : {}),
      ...(options.json ? { jsonPath: options.json } : {}),
      logger
    })
    io.stdout(`${result.markdown}\n`)
    return 0
  } catch (error) {
    io.stderr(
      `redline: ${error instanceof ConfigurationError ? error.message : `insights failed: ${errorMessage(error)}`}\n`
    )
    return 1
  }
}
