import * as core from '@actions/core'
import { actionsLogger } from './logger.js'
import { decideFromEvent, LABELED, parseRepository, type ReviewRequest } from './event.js'
import { readEventPayload } from './event-file.js'
import { ACTION_WORDS, failureLine, review, shouldFail, type ReviewOutcome } from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createOctokit, graphqlUrlFromEnv, type Octokit } from '../github/client.js'
import { thisRun } from './workflow-run.js'
import { loadOrganisationConfig, loadRepositoryConfig } from './repository-config.js'
import { readMode, readSettings, secretsOf, type Settings } from './inputs.js'
import { runInsightsAction } from './insights-run.js'
import { runLearnAction } from './learn-run.js'
import type { Logger } from '../logger.js'
import { gitHubHost, type PostedReview } from './github-host.js'
import { computeOutputs, writeFindingsFile } from './outputs.js'
import { redactKnownSecrets } from '../text/known-secrets.js'
import { writeJobSummary } from './job-summary.js'
import { checkInputOf, checkReporter, type PostedCheck } from './check-run.js'
import { noticeChecksNotRun } from './evidence-notices.js'
import { matchesAuthor, pullRequestOf, skipLabel, skippedAuthor, type Unreviewed } from './unreviewed.js'
import { endUnreviewed, withoutKey, type SkippedRun, type UnreviewedCheckTarget } from './unreviewed-run.js'
import type { Severity } from '../findings/severity.js'

type Prepared = { settings: Settings; request: ReviewRequest; octokit: Octokit } | SkippedRun

/**
 * The settings and the request, or the reason there is nothing to do. The inputs are checked first; the
 * repository's configuration file is read (at the merge base) once the event says there is a pull request to
 * review, and the settings are resolved from both. Only workflow and configuration mistakes throw.
 */
async function prepare(workspace: string, logger: Logger): Promise<Prepared> {
  const eventName = process.env['GITHUB_EVENT_NAME'] ?? ''
  const payload = readEventPayload(process.env['GITHUB_EVENT_PATH'])
  const unreviewable = withoutKey(eventName, payload, logger)
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
  const { config, organisation } = await logger.group('Read the configuration', async () => {
    const config = await loadRepositoryConfig(octokit, first.review, workspace, logger)
    const report = { logger, notice: (message: string) => core.notice(message) }
    return { config, organisation: await loadOrganisationConfig(octokit, repository, inputs, config, report) }
  })
  const settings = readSettings(read, config, organisation)
  const decision = decideFromEvent({
    ...event,
    reviewDrafts: settings.reviewDrafts,
    reviewLabel: settings.labels.review
  })
  const headSha = pullRequestOf(payload)?.headSha
  const check: UnreviewedCheckTarget | undefined = headSha
    ? {
        reporter: { octokit, repository, logger, dryRun: settings.dryRun },
        headSha,
        triggerPhrase: settings.triggerPhrase
      }
    : undefined
  const left = (unreviewed: Unreviewed): Prepared => ({
    skip: unreviewed.notice,
    unreviewed,
    failOn: settings.failOn,
    ...(check ? { check } : {})
  })
  if ('skip' in decision) return decision.unreviewed ? left(decision.unreviewed) : decision
  const request = decision.review
  // A manual dispatch or the review label is someone asking for this review; the skip label and
  // skip-authors are for the automatic ones.
  if (request.kind === 'pull_request' && request.action !== LABELED) {
    if (request.labels.includes(settings.labels.skip))
      return left(skipLabel(request.pr.prNumber, settings.labels.skip))
    const pr = pullRequestOf(payload)
    if (pr?.author && matchesAuthor(settings.skipAuthors, pr.author))
      return left(skippedAuthor(pr.number, pr.author))
  }
  return { settings, request, octokit }
}

/** A gate fails a head left unreviewed on purpose (paused), as its check does. */
function pausedGateLine(outcome: ReviewOutcome<unknown>, failOn: Severity | 'none'): string | undefined {
  const end = outcome.end
  if (failOn === 'none' || end.kind !== 'skipped' || !end.unreviewed) return undefined
  return `The gate (fail-on: ${failOn}) does not pass a commit it did not review: ${end.reason}`
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
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, redactKnownSecrets(value))
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
      ...(outcome.evidence ? { evidence: outcome.evidence } : {}),
      ...(settings.learnedRules ? { learnedRules: settings.learnedRules } : {}),
      ...(outcome.triage ? { reviewedPaths: outcome.triage.reviewable.map(entry => entry.file.path) } : {})
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
    if ('skip' in prepared) return await endUnreviewed(prepared)
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
    const failure =
      failureLine(outcome, ACTION_WORDS) ??
      pausedGateLine(outcome, settings.failOn) ??
      shouldFail(outcome.findings, settings.failOn)
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
