/**
 * How Redline talks to GitHub, whichever Octokit carries it: per-request timeouts, the retry and rate-limit
 * policy, and GraphQL. Kept apart from the Actions toolkit, so the command line can use it without it.
 */
import type { Octokit as CoreOctokit } from '@octokit/core'
import type { Logger } from '../logger.js'
import { redactKnownSecrets } from '../text/known-secrets.js'

export interface GitHubEndpoints {
  /** REST base; `@actions/github` reads GITHUB_API_URL itself, this only overrides it. */
  apiUrl?: string
  /** Full GraphQL URL. GitHub Enterprise Server serves it outside the REST prefix, so it is not derived. */
  graphqlUrl: string
  /** How long one request may take, answer included, before it is abandoned. */
  timeoutMs?: number
}

export function graphqlUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['GITHUB_GRAPHQL_URL']
  if (explicit) return explicit
  const api = env['GITHUB_API_URL']
  return api ? `${api.replace(/\/+$/, '')}/graphql` : 'https://api.github.com/graphql'
}

export const DEFAULT_GITHUB_TIMEOUT_MS = 60_000

/** The request timeout; REDLINE_GITHUB_TIMEOUT_MS exists so that tests of a hanging GitHub end quickly. */
export function githubTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['REDLINE_GITHUB_TIMEOUT_MS']?.trim()
  if (!raw) return DEFAULT_GITHUB_TIMEOUT_MS
  const parsed = Number(raw)
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_GITHUB_TIMEOUT_MS
}

/** How many times a rate-limited request waits and tries again before the error surfaces. */
const RATE_LIMIT_RETRIES = 2
/** A rate limit that asks for a longer wait than this fails at once rather than stalling the job. */
const MAX_RATE_LIMIT_WAIT_S = 120

export class GitHubTimeoutError extends Error {
  override name = 'GitHubTimeoutError'
}

type Fetch = typeof globalThis.fetch

/** A text body with the run's secrets out, in whatever form something put them in it. */
export function redactedBody(body: RequestInit['body']): { body: string } | Record<string, never> {
  return typeof body === 'string' ? { body: redactKnownSecrets(body) } : {}
}

/**
 * Every attempt gets its own deadline, covering the answer's body too: @octokit/request v10 has no timeout
 * of its own and only passes `request.signal` to fetch. The error it raises is a plain one, so Octokit
 * reports it with its message instead of a bare "This operation was aborted".
 */
export function withTimeout(fetchImpl: Fetch, timeoutMs: number, onTimeout?: () => void): Fetch {
  return async (input, init = {}) => {
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    const method = (init.method ?? 'GET').toUpperCase()
    const target = String(input instanceof Request ? input.url : input).replace(/\?.*$/, '')
    const timedOut = () => {
      onTimeout?.()
      return new GitHubTimeoutError(`GitHub did not answer ${method} ${target} within ${timeoutMs / 1000} s`)
    }
    let response: Response
    try {
      response = await fetchImpl(input, { ...init, signal, ...redactedBody(init.body) })
    } catch (error) {
      if (deadline.aborted) throw timedOut()
      throw error
    }
    // The body is read later by Octokit; a stalled body must end at the same deadline with the same message.
    const bytes = await response.arrayBuffer().catch((error: unknown) => {
      if (deadline.aborted) throw timedOut()
      throw error
    })
    const status = response.status
    const bodyless = status === 204 || status === 205 || status === 304 || method === 'HEAD'
    const copy = new Response(bodyless ? null : bytes, {
      status,
      statusText: response.statusText,
      headers: response.headers
    })
    Object.defineProperty(copy, 'url', { value: response.url })
    return copy
  }
}

interface HookOptions {
  method: string
  url: string
  request?: { fetch?: Fetch; retries?: number; [key: string]: unknown }
  [key: string]: unknown
}

/** The retry and throttling plugins' options: how rate limits are waited out, and how often. */
export function clientOptions(logger: Logger): Record<string, unknown> {
  const waitAndRetry =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const what = `GitHub ${kind} on ${request.method} ${request.url}`
      if (retryCount >= RATE_LIMIT_RETRIES) {
        logger.warning(`${what}; not retrying after ${retryCount} retries.`)
        return false
      }
      if (retryAfter > MAX_RATE_LIMIT_WAIT_S) {
        logger.warning(`${what}; GitHub asks for a wait of ${retryAfter}s, longer than Redline waits.`)
        return false
      }
      logger.warning(`${what}; retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES} in ${retryAfter}s.`)
      return true
    }
  return {
    throttle: {
      onRateLimit: waitAndRetry('rate limit'),
      onSecondaryRateLimit: waitAndRetry('secondary rate limit')
    },
    retry: { retries: 3 }
  }
}

type Hookable = Pick<CoreOctokit, 'hook'>

/**
 * Every attempt gets the timeout, and a REST POST is never retried by the plugin: a 5xx or a timeout may come
 * after GitHub created the thing, and only the caller can look before sending it again. Registered after the
 * plugins, so it wraps them: every attempt they make runs through this one fetch.
 */
export function wrapRequests(octokit: Hookable, timeoutMs: number): void {
  octokit.hook.wrap('request', (request, raw) => {
    const requestOptions = raw as HookOptions
    const inner = requestOptions.request?.fetch ?? globalThis.fetch
    const isRestPost = requestOptions.method === 'POST' && !/\/graphql$/.test(requestOptions.url)
    const extras: NonNullable<HookOptions['request']> = { ...requestOptions.request }
    if (isRestPost) extras.retries = 0
    // A GitHub that gave no answer in a minute seldom gives one on the next try; the job should not wait
    // out the plugin's retries, one minute each, on top.
    extras.fetch = withTimeout(inner, timeoutMs, () => {
      extras.retries = 0
    })
    requestOptions.request = extras
    return request(requestOptions as Parameters<typeof request>[0])
  })
}

/** Runs a GraphQL document against the configured GraphQL endpoint. */
export async function graphql<T>(
  octokit: { graphql: <R>(options: Record<string, unknown>) => Promise<R> },
  graphqlUrl: string,
  query: string,
  variables: Record<string, unknown> = {}
): Promise<T> {
  return octokit.graphql<T>({ query, ...variables, url: graphqlUrl })
}
