import * as core from '@actions/core'
import { actionsLogger } from './logger.js'
import {
  decideFromEvent,
  forkWithoutSecretsNotice,
  LABELED,
  parseRepository,
  type ReviewRequest
} from './event.js'
import { readEventPayload } from './event-file.js'
import { ACTION_WORDS, failureLine, review, shouldFail, type ReviewOutcome } from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createOctokit, graphqlUrlFromEnv, type Octokit } from '../github/client.js'
import { thisRun } from './workflow-run.js'
import { loadRepositoryConfig } from './repository-config.js'
import { readFailOn, readMode, readSettings, secretsOf, type Settings } from './inputs.js'
import { runInsightsAction } from './insights-run.js'
import { runLearnAction } from './learn-run.js'
import type { Logger } from '../logger.js'
import { gitHubHost, type PostedReview } from './github-host.js'
import { computeOutputs, writeFindingsFile } from './outputs.js'
import { writeJobSummary } from './job-summary.js'
import { checkInputOf, checkReporter, type PostedCheck } from './check-run.js'
import { noticeChecksNotRun } from './evidence-notices.js'
import {
  DEPENDABOT,
  dependabotWithoutKey,
  forkWithoutKey,
  gateLine,
  matchesAuthor,
  pullRequestOf,
  skipLabel,
  skippedAuthor,
  type Unreviewed
} from './unreviewed.js'

type Prepared =
  | { settings: Settings; request: ReviewRequest; octokit: Octokit }
  | { skip: string; unreviewed?: Unreviewed; failOn?: Settings['failOn'] }

/** Why a pull request the workflow cannot review is not reviewed, before the settings refuse an empty key. */
function withoutKey(eventName: string, payload: unknown): Prepared | undefined {
  if (core.getInput('anthropic-api-key').trim() !== '') return undefined
  const pr = pullRequestOf(payload)
  if (!pr) return undefined
  const forkNotice = forkWithoutSecretsNotice(eventName, payload)
  const unreviewed = forkNotice
    ? forkWithoutKey(pr.number, forkNotice)
    : pr.author?.toLowerCase() === DEPENDABOT
      ? dependabotWithoutKey(pr.number)
      : undefined
  return unreviewed && { skip: unreviewed.notice, unreviewed }
}

/**
 * The settings and the request, or the reason there is nothing to do. The inputs are checked first; the
 * repository's configuration file is read (at the merge base) once the event says there is a pull request to
 * review, and the settings are resolved from both. Only workflow and configuration mistakes throw.
 */
async function prepare(workspace: string, logger: Logger): Promise<Prepared> {
  const eventName = process.env['GITHUB_EVENT_NAME'] ?? ''
  const payload = readEventPayload(process.env['GITHUB_EVENT_PATH'])
  const unreviewable = withoutKey(eventName, payload)
  if (unreviewable) return unreviewable
  const read = (name: string): string => core.getInput(name)
  const inputs = readSettings(read)
  for (const secret of secretsOf(inputs)) core.setSecret(secret)
  const repository = parseRepository(process.env['GITHUB_REPOSITORY'])
  const event = {
    eventName,
    payload,
    repository,
    ...(inputs.prNumber !== undefined ? { prNumberInput: inputs.prNumber } : {})
  }
  const first = decideFromEvent({ ...event, reviewDrafts: true })
  if ('skip' in first) return first
  const octokit = createOctokit(inputs.githubToken, logger)
  const config = await logger.group('Read the configuration', () =>
    loadRepositoryConfig(octokit, first.review, workspace, logger)
  )
  const settings = readSettings(read, config)
  const decision = decideFromEvent({
    ...event,
    reviewDrafts: settings.reviewDrafts,
    reviewLabel: settings.labels.review
  })
  if ('skip' in decision) return { ...decision, failOn: settings.failOn }
  const request = decision.review
  // A manual dispatch or the review label is someone asking for this review; the skip label and
  // skip-authors are for the automatic ones.
  if (request.kind === 'pull_request' && request.action !== LABELED) {
    if (request.labels.includes(settings.labels.skip)) {
      const unreviewed = skipLabel(request.pr.prNumber, settings.labels.skip)
      return { skip: unreviewed.notice, unreviewed, failOn: settings.failOn }
    }
    const pr = pullRequestOf(payload)
    if (pr?.author && matchesAuthor(settings.skipAuthors, pr.author)) {
      const unreviewed = skippedAuthor(pr.number, pr.author)
      return { skip: unreviewed.notice, unreviewed, failOn: settings.failOn }
    }
  }
  return { settings, request, octokit }
}

