/**
 * Runs the bundled action the way a GitHub-hosted runner does: a fresh process with only the
 * environment the runner provides, inputs as INPUT_* variables, and file commands read back after exit.
 *
 * The environment is built from nothing rather than copied, so secrets and INPUT_* variables of the
 * process running the tests can never reach the action and make a test pass by accident.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { testedBundleDir } from './test-bundle.js'

export interface RunActionOptions {
  /** GITHUB_WORKSPACE and the working directory; a checkout the test made. */
  workspace: string
  eventName: string
  payload: object
  /** Written to the event file instead of `payload`, for events that are not valid JSON. */
  payloadText?: string
  inputs?: Record<string, string>
  repository: string
  sha: string
  ref: string
  githubApiUrl: string
  githubGraphqlUrl: string
  anthropicBaseUrl?: string
  /** Applied last; `undefined` removes a variable. */
  env?: Record<string, string | undefined>
  /** Defaults to the tested bundle's `index.js` (see bundle.ts). */
  entry?: string
  timeoutMs?: number
  /** A command the runner starts node through, as a container or another user does (setpriv, unshare). */
  launcher?: string[]
  /** The user the launcher runs node as: its RUNNER_TEMP, HOME and event file are given to it. */
  owner?: { uid: number; gid: number }
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice'
  message: string
  /** `file`, `line`, `title`, ... as given after the command name. */
  properties: Record<string, string>
}

export interface RunResult {
  /** `null` when the process was killed. */
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  annotations: Annotation[]
  runnerTemp: string
  /** Removes RUNNER_TEMP, the temporary HOME and the event file; the workspace is the caller's. */
  cleanup(): Promise<void>
}

/** The tested bundle's action: built from the current source by jest's global setup, else the committed dist/. */
export const DEFAULT_ENTRY = join(testedBundleDir(), 'index.js')

/** The variable name the runner gives an input: spaces become `_`, hyphens stay. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

let nextRunId = 1_000_000_001

export async function runAction(options: RunActionOptions): Promise<RunResult> {
  const root = await mkdtemp(join(tmpdir(), 'redline-run-'))
  const runnerTemp = join(root, 'runner-temp')
  const home = join(root, 'home')
  const fileCommands = join(runnerTemp, '_runner_file_commands')
  await Promise.all([mkdir(fileCommands, { recursive: true }), mkdir(home, { recursive: true })])

  const files = {
    GITHUB_OUTPUT: join(fileCommands, `set_output_${randomUUID()}`),
    GITHUB_STEP_SUMMARY: join(fileCommands, `step_summary_${randomUUID()}`),
    GITHUB_STATE: join(fileCommands, `save_state_${randomUUID()}`),
    GITHUB_ENV: join(fileCommands, `set_env_${randomUUID()}`),
    GITHUB_PATH: join(fileCommands, `add_path_${randomUUID()}`)
  }
  const eventPath = join(root, 'event.json')
  await Promise.all([
    writeFile(eventPath, options.payloadText ?? JSON.stringify(options.payload, null, 2)),
    ...Object.values(files).map(file => writeFile(file, ''))
  ])

  const env = buildEnv(options, { runnerTemp, home, eventPath, files })
  if (options.owner) await chownTree(root, options.owner)
  const [command = process.execPath, ...args] = [
    ...(options.launcher ?? []),
    process.execPath,
    options.entry ?? DEFAULT_ENTRY
  ]
  const child = spawn(command, args, {
    cwd: options.workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so a timeout also ends any git or other process the action started.
    detached: true
  })

  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))

  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    killGroup(child.pid)
  }, options.timeoutMs ?? 60_000)

  const { exitCode, signal } = await new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>(
    (resolvePromise, reject) => {
      child.once('error', reject)
      child.once('close', (code, sig) => resolvePromise({ exitCode: code, signal: sig }))
    }
  ).finally(() => clearTimeout(timer))

  if (timedOut) stderr += `\n[runner] killed after ${options.timeoutMs ?? 60_000} ms\n`

  return {
    exitCode,
    signal,
    timedOut,
    stdout,
    stderr,
    outputs: parseFileCommand(await readFile(files.GITHUB_OUTPUT, 'utf8')),
    summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8'),
    annotations: parseAnnotations(stdout),
    runnerTemp,
    cleanup: () => rm(root, { recursive: true, force: true })
  }
}

async function chownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(dir, owner.uid, owner.gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(path, owner)
    else await chown(path, owner.uid, owner.gid)
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

interface Paths {
  runnerTemp: string
  home: string
  eventPath: string
  files: Record<string, string>
}

function buildEnv(options: RunActionOptions, paths: Paths): Record<string, string> {
  const [owner = ''] = options.repository.split('/')
  const pr = pullRequestRefs(options.eventName, options.payload)
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? dirname(process.execPath),
    HOME: paths.home,
    // Keeps the machine's and the developer's git configuration out of the action's git calls.
    GIT_CONFIG_NOSYSTEM: '1',
    XDG_CONFIG_HOME: join(paths.home, '.config'),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: paths.eventPath,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_SHA: options.sha,
    GITHUB_REF: options.ref,
    GITHUB_API_URL: options.githubApiUrl,
    GITHUB_GRAPHQL_URL: options.githubGraphqlUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_ACTOR: 'octocat',
    GITHUB_WORKFLOW: 'Redline',
    // Each event starts a workflow run of its own; a re-run of one keeps its id (set it through `env`).
    GITHUB_RUN_ID: String(nextRunId++),
    GITHUB_RUN_NUMBER: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_ACTION: 'redline',
    GITHUB_JOB: 'review',
    GITHUB_HEAD_REF: pr.head,
    GITHUB_BASE_REF: pr.base,
    RUNNER_OS: runnerOs(),
    RUNNER_ARCH: process.arch === 'arm64' ? 'ARM64' : 'X64',
    RUNNER_TEMP: paths.runnerTemp,
    ...paths.files
  }
  if (options.anthropicBaseUrl !== undefined) env.ANTHROPIC_BASE_URL = options.anthropicBaseUrl
  for (const [name, value] of Object.entries(options.inputs ?? {})) env[inputVariable(name)] = value
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}

/** The runner sets these only for pull-request events and leaves them empty otherwise. */
function pullRequestRefs(eventName: string, payload: object): { head: string; base: string } {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') return { head: '', base: '' }
  const pr = (payload as { pull_request?: { head?: { ref?: unknown }; base?: { ref?: unknown } } })
    .pull_request
  return {
    head: typeof pr?.head?.ref === 'string' ? pr.head.ref : '',
    base: typeof pr?.base?.ref === 'string' ? pr.base.ref : ''
  }
}

