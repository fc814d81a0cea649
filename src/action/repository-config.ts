/**
 * The repository's configuration for this pull request, read at the merge base of its base and head: a
 * commit of the base branch, which the pull request cannot change. Never from the head.
 */
import { readRepositoryConfig, type RepositoryConfig } from '../engine/index.js'
import { errorMessage } from '../errors.js'
import { createGit } from '../git/git.js'
import type { Octokit } from '../github/client.js'
import { getMergeBase } from '../github/pulls.js'
import type { Logger } from '../logger.js'
import type { ReviewRequest } from './event.js'
import { pullRequestOf } from './github-host.js'

export async function loadRepositoryConfig(
  octokit: Octokit,
  request: ReviewRequest,
  workspace: string,
  logger: Logger
): Promise<RepositoryConfig | undefined> {
  const { baseSha, headSha } =
    request.kind === 'pull_request' ? request : await pullRequestOf(octokit, request.pr)
  let commit = baseSha
  try {
    commit = await getMergeBase(octokit, request.pr, baseSha, headSha)
  } catch (error) {
    logger.warning(
      `The compare API did not give the merge base (${errorMessage(error)}); the configuration is read at the base branch's tip.`
    )
  }
  const git = createGit(workspace, logger)
  if (!(await git.isRepository())) {
    logger.warning('The workspace is not a git checkout, so .github/redline.yml is not read.')
    return undefined
  }
  try {
    await git.fetchShas([commit])
  } catch (error) {
    logger.warning(
      `Could not fetch the base commit ${commit.slice(0, 7)} to read .github/redline.yml: ${errorMessage(error)}`
    )
    return undefined
  }
  return readRepositoryConfig(git, commit, logger)
}
