/**
 * `redline insights --repo owner/name | --org owner [--since 90d] [--db file] [--html file] [--json file]`:
 * collects what became of Redline's findings in a repository, or in every repository of an organisation, into
 * one SQLite file and prints the report. Reads GitHub with GITHUB_TOKEN; posts nothing and needs no model key.
 */
import { ConfigurationError, errorMessage } from '../errors.js'
import { createPlainOctokit } from '../github/plain-client.js'
import { graphqlUrlFromEnv } from '../github/request.js'
import { DEFAULT_DB, DEFAULT_REDLINE_LOGIN, DEFAULT_SINCE, parseSince, runInsights } from '../insights/run.js'
import { EVERY_REPOSITORY, parseTarget } from '../insights/targets.js'
import type { Logger } from '../logger.js'

export interface InsightsCliOptions {
  /** `owner/name`, or `owner/*` for every repository of an organisation (--org). */
  target: string
  since: string
  db: string
  html?: string
  json?: string
  /** The account whose reviews hold the trusted markers. */
  redlineLogin: string
}

export const INSIGHTS_HELP = `Usage: redline insights (--repo <owner/name> | --org <owner>) [options]

Reports what became of Redline's findings in a repository's pull requests: fixed, applied, dismissed, merged or
closed with the finding open, or still open; with reactions, costs and review times. With --org, every
repository of the organisation is collected into the one database, and the report gives the figures overall,
per repository, and the repositories ranked by acted-upon rate and by cost. The history is kept in a SQLite
database (query it with sqlite3); a second run reads only the pull requests updated since the last, in each
repository. Reads GitHub with GITHUB_TOKEN (read access is enough); posts nothing and needs no model key.

Options:
  --repo <owner/name>     The repository (this or --org is required).
  --org <owner>           Every repository of the organisation (or the user) the token can read.
  --since <90d|date>      Pull requests updated in the last number of days, or since a date (default ${DEFAULT_SINCE}).
  --db <file>             The SQLite database (default ${DEFAULT_DB}).
  --html <file>           Also write the report as a self-contained HTML page.
  --json <file>           Also write the report's figures as JSON.
  --redline-login <login> The account Redline reviews as (default ${DEFAULT_REDLINE_LOGIN}); only its markers
                          are trusted.

Environment:
  GITHUB_TOKEN            A token that can read the repositories' pull requests (for --org, every
                          repository: a GitHub App's installation token or a fine-grained token).
  GITHUB_API_URL, GITHUB_GRAPHQL_URL   For GitHub Enterprise Server.`

export const INSIGHTS_VALUE_OPTIONS = [
  '--repo',
  '--org',
  '--since',
  '--db',
  '--html',
  '--json',
  '--redline-login'
]

/** `--repo owner/name` or `--org owner`, never both; neither is a usage error for the caller. */
function targetOf(values: ReadonlyMap<string, string>): { target: string } | { usage: string } {
  const repo = values.get('--repo')?.trim()
  const org = values.get('--org')?.trim()
  if (repo && org)
    return { usage: '--org and --repo cannot be used together: give one repository, or the organisation.' }
  if (org) return { target: `${org}/${EVERY_REPOSITORY}` }
  if (repo) return { target: repo }
  return {
    usage:
      '--repo or --org is required: the repository or organisation to report on, e.g. --repo octo/widgets.'
  }
}

/** The insights command's options from its flags; a usage error is returned as its line. */
export function insightsOptions(values: ReadonlyMap<string, string>): InsightsCliOptions | string {
  const chosen = targetOf(values)
  if ('usage' in chosen) return chosen.usage
  const options: InsightsCliOptions = {
    target: chosen.target,
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
    const target = parseTarget(options.target)
    const since = parseSince(options.since, new Date())
    const graphqlUrl = graphqlUrlFromEnv(io.env)
    const apiUrl = io.env['GITHUB_API_URL']
    const octokit = createPlainOctokit(token, logger, { graphqlUrl, ...(apiUrl ? { apiUrl } : {}) })
    const result = await runInsights({
      octokit,
      graphqlUrl,
      targets: [target],
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
