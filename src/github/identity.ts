import type { Octokit } from './client.js'
import { graphql } from './request.js'

/**
 * The login the action's reviews are written under. The GraphQL `viewer` works for GITHUB_TOKEN, app
 * installation tokens and personal tokens alike; REST `GET /user` answers 403 to installation tokens.
 */
export async function fetchViewerLogin(octokit: Octokit, graphqlUrl: string): Promise<string> {
  const data = await graphql<{ viewer: { login: string } }>(octokit, graphqlUrl, 'query { viewer { login } }')
  return data.viewer.login
}

export interface AccountRef {
  login: string
  /** REST's account type: 'Bot' for a GitHub App, 'User' for a person. */
  type?: string
}

/**
 * Whether a REST author is the account the action runs as. REST spells a GitHub App's login `name[bot]`; the
 * GraphQL viewer may spell it `name`. The two are matched only for a Bot account, so a person who happens
 * to own the login `name` is never taken for the app (and their reviews' markers are never trusted).
 */
export function isOwnAccount(author: AccountRef | null | undefined, viewerLogin: string): boolean {
  if (!author?.login || !viewerLogin) return false
  const login = author.login.toLowerCase()
  const viewer = viewerLogin.toLowerCase()
  if (login === viewer) return true
  const strip = (text: string) => text.replace(/\[bot\]$/, '')
  return author.type === 'Bot' && strip(login) === strip(viewer)
}
