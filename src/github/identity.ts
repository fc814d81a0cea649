import { graphql, type Octokit } from './client.js'

/**
 * The login the action's reviews are written under. The GraphQL `viewer` works for GITHUB_TOKEN, app
 * installation tokens and personal tokens alike; REST `GET /user` answers 403 to installation tokens.
 */
export async function fetchViewerLogin(octokit: Octokit, graphqlUrl: string): Promise<string> {
  const data = await graphql<{ viewer: { login: string } }>(octokit, graphqlUrl, 'query { viewer { login } }')
  return data.viewer.login
}

/**
 * REST spells a GitHub App's login `name[bot]` while GraphQL authors may spell it `name`; both mean the same
 * account.
 */
export function sameLogin(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false
  const normalize = (login: string) => login.toLowerCase().replace(/\[bot\]$/, '')
  return normalize(a) === normalize(b)
}
