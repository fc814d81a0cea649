/**
 * Who wrote each commit of a pull request, as GitHub knows them: the account its author's email belongs
 * to (null when none does), from GET /repos/{owner}/{repo}/pulls/{pull_number}/commits. GitHub lists at
 * most 250 commits there; `complete` says whether these are all of them.
 */
import type { Octokit } from './client.js'
import { pullParams } from './pulls.js'
import type { PullRequestRef } from './refs.js'

export interface CommitAuthor {
  sha: string
  /** The author's GitHub account; null when the commit's author email belongs to none. */
  login: string | null
  /** GitHub's account type: `User`, `Bot` or `Organization`. */
  type?: string
}

export interface PullCommitAuthors {
  authors: CommitAuthor[]
  /** False when the pull request has more commits than GitHub lists. */
  complete: boolean
}

export async function listPullCommitAuthors(
  octokit: Octokit,
  pr: PullRequestRef,
  commitCount: number
): Promise<PullCommitAuthors> {
  const data = await octokit.paginate(octokit.rest.pulls.listCommits, { ...pullParams(pr), per_page: 100 })
  const authors = data.map(commit => ({
    sha: commit.sha,
    login: commit.author?.login ?? null,
    ...(commit.author?.type ? { type: commit.author.type } : {})
  }))
  return { authors, complete: authors.length >= commitCount }
}
