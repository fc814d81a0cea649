/**
 * A mistake the user can fix in the workflow file (a bad input value, an unsupported event). The top level
 * reports it as one plain line, without a stack, and makes no model call.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError'
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}
