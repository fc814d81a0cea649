import Anthropic from '@anthropic-ai/sdk'
import { isSpendLimit } from './model-errors.js'

/** Transient failures (429, 5xx, 529 overloaded, connection errors) are retried here, by the SDK, and only here. */
export const MODEL_MAX_RETRIES = 4
/** Each model request ends by then, so a model that never answers is a transient fault, not a hung job. */
export const MODEL_REQUEST_TIMEOUT_MS = 5 * 60 * 1000

/** The request timeout, which tests shorten through REDLINE_MODEL_TIMEOUT_MS. */
export function modelRequestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['REDLINE_MODEL_TIMEOUT_MS'])
  return Number.isInteger(value) && value > 0 ? value : MODEL_REQUEST_TIMEOUT_MS
}

/**
 * A spend-limit 429 is not lifted by waiting, yet the SDK retries every 429 and honours its retry-after. The
 * API says which 429 it is only in the body, so the response is marked not retryable here.
 */
export function rateLimitAwareFetch(onRateLimited?: () => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    if (response.status !== 429) return response
    onRateLimited?.()
    const text = await response.text()
    const headers = new Headers(response.headers)
    if (isSpendLimit(429, text)) headers.set('x-should-retry', 'false')
    return new Response(text, { status: response.status, statusText: response.statusText, headers })
  }
}

/**
 * The one Anthropic client factory. With no explicit base URL the SDK reads ANTHROPIC_BASE_URL, which is how
 * gateways (and the offline stand-in) are reached.
 */
export function createAnthropic(options: {
  apiKey: string
  baseUrl?: string
  maxRetries?: number
  timeoutMs?: number
  /** Told of every 429, retried or not, so concurrent passes can slow down. */
  onRateLimited?: () => void
}): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? MODEL_MAX_RETRIES,
    timeout: options.timeoutMs ?? modelRequestTimeoutMs(),
    fetch: rateLimitAwareFetch(options.onRateLimited)
  })
}
