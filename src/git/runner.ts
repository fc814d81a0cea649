/**
 * How every git process is started: one environment and one set of options that no repository or user
 * setting can change, the call logged with its secrets redacted, and a failing exit turned into a GitError.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import { redactSecrets } from '../text/redact.js'
import { minimalEnvironment } from '../child-env.js'
import type { Logger } from '../logger.js'
import { GitError } from './git-error.js'

export interface RunResult<T> {
  exitCode: number
  stdout: T
  stderr: string
}

export interface RunOptions {
  /** Exit codes that are answers rather than failures (e.g. 1 for "no match"). */
  okCodes?: number[]
  /** Written to git's standard input, which is closed after it. */
  input?: string
}

/** Called with each piece of a large output as it arrives; 'stop' ends git once the caller has enough. */
export type OutputListener = (data: Buffer) => 'stop' | void

const GLOBAL_ARGS = [
  '--no-pager',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.quotePath=false',
  '-c',
  'color.ui=false',
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false'
]

/** Runs git in one workspace; the modules of the shell share one. */
export class GitRunner {
  readonly cwd: string
  private readonly env: Record<string, string>
  private readonly globalArgs: string[]

  constructor(
    workspaceDir: string,
    private readonly logger: Logger,
    environment: GitEnvironment = 'minimal'
  ) {
    this.cwd = path.resolve(workspaceDir)
    this.env = gitEnvironment(this.cwd, environment)
    // actions/checkout removes its safe.directory entry after its step, which breaks container jobs.
    this.globalArgs = [...GLOBAL_ARGS, '-c', `safe.directory=${this.cwd}`]
  }

  /** Paths in arguments are repository content: a secret pasted into a file name must not reach the log. */
  describe(args: string[]): string {
    return redactSecrets(args.join(' '))
  }

  /** Redacting costs more than the line is worth where nobody reads it: the diff's call waited for it. */
  logCall(args: string[]): void {
    if (this.logger.debugEnabled !== false) this.logger.debug(`git ${this.describe(args)}`)
  }

  /**
   * Small text outputs. A plain child process, as for large ones: the toolkit's runner searches PATH with a
   * stat per directory before every call, which a review's dozens of git calls pay each time.
   */
  async run(args: string[], options: RunOptions = {}): Promise<RunResult<string>> {
    const result = await this.runLarge(args, options)
    return { ...result, stdout: result.stdout.toString('utf8') }
  }

  /**
   * Large outputs (a diff can be tens of megabytes) are used as they arrive: parsing runs while git is still
   * diffing, and a grep can stop git once it has enough matches.
   */
  runLarge(args: string[], options: RunOptions = {}, onData?: OutputListener): Promise<RunResult<Buffer>> {
    this.logCall(args)
    return new Promise((resolve, reject) => {
      const child = this.spawn(args, options.input === undefined ? 'ignore' : 'pipe')
      if (options.input !== undefined) {
        // A git that exits early closes the pipe; its exit code says why.
        child.stdin?.on('error', () => undefined)
        child.stdin?.end(options.input)
      }
      const output = collectOutput(child, onData)
      child.on('error', reject)
      child.on('close', code => {
        if (output.failure) return reject(output.failure.error)
        try {
          resolve(this.check(args, output.result(code), options))
        } catch (error) {
          reject(error)
        }
      })
    })
  }

  /** A long-lived git process whose input the caller writes (cat-file --batch). */
  spawnInteractive(args: string[]): ChildProcessWithoutNullStreams {
    this.logCall(args)
    return this.spawn(args, 'pipe') as ChildProcessWithoutNullStreams
  }

  private spawn(args: string[], stdin: 'ignore' | 'pipe') {
    const argv = [...this.globalArgs, ...args]
    return spawn('git', argv, { cwd: this.cwd, env: this.env, stdio: [stdin, 'pipe', 'pipe'] })
  }

  private check<T>(args: string[], result: RunResult<T>, options: RunOptions): RunResult<T> {
    if (result.exitCode === 0 || options.okCodes?.includes(result.exitCode)) return result
    throw new GitError(this.describe(args), result.exitCode, result.stderr.trim())
  }
}

interface CollectedOutput {
  /** An exception in a stream handler, kept: thrown there it would escape the promise and end the process. */
  failure: { error: unknown } | undefined
  result(code: number | null): RunResult<Buffer>
}

/** Gathers a child's output, or hands it to `onData`, which may stop the child. */
function collectOutput(child: ReturnType<typeof spawn>, onData: OutputListener | undefined): CollectedOutput {
  const out: Buffer[] = []
  const err: Buffer[] = []
  let stopped = false
  const collected: CollectedOutput = {
    failure: undefined,
    result: code => ({
      exitCode: stopped ? 0 : (code ?? -1),
      stdout: Buffer.concat(out),
      stderr: Buffer.concat(err).toString('utf8')
    })
  }
  child.stdout?.on('data', (data: Buffer) => {
    if (collected.failure || stopped) return
    if (!onData) return void out.push(data)
    try {
      if (onData(data) === 'stop') {
        stopped = true
        child.kill()
      }
    } catch (error) {
      collected.failure = { error }
      child.kill()
    }
  })
  child.stderr?.on('data', (data: Buffer) => void err.push(data))
  return collected
}

/**
 * Whose environment git gets. In the action, `minimal`: what git needs to find itself, its configuration
 * and a proxy, and nothing else, so no key, token, `INPUT_*` or `ACTIONS_*` sits in a git process's
 * environment, which every process of the same user can read; git authenticates with what actions/checkout
 * persisted in the repository's configuration. On the command line, `user`: the user's own environment, with
 * their SSH agent and credential helpers.
 */
export type GitEnvironment = 'minimal' | 'user'

/** The variables of `env` that `kind` keeps. */
export function baseGitEnvironment(kind: GitEnvironment, env: NodeJS.ProcessEnv): Record<string, string> {
  if (kind === 'minimal') return minimalEnvironment(env)
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) if (value !== undefined) kept[name] = value
  return kept
}

function gitEnvironment(cwd: string, kind: GitEnvironment): Record<string, string> {
  return {
    ...baseGitEnvironment(kind, process.env),
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    // Never pick up a repository above the workspace: without .git here the diff must come from the API.
    GIT_CEILING_DIRECTORIES: path.dirname(cwd),
    // Paths from the pull request are data; a `*` in a file name must not become a glob.
    GIT_LITERAL_PATHSPECS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    // GitError messages end up in logs and bug reports; keep them in one language on every runner.
    LC_ALL: 'C'
  }
}
