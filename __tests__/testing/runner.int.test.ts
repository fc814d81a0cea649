import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import {
  DEFAULT_ENTRY,
  inputVariable,
  parseAnnotations,
  parseFileCommand,
  runAction as startRun,
  type RunActionOptions,
  type RunResult
} from '../../testing/runner.js'
import { testedBundleDir } from '../../testing/test-bundle.js'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const coreUrl = pathToFileURL(join(repoRoot, 'node_modules/@actions/core/lib/core.js')).href

// Uses the real @actions/core, so the harness is checked against the library the action writes with.
const ENTRY_SOURCE = `
import * as core from ${JSON.stringify(coreUrl)}
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const mode = process.env.ENTRY_MODE ?? 'report'
if (mode === 'hang') {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  writeFileSync(process.env.PID_FILE, String(child.pid))
  setInterval(() => {}, 1000)
} else {
  const seen = {
    env: process.env,
    cwd: process.cwd(),
    maxComments: core.getInput('max-comments'),
    apiKey: core.getInput('anthropic-api-key'),
    event: JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH, 'utf8'))
  }
  console.log('SEEN=' + JSON.stringify(seen))
  core.setOutput('review-id', '42')
  core.setOutput('body', 'line one\\nline two')
  await core.summary.addHeading('Redline review').addRaw('3 comments').write()
  core.warning('Check this, please: 100%', { file: 'src/a.ts', startLine: 3, title: 'A, b: c' })
  core.notice('done')
  if (mode === 'fail') core.setFailed('review failed')
}
`

interface Seen {
  env: Record<string, string>
  cwd: string
  maxComments: string
  apiKey: string
  event: unknown
}

function seenIn(stdout: string): Seen {
  const line = stdout.split('\n').find(l => l.startsWith('SEEN='))
  if (line === undefined) throw new Error(`entry printed nothing to read:\n${stdout}`)
  return JSON.parse(line.slice('SEEN='.length)) as Seen
}

let dir: string
let entry: string
let workspace: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redline-runner-test-'))
  entry = join(dir, 'entry.mjs')
  workspace = join(dir, 'workspace')
  await writeFile(entry, ENTRY_SOURCE)
  await mkdir(workspace)
})

afterAll(() => rm(dir, { recursive: true, force: true }))

const finished: RunResult[] = []

afterEach(async () => {
  await Promise.all(finished.splice(0).map(result => result.cleanup()))
})

async function runAction(runOptions: RunActionOptions): Promise<RunResult> {
  const result = await startRun(runOptions)
  finished.push(result)
  return result
}

function options(overrides: Partial<RunActionOptions> = {}): RunActionOptions {
  return {
    workspace,
    eventName: 'pull_request',
    payload: {
      action: 'synchronize',
      pull_request: { number: 7, head: { ref: 'feature' }, base: { ref: 'main' } }
    },
    inputs: { 'max-comments': '5', 'anthropic-api-key': 'sk-ant-from-input' },
    repository: 'acme/widgets',
    sha: 'a'.repeat(40),
    ref: 'refs/pull/7/merge',
    githubApiUrl: 'http://127.0.0.1:1/api',
    githubGraphqlUrl: 'http://127.0.0.1:1/graphql',
    anthropicBaseUrl: 'http://127.0.0.1:2',
    entry,
    timeoutMs: 20_000,
    ...overrides
  }
}

