/** describe: on-open, the description a first review writes for a pull request opened without one. */
import { errorMessage } from '../errors.js'
import type { Octokit } from '../github/client.js'
import { updatePullBody } from '../github/pull-body.js'
import { getPullRequest } from '../github/pulls.js'
import type { PullRequestRef } from '../github/refs.js'
import type { Logger } from '../logger.js'
import type { WrittenDescription } from '../findings/walkthrough.js'
import { authorText, withDescription } from '../publish/description-section.js'

/**
 * The description a review wrote for a pull request opened without one (describe: on-open), added to the
 * body unless someone wrote one meanwhile. Failing to write it never fails the review.
 */
export async function describeOnOpen(
  octokit: Octokit,
  ref: PullRequestRef,
  description: WrittenDescription,
  logger: Logger
): Promise<void> {
  try {
    const now = await getPullRequest(octokit, ref)
    if (authorText(now.body).trim() !== '')
      return logger.info('The pull request has a description now; not writing one.')
    await updatePullBody(octokit, ref, withDescription(now.body, description.text, description.instructions))
    logger.info('Wrote a description into the pull request, which had none.')
  } catch (error) {
    logger.warning(`Could not write the pull request's description: ${errorMessage(error)}`)
  }
}
