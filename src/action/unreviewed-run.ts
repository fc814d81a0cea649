/**
 * The end of a run that reviews nothing. A pull request left unreviewed on purpose (unreviewed.ts) gets its
 * "Redline" check on the event's head commit, completed in one request: neutral, or failure under a gate, with
 * why and how to get a review. A gate fails the step as the check does; anything else is a notice.
 */
import * as core from '@actions/core'
import { errorMessage } from '../errors.js'
import type { Severity } from '../findings/severity.js'
import { createOctokit } from '../github/client.js'
import type { Repository } from '../github/refs.js'
import type { Logger } from '../logger.js'
import { checkReporter, READ_ONLY_TOKEN, type CheckReporterOptions } from './check-run.js'
import { forkWithoutSecretsNotice, parseRepository } from './event.js'
import { readFailOn, readSomeInputs } from './inputs.js'
import {
  DEPENDABOT,
  dependabotWithoutKey,
  forkWithoutKey,
  gateLine,
  pullRequestOf,
  unreviewedCheck,
  type Unreviewed
} from './unreviewed.js'

/** Where the check of a pull request left unreviewed goes: the event's head commit, completed at once. */
export interface UnreviewedCheckTarget {
  reporter: CheckReporterOptions
  headSha: string
  triggerPhrase: string
}

/** A run with nothing to review: why, and for a pull request left unreviewed, what its gate and check say. */
export interface SkippedRun {
  skip: string
  unreviewed?: Unreviewed
  /** The gate, once the settings are read; else the input alone. */
  failOn?: Severity | 'none'
  check?: UnreviewedCheckTarget
}

/** A run that ends with a notice does not fail for want of a repository: it posts no check then. */
function repositoryOrNone(value: string | undefined): Repository | undefined {
  try {
    return parseRepository(value)
  } catch {
    return undefined
  }
}

/**
 * The check's target for a run without the key, from the few inputs it needs. GitHub gives such a run (a
 * fork's or Dependabot's) a read-only token, so a refusal is expected and its notice says so. A mistake in
 * those inputs leaves the check out rather than turning the run's notice into an error.
 */
function checkWithoutKey(headSha: string | undefined, logger: Logger): UnreviewedCheckTarget | undefined {
  const repository = repositoryOrNone(process.env['GITHUB_REPOSITORY'])
  if (!headSha || !repository) return undefined
  try {
    const inputs = readSomeInputs(name => core.getInput(name), ['github-token', 'dry-run', 'trigger-phrase'])
    const token = inputs['github-token']
    if (token === '') return undefined
    core.setSecret(token)
    return {
      reporter: {
        octokit: createOctokit(token, logger),
        repository,
        logger,
        dryRun: inputs['dry-run'],
        refusedNotice: READ_ONLY_TOKEN
      },
      headSha,
      triggerPhrase: inputs['trigger-phrase']
    }
  } catch (error) {
    logger.debug(`No check run: ${errorMessage(error)}`)
    return undefined
  }
}

/** Why a pull request the workflow cannot review is not reviewed, before the settings refuse an empty key. */
export function withoutKey(eventName: string, payload: unknown, logger: Logger): SkippedRun | undefined {
  if (core.getInput('anthropic-api-key').trim() !== '') return undefined
  const pr = pullRequestOf(payload)
  if (!pr) return undefined
  const forkNotice = forkWithoutSecretsNotice(eventName, payload)
  const unreviewed = forkNotice
    ? forkWithoutKey(pr.number, forkNotice)
    : pr.author?.toLowerCase() === DEPENDABOT
      ? dependabotWithoutKey(pr.number)
      : undefined
  if (!unreviewed) return undefined
  const check = checkWithoutKey(pr.headSha, logger)
  return { skip: unreviewed.notice, unreviewed, ...(check ? { check } : {}) }
}

/** The notice, or the gate's line; then the check of a pull request left unreviewed. */
export async function endUnreviewed(run: SkippedRun): Promise<void> {
  const { unreviewed, check } = run
  const failOn = run.failOn ?? readFailOn(name => core.getInput(name))
  if (unreviewed && failOn !== 'none') core.setFailed(gateLine(unreviewed, failOn))
  else core.notice(run.skip)
  if (!unreviewed || !check) return
  await checkReporter(check.reporter).finish(
    check.headSha,
    unreviewedCheck(unreviewed, failOn, check.triggerPhrase)
  )
}
