/**
 * The sandbox's preparing step (`sandbox/prepare.sh`, run by `sandbox/action.yml`): it reads the base's
 * .github/redline.yml from the API and does nothing without checks; with checks it delegates a cgroup, v1 (a
 * `redline` folder in the job's memory and pids cgroups) or v2 (the job moved into `redline/job`, memory and
 * pids shared out), here on cgroup trees the test makes, as the runner's `sudo` would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const SCRIPT = resolve(import.meta.dirname, '../../sandbox/prepare.sh')
const CONFIGS: Record<string, string> = {
  withChecks: 'checks:\n  - name: tsc\n    run: npx tsc\n    format: sarif\n    timeout: 1\n',
  without: 'model: claude-sonnet-5-5\n'
}

let server: Server
let url = ''
let dir: string
const asked: string[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'redline-prepare-'))
  server = createServer((request, response) => {
    asked.push(`${request.url} ${request.headers.authorization}`)
    const ref = new URL(request.url ?? '', 'http://x').searchParams.get('ref') ?? ''
    const text = CONFIGS[ref]
    if (ref === 'forbidden')
      response.writeHead(403).end('{"message":"Resource not accessible by integration"}')
    else if (text === undefined) response.writeHead(404).end()
    else response.writeHead(200).end(text)
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', () => done()))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  await new Promise(done => server.close(done))
  rmSync(dir, { recursive: true, force: true })
})

function prepare(ref: string, cgroupRoot: string, extra: Record<string, string> = {}): Promise<string> {
  return new Promise((done, fail) =>
    execFile(
      'bash',
      [SCRIPT],
      {
        env: {
          PATH: process.env['PATH'] ?? '',
          GITHUB_API_URL: url,
          GITHUB_REPOSITORY: 'octo/app',
          REDLINE_TOKEN: 'ghs_prepare',
          REDLINE_BASE_REF: ref,
          REDLINE_CGROUP_ROOT: cgroupRoot,
          ...extra
        },
        timeout: 60_000
      },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout))
    )
  )
}

function ownCgroup(controller: string): string {
  const line = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find(l => l.split(':')[1] === controller)
  return line?.split(':')[2] ?? '/'
}

describe('the sandbox preparing step', () => {
  it('does nothing when the base configures no checks, or has no file', async () => {
    const root = join(dir, 'none')
    mkdirSync(join(root, 'memory'), { recursive: true })
    for (const ref of ['without', 'missing'])
      expect(await prepare(ref, root)).toBe(
        `Redline sandbox: no checks in .github/redline.yml on ${ref}; nothing to prepare\n`
      )
    expect(existsSync(join(root, 'memory', 'redline'))).toBe(false)
    expect(asked).toContain('/repos/octo/app/contents/.github/redline.yml?ref=without Bearer ghs_prepare')
  })

  it('prepares without checks when told to always, as a repository whose own tests use the sandbox', async () => {
    const root = join(dir, 'always')
    for (const controller of ['memory', 'pids'])
      mkdirSync(join(root, controller, ownCgroup(controller)), { recursive: true })
    const said = await prepare('without', root, { REDLINE_PREPARE_ALWAYS: 'true' })
    expect(said).not.toContain('nothing to prepare')
    expect(existsSync(join(root, 'memory', ownCgroup('memory'), 'redline'))).toBe(true)
  })

  it('prepares when the file cannot be read, and says why, rather than leave checks without their limits', async () => {
    const root = join(dir, 'unread')
    for (const controller of ['memory', 'pids'])
      mkdirSync(join(root, controller, ownCgroup(controller)), { recursive: true })
    const said = await prepare('forbidden', root)
    expect(said).toContain(
      'Redline sandbox: could not read .github/redline.yml on forbidden (HTTP 403); preparing in case it configures checks'
    )
    expect(said).toContain("Redline sandbox: delegated a cgroup for the checks' memory and processes")
    const refused = await prepare('withChecks', root, { GITHUB_API_URL: 'http://127.0.0.1:1' })
    expect(refused).toMatch(
      /could not read \.github\/redline\.yml on withChecks \(.*127\.0\.0\.1.*\); preparing/
    )
  })

  it('on cgroup v1, makes a redline folder in the job memory and pids cgroups for the runner user', async () => {
    const root = join(dir, 'v1')
    for (const controller of ['memory', 'pids'])
      mkdirSync(join(root, controller, ownCgroup(controller)), { recursive: true })
    const said = await prepare('withChecks', root)
    expect(said).toContain("Redline sandbox: delegated a cgroup for the checks' memory and processes")
    for (const controller of ['memory', 'pids'])
      expect(existsSync(join(root, controller, ownCgroup(controller), 'redline'))).toBe(true)
  })

  it('on cgroup v2, moves the job into redline/job and shares out memory and pids', async () => {
    const root = join(dir, 'v2')
    const own = join(root, ownCgroup(''))
    mkdirSync(own, { recursive: true })
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory pids\n')
    writeFileSync(join(own, 'cgroup.procs'), '101\n102\n')
    const said = await prepare('withChecks', root)
    expect(said).toContain("Redline sandbox: delegated a cgroup for the checks' memory and processes")
    expect(readFileSync(join(root, 'redline/cgroup.subtree_control'), 'utf8')).toBe('+memory +pids\n')
    // A real cgroup.procs takes one pid a write; the file here keeps the last.
    expect(readFileSync(join(root, 'redline/job/cgroup.procs'), 'utf8')).toBe('102\n')
  })
})