async function report(
  outcome: ReviewOutcome<PostedReview>,
  prNumber: number,
  settings: Settings,
  logger: Logger,
  check?: PostedCheck
): Promise<void> {
  const { delivered } = outcome
  const publish = delivered?.publish
  try {
    const findingsFile = await writeFindingsFile(outcome.findings, {
      prNumber,
      inlineFindingIds: publish?.inlineFindingIds ?? [],
      ...(outcome.headSha ? { commitSha: outcome.headSha } : {})
    })
    const outputs = computeOutputs({
      ...(delivered?.reviewId !== undefined ? { reviewId: delivered.reviewId } : {}),
      ...(delivered?.reviewUrl !== undefined ? { reviewUrl: delivered.reviewUrl } : {}),
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
  const notes = end.kind === 'skipped' ? [end.reason, ...outcome.notes] : outcome.notes
  const failure = failureLine(outcome, ACTION_WORDS)
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
      ...(failure && !outcome.publishError ? { failure } : {}),
      settings: settings.sources,
      ...(settings.repositoryConfig ? { configFrom: settings.repositoryConfig } : {}),
      ...(check ? { check } : {}),
      ...(publish?.walkthrough ? { walkthrough: publish.walkthrough } : {}),
      ...(outcome.evidence ? { evidence: outcome.evidence } : {})
    })
  } catch (error) {
    // Outside a runner there is no summary file; the log still has everything.
    logger.debug(`No job summary written: ${errorMessage(error)}`)
  }
  if (publish?.reviewUrl) logger.info(`Review posted: ${publish.reviewUrl}`)
}

/** The action: one review of one pull request, reported in the job summary and the outputs. */
export async function run(): Promise<void> {
  const logger = actionsLogger
  try {
    const mode = readMode(name => core.getInput(name))
    if (mode === 'insights') return await runInsightsAction(logger)
    if (mode === 'learn') return await runLearnAction(logger)
    const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd()
    const prepared = await prepare(workspace, logger)
    if ('skip' in prepared) {
      const failOn = prepared.failOn ?? readFailOn(name => core.getInput(name))
      if (prepared.unreviewed && failOn !== 'none') core.setFailed(gateLine(prepared.unreviewed, failOn))
      else core.notice(prepared.skip)
      return
    }
    const { settings, request, octokit } = prepared
    const host = gitHubHost({
      settings,
      request,
      octokit,
      graphqlUrl: graphqlUrlFromEnv(),
      workspace,
      run: thisRun()
    })
    const check = checkReporter({ octokit, repository: request.pr, logger, dryRun: settings.dryRun })
    if (request.kind === 'pull_request') await check.begin(request.headSha)
    const outcome = await review(host, settings, logger)
    if (outcome.end.kind === 'skipped') core.notice(outcome.end.reason)
    noticeChecksNotRun(outcome.evidence)
    if (outcome.end.kind === 'fatal' && outcome.end.error.stack) core.debug(outcome.end.error.stack)
    const headSha = outcome.headSha ?? (request.kind === 'pull_request' ? request.headSha : undefined)
    const posted = headSha ? await check.finish(headSha, checkInputOf(outcome, settings.failOn)) : undefined
    await report(outcome, request.pr.prNumber, settings, logger, posted)
    const failure = failureLine(outcome, ACTION_WORDS) ?? shouldFail(outcome.findings, settings.failOn)
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
