/**
 * Claude through Google Vertex AI. Loaded only when `provider: vertex` is chosen: this module and the SDKs it
 * imports are a chunk of their own in the bundle.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Middleware } from '@anthropic-ai/sdk/client'
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk'
import { GoogleAuth, type AuthClient } from 'google-auth-library'
import { errorMessage, ModelAccessError } from '../../errors.js'
import type { CommonClientOptions, ProviderTarget } from './settings.js'

type VertexTarget = Extract<ProviderTarget, { provider: 'vertex' }>

function noCredentials(error: unknown): ModelAccessError {
  return new ModelAccessError(
    `No usable Google credentials were found for Vertex AI (${errorMessage(error).split('\n')[0]}): sign in ` +
      'with google-github-actions/auth before this step (with `permissions: id-token: write`), or set ' +
      'GOOGLE_APPLICATION_CREDENTIALS.'
  )
}

/**
 * Gets a Google access token before the first request. The SDK would retry a failure as a connection
 * fault; without credentials no retry helps.
 */
function credentialsFirst(client: AuthClient): Middleware {
  let checked: Promise<void> | undefined
  return async (request, next) => {
    checked ??= client.getAccessToken().then(
      () => undefined,
      (error: unknown) => {
        throw noCredentials(error)
      }
    )
    await checked
    return next(request)
  }
}

/**
 * The client, with Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, as
 * google-github-actions/auth leaves it after Workload Identity Federation) read first: a missing or
 * unreadable file ends the run here, before any request.
 */
export async function createVertex(target: VertexTarget, common: CommonClientOptions): Promise<Anthropic> {
  const auth = new GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform' })
  let authClient: AuthClient
  try {
    authClient = await auth.getClient()
  } catch (error) {
    throw noCredentials(error)
  }
  const client = new AnthropicVertex({
    region: target.region,
    projectId: target.project,
    authClient,
    ...(common.baseUrl ? { baseURL: common.baseUrl } : {}),
    // The version goes into the body, where the provider wants its own.
    defaultHeaders: { 'anthropic-version': 'vertex-2023-10-16' },
    maxRetries: common.maxRetries,
    timeout: common.timeoutMs,
    fetch: common.fetch,
    middleware: [credentialsFirst(authClient)]
  })
  return client as unknown as Anthropic
}