function runnerOs(): string {
  if (process.platform === 'darwin') return 'macOS'
  if (process.platform === 'win32') return 'Windows'
  return 'Linux'
}

/**
 * Reads a GITHUB_OUTPUT-style file: `name<<DELIMITER` heredocs, as @actions/core writes them, and
 * plain `name=value` lines. A later value for the same name wins, as on the runner.
 */
export function parseFileCommand(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name = '', delimiter] = heredoc
      const end = lines.indexOf(delimiter ?? '', i + 1)
      if (end === -1) throw new Error(`file command: no closing delimiter for "${name}"`)
      values[name] = lines.slice(i + 1, end).join('\n')
      i = end
      continue
    }
    const eq = line.indexOf('=')
    if (eq <= 0) throw new Error(`file command: cannot read line "${line}"`)
    values[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return values
}

const unescapeData = (s: string): string =>
  s.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%')

const unescapeProperty = (s: string): string =>
  s
    .replace(/%0D/gi, '\r')
    .replace(/%0A/gi, '\n')
    .replace(/%3A/gi, ':')
    .replace(/%2C/gi, ',')
    .replace(/%25/g, '%')

/** Commands between `::stop-commands::TOKEN` and `::TOKEN::` are ignored, as the runner ignores them. */
export function parseAnnotations(stdout: string): Annotation[] {
  const annotations: Annotation[] = []
  let resumeToken: string | undefined
  for (const rawLine of stdout.split('\n')) {
    const line = rawLine.replace(/\r$/, '')
    if (resumeToken !== undefined) {
      if (line === `::${resumeToken}::`) resumeToken = undefined
      continue
    }
    const match = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line)
    if (!match) continue
    const [, command = '', props, data = ''] = match
    if (command === 'stop-commands') {
      resumeToken = data
      continue
    }
    if (command !== 'error' && command !== 'warning' && command !== 'notice') continue
    const properties: Record<string, string> = {}
    for (const pair of (props ?? '').split(',')) {
      const eq = pair.indexOf('=')
      if (eq > 0) properties[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1))
    }
    annotations.push({ level: command, message: unescapeData(data), properties })
  }
  return annotations
}
