import Anthropic from '@anthropic-ai/sdk'
import { errorMessage, httpStatus, ModelAccessError, TransientError } from '../errors.js'

/** A 429 for a spend or usage limit: waiting does not lift it before the job times out. */
const SPEND_LIMIT = /spend limit|usage limit|credit balance|billing|quota/i

interface ApiErrorBody {
  type?: string
  message?: string
}

function apiErrorBody(error: unknown): ApiErrorBody {
  if (!(error instanceof Anthropic.APIError)) return {}
  const body = error.error as { error?: ApiErrorBody } | undefined
  return body?.error ?? {}
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
  if (status === 401) {
    return new ModelAccessError(
      `The Anthropic API rejected the key (${detail}): check the ANTHROPIC_API_KEY secret.`,
      status
    )
  }
  if (status === 403) {
    return new ModelAccessError(
      `The Anthropic API refused this key access (${detail}${message ? `: ${message}` : ''}): check the key's workspace and permissions.`,
      status
    )
  }
  if (status === 404) {
    return new ModelAccessError(
      `Model '${context.model}' was not found (404): set \`model\` to a Claude model id such as claude-sonnet-5-5.`,
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
