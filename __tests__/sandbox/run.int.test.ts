/**
 * The sandbox with real processes: a timeout that takes a child the check started with it, a flood of output
 * capped while the command still finishes, what a check sees of itself (no capability, no user namespace),
 * and the probe refusing where bubblewrap is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { checkEnv } from '../../src/evidence/check-plan.js'
import {
  handOver,
  makeCheckFolder,
  MAX_STREAM_BYTES,
  probeSandbox,
  readSandboxHost,
  removeCheckFolder,
  runInSandbox,
  type CheckFolder,
  type SandboxRequest
} from '../../src/sandbox/index.js'
import { DEFAULT_LIMITS } from '../../src/evidence/spec.js'

const host = readSandboxHost()
let folder: CheckFolder

beforeAll(async () => {
  folder = await makeCheckFolder()
  await handOver(folder, host.identity)
})

afterAll(async () => {
  await removeCheckFolder(folder)
})

function request(command: string, more: Partial<SandboxRequest> = {}): SandboxRequest {
  return {
    command,
    tree: folder.tree,
    home: folder.home,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
    network: false,
    readOnly: [],
    limits: { processes: 64, memoryMb: 256, fileSizeMb: 8, tmpMb: 8 },
    timeoutMs: 30_000,
    ...more
  }
}

describe('checkEnv', () => {
  it('gives PATH, LANG, CI, its own HOME, TMPDIR=/tmp and the listed variables, never a key or a token', () => {
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
    expect(checkEnv(parent, listed, '/t/home')).toEqual({
      PATH: '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      CI: 'true',
      HOME: '/t/home',
      TMPDIR: '/tmp',
      NODE_OPTIONS: '--max-old-space-size=4096'
    })
  })

  it('has the defaults the issue names', () => {
    expect(DEFAULT_LIMITS).toEqual({ processes: 1024, memoryMb: 4096, fileSizeMb: 1024, tmpMb: 1024 })
  })
})

describe('runInSandbox', () => {
  it('starts: bwrap is here, and the probe says so', async () => {
    await expect(probeSandbox(host, process.env['PATH'])).resolves.toEqual({ ready: true })
  })

  it('refuses to start without bwrap on PATH, and says so', async () => {
    await expect(probeSandbox(host, '/nonexistent')).resolves.toEqual({
      ready: false,
      why: expect.stringMatching(/^bwrap and prlimit.* not found on PATH$/)
    })
  })

  it('runs with no capability, no_new_privs, no user namespace, as a user that is not root', async () => {
    const ran = await runInSandbox(
      request(
        'id -u; grep -E "^(CapEff|CapBnd|NoNewPrivs)" /proc/self/status; unshare -Ur true || echo refused'
      ),
      host
    )
    expect(ran.exitCode).toBe(0)
    const [uid, ...rest] = ran.stdout.trim().split('\n')
    expect(Number(uid)).toBe(host.identity.uid)
    expect(Number(uid)).not.toBe(0)
    expect(rest).toEqual([
      'CapEff:\t0000000000000000',
      'CapBnd:\t0000000000000000',
      'NoNewPrivs:\t1',
      'refused'
    ])
  })

  it('kills the check at the timeout, the child that sleeps too', async () => {
    const started = Date.now()
    const ran = await runInSandbox(request("setsid sh -c 'sleep 60' & sleep 60", { timeoutMs: 1_500 }), host)
    expect(ran.timedOut).toBe(true)
    expect(Date.now() - started).toBeLessThan(1_500 + 5_000)
  })

  it('caps a flood of output at 1 MB a stream and lets the command finish; stdin is closed', async () => {
    const ran = await runInSandbox(
      request('head -c 50000000 /dev/zero | tr "\\0" x; cat; echo done >&2'),
      host
    )
    expect(ran.timedOut).toBe(false)
    expect(ran.exitCode).toBe(0)
    expect(ran.stdout.length).toBe(MAX_STREAM_BYTES)
    expect(ran.droppedBytes.stdout).toBe(50_000_000 - MAX_STREAM_BYTES)
    expect(ran.stderr.trim()).toBe('done')
  })
})
