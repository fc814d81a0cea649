/**
 * An `@redline` command carried out for an admitted author. A review command runs the engine with the GitHub
 * host, as a push does; pause and resume change the state in Redline's marker; help and unknown words get a
 * fixed reply; a question in a thread gets an answer there.
 */
import * as core from '@actions/core'
import { gitHubHost, type PostedReview } from '../action/github-host.js'
import { noticeChecksNotRun } from '../action/evidence-notices.js'
import { ACTION_WORDS, failureLine, review, type ReviewOutcome } from '../engine/index.js'
import { errorMessage } from '../errors.js'
import { reactWithEyes } from '../github/conversation.js'
import type { CommandContext } from './context.js'
import type { Command } from './parse.js'
import { setPaused } from './pause.js'
import { reply } from './replies.js'
import { helpText, unknownCommandText } from './texts.js'
import { answerInThread } from './thread-answer.js'
import { checkInputOf } from '../action/check-run.js'
import { getPullRequest } from '../github/pulls.js'
import { commandCheck } from './check.js'
import { describeCommand } from './describe.js'

/** Runs the command, with 👀 on the comment first. Returns the line to fail the step with, or undefined. */
export async function runCommand(context: CommandContext, command: Command): Promise<string | undefined> {
  const { event, logger } = context
  await reactWithEyes(context.octokit, event.pr, {
    id: event.comment.id,
    inThread: event.comment.threadOf !== undefined
  }).catch((error: unknown) => logger.warning(`Could not react to the comment: ${errorMessage(error)}`))
  try {
    return await carryOut(context, command)
  } catch (error) {
    const line = `Redline failed: ${errorMessage(error)}`
    // A dry run posts nothing; the step's line says what went wrong.
    if (!context.settings.dryRun) await reply(context, line).catch(() => undefined)
    return line
  }
}

async function carryOut(context: CommandContext, command: Command): Promise<string | undefined> {
  const phrase = context.settings.triggerPhrase
  switch (command.kind) {
    case 'review':
    case 'full review':
      return reviewNow(context, command.kind === 'full review')
    case 'pause':
    case 'resume':
      await setPaused(context, command.kind === 'pause')
      return undefined
    case 'help':
      await reply(context, helpText(phrase))
      return undefined
    case 'describe':
      await describeCommand(context)
      return undefined
    case 'other':
      // In a review thread, a question; in the conversation, words that are no command.
      if (context.event.comment.threadOf !== undefined) await answerInThread(context)
      else await reply(context, unknownCommandText(phrase))
      return undefined
  }
}

/** A review now, as a push would run it (or of the whole pull request again), through the one engine. */
async function reviewNow(context: CommandContext, full: boolean): Promise<string | undefined> {
  const settings = full ? { ...context.settings, fullReview: true } : context.settings
  const host = gitHubHost({
    settings,
    request: { kind: 'comment', pr: context.event.pr, full },
    octokit: context.octokit,
    graphqlUrl: context.graphqlUrl,
    workspace: context.workspace,
    ...(context.run ? { run: context.run } : {})
  })
  const check = commandCheck(context)
  await check.begin((await getPullRequest(context.octokit, context.event.pr)).headSha)
  const outcome: ReviewOutcome<PostedReview> = await review(host, settings, context.logger)
  if (outcome.headSha) await check.finish(outcome.headSha, checkInputOf(outcome, settings.failOn))
  noticeChecksNotRun(outcome.evidence)
  const failure = failureLine(outcome, ACTION_WORDS)
  if (failure) {
    await reply(context, `The review failed: ${failure}`).catch(() => undefined)
    return failure
  }
  if (outcome.end.kind === 'skipped') {
    core.notice(outcome.end.reason)
    // An earlier attempt of this job posted the review: the command was answered then.
    if (outcome.delivered === undefined) await reply(context, outcome.end.reason)
  } else if (outcome.delivered?.reviewUrl) {
    core.info(`Review posted: ${outcome.delivered.reviewUrl}`)
  }
  return undefined
}
