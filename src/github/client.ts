import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import type { Logger } from '../logger.js'

export type Octokit = ReturnType<typeof getOctokit>

export interface GitHubEndpoints {
  /** REST base; `@actions/github` reads GITHUB_API_URL itself, this only overrides it. */
  apiUrl?: string
  /** Full GraphQL URL. GitHub Enterprise Server serves it outside the REST prefix, so it is not derived. */
  graphqlUrl: string
}

export function graphqlUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['GITHUB_GRAPHQL_URL']
  if (explicit) return explicit
  const api = env['GITHUB_API_URL']
  return api ? `${api.replace(/\/+$/, '')}/graphql` : 'https://api.github.com/graphql'
}

/** How many times a rate-limited request waits and tries again before the error surfaces. */
const RATE_LIMIT_RETRIES = 2

/**
 * The one Octokit factory. Retries of transient failures live here (the retry plugin, which leaves 4xx
 * answers such as 422 alone) and nowhere else; the throttling plugin spaces writes and waits out rate limits.
 */
export function createOctokit(token: string, logger: Logger, endpoints?: Partial<GitHubEndpoints>): Octokit {
  const waitAndRetry =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      logger.warning(
        `GitHub ${kind} on ${request.method} ${request.url}; retry ${retryCount + 1} in ${retryAfter}s.`
      )
      return retryCount < RATE_LIMIT_RETRIES
    }
  const options: Record<string, unknown> = {
    throttle: {
      onRateLimit: waitAndRetry('rate limit'),
      onSecondaryRateLimit: waitAndRetry('secondary rate limit')
    },
    retry: { retries: 3 }
  }
  if (endpoints?.apiUrl) options['baseUrl'] = endpoints.apiUrl
  return getOctokit(token, options, retry, throttling)
}

/** Runs a GraphQL document against the configured GraphQL endpoint. */
export async function graphql<T>(
  octokit: Octokit,
  graphqlUrl: string,
  query: string,
  variables: Record<string, unknown> = {}
): Promise<T> {
  return octokit.graphql<T>({ query, ...variables, url: graphqlUrl })
}
