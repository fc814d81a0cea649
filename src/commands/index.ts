/**
 * The comment commands' front door: the Action run on an `issue_comment` or `pull_request_review_comment`
 * event. It reads the comment and the settings, and carries out the command the comment gives, if any.
 */
import * as core from '@actions/core'
import { readEventPayload } from '../action/event-file.js'
import { parseRepository } from '../action/event.js'
import { readSettings, secretsOf } from '../action/inputs.js'
import { actionsLogger } from '../action/logger.js'
import { loadOrganisationConfig, loadRepositoryConfig } from '../action/repository-config.js'
import { thisRun } from '../action/workflow-run.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createOctokit, graphqlUrlFromEnv } from '../github/client.js'
import type { Logger } from '../logger.js'
import { fetchViewerLogin } from '../github/identity.js'
import { admit } from './admit.js'
import { runCommand } from './command-run.js'
import { commentEventOf } from './comment-event.js'
import { forkThreadWithoutKey } from './fork-thread.js'
import { commandIn } from './parse.js'
import { answered } from './replies.js'

/**
 * A comment event: the command it gives, if any, carried out. The cheap checks come first (a bot, the phrase,
 * read in one pass), then the author's permission; only then is the configuration read and the command run.
 */
async function onComment(eventName: string, logger: Logger): Promise<void> {
  const payload = readEventPayload(process.env['GITHUB_EVENT_PATH'])
  const found = commentEventOf(eventName, payload, parseRepository(process.env['GITHUB_REPOSITORY']))
  if ('skip' in found) return core.notice(found.skip)
  // Before the settings: a bot's comment does nothing, whatever the workflow gives the run.
  if (found.event.comment.byBot) return logger.info(`Ignoring a comment by ${found.event.comment.author}.`)
  const read = (name: string) => core.getInput(name)
  const forkThread = forkThreadWithoutKey(eventName, payload, read)
  if (forkThread) return core.notice(forkThread)
  const inputs = readSettings(read)
  for (const secret of secretsOf(inputs)) core.setSecret(secret)
  const { event } = found
  const command = commandIn(event.comment.body, inputs.triggerPhrase)
  if (!command) return logger.info(`The comment does not mention ${inputs.triggerPhrase}; nothing to do.`)
  const octokit = createOctokit(inputs.githubToken, logger)
  const graphqlUrl = graphqlUrlFromEnv()
  const viewer = await fetchViewerLogin(octokit, graphqlUrl)
  const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd()
  const admitting = { settings: inputs, event, octokit, graphqlUrl, workspace, logger, viewer }
  if (!(await admit(admitting))) return
  if (await answered(admitting))
    return core.notice(`Comment ${event.comment.id} was already answered; nothing to do again.`)
  // A command runs under the repository's configuration, read at the base as for a push.
  const { config, organisation } = await logger.group('Read the configuration', async () => {
    const request = { kind: 'comment', pr: event.pr, full: false } as const
    const config = await loadRepositoryConfig(octokit, request, workspace, logger)
    const report = { logger, notice: (message: string) => core.notice(message) }
    return { config, organisation: await loadOrganisationConfig(octokit, event.pr, inputs, config, report) }
  })
  const context = { ...admitting, settings: readSettings(read, config, organisation), run: thisRun() }
  const failure = await runCommand(context, command)
  if (failure) core.setFailed(failure)
}

/** The door: a comment event handled, and any failure the step's one failure line. */
export async function runOnComment(eventName: string): Promise<void> {
  try {
    await onComment(eventName, actionsLogger)
  } catch (error) {
    if (error instanceof ConfigurationError) {
      core.setFailed(error.message)
    } else {
      if (error instanceof Error && error.stack) core.debug(error.stack)
      core.setFailed(`Redline failed: ${errorMessage(error)}`)
    }
  }
}
