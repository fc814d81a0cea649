/** The repositories an owner (an organisation, or a user) has, as the token can see them. */
import { ConfigurationError } from '../errors.js'
import type { Octokit } from './client.js'
import type { Repository } from './refs.js'

/** One repository of an owner's list. */
export interface OwnedRepository extends Repository {
  archived: boolean
}

const REPOS_PER_PAGE = 100
/** 10,000 repositories: far more than an organisation reviews with one database. */
const MAX_REPO_PAGES = 100

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

async function listPages(
  read: (
    page: number
  ) => Promise<{ data: Array<{ name: string; owner: { login: string }; archived?: boolean }> }>
): Promise<OwnedRepository[]> {
  const repos: OwnedRepository[] = []
  for (let page = 1; page <= MAX_REPO_PAGES; page++) {
    const { data } = await read(page)
    for (const repo of data)
      repos.push({ owner: repo.owner.login, repo: repo.name, archived: repo.archived === true })
    if (data.length < REPOS_PER_PAGE) break
  }
  return repos
}

/**
 * Every repository of `owner` the token can read: an organisation's through GET /orgs/{org}/repos (all of
 * them for a token that can see them, such as a GitHub App's installation token), else a user's public ones
 * through GET /users/{username}/repos, when GitHub answers that no organisation has the name.
 */
export async function listOwnerRepositories(octokit: Octokit, owner: string): Promise<OwnedRepository[]> {
  const page = { per_page: REPOS_PER_PAGE, sort: 'full_name' as const }
  try {
    return await listPages(n => octokit.rest.repos.listForOrg({ org: owner, type: 'all', ...page, page: n }))
  } catch (error) {
    if (statusOf(error) !== 404) throw error
  }
  try {
    return await listPages(n =>
      octokit.rest.repos.listForUser({ username: owner, type: 'owner', ...page, page: n })
    )
  } catch (error) {
    if (statusOf(error) === 404)
      throw new ConfigurationError(`no organisation or user named "${owner}" is visible to the token`)
    throw error
  }
}
