import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import type { Logger } from '../logger.js'
import { clientOptions, githubTimeoutFromEnv, wrapRequests, type GitHubEndpoints } from './request.js'

export {
  DEFAULT_GITHUB_TIMEOUT_MS,
  GitHubTimeoutError,
  githubTimeoutFromEnv,
  graphql,
  graphqlUrlFromEnv,
  withTimeout,
  type GitHubEndpoints
} from './request.js'

export type Octokit = ReturnType<typeof getOctokit>

/**
 * The action's Octokit: the Actions toolkit's, with its proxy support. Retries of transient failures live in
 * its plugins (the retry plugin leaves 4xx answers such as 422 alone) and nowhere else; the throttling plugin
 * spaces writes and waits out rate limits (see request.ts).
 */
export function createOctokit(token: string, logger: Logger, endpoints?: Partial<GitHubEndpoints>): Octokit {
  const options = clientOptions(logger)
  if (endpoints?.apiUrl) options['baseUrl'] = endpoints.apiUrl
  const octokit = getOctokit(token, options, retry, throttling)
  wrapRequests(octokit, endpoints?.timeoutMs ?? githubTimeoutFromEnv())
  return octokit
}
