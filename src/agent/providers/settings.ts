import { ConfigurationError } from '../../errors.js'

/** Where Claude is reached: Anthropic's API, Amazon Bedrock or Google Vertex AI. */
export const PROVIDERS = ['anthropic', 'bedrock', 'vertex'] as const
export type Provider = (typeof PROVIDERS)[number]

/** How each provider is named in the lines a user reads. */
export const PROVIDER_NAMES: Record<Provider, string> = {
  anthropic: 'The Anthropic API',
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI'
}

/** The first-party id of the default model (engine/settings.ts DEFAULT_MODEL), as the action passes it. */
export const DEFAULT_FIRST_PARTY_MODEL = 'claude-sonnet-5-5'

/**
 * Bedrock's ids of the default model: `anthropic.claude-sonnet-5-5` and its US cross-region inference profile
 * `us.anthropic.claude-sonnet-5-5` (see docs/providers.md for where they come from).
 */
export const BEDROCK_DEFAULT_MODEL = 'anthropic.claude-sonnet-5-5'
export const BEDROCK_DEFAULT_US_PROFILE = 'us.anthropic.claude-sonnet-5-5'

/** What a Bedrock or Vertex client is made with, resolved from the settings and the environment. */
export type ProviderTarget =
  | { provider: 'anthropic'; model: string }
  | { provider: 'bedrock'; model: string; region: string; bearerToken?: string }
  | { provider: 'vertex'; model: string; region: string; project: string }

export interface ProviderSettings {
  provider?: Provider
  model: string
  awsRegion?: string
  vertexProject?: string
  vertexRegion?: string
}

function first(...values: Array<string | undefined>): string | undefined {
  return values.map(value => value?.trim()).find(value => value !== undefined && value !== '')
}

/**
 * The provider, region, project and model id a run uses. The inputs win; then the variables the providers'
 * own tools read (`AWS_REGION`, `AWS_DEFAULT_REGION`; `GOOGLE_CLOUD_PROJECT`, `CLOUD_ML_REGION`). A missing
 * region or project is a configuration mistake, reported before any request.
 */
export function resolveProvider(
  settings: ProviderSettings,
  env: NodeJS.ProcessEnv = process.env
): ProviderTarget {
  const provider = settings.provider ?? 'anthropic'
  if (provider === 'anthropic') return { provider, model: settings.model }
  if (provider === 'bedrock') {
    const region = first(settings.awsRegion, env['AWS_REGION'], env['AWS_DEFAULT_REGION'])
    if (region === undefined) {
      throw new ConfigurationError(
        "No AWS region is set for Amazon Bedrock: set the 'aws-region' input (e.g. us-east-1), or `aws-region` " +
          'of aws-actions/configure-aws-credentials, which exports AWS_REGION.'
      )
    }
    const bearerToken = first(env['AWS_BEARER_TOKEN_BEDROCK'])
    return {
      provider,
      region,
      model: bedrockModel(settings.model, region),
      ...(bearerToken !== undefined ? { bearerToken } : {})
    }
  }
  const project = first(
    settings.vertexProject,
    env['GOOGLE_CLOUD_PROJECT'],
    env['ANTHROPIC_VERTEX_PROJECT_ID']
  )
  const region = first(settings.vertexRegion, env['CLOUD_ML_REGION'])
  if (project === undefined) {
    throw new ConfigurationError(
      "No Google Cloud project is set for Vertex AI: set the 'vertex-project' input, or GOOGLE_CLOUD_PROJECT " +
        '(google-github-actions/auth exports it).'
    )
  }
  if (region === undefined) {
    throw new ConfigurationError(
      "No Vertex AI region is set: set the 'vertex-region' input (e.g. us-east5 or global), or CLOUD_ML_REGION."
    )
  }
  return { provider, project, region, model: settings.model }
}

/**
 * The default model's Bedrock id: the US inference profile in a US region, else the base id. Any other id
 * (a Bedrock model id, an inference profile such as `eu.`/`global.`, an ARN) is sent as given.
 */
export function bedrockModel(model: string, region: string): string {
  if (model !== DEFAULT_FIRST_PARTY_MODEL) return model
  return region.startsWith('us-') ? BEDROCK_DEFAULT_US_PROFILE : BEDROCK_DEFAULT_MODEL
}

/** What a provider's client factory is given, beside its target. */
export interface CommonClientOptions {
  baseUrl?: string
  maxRetries: number
  timeoutMs: number
  fetch: typeof fetch
}
