import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { reply, startMessagesServer, type MessagesServer } from '../../testing/messages-server.js'
import { testedBundleDir } from '../../testing/test-bundle.js'
import { startGitHubServer } from '../../testing/github-server.js'
import { createPrFixture, git } from '../../testing/pr-fixture.js'

jest.setTimeout(120_000)

const CLI = join(testedBundleDir(), 'cli', 'index.js')
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version
const KEY = 'sk-ant-cli-test'

const BASE =
  'export function sum(values: number[]): number {\n  return values.reduce((a, b) => a + b, 0)\n}\n'
const HEAD = `${BASE}\nexport function average(values: number[]): number {\n  return sum(values) / values.length\n}\n`
const GUARD = "  if (values.length === 0) throw new RangeError('empty')"

const FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/stats.ts',
  title: 'average([]) returns NaN',
  description: 'An empty list divides by zero.',
  start_line: 6,
  end_line: 6,
  quote: 'return sum(values) / values.length',
  suggestion: `${GUARD}\n  return sum(values) / values.length`
}

let dirs: string[] = []
let servers: MessagesServer[] = []

afterEach(async () => {
  for (const server of servers) await server.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
  servers = []
})

const ENV = {
  GIT_AUTHOR_NAME: 'Pat',
  GIT_AUTHOR_EMAIL: 'pat@example.com',
  GIT_COMMITTER_NAME: 'Pat',
  GIT_COMMITTER_EMAIL: 'pat@example.com'
}

/**
 * A repository with `main` and a `feature` branch one commit ahead, checked out on the branch; `base` adds
 * files to main's commit, `head` to the branch's.
 */
function repository(base: Record<string, string> = {}, head: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'redline-cli-'))
  dirs.push(dir)
  git(dir, ['init', '--quiet'])
  git(dir, ['checkout', '--quiet', '-b', 'main'])
  git(dir, ['config', 'user.name', 'Pat'])
  git(dir, ['config', 'user.email', 'pat@example.com'])
  commit(dir, { 'src/stats.ts': BASE, 'README.md': '# stats\n', ...base }, 'Initial commit')
  git(dir, ['checkout', '--quiet', '-b', 'feature'])
  commit(dir, { 'src/stats.ts': HEAD, ...head }, 'Add average')
  return dir
}

function commit(dir: string, files: Record<string, string>, message: string): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
    git(dir, ['add', path])
  }
  git(dir, ['commit', '--quiet', '-m', message], { env: ENV })
  return git(dir, ['rev-parse', 'HEAD'])
}

interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

function cli(cwd: string, args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: cwd,
    GIT_CONFIG_NOSYSTEM: '1'
  }
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', code => resolvePromise({ code, stdout, stderr }))
  })
}

async function model(apiKey = KEY): Promise<MessagesServer> {
  const server = await startMessagesServer({ apiKey })
  servers.push(server)
  return server
}

function firstUserText(server: MessagesServer, index: number): string {
  return JSON.stringify(server.requests[index]?.body.messages?.[0]?.content ?? '')
}

