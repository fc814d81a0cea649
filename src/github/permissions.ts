/**
 * Who may speak for a repository: a person's permission on it, read once per login and run. What people
 * without write permission did in review is not taken as the team's word.
 */
import { errorMessage, httpStatus } from '../errors.js'
import type { Octokit } from './client.js'
import type { Repository } from './refs.js'

/** GitHub's repository roles, most access first; `none` for someone who is not a collaborator. */
export const PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const
export type Permission = (typeof PERMISSIONS)[number]

/** Admin, maintain and write may push: their word in review is the team's. */
export function isWritePermission(permission: Permission): boolean {
  return permission === 'admin' || permission === 'maintain' || permission === 'write'
}

/**
 * The role GitHub names in `role_name` when it is one of its own; a custom role's name says nothing here,
 * so its base in the legacy `permission` (admin, write, read or none: maintain reads as write, triage as
 * read) is used instead.
 */
export function permissionFrom(data: { permission?: string; role_name?: string }): Permission {
  const known = (value: string | undefined) => PERMISSIONS.find(permission => permission === value)
  return known(data.role_name) ?? known(data.permission) ?? 'none'
}

/** Lookups already made, per client: one client serves one run, so a run asks once per login. */
const lookups = new WeakMap<Octokit, Map<string, Promise<Permission>>>()

/**
 * The permission `login` has on `repo`, from GET /repos/{owner}/{repo}/collaborators/{username}/permission.
 * GitHub answers 404 for someone who is not a collaborator: that is `none`. Any other failure is thrown
 * (and not remembered, so a later call asks again).
 */
export function permissionOf(octokit: Octokit, repo: Repository, login: string): Promise<Permission> {
  const cache = lookups.get(octokit) ?? new Map<string, Promise<Permission>>()
  lookups.set(octokit, cache)
  const key = `${repo.owner}/${repo.repo}`.toLowerCase() + `:${login.toLowerCase()}`
  const known = cache.get(key)
  if (known) return known
  const lookup = askPermission(octokit, repo, login)
  cache.set(key, lookup)
  lookup.catch(() => cache.delete(key))
  return lookup
}

async function askPermission(octokit: Octokit, repo: Repository, login: string): Promise<Permission> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner: repo.owner,
      repo: repo.repo,
      username: login
    })
    return permissionFrom(data)
  } catch (error) {
    if (httpStatus(error) === 404) return 'none'
    const reason = errorMessage(error)
    const message = `could not read @${login}'s permission on ${repo.owner}/${repo.repo}: ${reason}`
    throw Object.assign(new Error(message, { cause: error }), { status: httpStatus(error) })
  }
}

/** Whether `login` has write permission on `repo`, for whatever judges people's acts by it. */
export function writeAccess(octokit: Octokit, repo: Repository): (login: string) => Promise<boolean> {
  return async login => isWritePermission(await permissionOf(octokit, repo, login))
}
