import Anthropic from '@anthropic-ai/sdk'
import { errorMessage, httpStatus, ModelAccessError, TransientError } from '../errors.js'
import { DEFAULT_FIRST_PARTY_MODEL, PROVIDER_NAMES, PROVIDERS, type Provider } from './providers/settings.js'

/** Set by the client's fetch on every failed answer: which provider gave it (see client.ts). */
export const PROVIDER_HEADER = 'x-redline-provider'

/** A 429 for a spend or usage limit: waiting does not lift it before the job times out. */
const SPEND_LIMIT = /spend limit|usage limit|credit balance|billing|quota/i

interface ApiErrorBody {
  type?: string
  message?: string
}

/**
 * The error's type and message in each provider's shape: the Messages API's `{error: {type, message}}`
 * (Vertex passes Claude's own errors on in it too), Bedrock's `x-amzn-errortype` header with `{message}`,
 * and Google's `{error: {status, message}}` (sometimes in a one-element array).
 */
function apiErrorBody(error: unknown): ApiErrorBody {
  if (!(error instanceof Anthropic.APIError)) return {}
  const raw = error.error as unknown
  const body = (Array.isArray(raw) ? raw[0] : raw) as
    | { error?: ApiErrorBody & { status?: string }; message?: string; Message?: string; __type?: string }
    | undefined
  const amazonType = error.headers?.get('x-amzn-errortype')?.split(':')[0] ?? body?.__type?.split('#').pop()
  if (amazonType) return { type: amazonType, message: body?.message ?? body?.Message ?? '' }
  const inner = body?.error
  if (inner && typeof inner === 'object') {
    const type = inner.type ?? inner.status
    return { ...(type ? { type } : {}), ...(inner.message !== undefined ? { message: inner.message } : {}) }
  }
  return {}
}

function providerOf(error: unknown): Provider {
  const value = error instanceof Anthropic.APIError ? error.headers?.get(PROVIDER_HEADER) : undefined
  return PROVIDERS.find(provider => provider === value) ?? 'anthropic'
}

/** "401 authentication_error: invalid x-api-key", for notes and logs. */
export function describeModelError(error: unknown): string {
  if (error instanceof Anthropic.APIConnectionTimeoutError) return 'the request timed out'
  if (error instanceof Anthropic.APIError) {
    const { type, message } = apiErrorBody(error)
    const head = [error.status, type].filter(part => part !== undefined && part !== '').join(' ')
    const text = message ?? error.message
    return head === '' ? text : `${head}: ${text}`
  }
  return errorMessage(error)
}

export function isSpendLimit(status: number | undefined, message: string): boolean {
  return status === 429 && SPEND_LIMIT.test(message)
}

/**
 * What to set instead of a model id the API does not know: the default model, unless that is the one not
 * found, and where the ids this key can use are listed.
 */
function modelAdvice(model: string): string {
  const list = 'GET /v1/models (the Models API) lists the ids this key can use'
  return model.trim().toLowerCase() === DEFAULT_FIRST_PARTY_MODEL
    ? `this key cannot use it; ${list}: set \`model\` to one of them.`
    : `set \`model\` to a Claude model id such as ${DEFAULT_FIRST_PARTY_MODEL}; ${list}.`
}

/**
 * Sorts a failed Messages request into the error taxonomy, with the one line a user acts on. A 400 is fatal
 * only on the first turn: later it is about this conversation, not about the key or the model.
 */
export function classifyModelError(
  error: unknown,
  context: { model: string; firstTurn: boolean }
): ModelAccessError | TransientError | Error {
  if (error instanceof ModelAccessError || error instanceof TransientError) return error
  if (error instanceof Anthropic.APIConnectionTimeoutError) {
    return new TransientError('The Anthropic API did not answer in time (the request timed out).')
  }
  if (error instanceof Anthropic.APIConnectionError) {
    return new TransientError(`The Anthropic API could not be reached (${errorMessage(error)}).`)
  }
  const status = httpStatus(error)
  if (!(error instanceof Anthropic.APIError) || status === undefined) {
    return error instanceof Error ? error : new Error(errorMessage(error))
  }
  const { type, message = '' } = apiErrorBody(error)
  const detail = `${status}${type ? ` ${type}` : ''}`
  const provider = providerOf(error)
  if (provider !== 'anthropic') {
    return cloudModelError(provider, { status, type: type ?? '', message, detail }, context)
  }
  return anthropicError({ status, type: type ?? '', message, detail }, context)
}

/** The Anthropic API's refusals, each as the one line that names its fix. */
function anthropicError(
  { status, message, detail }: CloudError,
  context: { model: string; firstTurn: boolean }
): ModelAccessError | TransientError | Error {
  if (status === 401) {
    return new ModelAccessError(`The Anthropic API rejected the key (${detail}).`, status, 'apiKey')
  }
  if (status === 403) {
    return new ModelAccessError(
      `The Anthropic API refused this key access (${detail}${message ? `: ${message}` : ''}): check the key's workspace and permissions.`,
      status
    )
  }
  if (status === 404) {
    return new ModelAccessError(
      `Model '${context.model}' was not found (404): ${modelAdvice(context.model)}`,
      status
    )
  }
  if (isSpendLimit(status, message)) {
    return new ModelAccessError(
      'The Anthropic spend limit was reached (429): raise it in the Console.',
      status
    )
  }
  if (status === 400 && context.firstTurn) {
    return new ModelAccessError(
      `The Anthropic API refused the first request (${detail}${message ? `: ${message}` : ''}).`,
      status
    )
  }
  if (status === 429 || status === 408 || status === 409 || status >= 500) {
    const what =
      status === 429
        ? 'kept rate limiting the requests'
        : status === 529
          ? 'stayed overloaded'
          : `kept failing (${detail})`
    return new TransientError(`The Anthropic API ${what} after its retries.`, status)
  }
  return new Error(`The Anthropic API refused a request (${detail}${message ? `: ${message}` : ''}).`)
}

