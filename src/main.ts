import * as core from '@actions/core'
import { actionsLogger } from './actions-logger.js'
import { randomBytes } from 'node:crypto'
import {
  decideFromEvent,
  forkWithoutSecretsNotice,
  parseRepository,
  workflowRunId,
  type ReviewRequest
} from './event.js'
import { readEventPayload } from './event-file.js'
import { ConfigurationError, errorMessage, ModelAccessError, TransientError } from './errors.js'
import { createOctokit, graphqlUrlFromEnv } from './github/client.js'
import { readSettings, secretsOf, type Settings } from './inputs.js'
import type { Logger } from './logger.js'
import { reviewPullRequest, type ReviewOutcome } from './pipeline.js'
import { computeOutputs, shouldFail, writeFindingsFile } from './review/outputs.js'
import { writeJobSummary } from './review/summary.js'

/** The settings and the request, or the reason there is nothing to do. Only workflow mistakes throw. */
function prepare(): { settings: Settings; request: ReviewRequest } | { skip: string } {
  const eventName = process.env['GITHUB_EVENT_NAME'] ?? ''
  const payload = readEventPayload(process.env['GITHUB_EVENT_PATH'])
  // Before the settings, which refuse an empty key: on a fork's pull_request run that is expected.
  const forkNotice = forkWithoutSecretsNotice(eventName, payload)
  if (forkNotice && core.getInput('anthropic-api-key').trim() === '') return { skip: forkNotice }
  const settings = readSettings(name => core.getInput(name))
  for (const secret of secretsOf(settings)) core.setSecret(secret)
  const repository = parseRepository(process.env['GITHUB_REPOSITORY'])
  const decision = decideFromEvent({
    eventName,
    payload,
    repository,
    reviewDrafts: settings.reviewDrafts,
    ...(settings.prNumber !== undefined ? { prNumberInput: settings.prNumber } : {})
  })
  if ('skip' in decision) return decision
  return { settings, request: decision.review }
}

async function report(outcome: ReviewOutcome, settings: Settings, logger: Logger): Promise<void> {
  const publish = outcome.publish
  try {
    const findingsFile = await writeFindingsFile(outcome.findings, {
      prNumber: outcome.prNumber,
      inlineFindingIds: publish?.inlineFindingIds ?? [],
      ...(outcome.headSha ? { commitSha: outcome.headSha } : {})
    })
    const outputs = computeOutputs({
      ...(publish?.reviewId !== undefined ? { reviewId: publish.reviewId } : {}),
      ...(publish?.reviewUrl !== undefined ? { reviewUrl: publish.reviewUrl } : {}),
      ...(outcome.earlierReview
        ? { reviewId: outcome.earlierReview.id, reviewUrl: outcome.earlierReview.url }
        : {}),
      findings: outcome.findings,
      findingsFile,
      usage: outcome.usage,
      ...(outcome.coverage ? { coverage: outcome.coverage } : {})
    })
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value)
  } catch (error) {
    logger.warning(`The findings file could not be written: ${errorMessage(error)}`)
  }

  const end = outcome.end
  const notes = end.kind === 'skipped' ? [end.reason, ...outcome.coverageNotes] : outcome.coverageNotes
  const failure = failureLine(outcome)
  try {
    await writeJobSummary(core.summary, {
      findings: outcome.findings,
      inlineFindingIds: publish?.inlineFindingIds ?? [],
      movedToBody: publish?.movedToBody ?? [],
      coverageNotes: notes,
      compaction: publish?.compaction ?? [],
      usage: outcome.usage,
      ...(publish?.reviewUrl ? { reviewUrl: publish.reviewUrl } : {}),
      dryRun: settings.dryRun,
      ...(publish ? { body: publish.body, comments: publish.comments } : {}),
      ...(outcome.publishError ? { error: outcome.publishError.message } : {}),
      ...(outcome.coverage ? { coverage: outcome.coverage } : {}),
      ...(failure && !outcome.publishError ? { failure } : {})
    })
  } catch (error) {
    // Outside a runner there is no summary file; the log still has everything.
    logger.debug(`No job summary written: ${errorMessage(error)}`)
  }
  if (publish?.reviewUrl) logger.info(`Review posted: ${publish.reviewUrl}`)
}

/** The one line the step fails with, or undefined when the run succeeded. */
export function failureLine(outcome: ReviewOutcome): string | undefined {
  const end = outcome.end
  if (end.kind === 'fatal') {
    const error = end.error
    if (error instanceof ConfigurationError || error instanceof ModelAccessError) {
      return error instanceof ModelAccessError && error.status === 429
        ? error.message.replace(/\.$/, '; nothing was reviewed.')
        : error.message
    }
    if (error instanceof TransientError) return `${error.message} Nothing was reviewed: re-run the job.`
    if (error.stack) core.debug(error.stack)
    return `Redline failed: ${errorMessage(error)}`
  }
  if (outcome.publishError) {
    const hint =
      outcome.publishError.status === 403 ? ' Give the workflow `permissions: pull-requests: write`.' : ''
    return `Redline could not post its review: ${outcome.publishError.message.replace(/\.$/, '')}.${hint} The findings are in the job summary.`
  }
  if (end.kind === 'interrupted') {
    return (
      `The review was interrupted: ${end.error.message} ` +
      'The findings so far are posted; re-run the job to finish the review.'
    )
  }
  return undefined
}

/** The action: one review of one pull request, reported in the job summary and the outputs. */
export async function run(): Promise<void> {
  const logger = actionsLogger
  try {
    const prepared = prepare()
    if ('skip' in prepared) {
      core.notice(prepared.skip)
      return
    }
    const { settings, request } = prepared
    const octokit = createOctokit(settings.githubToken, logger)
    const outcome = await reviewPullRequest({
      settings,
      request,
      octokit,
      graphqlUrl: graphqlUrlFromEnv(),
      workspace: process.env['GITHUB_WORKSPACE'] || process.cwd(),
      runId: workflowRunId(process.env, () => randomBytes(6).toString('hex')),
      logger
    })
    if (outcome.end.kind === 'skipped') core.notice(outcome.end.reason)
    await report(outcome, settings, logger)
    const failure = failureLine(outcome) ?? shouldFail(outcome.findings, settings.failOn)
    if (failure) core.setFailed(failure)
  } catch (error) {
    if (error instanceof ConfigurationError) {
      core.setFailed(error.message)
    } else {
      if (error instanceof Error && error.stack) core.debug(error.stack)
      core.setFailed(`Redline failed: ${errorMessage(error)}`)
    }
  }
}
