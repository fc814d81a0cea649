/*
 * How a run can fail, in three kinds. Each kind decides what the run posts, what it remembers and how the
 * step ends (see RunEnd in engine/outcome.ts); anything that is none of them is a bug and is reported as one.
 */

/**
 * A mistake the user can fix in the workflow file (a bad input value, an unsupported event). The top level
 * reports it as one plain line, without a stack, and makes no model call.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError'
}

/**
 * The model cannot be used by this run at all: a rejected key, a model id that does not exist, a request the
 * API refuses outright, a spend limit. Retrying the same job does not help; the message says what does.
 * `apiKey` marks a rejected key: where the key comes from is each front door's to say (a secret, an
 * environment variable), so the failure line adds it (see engine/failure.ts).
 */
export class ModelAccessError extends Error {
  override name = 'ModelAccessError'
  constructor(
    message: string,
    readonly status?: number,
    readonly check?: 'apiKey'
  ) {
    super(message)
  }
}

/**
 * A fault that a later attempt may not meet: 5xx, overloaded, timeouts, rate limits still failing after the
 * retries. The run keeps what it found and does not record the unreviewed part as reviewed.
 */
export class TransientError extends Error {
  override name = 'TransientError'
  constructor(
    message: string,
    readonly status?: number
  ) {
    super(message)
  }
}

/**
 * The run's time limit ran out before the model had answered once: nothing was reviewed. The message names
 * the input to raise; a re-run with the same limit would meet the same end.
 */
export class TimeLimitError extends Error {
  override name = 'TimeLimitError'
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** The HTTP status an API client attached to its error (Octokit and the Anthropic SDK both use `status`). */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  const status = (error as { status: unknown }).status
  return typeof status === 'number' && Number.isInteger(status) && status > 0 ? status : undefined
}
