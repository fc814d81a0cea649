/**
 * Domain code logs through this interface instead of importing `@actions/core`, so the same code runs in the
 * action, in tests and in the benchmark.
 */
export interface Logger {
  debug(message: string): void
  info(message: string): void
  warning(message: string): void
  error(message: string): void
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined
}

/** A logger that keeps every line, for assertions. */
export function memoryLogger(): Logger & { lines: Array<{ level: keyof Logger; message: string }> } {
  const lines: Array<{ level: keyof Logger; message: string }> = []
  const push = (level: keyof Logger) => (message: string) => void lines.push({ level, message })
  return { lines, debug: push('debug'), info: push('info'), warning: push('warning'), error: push('error') }
}
