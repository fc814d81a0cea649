/**
 * Files of another repository read at its default branch, through the API: the repository says which branch
 * that is, and each file is asked for at that branch by name. No other ref is ever read.
 */
import { errorMessage, httpStatus } from '../errors.js'
import type { Octokit } from './client.js'
import { readFileAt } from './learned-pr.js'
import type { Repository } from './refs.js'

/** What reading the files came to. */
export type DefaultBranchFiles =
  /** The files found, by path; a path that is not there is not in the map. */
  | { kind: 'read'; branch: string; files: Map<string, string> }
  /** GitHub answered 404 for the repository: it is not there, or the token cannot see it. */
  | { kind: 'no-repository' }
  /** Another answer (403, a file too large, a server that failed): what it said, and about which path. */
  | { kind: 'unreadable'; path?: string; status?: number; reason: string }

function unreadable(error: unknown, path?: string): DefaultBranchFiles {
  const status = httpStatus(error)
  return {
    kind: 'unreadable',
    ...(path !== undefined ? { path } : {}),
    ...(status !== undefined ? { status } : {}),
    reason: errorMessage(error)
  }
}

/** The files at `paths` on the repository's default branch. Never throws. */
export async function readDefaultBranchFiles(
  octokit: Octokit,
  repo: Repository,
  paths: readonly string[]
): Promise<DefaultBranchFiles> {
  let branch: string
  try {
    branch = (await octokit.rest.repos.get({ owner: repo.owner, repo: repo.repo })).data.default_branch
  } catch (error) {
    return httpStatus(error) === 404 ? { kind: 'no-repository' } : unreadable(error)
  }
  const files = new Map<string, string>()
  for (const path of paths) {
    try {
      const file = await readFileAt(octokit, repo, path, branch)
      if (file) files.set(path, file.text)
    } catch (error) {
      return unreadable(error, path)
    }
  }
  return { kind: 'read', branch, files }
}