describe('redline (the bundled CLI)', () => {
  it('explains every option with --help', async () => {
    const run = await cli(tmpdir(), ['--help'])
    expect(run.code).toBe(0)
    for (const option of [
      '--base',
      '--model',
      '--budget',
      '--min-severity',
      '--instructions',
      '--full',
      '--fail-on',
      '--json',
      '--markdown',
      '--version'
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${option}\\b.*\\S`, 'm'))
    }
    expect(run.stdout).toContain('ANTHROPIC_API_KEY')
    expect(run.stdout).not.toContain('re-run the job')
    const version = await cli(tmpdir(), ['--version'])
    expect(version).toMatchObject({ code: 0, stdout: `redline ${PACKAGE_VERSION}\n` })
  })

  it('exits non-zero naming ANTHROPIC_API_KEY when no key is set, and calls nothing', async () => {
    const dir = repository()
    const server = await model()
    const run = await cli(dir, ['review', '--base', 'main'], { ANTHROPIC_BASE_URL: server.url })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/ANTHROPIC_API_KEY/)
    expect(server.requests).toHaveLength(0)
  })

  it('exits 0 with nothing to review, as a pre-push hook needs: a README change, or no commit of its own', async () => {
    const dir = repository()
    const server = await model()
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }
    git(dir, ['checkout', '--quiet', '-b', 'docs', 'main'])
    commit(dir, { 'README.md': '# stats\n\nHow to average.\n' }, 'Document average')
    const docs = await cli(dir, ['review', '--base', 'main'], env)
    expect(docs).toMatchObject({ code: 0 })
    expect(docs.stdout).toMatch(/^Nothing to review: the one changed file is of a kind Redline skips/m)

    git(dir, ['checkout', '--quiet', '-b', 'fresh', 'main'])
    const fresh = await cli(dir, ['review', '--base', 'main'], env)
    expect(fresh).toMatchObject({
      code: 0,
      stdout: "Nothing to review: HEAD has no commits that 'main' does not have.\n"
    })
    expect(server.requests).toHaveLength(0)
  })

  it('reports a mistake on the command line with exit status 2', async () => {
    const run = await cli(tmpdir(), ['review', '--budget', 'huge', '--base', 'main'], {
      ANTHROPIC_API_KEY: KEY
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("--budget is 'huge'. Expected one of fast, standard, deep.")
  })

  it('fails on a rejected key naming the environment variable, and saves no state', async () => {
    const dir = repository()
    const server = await model('sk-ant-the-real-one')
    const json = join(dir, 'review.json')
    const run = await cli(dir, ['review', '--base', 'main', '--json', json], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url
    })
    expect(run.code).toBe(1)
    const line =
      'The Anthropic API rejected the key (401 authentication_error): check the ANTHROPIC_API_KEY environment variable.'
    expect(run.stderr).toContain(`redline: ${line}`)
    expect(existsSync(join(dir, '.git/redline/state.json'))).toBe(false)
    // The file is written on failure too, saying how the run ended and why.
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({ end: 'fatal', error: line, findings: [] })
  })

  it('exits 1 with --fail-on when an open finding is at or above it, after printing the review', async () => {
    const dir = repository()
    const server = await model()
    server.push(
      reply.toolUse('add_finding', FINDING),
      reply.toolUse('publish_review', { summary: 'Adds average().' })
    )
    const run = await cli(dir, ['review', '--base', 'main', '--fail-on', 'high'], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('[HIGH] src/stats.ts:6 — average([]) returns NaN')
    expect(run.stderr).toContain(
      'redline: 1 open finding at or above high (--fail-on): average([]) returns NaN (src/stats.ts:6).'
    )
  })

  it('reviews the diff through a pipe where no temporary directory can be made', async () => {
    const dir = repository()
    const server = await model()
    const missing = join(dir, 'no-such-directory')
    server.push(
      reply.toolUse('publish_review', {
        summary: 'Adds average().',
        walkthrough: {
          summary: 'Adds average() next to sum().',
          files: [{ paths: ['src/stats.ts'], change: 'New average(): the sum over the count.' }],
          effort: 1,
          effort_reason: 'One small function.'
        }
      })
    )
    const run = await cli(dir, ['review', '--base', 'main'], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url,
      RUNNER_TEMP: missing,
      TMPDIR: missing
    })
    expect(run.code).toBe(0)
    expect(firstUserText(server, 0)).toContain('return sum(values) / values.length')
    expect(existsSync(missing)).toBe(false)
    // The walkthrough the model wrote is shown before the findings.
    expect(run.stdout).toContain(
      'Walkthrough:\n  Adds average() next to sum().\n\n' +
        '  src/stats.ts  New average(): the sum over the count.\n\n' +
        '  Effort to review: 1/5 · One small function.\n\nNo open findings.'
    )
  })

  it('reviews the branch, then after a fix reviews only what changed and reports the finding resolved', async () => {
    const dir = repository()
    const server = await model()
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }
    server.push(
      reply.toolUse('add_finding', FINDING),
      reply.toolUse('publish_review', { summary: 'Adds average(); an empty list gives NaN.' })
    )
    const json = join(dir, '..', `${dir.split('/').pop()}-review.json`)
    dirs.push(json)
    const markdown = join(dir, 'review.md')
    const first = await cli(dir, ['review', '--base', 'main', '--json', json, '--markdown', markdown], env)
    expect(first.stderr).toMatch(/Turn 1: tool_use, add_finding .*tokens so far\)/)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('Adds average(); an empty list gives NaN.')
    expect(first.stdout).toContain('[HIGH] src/stats.ts:6 — average([]) returns NaN')
    expect(first.stdout).toContain(
      `  @@ -6,1 +6,2 @@\n  -  return sum(values) / values.length\n  +${GUARD}\n  +  return sum(values) / values.length`
    )
    const saved = JSON.parse(readFileSync(json, 'utf8')) as {
      findings: Array<{ id: string; status: string }>
    }
    expect(saved.findings).toHaveLength(1)
    expect(saved.findings[0]?.status).toBe('open')
    expect(readFileSync(markdown, 'utf8')).toContain('```diff')
    expect(readFileSync(join(dir, '.git/redline/state.json'), 'utf8')).toContain('redline:state')
    const id = saved.findings[0]?.id ?? ''

    const fixed = HEAD.replace('  return sum', `${GUARD}\n  return sum`)
    commit(dir, { 'src/stats.ts': fixed, 'src/extra.ts': 'export const extra = 1\n' }, 'Guard empty lists')
    server.push(
      reply.toolUse('update_finding', { id, status: 'resolved', note: 'guarded' }),
      reply.toolUse('publish_review', { summary: 'The guard was added.' })
    )
    const second = await cli(dir, ['review', '--base', 'main'], env)
    expect(second.code).toBe(0)
    const context = firstUserText(server, 2)
    expect(context).toContain(id)
    expect(context).toContain('Changes since the last review')
    // Code untouched since the last review is not in the diff again (only around the open finding).
    expect(context.slice(context.indexOf('Changes since the last review'))).not.toContain(
      'return values.reduce'
    )
    expect(second.stdout).toContain('No open findings.')
    expect(second.stdout).toContain(
      'Resolved since the last run:\n  ✓ src/stats.ts:7 — average([]) returns NaN (guarded)'
    )

    // Nothing new: no model call, and --full asks for the whole branch again.
    const third = await cli(dir, ['review', '--base', 'main'], env)
    expect(third.code).toBe(0)
    expect(third.stdout).toMatch(/already reviewed; pass --full/)
    expect(server.requests).toHaveLength(4)
  })
})

describe('redline under the repository configuration (the bundled CLI)', () => {
  const CONFIG = '.github/redline.yml'
  const MEDIUM = { ...FINDING, severity: 'medium' }

  it('reads .github/redline.yml at the merge base, and an option wins over it', async () => {
    // The branch lowers the threshold in its own copy of the file: the base's is the one that applies.
    const LEARNED = '.github/redline/learned.md'
    const dir = repository(
      { [CONFIG]: 'min-severity: high\n', [LEARNED]: '## Empty lists\n\nFlag a mean of an empty list.\n' },
      { [CONFIG]: 'min-severity: informational\n', [LEARNED]: '## Anything goes\n\nFlag nothing.\n' }
    )
    const shown = await cli(dir, ['config', 'show', '--base', 'main'])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(/^min-severity +high +\.github\/redline\.yml$/m)
    expect(shown.stdout).toMatch(/^budget +standard +default$/m)
    const flagged = await cli(dir, ['config', 'show', '--base', 'main', '--min-severity', 'low'])
    expect(flagged.stdout).toMatch(/^min-severity +low +flag$/m)

    const server = await model()
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }
    const script = () =>
      server.push(
        reply.toolUse('add_finding', MEDIUM),
        reply.toolUse('publish_review', { summary: 'Adds average().' })
      )
    script()
    const fromFile = await cli(dir, ['review', '--base', 'main'], env)
    expect(fromFile.code).toBe(0)
    expect(fromFile.stderr).toContain(`min-severity: high (${CONFIG})`)
    expect(fromFile.stdout).toContain('Below high:\n  [MEDIUM] src/stats.ts:6 — average([]) returns NaN')
    // The team's learned rules come from the base too.
    expect(firstUserText(server, 0)).toContain('learned-rule:Empty lists')
    expect(firstUserText(server, 0)).toContain('Flag a mean of an empty list.')
    expect(firstUserText(server, 0)).not.toContain('learned-rule:Anything goes')

    script()
    const fromFlag = await cli(dir, ['review', '--base', 'main', '--full', '--min-severity', 'low'], env)
    expect(fromFlag.code).toBe(0)
    expect(fromFlag.stderr).not.toContain('min-severity: high')
    expect(fromFlag.stdout).toContain('\n[MEDIUM] src/stats.ts:6 — average([]) returns NaN\n  An empty list')
    expect(fromFlag.stdout).not.toContain('Below')
  })

  it("shows the organisation's defaults beneath the file when GITHUB_TOKEN can read them, and says when it cannot", async () => {
    const dir = repository({ [CONFIG]: 'min-severity: high\nskip-authors: [me]\n' })
    git(dir, ['remote', 'add', 'origin', 'https://github.com/acme/widgets.git'])
    const fixture = createPrFixture({ base: { 'a.txt': 'a\n' }, commits: [{ files: { 'a.txt': 'b\n' } }] })
    const organisationFile = 'budget: deep\nmin-severity: low\nskip-authors: [org-bot]\n'
    const github = await startGitHubServer({
      fixture,
      token: 'ghs_cli',
      repositories: {
        'acme/.github': { defaultBranch: 'main', branches: { main: { [CONFIG]: organisationFile } } }
      }
    })
    try {
      const env = { GITHUB_TOKEN: 'ghs_cli', GITHUB_API_URL: github.url }
      const shown = await cli(dir, ['config', 'show', '--base', 'main'], env)
      expect(shown.code).toBe(0)
      expect(shown.stdout).toContain('; organisation defaults from acme/.github at main):')
      expect(shown.stdout).toMatch(/^budget +deep +organisation$/m)
      expect(shown.stdout).toMatch(/^min-severity +high +\.github\/redline\.yml$/m)
      expect(shown.stdout).toMatch(
        /^skip-authors +org-bot, me +organisation: org-bot \+ \.github\/redline\.yml: me$/m
      )
      const without = await cli(dir, ['config', 'show', '--base', 'main'])
      expect(without.code).toBe(0)
      expect(without.stdout).toContain(
        'organisation defaults (acme/.github) not read: set GITHUB_TOKEN to a token that can read it'
      )
      expect(without.stdout).toMatch(/^budget +standard +default$/m)
    } finally {
      await github.close()
      fixture.cleanup()
    }
  })

  it('checks a configuration file offline: every problem with its line, exit 1; a good file exits 0', async () => {
    const dir = repository({ [CONFIG]: 'budget: deep\n' })
    const bad = join(dir, 'bad.yml')
    writeFileSync(bad, 'min-severity: extreme\nmax-comments: 99\nbudget: fast\ncolour: red\n')
    const checked = await cli(dir, ['config', 'check', 'bad.yml'])
    expect(checked.code).toBe(1)
    expect(checked.stdout.trimEnd().split('\n')).toEqual([
      "bad.yml:1: min-severity is 'extreme'; expected one of informational, low, medium, high, critical.",
      'bad.yml:2: max-comments is 99; expected a whole number from 0 to 50.',
      expect.stringMatching(/^bad\.yml:4: colour is not a known key\. Known keys: model, /)
    ])
    const good = await cli(join(dir, 'src'), ['config', 'check'])
    expect(good).toMatchObject({ code: 0, stdout: `../${CONFIG}: no problems.\n` })
  })
})
