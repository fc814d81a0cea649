/**
 * Starts one bubblewrap run and waits for it: the first process joins the check's cgroups, takes its rlimits
 * and drops to the check's identity before bubblewrap starts; the generated /etc files go in on pipes. The
 * whole process group is killed at the timeout and once it exits; the PID namespace takes everything inside.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { CappedStream } from './streams.js'
import type { SandboxRun } from './types.js'

/** After the command exits, how long its streams may stay open. */
const CLOSE_GRACE_MS = 2_000

/** Joins each cgroup named before `--`, then runs the rest; a cgroup it cannot join stops it. */
const JOIN_CGROUPS = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"'

export interface Launch {
  procsFiles: readonly string[]
  rlimits: string[]
  prefix: readonly string[]
  bwrap: readonly string[]
  data: readonly string[]
  env: Record<string, string>
  timeoutMs: number
}

export function launchArgs(launch: Launch): string[] {
  return [
    '-c',
    JOIN_CGROUPS,
    'sh',
    ...launch.procsFiles,
    '--',
    'prlimit',
    ...launch.rlimits,
    '--',
    ...launch.prefix,
    'bwrap',
    ...launch.bwrap
  ]
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // The group is gone already.
  }
}

function feed(child: ChildProcess, data: readonly string[]): void {
  data.forEach((text, index) => {
    const pipe = child.stdio[3 + index] as NodeJS.WritableStream | null | undefined
    pipe?.on('error', () => undefined)
    pipe?.end(text)
  })
}

/** Runs the launch; never rejects. */
export function launch(request: Launch): Promise<Omit<SandboxRun, 'cutOff'>> {
  return new Promise(resolve => {
    const out = new CappedStream()
    const err = new CappedStream()
    let timedOut = false
    let exitCode: number | null = null
    let error: string | undefined
    let settled = false
    const child = spawn('/bin/sh', launchArgs(request), {
      env: request.env,
      stdio: ['ignore', 'pipe', 'pipe', ...request.data.map(() => 'pipe' as const)],
      detached: true
    })
    feed(child, request.data)
    let grace: NodeJS.Timeout | undefined
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
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
      grace = setTimeout(finish, CLOSE_GRACE_MS)
    }, request.timeoutMs)
    child.stdout?.on('data', (chunk: Buffer) => out.add(chunk))
    child.stderr?.on('data', (chunk: Buffer) => err.add(chunk))
    child.on('error', cause => {
      error = cause.message
      finish()
    })
    child.on('exit', code => {
      exitCode = code
      killGroup(child.pid)
      clearTimeout(grace)
      grace = setTimeout(finish, CLOSE_GRACE_MS)
    })
    child.on('close', finish)
  })
}
