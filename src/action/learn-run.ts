/**
 * The action in `mode: learn` (on a schedule or by hand): collects the outcome history into the database
 * insights keeps, distills review rules from what the team did, and proposes them as a pull request from
 * `redline/learned-rules`, never pushing to the default branch. The job summary gets the proposal's summary
 * and the cost line; the token and cost outputs are set as a review sets them.
 */
import * as core from '@actions/core'
import { resolve } from 'node:path'
import { readRepositoryConfig, type RepositoryConfig } from '../engine/index.js'
import { createGit } from '../git/git.js'
import { createOctokit, graphqlUrlFromEnv } from '../github/client.js'
import { fetchViewerLogin } from '../github/identity.js'
import { parseSince } from '../insights/run.js'
import { proposalLine, runLearn, type LearnResult } from '../learn/run.js'
import type { Logger } from '../logger.js'
import { parseRepository } from './event.js'
import { readInsightsSettings, readSettings, secretsOf } from './inputs.js'

/** The job summary: what the run did, the pull request's body (made inert where people or the model wrote). */
async function writeSummary(repo: string, result: LearnResult, logger: Logger): Promise<void> {
  const parts = [`## Redline learn: ${repo}`, result.line]
  if (result.body) parts.push(result.body)
  else if (result.cost) parts.push(`<sub>Cost of the run: ${result.cost}</sub>`)
  try {
    await core.summary.addRaw(`${parts.join('\n\n')}\n`).write()
  } catch (error) {
    // Outside a runner there is no summary file; the log has everything.
    logger.debug(`No job summary written: ${String(error)}`)
  }
}

function setOutputs(result: LearnResult): void {
  const usage = result.usage
  core.setOutput(
    'input-tokens',
    usage ? String(usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens) : '0'
  )
  core.setOutput('output-tokens', usage ? String(usage.outputTokens) : '0')
  core.setOutput('cost-usd', usage ? usage.costUsd.toFixed(4) : '0.0000')
}

/**
 * The repository's configuration at the commit the run checked out (the default branch, on a schedule), so that
 * `model`, `provider` and `language` in .github/redline.yml hold for learning as for reviews.
 */
async function configAtCheckout(workspace: string, logger: Logger): Promise<RepositoryConfig | undefined> {
  const sha = process.env['GITHUB_SHA']
  const git = createGit(workspace, logger)
  if (!sha || !(await git.isRepository()) || !(await git.hasCommit(sha))) return undefined
  return readRepositoryConfig(git, sha, logger)
}

export async function runLearnAction(logger: Logger): Promise<void> {
  const read = (name: string) => core.getInput(name)
  const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd()
  // The model's settings (key, model, provider) come from the same table, inputs and file as a review's.
  const settings = readSettings(read, await configAtCheckout(workspace, logger))
  for (const secret of secretsOf(settings)) core.setSecret(secret)
  const history = readInsightsSettings(read)
  const repo = parseRepository(process.env['GITHUB_REPOSITORY'])
  const octokit = createOctokit(settings.githubToken, logger)
  const graphqlUrl = graphqlUrlFromEnv()
  const redlineLogin = await fetchViewerLogin(octokit, graphqlUrl)
  const result = await runLearn({
    octokit,
    graphqlUrl,
    repo,
    since: parseSince(history.since, new Date()),
    redlineLogin,
    dbPath: resolve(workspace, history.dbPath),
    model: settings,
    workspace,
    propose: true,
    logger
  })
  setOutputs(result)
  await writeSummary(`${repo.owner}/${repo.repo}`, result, logger)
  // Without the repository's setting the branch is pushed and the run still succeeds: one line says what to do.
  if (result.proposal?.kind === 'not-permitted') core.warning(proposalLine(result.proposal))
  else logger.info(result.line)
}
