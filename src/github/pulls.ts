import type { PullRequestRef, Repository } from './refs.js'
import type { ApiFile, ApiFileList } from '../diff/model.js'
import type { Octokit } from './client.js'

/** The files API lists at most this many files of a pull request. */
export const API_FILE_LIMIT = 3000

/** The parameters that name one pull request in Octokit's calls. */
export function pullParams(pr: PullRequestRef): { owner: string; repo: string; pull_number: number } {
  return { owner: pr.owner, repo: pr.repo, pull_number: pr.prNumber }
}

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
  /** owner/repo the head branch lives in; null when that fork was deleted. */
  headRepository: string | null
  /** How many commits the pull request has. */
  commits: number
}

export async function getPullRequest(octokit: Octokit, pr: PullRequestRef): Promise<PullRequestInfo> {
  const { data } = await octokit.rest.pulls.get(pullParams(pr))
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
    htmlUrl: data.html_url,
    headRepository: data.head.repo?.full_name ?? null,
    commits: data.commits
  }
}

export async function listPullFiles(octokit: Octokit, pr: PullRequestRef): Promise<ApiFileList> {
  const listed = await octokit.paginate(octokit.rest.pulls.listFiles, { ...pullParams(pr), per_page: 100 })
  const files = listed.slice(0, API_FILE_LIMIT).map(file => {
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
  return listed.length >= API_FILE_LIMIT ? { files, cappedAt: API_FILE_LIMIT } : { files }
}

/** The merge base of base and head as GitHub computes it: the start of the PR diff. */
/**
 * The merge base GitHub computes for two commits. Only the repository's owner and name are sent: a pull
 * request passed as the repository would add its number as a query parameter GitHub does not document.
 */
export async function getMergeBase(
  octokit: Octokit,
  repository: Repository,
  baseSha: string,
  headSha: string
): Promise<string> {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    owner: repository.owner,
    repo: repository.repo,
    basehead: `${baseSha}...${headSha}`,
    per_page: 1
  })
  return data.merge_base_commit.sha
}
