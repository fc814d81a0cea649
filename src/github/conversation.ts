/** Talking in a pull request: its comments, replies, reactions, and who may ask Redline for something. */
import type { Octokit } from './client.js'
import type { PullRequestRef, Repository } from './refs.js'

export interface IssueCommentRecord {
  id: number
  body: string
  user: { login: string; type?: string } | null
}

/** The repository role of `login`: admin, maintain, write, triage or read (none for no access). */
export async function repositoryRole(octokit: Octokit, repo: Repository, login: string): Promise<string> {
  const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
    owner: repo.owner,
    repo: repo.repo,
    username: login
  })
  // role_name tells maintain and triage apart; the older `permission` reads them as write and read.
  const role = (data as { role_name?: string }).role_name
  return role && role !== '' ? role : data.permission
}

export async function listIssueComments(octokit: Octokit, pr: PullRequestRef): Promise<IssueCommentRecord[]> {
  const data = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: pr.owner,
    repo: pr.repo,
    issue_number: pr.prNumber,
    per_page: 100
  })
  return data.map(entry => ({
    id: entry.id,
    body: entry.body ?? '',
    user: entry.user ? { login: entry.user.login, type: entry.user.type } : null
  }))
}

export async function createIssueComment(
  octokit: Octokit,
  pr: PullRequestRef,
  body: string
): Promise<number> {
  const { data } = await octokit.rest.issues.createComment({
    owner: pr.owner,
    repo: pr.repo,
    issue_number: pr.prNumber,
    body
  })
  return data.id
}

/** 👀 on a comment: a pull request's conversation comment, or a review comment in a thread. */
export async function reactWithEyes(
  octokit: Octokit,
  repo: Repository,
  comment: { id: number; inThread: boolean }
): Promise<void> {
  const params = { owner: repo.owner, repo: repo.repo, comment_id: comment.id, content: 'eyes' as const }
  if (comment.inThread) await octokit.rest.reactions.createForPullRequestReviewComment(params)
  else await octokit.rest.reactions.createForIssueComment(params)
}
