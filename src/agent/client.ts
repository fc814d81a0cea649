import Anthropic from '@anthropic-ai/sdk'

/** Transient failures (429, 5xx, 529 overloaded, connection errors) are retried here, by the SDK, and only here. */
export const MODEL_MAX_RETRIES = 4
export const MODEL_REQUEST_TIMEOUT_MS = 5 * 60 * 1000

/**
 * The one Anthropic client factory. With no explicit base URL the SDK reads ANTHROPIC_BASE_URL, which is how
 * gateways (and the offline stand-in) are reached.
 */
export function createAnthropic(options: {
  apiKey: string
  baseUrl?: string
  maxRetries?: number
}): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? MODEL_MAX_RETRIES,
    timeout: MODEL_REQUEST_TIMEOUT_MS
  })
}