interface CloudError {
  status: number
  type: string
  message: string
  /** "403 AccessDeniedException" */
  detail: string
}

const BEDROCK_CREDENTIALS =
  /^(ExpiredToken|UnrecognizedClient|InvalidSignature|IncompleteSignature|MissingAuthenticationToken)/

/**
 * Bedrock's and Vertex's refusals, each as the one line that names its fix. What neither says anything
 * particular about (5xx, a later turn's 400) is worded as the Anthropic API's would be, with the provider's name.
 */
function cloudModelError(
  provider: Exclude<Provider, 'anthropic'>,
  error: CloudError,
  context: { model: string; firstTurn: boolean }
): ModelAccessError | TransientError | Error {
  const { status, message, detail } = error
  const name = PROVIDER_NAMES[provider]
  const said = `${detail}${message ? `: ${message.replace(/\.$/, '')}` : ''}`
  const refuse = (line: string): ModelAccessError => new ModelAccessError(line, status)
  const particular =
    provider === 'bedrock'
      ? bedrockError(error, said, context.model)
      : vertexError(error, said, context.model)
  if (particular) return particular
  if (status === 400 && context.firstTurn) return refuse(`${name} refused the first request (${said}).`)
  if (status === 408 || status === 409 || status >= 500) {
    return new TransientError(`${name} kept failing (${detail}) after its retries.`, status)
  }
  return new Error(`${name} refused a request (${said}).`)
}

/** What Bedrock says in particular: credentials, model access, an unknown model id, throttling. */
function bedrockError(
  { status, type, message }: CloudError,
  said: string,
  model: string
): ModelAccessError | TransientError | undefined {
  const refuse = (line: string): ModelAccessError => new ModelAccessError(line, status)
  if (BEDROCK_CREDENTIALS.test(type) || status === 401) {
    return refuse(
      `Amazon Bedrock rejected the AWS credentials (${said}): they are missing, expired or wrong; sign in again ` +
        'with aws-actions/configure-aws-credentials in this job, and keep role-duration-seconds above the time-limit.'
    )
  }
  if (type === 'AccessDeniedException' || type === 'ResourceNotFoundException' || status === 403) {
    return refuse(
      `Amazon Bedrock refused model '${model}' (${said}): grant the role bedrock:InvokeModel and ` +
        "bedrock:InvokeModelWithResponseStream on it, and enable the model in this region's Bedrock console " +
        "(Model access); Anthropic models answer this way until the account's Anthropic use-case form is accepted."
    )
  }
  if (status === 400 && /model identifier|on-demand throughput|inference profile|model id/i.test(message)) {
    return refuse(
      `Amazon Bedrock does not know model '${model}' (${said}): set \`model\` to a Bedrock model id or ` +
        'inference profile id, such as us.anthropic.claude-sonnet-5-5.'
    )
  }
  if (status === 404) {
    return refuse(
      `Amazon Bedrock does not know model '${model}' (${said}): set \`model\` to a Bedrock model id or ` +
        'inference profile id, such as us.anthropic.claude-sonnet-5-5.'
    )
  }
  if (status === 429 || type === 'ThrottlingException' || type === 'ServiceQuotaExceededException') {
    return new TransientError(
      `Amazon Bedrock kept throttling the requests after its retries (${said}); a cross-region inference ` +
        'profile (us./eu./global.) or a higher quota in Service Quotas gives more room.',
      status
    )
  }
  return undefined
}

/** What Vertex AI says in particular: credentials, permissions, an unknown model, quota. */
function vertexError(
  { status, type }: CloudError,
  said: string,
  model: string
): ModelAccessError | TransientError | undefined {
  const refuse = (line: string): ModelAccessError => new ModelAccessError(line, status)
  if (status === 401 || type === 'UNAUTHENTICATED') {
    return refuse(
      `Google Vertex AI rejected the Google credentials (${said}): they are missing or expired; sign in again with ` +
        'google-github-actions/auth in this job.'
    )
  }
  if (status === 403 || type === 'PERMISSION_DENIED') {
    return refuse(
      `Google Vertex AI refused model '${model}' (${said}): grant the service account ` +
        'aiplatform.endpoints.predict (roles/aiplatform.user) in this project, and enable the model in Vertex AI ' +
        'Model Garden.'
    )
  }
  if (status === 404 || type === 'NOT_FOUND') {
    return refuse(
      `Google Vertex AI does not know model '${model}' in this project and region (${said}): set \`model\` ` +
        'to a Vertex model id (claude-…@date or claude-sonnet-5-5) enabled in Model Garden, and check vertex-region.'
    )
  }
  if (status === 429 || type === 'RESOURCE_EXHAUSTED') {
    return new TransientError(
      `Google Vertex AI kept throttling the requests after its retries (${said}); a higher quota for the ` +
        'model in the project, or the global region, gives more room.',
      status
    )
  }
  return undefined
}
