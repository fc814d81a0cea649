/**
 * The "Redline" check run on the reviewed head: in progress while a review runs, then completed with the
 * gate's conclusion and an annotation for every open finding. Every run that changes the head's findings
 * completes a new one (a review, a dismissal in a thread, pause and resume), since annotations can only be
 * added to a check run, never taken back. Without `checks: write` GitHub answers 403: one notice says so, and
 * everything else goes on as before.
 */
import * as core from '@actions/core'
import { ACTION_WORDS, failureLine, type ReviewOutcome } from '../engine/index.js'
import { errorMessage, httpStatus } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Severity } from '../findings/severity.js'
import { completeCheckRun, startCheckRun, type CheckConclusion, type CheckRunRef } from '../github/checks.js'
import type { Octokit } from '../github/client.js'
import type { Repository } from '../github/refs.js'
import type { Logger } from '../logger.js'
import {
  CHECK_NAME,
  checkAnnotations,
  checkConclusion,
  checkOutput,
  type CheckReportInput,
  type CheckRunEnd
} from '../publish/check-report.js'

export const NO_CHECKS_PERMISSION =
  'Redline could not create its "Redline" check run: the token lacks `checks: write`. Add it to the ' +
  "workflow's `permissions` to get the check (the gate a branch rule can require) and the findings as " +
  'annotations in "Files changed"; the review is posted as before.'

/** A completed check: where it is and what it concluded, for the job summary. */
export interface PostedCheck {
  url: string
  conclusion: CheckConclusion
}

export interface CheckReporter {
  /** Marks the review of `headSha` as in progress. */
  begin(headSha: string): Promise<void>
  /** Completes the check (the one begun, or a new one on `headSha`). */
  finish(headSha: string, input: CheckReportInput): Promise<PostedCheck | undefined>
}

/** A run whose token can never write checks: a fork's or Dependabot's pull_request run. */
export const READ_ONLY_TOKEN =
  'Redline could not post its "Redline" check run: GitHub gives pull_request runs from forks and from ' +
  'Dependabot a read-only token.'

/** Nothing is posted on a dry run: the check run neither; the log says what it would conclude. */
function dryRunReporter(logger: Logger): CheckReporter {
  return {
    begin: async () => undefined,
    async finish(_headSha, input) {
      const { title } = checkOutput(input)
      logger.info(
        `Dry run: the "${CHECK_NAME}" check run would conclude ${checkConclusion(input)}: ${title}.`
      )
      return undefined
    }
  }
}

export interface CheckReporterOptions {
  octokit: Octokit
  repository: Repository
  logger: Logger
  dryRun?: boolean
  /** The notice for a 403; by default, that the workflow lacks `checks: write`. */
  refusedNotice?: string
}

export function checkReporter(options: CheckReporterOptions): CheckReporter {
  const { octokit, repository, logger } = options
  if (options.dryRun) return dryRunReporter(logger)
  let refused = false
  let started: { headSha: string; run: CheckRunRef } | undefined
  /** A 403 turns the check off for the rest of the run, with one notice; anything else is a warning. */
  const guarded = async <T>(what: string, call: () => Promise<T>): Promise<T | undefined> => {
    if (refused) return undefined
    try {
      return await call()
    } catch (error) {
      if (httpStatus(error) === 403) {
        refused = true
        core.notice(options.refusedNotice ?? NO_CHECKS_PERMISSION)
      } else {
        logger.warning(`Could not ${what} the "${CHECK_NAME}" check run: ${errorMessage(error)}`)
      }
      return undefined
    }
  }
  return {
    async begin(headSha) {
      const run = await guarded('start', () =>
        startCheckRun(octokit, repository, {
          name: CHECK_NAME,
          headSha,
          output: { title: 'Reviewing', summary: 'Redline is reviewing this commit.' }
        })
      )
      if (run) started = { headSha, run }
    },
    async finish(headSha, input) {
      const target = started?.headSha === headSha ? { started: started.run } : { name: CHECK_NAME, headSha }
      const conclusion = checkConclusion(input)
      const run = await guarded('complete', () =>
        completeCheckRun(octokit, repository, target, {
          conclusion,
          output: checkOutput(input),
          annotations: checkAnnotations(input.findings),
          ...(input.reviewUrl ? { detailsUrl: input.reviewUrl } : {})
        })
      )
      started = undefined
      if (run) logger.info(`Check run "${CHECK_NAME}": ${conclusion} (${run.htmlUrl}).`)
      return run && { url: run.htmlUrl, conclusion }
    }
  }
}

/** What a review's outcome tells the check. */
export function checkInputOf(
  outcome: ReviewOutcome<{ reviewUrl?: string }>,
  failOn: Severity | 'none'
): CheckReportInput {
  const failure = failureLine(outcome, ACTION_WORDS)
  const end: CheckRunEnd = failure
    ? { kind: 'failed', reason: failure }
    : outcome.end.kind === 'skipped'
      ? { kind: outcome.end.unreviewed ? 'unreviewable' : 'not-reviewed', reason: outcome.end.reason }
      : { kind: 'reviewed' }
  const reviewUrl = outcome.delivered?.reviewUrl
  return {
    end,
    findings: outcome.findings,
    failOn,
    ...(outcome.coverage ? { coverage: outcome.coverage } : {}),
    ...(reviewUrl ? { reviewUrl } : {}),
    ...(outcome.end.kind !== 'skipped' ? { cost: `$${outcome.usage.costUsd.toFixed(4)}` } : {})
  }
}

/** The check after a change that ran no review: a dismissal in a thread, a pause or a resume. */
export function checkInputAfter(
  findings: readonly Finding[],
  failOn: Severity | 'none',
  because: string,
  paused: boolean
): CheckReportInput {
  return {
    end: paused
      ? { kind: 'not-reviewed', reason: 'Automatic reviews of this pull request are paused.' }
      : { kind: 'reviewed' },
    findings,
    failOn,
    because
  }
}

/**
 * The check after a command changed the findings or the pause without a review: it is completed anew on the
 * commit those findings are at.
 */
export async function checkAfterCommand(
  options: {
    octokit: Octokit
    repository: Repository
    logger: Logger
    failOn: Severity | 'none'
    dryRun?: boolean
  },
  change: { headSha: string; findings: readonly Finding[]; because: string; paused: boolean }
): Promise<void> {
  const reporter = checkReporter(options)
  await reporter.finish(
    change.headSha,
    checkInputAfter(change.findings, options.failOn, change.because, change.paused)
  )
}
