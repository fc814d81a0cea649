/**
 * The sandbox with real processes: what a check's environment holds, its process group killed at the
 * timeout with a child that sleeps too, and a flood of output capped while the command still finishes.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_STREAM_BYTES, runSandboxed, sandboxEnv } from '../../src/evidence/sandbox.js'

/** Whether the process runs: a killed one not yet reaped (a zombie, where PID 1 reaps nothing) does not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : ''
  return !/^\d+ \(.*\) Z/.test(stat)
}

describe('sandboxEnv', () => {
  it('gives PATH, LANG, CI, its own HOME and TMPDIR and the listed variables, never a key or a token', () => {
    const parent = {
      PATH: '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      NODE_OPTIONS: '--max-old-space-size=4096',
      UNLISTED: 'x',
      ANTHROPIC_API_KEY: 'sk-ant-secret',
      GITHUB_TOKEN: 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'rt',
      'INPUT_ANTHROPIC-API-KEY': 'sk-ant-secret',
      AWS_SECRET_ACCESS_KEY: 'aws',
      GOOGLE_APPLICATION_CREDENTIALS: '/key.json'
    }
    const listed = ['NODE_OPTIONS', 'GITHUB_TOKEN', 'ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'MISSING']
    expect(sandboxEnv(parent, listed, { home: '/t/home', tmp: '/t/tmp' })).toEqual({
      PATH: '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      CI: 'true',
      HOME: '/t/home',
      TMPDIR: '/t/tmp',
      NODE_OPTIONS: '--max-old-space-size=4096'
    })
  })
})

describe('runSandboxed', () => {
  it('kills the whole process group at the timeout, the child that sleeps too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'redline-sandbox-'))
    try {
      const started = Date.now()
      const run = await runSandboxed(`sh -c 'sleep 60' & echo $! > ${dir}/child; sleep 60`, {
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
        timeoutMs: 1_500
      })
      const elapsed = Date.now() - started
      expect(run.timedOut).toBe(true)
      expect(elapsed).toBeLessThan(1_500 + 5_000)
      const child = Number(readFileSync(join(dir, 'child'), 'utf8'))
      expect(child).toBeGreaterThan(0)
      expect(alive(child)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('caps a flood of output at 1 MB a stream and lets the command finish; stdin is closed', async () => {
    const run = await runSandboxed('head -c 50000000 /dev/zero | tr "\\0" x; cat; echo done >&2', {
      cwd: tmpdir(),
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      timeoutMs: 60_000
    })
    expect(run.timedOut).toBe(false)
    expect(run.exitCode).toBe(0)
    expect(run.stdout.length).toBe(MAX_STREAM_BYTES)
    expect(run.droppedBytes.stdout).toBe(50_000_000 - MAX_STREAM_BYTES)
    expect(run.stderr.trim()).toBe('done')
  })

  it('redacts secrets in what it keeps', async () => {
    const token = `ghp_${'a1B2c3D4e5'.repeat(4)}`
    const run = await runSandboxed(`echo "token=${token}"`, {
      cwd: tmpdir(),
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 10_000
    })
    expect(run.stdout).not.toContain(token)
    expect(run.stdout).toContain('[REDACTED')
  })
})
