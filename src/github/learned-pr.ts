/**
 * The learned rules' pull request on GitHub, over REST: where the default branch stands, the rules file at a
 * ref, when a person last changed it, the open proposal, and writing a proposal (the branch, one commit of the
 * file, the pull request). Never writes to the default branch: the only ref it moves is the proposal's own.
 */
import { httpStatus } from '../errors.js'
import type { Octokit } from './client.js'
import type { Repository } from './refs.js'

/** The branch every proposal of learned rules is made on. */
export const LEARNED_BRANCH = 'redline/learned-rules'

/** GitHub's words when the repository does not let the workflow's token open pull requests. */
const ACTIONS_MAY_NOT_CREATE = /GitHub Actions is not permitted to create or approve pull requests/i

export interface DefaultHead {
  branch: string
  sha: string
  /** The repository's web address, for links a person opens (compare view). */
  htmlUrl: string
}

export interface FileAtRef {
  text: string
  /** The blob's SHA: GitHub asks for it to replace the file. */
  sha: string
}

export interface OpenProposal {
  number: number
  url: string
}

export interface ProposalContent {
  path: string
  text: string
  commitMessage: string
  title: string
  body: string
}

/** What writing a proposal came to. */
export type ProposalWritten =
  | { kind: 'opened' | 'updated'; number: number; url: string; commitSha: string }
  /** The branch is pushed, but the repository's setting kept the workflow from opening the pull request. */
  | { kind: 'not-permitted'; compareUrl: string; commitSha: string }

function params(repo: Repository): { owner: string; repo: string } {
  return { owner: repo.owner, repo: repo.repo }
}

function isNotFound(error: unknown): boolean {
  return httpStatus(error) === 404
}

/** The default branch, its head commit and the repository's web address. */
export async function readDefaultHead(octokit: Octokit, repo: Repository): Promise<DefaultHead> {
  const { data } = await octokit.rest.repos.get(params(repo))
  const sha = await branchHead(octokit, repo, data.default_branch)
  if (sha === undefined) throw new Error(`the default branch ${data.default_branch} has no commit`)
  return { branch: data.default_branch, sha, htmlUrl: data.html_url }
}

/** The commit a branch points at; undefined when there is no such branch. */
export async function branchHead(
  octokit: Octokit,
  repo: Repository,
  branch: string
): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.git.getRef({ ...params(repo), ref: `heads/${branch}` })
    return data.object.sha
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

/** A file's text at a branch or commit; undefined when the file (or the ref) is not there. */
export async function readFileAt(
  octokit: Octokit,
  repo: Repository,
  path: string,
  ref: string
): Promise<FileAtRef | undefined> {
  let data: unknown
  try {
    data = (await octokit.rest.repos.getContent({ ...params(repo), path, ref })).data
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
  const file = data as { type?: string; encoding?: string; content?: string; sha?: string }
  if (Array.isArray(data) || file.type !== 'file') throw new Error(`${path} at ${ref} is not a file`)
  // Above 1 MB GitHub sends no content ("none"); the rules file is read only to 100 kB, so this is refused.
  if (file.encoding !== 'base64' || typeof file.content !== 'string' || typeof file.sha !== 'string')
    throw new Error(`${path} at ${ref} is too large to read through the contents API`)
  return { text: Buffer.from(file.content, 'base64').toString('utf8'), sha: file.sha }
}

/** When the last commit that changed `path` on `ref` was made; undefined when none did. */
export async function lastChangeOf(
  octokit: Octokit,
  repo: Repository,
  path: string,
  ref: string
): Promise<string | undefined> {
  const { data } = await octokit.rest.repos.listCommits({ ...params(repo), path, sha: ref, per_page: 1 })
  const commit = data[0]?.commit
  return commit?.committer?.date ?? commit?.author?.date ?? undefined
}

/** The open pull request from the learned-rules branch, if there is one. */
export async function findOpenProposal(
  octokit: Octokit,
  repo: Repository
): Promise<OpenProposal | undefined> {
  const { data } = await octokit.rest.pulls.list({
    ...params(repo),
    head: `${repo.owner}:${LEARNED_BRANCH}`,
    state: 'open',
    per_page: 1
  })
  const pull = data[0]
  return pull ? { number: pull.number, url: pull.html_url } : undefined
}

/**
 * The branch, ready for the new commit: with a pull request open, its commits stay and the new one goes on
 * top; otherwise the branch starts again from the default branch's head (created, or forced back to it), so
 * a closed proposal's leftovers never come back.
 */
async function prepareBranch(
  octokit: Octokit,
  repo: Repository,
  head: DefaultHead,
  open: OpenProposal | undefined
): Promise<void> {
  if (open) return
  const existing = await branchHead(octokit, repo, LEARNED_BRANCH)
  if (existing === undefined) {
    await octokit.rest.git.createRef({ ...params(repo), ref: `refs/heads/${LEARNED_BRANCH}`, sha: head.sha })
  } else if (existing !== head.sha) {
    await octokit.rest.git.updateRef({
      ...params(repo),
      ref: `heads/${LEARNED_BRANCH}`,
      sha: head.sha,
      force: true
    })
  }
}

/** One commit of the file on the branch; returns the commit's SHA. */
async function commitFile(octokit: Octokit, repo: Repository, content: ProposalContent): Promise<string> {
  const existing = await readFileAt(octokit, repo, content.path, LEARNED_BRANCH)
  const { data } = await octokit.rest.repos.createOrUpdateFileContents({
    ...params(repo),
    path: content.path,
    message: content.commitMessage,
    content: Buffer.from(content.text, 'utf8').toString('base64'),
    branch: LEARNED_BRANCH,
    ...(existing ? { sha: existing.sha } : {})
  })
  return data.commit.sha ?? ''
}

/** Whether GitHub refused to open the pull request because the repository does not let Actions do so. */
export function isActionsMayNotCreate(error: unknown): boolean {
  if (httpStatus(error) !== 403) return false
  const data = (error as { response?: { data?: { message?: unknown } } }).response?.data
  const message = typeof data?.message === 'string' ? data.message : String((error as Error).message ?? '')
  return ACTIONS_MAY_NOT_CREATE.test(message)
}

/** Where a person opens the pull request by hand. */
export function compareUrl(head: DefaultHead): string {
  const base = encodeURIComponent(head.branch)
  return `${head.htmlUrl.replace(/\/+$/, '')}/compare/${base}...${LEARNED_BRANCH}?expand=1`
}

/**
 * Writes a proposal: the branch, one commit of the file, and the pull request opened (or the open one's title
 * and body brought up to date). A repository that does not let Actions open pull requests is not an error:
 * the branch stays pushed and the caller says how to open it by hand.
 */
export async function writeProposal(
  octokit: Octokit,
  repo: Repository,
  head: DefaultHead,
  open: OpenProposal | undefined,
  content: ProposalContent
): Promise<ProposalWritten> {
  await prepareBranch(octokit, repo, head, open)
  const commitSha = await commitFile(octokit, repo, content)
  const text = { title: content.title, body: content.body }
  if (open) {
    await octokit.rest.pulls.update({ ...params(repo), pull_number: open.number, ...text })
    return { kind: 'updated', number: open.number, url: open.url, commitSha }
  }
  try {
    const { data } = await octokit.rest.pulls.create({
      ...params(repo),
      head: LEARNED_BRANCH,
      base: head.branch,
      ...text
    })
    return { kind: 'opened', number: data.number, url: data.html_url, commitSha }
  } catch (error) {
    if (isActionsMayNotCreate(error))
      return { kind: 'not-permitted', compareUrl: compareUrl(head), commitSha }
    throw error
  }
}
