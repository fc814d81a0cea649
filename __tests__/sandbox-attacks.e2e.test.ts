/**
 * The sandbox attacked from inside a check, through the bundled action on a real repository, as root, as a
 * user that is not root, and as PID 1 of a PID namespace of its own (as in a container). Secrets are planted
 * in the action's environment, the workspace's git config, a RUNNER_TEMP credentials file and HOME; each
 * attack reports what it got as a result on a changed line, and the test also searches every sink, the host
 * listeners, the file-command files and the processes left for what a check could have reached. The limits
 * are tried at small values by checks of their own, and the review is still posted.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { block, reply } from '../testing/messages-server.js'
import { DEFAULT_ENTRY, type RunResult } from '../testing/runner.js'
import { ATTACK_CONFIG, ATTACKS, attackHead, CANARY, LIMIT_SCRIPTS } from '../testing/sandbox-attacks.js'
import {
  createActionWorld,
  firstUserText,
  postedReviews,
  runOn,
  type ActionWorld
} from './support/action-world.js'

jest.setTimeout(300_000)

const NON_ROOT = { uid: 1_500, gid: 1_500 }
const SETPRIV = ['setpriv', `--reuid=${NON_ROOT.uid}`, `--regid=${NON_ROOT.gid}`, '--clear-groups', '--']

interface Variant {
  name: string
  launcher?: string[]
  owner?: { uid: number; gid: number }
}

const VARIANTS: Variant[] = [
  { name: 'as root' },
  { name: 'as a user that is not root', launcher: SETPRIV, owner: NON_ROOT },
  {
    name: 'as PID 1 of its own PID namespace',
    launcher: ['unshare', '--pid', '--fork', '--mount-proc', '--']
  }
]

const HELD = [
  'env-secrets', 'proc-environ', 'proc-cmdline', 'proc-1-root', 'proc-1-cwd', 'ppid-cwd',
  'workspace-git-config', 'git-C', 'cd-trick', 'cd-up', 'link-in-head', 'link-made', 'runner-temp',
  'runner-home', 'event-file', 'github-output', 'github-env', 'github-path', 'tool-cache-write', 'host-tcp',
  'host-unix-socket', 'docker-socket', 'outside-dns', 'resolver', 'dev-shm-host', 'loop-device',
  'core-pattern', 'cgroup-files', 'kill-outside', 'proc-mem-outside', 'setuid-root', 'capabilities',
  'user-namespace', 'root-inside', 'dot-git'
] // prettier-ignore
const WORKS = [
  'tool-cache-read',
  'localhost-name',
  'own-loopback',
  'node',
  'python3',
  'java',
  'git',
  'setsid-start'
]

/** What one run left to look at. */
interface Attacked {
  world: ActionWorld
  run: RunResult
  seen: Map<string, string>
  dir: string
  files: Record<'GITHUB_OUTPUT' | 'GITHUB_ENV' | 'GITHUB_PATH', string>
  carried: string[]
  victim: ChildProcess
  shmCanary: string
  /** The host listener's port, which also names what this run's check tried to leave in /dev/shm. */
  port: string
}

function listen(server: Server, at: number): Promise<void> {
  return new Promise(resolve => server.listen(at, '127.0.0.1', () => resolve()))
}

function listenPath(server: Server, path: string): Promise<void> {
  return new Promise(resolve => server.listen(path, () => resolve()))
}

function chownAll(path: string, owner: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) =>
    spawn('chown', ['-R', `${owner.uid}:${owner.gid}`, path]).on('close', code =>
      code === 0 ? resolve() : reject(new Error(`chown ${path} failed`))
    )
  )
}

/** The memory and pids cgroups a preparing step would delegate to the runner's user, as v1 has them here. */
function prepareCgroups(owner: { uid: number; gid: number }): string[] {
  const own = readFileSync('/proc/self/cgroup', 'utf8')
  const made: string[] = []
  for (const controller of ['memory', 'pids']) {
    const path = new RegExp(`^\\d+:${controller}:(.*)$`, 'm').exec(own)?.[1] ?? '/'
    const dir = join('/sys/fs/cgroup', controller, path, 'redline')
    mkdirSync(dir, { recursive: true })
    spawn('chown', ['-R', `${owner.uid}:${owner.gid}`, dir])
    made.push(dir)
  }
  return made
}

/**
 * The checks; with REDLINE_ATTACK_ENTRY (another build's index.js, to see what a check reaches there) only the
 * attacks, since a build without limits would let the limit checks take the machine.
 */
