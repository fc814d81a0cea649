/**
 * The repository's configuration for this pull request, read at the merge base of its base and head: a
 * commit of the base branch, which the pull request cannot change. Never from the head. Beneath it, the
 * organisation's defaults, read at the default branch of the organisation's repository.
 */
import {
  droppedRulesWarning,
  ORGANISATION_FILES,
  organisationFromRead,
  readRepositoryConfig,
  type OrganisationConfig,
  type RepositoryConfig
} from '../engine/index.js'
import { errorMessage } from '../errors.js'
import { createGit } from '../git/git.js'
import { createOctokit, type Octokit } from '../github/client.js'
import { readDefaultBranchFiles } from '../github/default-branch-files.js'
import { getMergeBase } from '../github/pulls.js'
import type { Repository } from '../github/refs.js'
import type { Logger } from '../logger.js'
import type { ReviewRequest } from './event.js'
import { pullRequestOf } from './github-host.js'
import type { Settings } from './inputs.js'

/** What the organisation's defaults are read with: the inputs that name them, and the token. */
export type OrganisationInputs = Pick<Settings, 'orgConfig' | 'orgToken' | 'githubToken'>

/**
 * The organisation's defaults for a repository: `org-config` (else `<owner>/.github`) at its default branch,
 * read with `org-token`. A repository that is itself the organisation's has no defaults beneath its own.
 * A missing repository or file is one notice; anything else unreadable is a warning; neither stops the run.
 */
export async function loadOrganisationConfig(
  octokit: Octokit,
  repository: Repository,
  inputs: OrganisationInputs,
  config: RepositoryConfig | undefined,
  report: { logger: Logger; notice: (message: string) => void }
): Promise<OrganisationConfig | undefined> {
  const { logger } = report
  const name = inputs.orgConfig ?? `${repository.owner}/.github`
  if (name.toLowerCase() === `${repository.owner}/${repository.repo}`.toLowerCase()) {
    logger.info(`This is the organisation's repository (${name}): its own file is its settings.`)
    return undefined
  }
  const [owner = '', repo = ''] = name.split('/')
  const reader = inputs.orgToken === inputs.githubToken ? octokit : createOctokit(inputs.orgToken, logger)
  const read = await readDefaultBranchFiles(reader, { owner, repo }, [
    ORGANISATION_FILES.config,
    ORGANISATION_FILES.learned
  ])
  const { organisation, notice, warnings } = organisationFromRead(name, read)
  if (notice) report.notice(notice)
  for (const warning of warnings) logger.warning(warning)
  if (!organisation) return undefined
  const dropped = droppedRulesWarning(config, organisation)
  if (dropped) logger.warning(dropped)
  logger.info(`Organisation defaults from ${name} at its default branch (${organisation.branch}).`)
  return organisation
}

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