describe('runAction', () => {
  const parentSecrets = {
    ANTHROPIC_API_KEY: 'sk-ant-parent',
    GITHUB_TOKEN: 'ghp_parent',
    'INPUT_GITHUB-TOKEN': 'ghp_parent_input',
    INPUT_MODEL: 'parent-model'
  }

  beforeAll(() => {
    Object.assign(process.env, parentSecrets)
  })
  afterAll(() => {
    for (const name of Object.keys(parentSecrets)) delete process.env[name]
  })

  it('passes inputs as INPUT_ variables with hyphens kept, as @actions/core reads them', async () => {
    const result = await runAction(options())
    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    const seen = seenIn(result.stdout)
    expect(seen.env['INPUT_MAX-COMMENTS']).toBe('5')
    expect(seen.env['INPUT_ANTHROPIC-API-KEY']).toBe('sk-ant-from-input')
    expect(seen.env.INPUT_MAX_COMMENTS).toBeUndefined()
    expect(seen.maxComments).toBe('5')
    expect(seen.apiKey).toBe('sk-ant-from-input')
  })

  it('gives the action the runner environment and nothing of the parent process', async () => {
    const result = await runAction(options())
    const { env, cwd, event } = seenIn(result.stdout)

    expect(env.ANTHROPIC_API_KEY).toBeUndefined()
    expect(env.GITHUB_TOKEN).toBeUndefined()
    expect(env['INPUT_GITHUB-TOKEN']).toBeUndefined()
    expect(env.INPUT_MODEL).toBeUndefined()
    // The test runner's own flags must not change how the action's Node behaves.
    expect(env.NODE_OPTIONS).toBeUndefined()
    expect(
      Object.keys(env)
        .filter(k => k.startsWith('INPUT_'))
        .sort()
    ).toEqual(['INPUT_ANTHROPIC-API-KEY', 'INPUT_MAX-COMMENTS'])

    expect(cwd).toBe(workspace)
    expect(event).toEqual(options().payload)
    expect(env).toMatchObject({
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_REPOSITORY_OWNER: 'acme',
      GITHUB_WORKSPACE: workspace,
      GITHUB_SHA: 'a'.repeat(40),
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_HEAD_REF: 'feature',
      GITHUB_BASE_REF: 'main',
      GITHUB_API_URL: 'http://127.0.0.1:1/api',
      GITHUB_GRAPHQL_URL: 'http://127.0.0.1:1/graphql',
      GITHUB_SERVER_URL: 'https://github.com',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:2',
      GIT_CONFIG_NOSYSTEM: '1',
      RUNNER_TEMP: result.runnerTemp
    })
    for (const name of ['GITHUB_RUN_ID', 'GITHUB_ACTION', 'GITHUB_JOB', 'RUNNER_OS', 'PATH']) {
      expect(env[name]).toBeTruthy()
    }
    expect(env.HOME).not.toBe(process.env.HOME)
    expect(env.HOME?.startsWith(tmpdir())).toBe(true)
  })

  it('lets extra env add and remove variables', async () => {
    const result = await runAction(options({ env: { EXTRA: 'yes', GITHUB_HEAD_REF: undefined } }))
    const { env } = seenIn(result.stdout)
    expect(env.EXTRA).toBe('yes')
    expect(env.GITHUB_HEAD_REF).toBeUndefined()
  })

  it('reads back outputs, the step summary and annotations', async () => {
    const result = await runAction(options({ env: { ENTRY_MODE: 'fail' } }))
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toEqual({ 'review-id': '42', body: 'line one\nline two' })
    expect(result.summary).toContain('<h1>Redline review</h1>')
    expect(result.summary).toContain('3 comments')
    expect(result.annotations).toEqual([
      {
        level: 'warning',
        message: 'Check this, please: 100%',
        properties: { title: 'A, b: c', file: 'src/a.ts', line: '3' }
      },
      { level: 'notice', message: 'done', properties: {} },
      { level: 'error', message: 'review failed', properties: {} }
    ])
  })

  it('kills the action and every process it started when it runs past the timeout', async () => {
    const pidFile = join(dir, 'grandchild.pid')
    const started = Date.now()
    const result = await runAction(
      options({ env: { ENTRY_MODE: 'hang', PID_FILE: pidFile }, timeoutMs: 1500 })
    )

    expect(Date.now() - started).toBeLessThan(10_000)
    expect(result.timedOut).toBe(true)
    expect(result.exitCode).toBeNull()
    expect(result.signal).toBe('SIGKILL')
    expect(result.stderr).toContain('killed after 1500 ms')

    const pid = Number(await readFile(pidFile, 'utf8'))
    expect(pid).toBeGreaterThan(0)
    expect(await eventuallyDead(pid)).toBe(true)
  })

  it('reports a normal run as not timed out, and cleans up after itself on request', async () => {
    const result = await startRun(options())
    expect(result.timedOut).toBe(false)
    expect(result.signal).toBeNull()
    expect(existsSync(result.runnerTemp)).toBe(true)
    await result.cleanup()
    expect(existsSync(dirname(result.runnerTemp))).toBe(false)
    expect(existsSync(workspace)).toBe(true)
  })
})

/** A killed process may linger as a zombie until reaped, which counts as dead. */
async function eventuallyDead(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const stat = `/proc/${pid}/stat`
    if (!existsSync(stat)) return true
    try {
      if (/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'))) return true
    } catch {
      return true
    }
    await new Promise(r => setTimeout(r, 50))
  }
  return false
}

describe('inputVariable', () => {
  it('upper-cases, turns spaces into underscores and keeps hyphens', () => {
    expect(inputVariable('max-comments')).toBe('INPUT_MAX-COMMENTS')
    expect(inputVariable('review level')).toBe('INPUT_REVIEW_LEVEL')
  })
})

describe('parseFileCommand', () => {
  it('reads heredoc and name=value entries, later ones winning', () => {
    const text =
      'a<<ghadelimiter_1\nfirst\n\nthird\nghadelimiter_1\n' +
      'b=x=y\n' +
      'a<<ghadelimiter_2\nagain\nghadelimiter_2\n'
    expect(parseFileCommand(text)).toEqual({ a: 'again', b: 'x=y' })
    expect(parseFileCommand('empty<<EOF\nEOF\n')).toEqual({ empty: '' })
  })

  it('refuses a heredoc that never closes', () => {
    expect(() => parseFileCommand('a<<EOF\nvalue\n')).toThrow('no closing delimiter')
  })
})

describe('parseAnnotations', () => {
  it('unescapes data and properties and skips commands inside stop-commands', () => {
    const stdout = [
      '::error file=src/a%3Ab.ts,line=2,title=x%2Cy::multi%0Aline 50%25',
      'plain output',
      '::debug::not an annotation',
      '::stop-commands::tok123',
      '::error::ignored',
      '::tok123::',
      '::warning::back'
    ].join('\n')
    expect(parseAnnotations(stdout)).toEqual([
      {
        level: 'error',
        message: 'multi\nline 50%',
        properties: { file: 'src/a:b.ts', line: '2', title: 'x,y' }
      },
      { level: 'warning', message: 'back', properties: {} }
    ])
  })
})

describe('the tested bundle', () => {
  it('is the one the global setup built, else the committed dist/', () => {
    expect(DEFAULT_ENTRY).toBe(join(testedBundleDir(), 'index.js'))
    expect(testedBundleDir({})).toBe(join(repoRoot, 'dist'))
    expect(testedBundleDir({ REDLINE_TEST_BUNDLE: 'dist' })).toBe(join(repoRoot, 'dist'))
    expect(testedBundleDir({ REDLINE_TEST_BUNDLE: '/tmp/b' })).toBe('/tmp/b')
  })

  it('holds the action and the CLI', () => {
    expect(existsSync(DEFAULT_ENTRY)).toBe(true)
    expect(existsSync(join(testedBundleDir(), 'cli', 'index.js'))).toBe(true)
  })
})