function attackConfig(): string {
  if (!process.env['REDLINE_ATTACK_ENTRY']) return ATTACK_CONFIG
  return `${ATTACK_CONFIG.slice(0, ATTACK_CONFIG.indexOf('  - name: fork-storm'))}`
}

async function attack(variant: Variant): Promise<Attacked> {
  const world = await createActionWorld(
    {
      base: { '.github/redline.yml': attackConfig(), 'scripts/attacks.sh': ATTACKS, ...LIMIT_SCRIPTS },
      commits: [{ files: attackHead() }]
    },
    { apiKey: `sk-ant-${CANARY}-input-key`, token: `ghs_${CANARY}inputtoken` }
  )
  world.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Probes.' })]))
  const workspace = world.fixture.workspaceDir
  appendFileSync(
    join(workspace, '.git/config'),
    `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${CANARY}-extraheader\n`
  )
  const dir = mkdtempSync(join(tmpdir(), 'redline-attack-'))
  chmodSync(dir, 0o755)
  const home = join(dir, 'home')
  const runnerTemp = join(dir, 'runner-temp')
  const commands = join(runnerTemp, '_runner_file_commands')
  const toolCache = join(dir, 'tool-cache')
  for (const made of [
    join(home, '.ssh'),
    commands,
    join(toolCache, 'node'),
    join(dir, 'tmp'),
    join(dir, 'sock')
  ])
    mkdirSync(made, { recursive: true })
  writeFileSync(join(home, '.git-credentials'), `https://x:${CANARY}-home@github.com\n`)
  writeFileSync(join(home, '.ssh/id_ed25519'), `${CANARY}-ssh-key\n`)
  writeFileSync(
    join(runnerTemp, 'git-credentials-0a1b.config'),
    `[http]\n\textraheader = ${CANARY}-runner-temp\n`
  )
  const files = {
    GITHUB_OUTPUT: join(commands, 'set_output_a'),
    GITHUB_ENV: join(commands, 'set_env_a'),
    GITHUB_PATH: join(commands, 'add_path_a')
  }
  for (const file of Object.values(files)) writeFileSync(file, '')
  const carried: string[] = []
  const record = (server: Server): Server =>
    server.on('connection', socket => {
      carried.push('connected')
      socket.on('data', data => carried.push(String(data)))
    })
  const tcp = record(createServer())
  const agent = record(createServer())
  const docker = record(createServer())
  await listen(tcp, 0)
  await listenPath(agent, join(dir, 'sock/agent.sock'))
  await listenPath(docker, join(dir, 'sock/docker.sock'))
  chmodSync(join(dir, 'sock/agent.sock'), 0o777)
  chmodSync(join(dir, 'sock/docker.sock'), 0o777)
  const victim = spawn(
    variant.owner ? SETPRIV[0]! : 'sleep',
    [...(variant.owner ? [...SETPRIV.slice(1), 'sleep'] : []), '600'],
    {
      stdio: 'ignore',
      env: { PATH: process.env['PATH'] ?? '', SECRET: `${CANARY}-victim` }
    }
  )
  const shmCanary = join('/dev/shm', `redline-${CANARY}-${process.pid}-${variant.name.length}`)
  writeFileSync(shmCanary, `${CANARY}-shm`)
  if (variant.owner) {
    // The workspace is the runner user's; its origin stays the stand-in's, readable to all.
    chmodSync(dirname(workspace), 0o755)
    // The origin belongs to another user; git reads safe.directory from the user's global file only.
    writeFileSync(join(home, '.gitconfig'), '[safe]\n\tdirectory = *\n')
    // The bundle lives in the project's folder, which may sit under a 0700 home (/root): a copy that user reads.
    cpSync(dirname(DEFAULT_ENTRY), join(dir, 'bundle'), { recursive: true })
    await chownAll(workspace, variant.owner)
    await chownAll(dir, variant.owner)
  }
  const entry =
    process.env['REDLINE_ATTACK_ENTRY'] ?? (variant.owner ? join(dir, 'bundle', 'index.js') : undefined)
  const port = String((tcp.address() as { port: number }).port)
  const run = await runOn(world, {
    env: {
      HOME: home,
      RUNNER_TEMP: runnerTemp,
      RUNNER_TOOL_CACHE: toolCache,
      TMPDIR: join(dir, 'tmp'),
      ...files,
      GITHUB_TOKEN: `ghs_${CANARY}workflow`,
      ANTHROPIC_API_KEY: `sk-ant-${CANARY}-env`,
      ACTIONS_RUNTIME_TOKEN: `${CANARY}-runtime`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: `${CANARY}-oidc`,
      SSH_AUTH_SOCK: join(dir, 'sock/agent.sock'),
      DOCKER_HOST: `unix://${join(dir, 'sock/docker.sock')}`,
      ATTACK_WORKSPACE: workspace,
      ATTACK_RUNNER_TEMP: runnerTemp,
      ATTACK_HOME: home,
      ATTACK_PORT: port,
      ATTACK_SOCKET: join(dir, 'sock/agent.sock'),
      ATTACK_DOCKER: join(dir, 'sock/docker.sock'),
      ATTACK_VICTIM: String(victim.pid),
      ATTACK_GITHUB_OUTPUT: files.GITHUB_OUTPUT,
      ATTACK_GITHUB_ENV: files.GITHUB_ENV,
      ATTACK_GITHUB_PATH: files.GITHUB_PATH
    },
    ...(variant.launcher ? { launcher: variant.launcher } : {}),
    ...(entry ? { entry } : {}),
    ...(variant.owner ? { owner: variant.owner } : {}),
    timeoutMs: 240_000
  })
  // Long enough for the setsid child to have written, had it lived.
  await new Promise(resolve => setTimeout(resolve, 4_000))
  for (const server of [tcp, agent, docker]) server.close()
  const first = world.messages.requests[0] ? firstUserText(world.messages.requests[0]) : ''
  const seen = new Map(
    [...first.matchAll(/^- line \d+: attacks (\S+): (.*)$/gm)].map(m => [m[1]!, m[2]!] as const)
  )
  if (process.env['REDLINE_ATTACK_LOG'])
    writeFileSync(
      `${process.env['REDLINE_ATTACK_LOG']}-${variant.name.replace(/\W+/g, '-')}.log`,
      `${run.stdout}\n${run.stderr}\n${first}`
    )
  return { world, run, seen, dir, files, carried, victim, shmCanary, port }
}

