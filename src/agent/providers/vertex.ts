/**
 * Claude through Google Vertex AI. Loaded only when `provider: vertex` is chosen: this module and the SDKs it
 * imports are a chunk of their own in the bundle.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Middleware } from '@anthropic-ai/sdk/client'
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk'
import { GoogleAuth } from 'google-auth-library'
import { errorMessage, ModelAccessError } from '../../errors.js'
import type { CommonClientOptions, ProviderTarget } from './settings.js'

type VertexTarget = Extract<ProviderTarget, { provider: 'vertex' }>

/**
 * Gets a Google access token from Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, as
 * google-github-actions/auth leaves it after Workload Identity Federation) before the first request. The SDK
 * would retry a failure as a connection fault; without credentials no retry helps.
 */
function credentialsFirst(auth: GoogleAuth): Middleware {
  let checked: Promise<void> | undefined
  return async (request, next) => {
    checked ??= auth.getAccessToken().then(
      () => undefined,
      (error: unknown) => {
        throw new ModelAccessError(
          `No usable Google credentials were found for Vertex AI (${errorMessage(error).split('\n')[0]}): sign in ` +
            'with google-github-actions/auth before this step (with `permissions: id-token: write`), or set ' +
            'GOOGLE_APPLICATION_CREDENTIALS.'
        )
      }
    )
    await checked
    return next(request)
  }
}

export function createVertex(target: VertexTarget, common: CommonClientOptions): Anthropic {
  const auth = new GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform' })
  const client = new AnthropicVertex({
    region: target.region,
    projectId: target.project,
    googleAuth: auth,
    ...(common.baseUrl ? { baseURL: common.baseUrl } : {}),
    maxRetries: common.maxRetries,
    timeout: common.timeoutMs,
    fetch: common.fetch,
    middleware: [credentialsFirst(auth)]
  })
  return client as unknown as Anthropic
}
