import Anthropic from '@anthropic-ai/sdk'
import { isSpendLimit, PROVIDER_HEADER } from './model-errors.js'
import { resolveProvider, type Provider, type ProviderSettings } from './providers/settings.js'
import { redactKnownSecrets } from '../text/known-secrets.js'

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
export function rateLimitAwareFetch(
  onRateLimited?: () => void,
  provider: Provider = 'anthropic'
): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? { body: redactKnownSecrets(init.body) } : {}
    const response = await fetch(input, { ...init, ...body })
    if (response.ok) return response
    if (response.status === 429) onRateLimited?.()
    // A failed answer says which provider gave it, so its error is read in that provider's terms.
    const text = await response.text()
    const headers = new Headers(response.headers)
    headers.set(PROVIDER_HEADER, provider)
    if (provider === 'anthropic' && isSpendLimit(response.status, text))
      headers.set('x-should-retry', 'false')
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

/** What every provider's client is made with, beside its own settings. */
export interface ClientOptions {
  anthropicApiKey: string
  /** `anthropic-base-url` or ANTHROPIC_BASE_URL: any provider's endpoint, for gateways and stand-ins. */
  baseUrl?: string
  onRateLimited?: () => void
  env?: NodeJS.ProcessEnv
}

/**
 * The client for the chosen provider, and the model id to send it. Bedrock's and Vertex's SDKs are loaded
 * only when chosen (each is a chunk of its own in the bundle). The loop calls `messages.create` alone, which
 * all three clients share, so each is handed on as the Anthropic client type.
 */
export async function createModelClient(
  settings: ProviderSettings,
  options: ClientOptions
): Promise<{ client: Anthropic; model: string; provider: Provider }> {
  const env = options.env ?? process.env
  const target = resolveProvider(settings, env)
  const baseUrl = options.baseUrl ?? (target.provider === 'anthropic' ? undefined : env['ANTHROPIC_BASE_URL'])
  const common = {
    ...(baseUrl ? { baseUrl } : {}),
    maxRetries: MODEL_MAX_RETRIES,
    timeoutMs: modelRequestTimeoutMs(env),
    fetch: rateLimitAwareFetch(options.onRateLimited, target.provider)
  }
  if (target.provider === 'bedrock') {
    const { createBedrock } = await import('./providers/bedrock.js')
    return { client: createBedrock(target, common), model: target.model, provider: 'bedrock' }
  }
  if (target.provider === 'vertex') {
    const { createVertex } = await import('./providers/vertex.js')
    return { client: await createVertex(target, common), model: target.model, provider: 'vertex' }
  }
  const client = createAnthropic({
    apiKey: options.anthropicApiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.onRateLimited ? { onRateLimited: options.onRateLimited } : {})
  })
  return { client, model: target.model, provider: 'anthropic' }
}
