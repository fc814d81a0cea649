/**
 * Claude through Amazon Bedrock. Loaded only when `provider: bedrock` is chosen: this module and the SDKs it
 * imports are a chunk of their own in the bundle.
 */
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk'
import type Anthropic from '@anthropic-ai/sdk'
import type { Middleware } from '@anthropic-ai/sdk/client'
import { createCredentialChain, fromEnv, fromNodeProviderChain } from '@aws-sdk/credential-providers'
import { errorMessage, ModelAccessError } from '../../errors.js'
import type { CommonClientOptions, ProviderTarget } from './settings.js'

type BedrockTarget = Extract<ProviderTarget, { provider: 'bedrock' }>
type CredentialChain = ReturnType<typeof createCredentialChain>

/**
 * The standard AWS chain, as the SDK's own default: the environment first (what
 * aws-actions/configure-aws-credentials exports after OIDC sign-in), then profiles, web identity, SSO, the
 * container and instance metadata. Made once and memoized, so the credentials are resolved once, not per request.
 */
function credentialChain(): CredentialChain {
  return createCredentialChain(fromEnv(), fromNodeProviderChain()).expireAfter(15 * 60_000)
}

/**
 * Resolves the credentials before the first request is signed. The SDK would retry a failed resolution as
 * a connection fault; without credentials no retry helps, so the run ends at once with the line that says so.
 */
function credentialsFirst(chain: CredentialChain): Middleware {
  let checked: Promise<void> | undefined
  return async (request, next) => {
    checked ??= chain().then(
      () => undefined,
      (error: unknown) => {
        throw new ModelAccessError(
          `No AWS credentials were found for Amazon Bedrock (${errorMessage(error).split('\n')[0]}): sign in ` +
            'with aws-actions/configure-aws-credentials before this step (with `permissions: id-token: write`), ' +
            'or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.'
        )
      }
    )
    await checked
    return next(request)
  }
}

export function createBedrock(target: BedrockTarget, common: CommonClientOptions): Anthropic {
  const bearer = target.bearerToken
  const chain = bearer === undefined ? credentialChain() : undefined
  const client = new AnthropicBedrock({
    awsRegion: target.region,
    // A Bedrock API key, where one is set; `null` makes the client sign with SigV4 instead.
    apiKey: bearer ?? null,
    ...(common.baseUrl ? { baseURL: common.baseUrl } : {}),
    // The version goes into the body, where the provider wants its own.
    defaultHeaders: { 'anthropic-version': 'bedrock-2023-05-31' },
    maxRetries: common.maxRetries,
    timeout: common.timeoutMs,
    fetch: common.fetch,
    ...(chain
      ? { providerChainResolver: () => Promise.resolve(chain), middleware: [credentialsFirst(chain)] }
      : {})
  })
  return client as unknown as Anthropic
}
