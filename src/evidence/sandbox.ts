/**
 * One command of the repository run as a check: in a directory outside the workspace, with an allowlisted
 * environment, standard input closed, its whole process group killed at the timeout (and once it exits, so
 * that nothing it started lives on), and each output stream capped and redacted.
 */
import { spawn } from 'node:child_process'
import { redactSecrets } from '../text/redact.js'
import { FORBIDDEN_ENV } from './spec.js'

/** Each stream keeps this much; the rest is read and dropped, so the command never blocks on a full pipe. */
export const MAX_STREAM_BYTES = 1_000_000
/** After the command exits, how long its streams may stay open (a child that left the group holds them). */
const CLOSE_GRACE_MS = 2_000

export interface SandboxOptions {
  cwd: string
  env: Record<string, string>
  timeoutMs: number
}

export interface SandboxRun {
  exitCode: number | null
  timedOut: boolean
  stdout: string
  stderr: string
  /** Bytes read and dropped past the cap, per stream. */
  droppedBytes: { stdout: number; stderr: number }
  /** Set when the command could not be started. */
  error?: string
}

/**
 * The environment a check runs with: PATH, LANG, CI=true, its own HOME and TMPDIR, and the variables its
 * `env` names that the workflow set; never a key, a token or the runner's own variables.
 */
export function sandboxEnv(
  parent: NodeJS.ProcessEnv,
  listed: readonly string[],
  dirs: { home: string; tmp: string }
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: parent['PATH'] ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: parent['LANG'] ?? 'C.UTF-8',
    CI: 'true',
    HOME: dirs.home,
    TMPDIR: dirs.tmp
  }
  for (const name of listed) {
    const value = parent[name]
    if (value !== undefined && !FORBIDDEN_ENV.test(name) && !(name in env)) env[name] = value
  }
  return env
}

class CappedStream {
  private readonly chunks: Buffer[] = []
  private kept = 0
  dropped = 0

  add(chunk: Buffer): void {
    const room = MAX_STREAM_BYTES - this.kept
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room)
      this.chunks.push(part)
      this.kept += part.length
    }
    this.dropped += Math.max(0, chunk.length - Math.max(room, 0))
  }

  text(): string {
    return redactSecrets(Buffer.concat(this.chunks).toString('utf8'))
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // The group is gone already.
  }
}

/** Runs `command` with `/bin/sh -c`; never rejects. */
export function runSandboxed(command: string, options: SandboxOptions): Promise<SandboxRun> {
  return new Promise(resolve => {
    const out = new CappedStream()
    const err = new CappedStream()
    let timedOut = false
    let exitCode: number | null = null
    let error: string | undefined
    let settled = false
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    })
    const finish = (): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(grace)
      killGroup(child.pid)
      child.stdout?.destroy()
      child.stderr?.destroy()
      resolve({
        exitCode,
        timedOut,
        stdout: out.text(),
        stderr: err.text(),
        droppedBytes: { stdout: out.dropped, stderr: err.dropped },
        ...(error !== undefined ? { error } : {})
      })
    }
    let grace: NodeJS.Timeout | undefined
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
      // Killed: its streams close once every process holding them is gone.
      grace = setTimeout(finish, CLOSE_GRACE_MS)
    }, options.timeoutMs)
    child.stdout?.on('data', (chunk: Buffer) => out.add(chunk))
    child.stderr?.on('data', (chunk: Buffer) => err.add(chunk))
    child.on('error', cause => {
      error = cause.message
      finish()
    })
    child.on('exit', code => {
      exitCode = code
      // What it started in the background goes with it; the streams then close.
      killGroup(child.pid)
      clearTimeout(grace)
      grace = setTimeout(finish, CLOSE_GRACE_MS)
    })
    child.on('close', finish)
  })
}
