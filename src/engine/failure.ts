import {
  ConfigurationError,
  errorMessage,
  ModelAccessError,
  TimeLimitError,
  TransientError
} from '../errors.js'
import { compareFindings, findingLocation, type Finding } from '../findings/finding.js'
import { atLeast, type Severity } from '../findings/severity.js'
import { plural } from '../text/measure.js'
import type { ReviewOutcome } from './outcome.js'

/** How a front door words what a person does next: the action's reader re-runs a job, the CLI's runs again. */
export interface FailureWords {
  /** e.g. "re-run the job". */
  again: string
  /** What happened to the findings made: "posted", "shown". */
  kept: string
  /** What publishing is, as in "could not post its review". */
  publish: string
  /** Where the findings are when publishing failed. */
  findingsAt: string
  /** Where the Anthropic key comes from, to check when the API rejects it. */
  apiKey: string
}

export const ACTION_WORDS: FailureWords = {
  again: 're-run the job',
  kept: 'posted',
  publish: 'post its review',
  findingsAt: 'The findings are in the job summary.',
  apiKey: 'the ANTHROPIC_API_KEY secret'
}

/** The one line a run fails with, or undefined when it succeeded. */
export function failureLine(outcome: ReviewOutcome<unknown>, words: FailureWords): string | undefined {
  const end = outcome.end
  if (end.kind === 'fatal') {
    const error = end.error
    if (error instanceof TimeLimitError) return error.message
    if (error instanceof ModelAccessError && error.check === 'apiKey')
      return `${error.message.replace(/\.$/, '')}: check ${words.apiKey}.`
    if (error instanceof ConfigurationError || error instanceof ModelAccessError) {
      return error instanceof ModelAccessError && error.status === 429
        ? error.message.replace(/\.$/, '; nothing was reviewed.')
        : error.message
    }
    if (error instanceof TransientError) return `${error.message} Nothing was reviewed: ${words.again}.`
    return `Redline failed: ${errorMessage(error)}`
  }
  if (outcome.publishError) {
    const hint =
      outcome.publishError.status === 403 ? ' Give the workflow `permissions: pull-requests: write`.' : ''
    return `Redline could not ${words.publish}: ${outcome.publishError.message.replace(/\.$/, '')}.${hint} ${words.findingsAt}`
  }
  if (end.kind === 'interrupted') {
    return (
      `The review was interrupted: ${end.error.message} ` +
      `The findings so far are ${words.kept}; ${words.again} to finish the review.`
    )
  }
  return undefined
}

/**
 * The line to fail with when an open finding is at or above `failOn`, else undefined. The action fails
 * after the review is posted, so the findings are on the pull request when the check turns red.
 */
export function shouldFail(
  findings: readonly Finding[],
  failOn: Severity | 'none',
  option = 'fail-on'
): string | undefined {
  if (failOn === 'none') return undefined
  const blocking = findings.filter(finding => finding.status === 'open' && atLeast(finding.severity, failOn))
  if (blocking.length === 0) return undefined
  const worst = [...blocking]
    .sort(compareFindings)
    .slice(0, 3)
    .map(f => `${f.title} (${findingLocation(f)})`)
  const more = blocking.length > 3 ? `, and ${blocking.length - 3} more` : ''
  return `${plural(blocking.length, 'open finding')} at or above ${failOn} (${option}): ${worst.join('; ')}${more}.`
}
