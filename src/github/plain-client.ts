/**
 * An Octokit without the Actions toolkit, for the command line: the same plugins, timeouts and rate-limit
 * policy as the action's (request.ts), built on @octokit/core, so no code that writes workflow commands comes
 * along.
 */
import { Octokit as OctokitCore } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import type { Logger } from '../logger.js'
import type { Octokit } from './client.js'
import { clientOptions, githubTimeoutFromEnv, wrapRequests, type GitHubEndpoints } from './request.js'

const PlainOctokit = OctokitCore.plugin(restEndpointMethods, paginateRest, retry, throttling)

export function createPlainOctokit(
  token: string,
  logger: Logger,
  endpoints?: Partial<GitHubEndpoints>
): Octokit {
  const octokit = new PlainOctokit({
    auth: token,
    baseUrl: (endpoints?.apiUrl ?? 'https://api.github.com').replace(/\/+$/, ''),
    ...clientOptions(logger)
  })
  wrapRequests(octokit, endpoints?.timeoutMs ?? githubTimeoutFromEnv())
  return octokit as unknown as Octokit
}
