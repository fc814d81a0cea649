import type { Logger } from '../logger.js'

/** What a command reads and writes: its words, the environment, the directory and the two streams. */
export interface CliIo {
  argv: readonly string[]
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: (text: string) => void
  stderr: (text: string) => void
}

/** Progress and warnings on stderr, so stdout carries the review alone. */
export function stderrLogger(write: (text: string) => void, debug = false): Logger {
  return {
    debugEnabled: debug,
    debug: message => (debug ? write(`  ${message}\n`) : undefined),
    info: message => write(`  ${message}\n`),
    warning: message => write(`warning: ${message}\n`),
    error: message => write(`error: ${message}\n`),
    group: async (name, fn) => {
      write(`▸ ${name}\n`)
      return fn()
    }
  }
}