const attacked = new Map<string, Attacked>()
let prepared: string[] = []

beforeAll(async () => {
  prepared = prepareCgroups(NON_ROOT)
  const runs = await Promise.all(VARIANTS.map(variant => attack(variant)))
  VARIANTS.forEach((variant, index) => attacked.set(variant.name, runs[index]!))
})

afterAll(async () => {
  for (const one of attacked.values()) {
    one.victim.kill('SIGKILL')
    rmSync(one.shmCanary, { force: true })
    rmSync(one.dir, { recursive: true, force: true })
    await one.world.close()
  }
  // Checks of other test files may still have their cgroups in it for a moment.
  for (const dir of prepared)
    for (let tries = 0; existsSync(dir); tries++) {
      try {
        rmdirSync(dir)
      } catch (error) {
        if (tries > 100) throw error
        await new Promise(resolve => setTimeout(resolve, 100))
      }
    }
})

/** The processes a check of this run started that still run (its own folder is in their command line). */
function leftovers(dir: string): string[] {
  return readdirSync('/proc')
    .filter(name => /^\d+$/.test(name))
    .map(pid => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      } catch {
        return ''
      }
    })
    .filter(cmdline => cmdline.includes(`redline-leftover-${CANARY}`) && cmdline.includes(dir))
}

