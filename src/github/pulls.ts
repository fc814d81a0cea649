import type { Repository } from '../context.js'
import type { ApiFile } from '../diff/model.js'
import { API_FILE_LIMIT } from '../diff/source.js'
import type { Octokit } from './client.js'

/** The parts of a pull request a review needs. */
export interface PullRequestInfo {
  number: number
  title: string
  body: string
  draft: boolean
  state: string
  headSha: string
  baseSha: string
  baseRef: string
  headRef: string
  author: string
  htmlUrl: string
}

export async function getPullRequest(
  octokit: Octokit,
  repository: Repository,
  prNumber: number
): Promise<PullRequestInfo> {
  const { data } = await octokit.rest.pulls.get({ ...repository, pull_number: prNumber })
  return {
    number: data.number,
    title: data.title ?? '',
    body: data.body ?? '',
    draft: data.draft === true,
    state: data.merged ? 'merged' : data.state,
    headSha: data.head.sha,
    baseSha: data.base.sha,
    baseRef: data.base.ref,
    headRef: data.head.ref,
    author: data.user?.login ?? '',
    htmlUrl: data.html_url
  }
}

export async function listPullFiles(
  octokit: Octokit,
  repository: Repository,
  prNumber: number
): Promise<ApiFile[]> {
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
    ...repository,
    pull_number: prNumber,
    per_page: 100
  })
  return files.slice(0, API_FILE_LIMIT).map(file => {
    const entry: ApiFile = {
      filename: file.filename,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions
    }
    if (file.previous_filename) entry.previous_filename = file.previous_filename
    if (typeof file.patch === 'string') entry.patch = file.patch
    return entry
  })
}

/** The merge base of base and head as GitHub computes it: the start of the PR diff. */
export async function getMergeBase(
  octokit: Octokit,
  repository: Repository,
  baseSha: string,
  headSha: string
): Promise<string> {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repository,
    basehead: `${baseSha}...${headSha}`,
    per_page: 1
  })
  return data.merge_base_commit.sha
}
