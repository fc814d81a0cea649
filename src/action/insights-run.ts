/**
 * The action in `mode: insights`: collects the outcome history of the repository (or of the repositories
 * `insights-repos` names) into the database, writes the HTML report and the job summary. It reads GitHub only (read permissions do), posts nothing and calls no
 * model, so it needs no key.
 */
import * as core from '@actions/core'
import { resolve } from 'node:path'
import { createOctokit, graphqlUrlFromEnv } from '../github/client.js'
import { fetchViewerLogin } from '../github/identity.js'
import { DEFAULT_REDLINE_LOGIN, parseSince, runInsights } from '../insights/run.js'
import { parseTargets } from '../insights/targets.js'
import type { Logger } from '../logger.js'
import { parseRepository } from './event.js'
import { readInsightsSettings } from './inputs.js'

export async function runInsightsAction(logger: Logger): Promise<void> {
  const settings = readInsightsSettings(name => core.getInput(name))
  core.setSecret(settings.githubToken)
  const targets =
    settings.repos.length > 0
      ? parseTargets(settings.repos.join('\n'))
      : [parseRepository(process.env['GITHUB_REPOSITORY'])]
  const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd()
  const octokit = createOctokit(settings.githubToken, logger)
  const graphqlUrl = graphqlUrlFromEnv()
  // The workflow's token is the account Redline reviews as in this repository: its markers are the trusted ones.
  // Across repositories the token is another one (an App's, which can read them all), while each repository's
  // reviews were posted with its own workflow token: the account every GITHUB_TOKEN reviews as.
  const redlineLogin =
    settings.repos.length > 0 ? DEFAULT_REDLINE_LOGIN : await fetchViewerLogin(octokit, graphqlUrl)
  const htmlPath = resolve(workspace, settings.htmlPath)
  const dbPath = resolve(workspace, settings.dbPath)
  const result = await runInsights({
    octokit,
    graphqlUrl,
    targets,
    since: parseSince(settings.since, new Date()),
    redlineLogin,
    dbPath,
    htmlPath,
    ...(settings.jsonPath ? { jsonPath: resolve(workspace, settings.jsonPath) } : {}),
    logger
  })
  await core.summary.addRaw(result.markdown).write()
  logger.info(`Wrote ${dbPath} and ${htmlPath}; ${result.stats.pulls} pull request(s) collected in this run.`)
}