describe.each(VARIANTS.map(variant => variant.name))('the sandbox attacked from a check, %s', name => {
  const one = (): Attacked => attacked.get(name)!

  it('posts the review', () => {
    expect(one().run.exitCode).toBe(0)
    expect(postedReviews(one().world)).toHaveLength(1)
  })

  it.each(HELD)('holds against %s', attackName => {
    expect(one().seen.get(attackName)).toBe('held')
  })

  it.each(WORKS)('lets a check use %s', what => {
    expect(one().seen.get(what)).toBe('works')
  })

  it('lets no secret reach the check, nor any sink in any encoding, nor any host listener', () => {
    const { run, world, carried } = one()
    // The action masks its own inputs with ::add-mask::, which the runner never prints.
    const sinks = [
      run.stdout.replace(/^::add-mask::.*$/gm, ''),
      run.stderr,
      run.summary,
      JSON.stringify(postedReviews(world)),
      JSON.stringify(world.messages.requests.map(request => request.body))
    ].join('\n')
    expect(sinks).toContain('probe')
    for (const form of [
      CANARY,
      Buffer.from(CANARY).toString('base64').slice(0, 8),
      Buffer.from(CANARY).toString('hex')
    ])
      expect(sinks).not.toContain(form)
    expect(carried).toEqual([])
  })

  it('leaves nothing behind: no process, no tree copy, no file in /dev/shm or the tool cache, the file commands unchanged', () => {
    const { dir, files, victim, port } = one()
    expect(leftovers(dir)).toEqual([])
    expect(readdirSync(join(dir, 'tmp'))).toEqual([])
    expect(existsSync(`/dev/shm/left-by-check-${port}`)).toBe(false)
    expect(existsSync(join(dir, 'tool-cache/left-by-check'))).toBe(false)
    expect(readFileSync(files.GITHUB_OUTPUT, 'utf8')).not.toMatch(/^findings-open=0$/m)
    expect(readFileSync(files.GITHUB_ENV, 'utf8')).not.toContain('NODE_OPTIONS')
    expect(readFileSync(files.GITHUB_PATH, 'utf8')).toBe('')
    expect(victim.exitCode).toBeNull()
  })

  it('cuts each limit off at its small value, says which, and still reviews', () => {
    const body = postedReviews(one().world)[0]!.body
    expect(body).toMatch(
      /- `fork-storm` \(check\): `exited with 3 \(cut off: processes: a fork was refused at processes 40\) and no result: forks refused after \d+ processes/
    )
    expect(body).toMatch(
      /- `memory-grab` \(check\): `exited with 137 \(cut off: memory: a process was killed at memory-mb 96\) and no result: killed holding \d+ MiB/
    )
    expect(body).toMatch(
      /- `big-file` \(check\): `exited with 153 \(cut off: file size: a file reached file-size-mb 4 \(SIGXFSZ\)\) and no result/
    )
    expect(body).toMatch(
      /- `full-tmp` \(check\): `exited with 1 and no result: \/tmp took 4194304 bytes, \/dev\/shm 4194304/
    )
  })
})

const MARKER_CONFIG =
  'checks:\n  - name: marker\n    run: sh scripts/marker.sh\n    format: sarif\n    timeout: 1\n'

/** A PATH of the host's commands without bwrap, and one whose bwrap fails as AppArmor makes it fail. */
function pathsWithoutSandbox(dir: string): { missing: string; failing: string } {
  const missing = join(dir, 'path-missing')
  const failing = join(dir, 'path-failing')
  mkdirSync(missing)
  mkdirSync(failing)
  for (const bin of ['/usr/local/bin', '/usr/bin', '/bin'])
    for (const name of existsSync(bin) ? readdirSync(bin) : [])
      if (name !== 'bwrap' && !existsSync(join(missing, name)))
        symlinkSync(join(bin, name), join(missing, name))
  writeFileSync(
    join(failing, 'bwrap'),
    '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n',
    {
      mode: 0o755
    }
  )
  return { missing, failing: `${failing}:${process.env['PATH'] ?? ''}` }
}

describe('where the sandbox cannot start', () => {
  const worlds: ActionWorld[] = []
  let dir: string
  const runs: Record<string, RunResult> = {}

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'redline-no-sandbox-'))
    // Reachable by the check's uid, so that the failing bwrap is run and fails in its own words.
    chmodSync(dir, 0o755)
    const paths = pathsWithoutSandbox(dir)
    await Promise.all(
      Object.entries(paths).map(async ([why, path]) => {
        const world = await createActionWorld({
          base: { '.github/redline.yml': MARKER_CONFIG, 'scripts/marker.sh': 'echo ran\n' },
          commits: [{ files: attackHead() }]
        })
        worlds.push(world)
        world.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Probes.' })]))
        runs[why] = await runOn(world, { env: { PATH: path } })
      })
    )
  })

  afterAll(async () => {
    for (const world of worlds) await world.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    ['missing', /bwrap not found on PATH/],
    ['failing', /bwrap failed: bwrap: setting up uid map: Permission denied/]
  ])(
    'runs no check where bwrap is %s, says why and what works instead, and posts the review',
    (why, said) => {
      const run = runs[why]!
      expect(run.exitCode).toBe(0)
      expect(run.stdout).not.toContain('Running check marker')
      const notices = run.annotations.filter(a => a.level === 'notice').map(a => a.message)
      expect(notices).toContainEqual(expect.stringMatching(said))
      expect(notices).toContainEqual(
        expect.stringContaining('a SARIF file written by an earlier step or job without secrets')
      )
      expect(run.summary).toContain('marker')
    }
  )
})
