/**
 * Domain code logs through this interface instead of importing `@actions/core`, so the same code runs in the
 * action, in tests and in the benchmark.
 */
export interface Logger {
  /**
   * False when debug lines are dropped, so that one costly to build (git's arguments, redacted) is not;
   * anything else means they may be kept.
   */
  readonly debugEnabled?: boolean
  debug(message: string): void
  info(message: string): void
  warning(message: string): void
  error(message: string): void
  /** Runs `fn` with its lines under one heading: a collapsible group in the job log. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>
}

export const silentLogger: Logger = {
  debugEnabled: false,
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_name, fn) => fn()
}

export type LogLevel = 'debug' | 'info' | 'warning' | 'error' | 'group'

/** A logger that keeps every line, for assertions; a group is recorded as a `group` line with its name. */
export function memoryLogger(): Logger & { lines: Array<{ level: LogLevel; message: string }> } {
  const lines: Array<{ level: LogLevel; message: string }> = []
  const push = (level: LogLevel) => (message: string) => void lines.push({ level, message })
  return {
    lines,
    debug: push('debug'),
    info: push('info'),
    warning: push('warning'),
    error: push('error'),
    group: (name, fn) => {
      lines.push({ level: 'group', message: name })
      return fn()
    }
  }
}
