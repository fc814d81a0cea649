/**
 * Evidence from the repository's own tools, through the bundled action and the CLI, on real repositories: a
 * SARIF file from an earlier step, configured checks run in the sandbox (a tsc-like script with a problem
 * matcher, one that sleeps with a child, one that floods its output), a checks key only in the head, fork
 * pull requests and pull_request_target, and a pull request with nothing to review.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { block, reply, startMessagesServer } from '../testing/messages-server.js'
import { git } from '../testing/pr-fixture.js'
import type { RunResult } from '../testing/runner.js'
import { testedBundleDir } from '../testing/test-bundle.js'
import {
  createActionWorld,
  firstUserText,
  postedReviews,
  runOn,
  type ActionWorld
} from './support/action-world.js'

jest.setTimeout(180_000)

// Line 1 lies outside the change's hunk (more than three lines above it); line 11 is the changed line.
const BASE_APP = [
  'export function pad(n: number): string {',
  '  return String(n).padStart(3, "0")',
  '}',
  '',
  'export function unpad(text: string): number {',
  '  const trimmed = text.replace(/^0+/, "")',
  '  return Number(trimmed || "0")',
  '}',
  '',
  'export const width = 3',
  ''
].join('\n')
const HEAD_APP = `${BASE_APP}export const label = pad('7')\n`

const TSC_MATCHER = [
  '    matcher:',
  '      owner: tsc',
  '      pattern:',
  "        - regexp: '^([^\\s].*)[\\(:](\\d+)[,:](\\d+)(?:\\):\\s+|\\s+-\\s+)(error|warning|info)\\s+(TS\\d+)\\s*:\\s*(.*)$'",
  '          file: 1',
  '          line: 2',
  '          column: 3',
  '          severity: 4',
  '          code: 5',
  '          message: 6'
]

const CHECKS = [
  'checks:',
  '  - name: tsc',
  '    run: sh scripts/tsc.sh',
  '    format: problem-matcher',
  '    env: [EVIDENCE_OUT]',
  '    timeout: 1',
  ...TSC_MATCHER,
  '  - name: sleeper',
  '    run: sh scripts/sleeper.sh',
  '    format: sarif',
  '    env: [EVIDENCE_OUT]',
  '    timeout: 0.05',
  '  - name: flood',
  '    run: sh scripts/flood.sh',
  '    format: problem-matcher',
  "    matcher: { owner: flood, pattern: [{ regexp: '^(\\S+):(\\d+): (.*)$', file: 1, line: 2, message: 3 }] }",
  '    timeout: 1',
  ''
].join('\n')

const SCRIPTS = {
  // Prints what tsc prints (what a check can reach is tried in sandbox-attacks.e2e.test.ts).
  'scripts/tsc.sh': [
    `echo "src/app.ts(11,27): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'."`,
    'echo "src/app.ts(1,17): error TS9999: a result on a line the change does not touch."',
    'exit 2',
    ''
  ].join('\n'),
  'scripts/sleeper.sh': ["sh -c 'sleep 60; : redline-sleeper-child' &", 'sleep 60', ''].join('\n'),
  'scripts/flood.sh': "head -c 50000000 /dev/zero | tr '\\0' x\n",
  'scripts/marker.sh': 'echo "$1"\n'
}

function sarif(results: Array<{ rule: string; line: number }>): string {
  return JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'ESLint' } },
        originalUriBaseIds: { ROOT: { uri: 'file:///home/runner/work/app/app/' } },
        results: results.map(({ rule, line }) => ({
          ruleId: rule,
          level: 'warning',
          message: { text: `Reported by ${rule}.` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'src/app.ts', uriBaseId: 'ROOT' },
                region: { startLine: line }
              }
            }
          ]
        }))
      }
    ]
  })
}

/** The sleeper's child, where it still runs (a zombie, where PID 1 reaps nothing, does not). */
function sleepersLeft(): string[] {
  return readdirSync('/proc')
    .filter(name => /^\d+$/.test(name))
    .filter(pid => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return (
          !/^\d+ \(.*\) Z/.test(stat) &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redline-sleeper-child')
        )
      } catch {
        return false
      }
    })
}

function publishOnly(world: ActionWorld): void {
  world.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Adds label.' })]))
}

const outDirs: string[] = []
function outDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'redline-evidence-out-'))
  outDirs.push(dir)
  return dir
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true })
})

const SECRET_ENV = {
  GITHUB_TOKEN: 'ghs_workflowtoken',
  ACTIONS_RUNTIME_TOKEN: 'actions-runtime-secret',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret',
  ANTHROPIC_API_KEY: 'sk-ant-env-secret',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  GOOGLE_APPLICATION_CREDENTIALS: '/secret/key.json'
}

describe('evidence on a pull request from the repository itself', () => {
  let w: ActionWorld
  let run: RunResult
  let out: string
  let first: string
  let elapsedMs: number

  beforeAll(async () => {
    w = await createActionWorld({
      base: { '.github/redline.yml': CHECKS, 'src/app.ts': BASE_APP, ...SCRIPTS },
      commits: [
        {
          files: {
            'src/app.ts': HEAD_APP,
            // A check added by the pull request itself: the base's file decides, so it never runs.
            '.github/redline.yml': `${CHECKS}  - name: from-head\n    run: sh scripts/marker.sh head-check-ran\n    format: sarif\n    env: [EVIDENCE_OUT]\n    timeout: 1\n`
          }
        }
      ]
    })
    out = outDir()
    // An earlier step of the job wrote a SARIF file into the workspace.
    mkdirSync(join(w.fixture.workspaceDir, 'reports'), { recursive: true })
    writeFileSync(
      join(w.fixture.workspaceDir, 'reports/eslint.sarif'),
      sarif([
        { rule: 'changed-line-rule', line: 11 },
        { rule: 'unchanged-line-rule', line: 1 }
      ])
    )
    publishOnly(w)
    const started = Date.now()
    run = await runOn(w, {
      inputs: { evidence: 'reports/*.sarif' },
      env: { EVIDENCE_OUT: out, ...SECRET_ENV }
    })
    elapsedMs = Date.now() - started
    first = firstUserText(w.messages.requests[0]!)
  })

  afterAll(async () => {
    await w?.close()
  })

  it('gives the model the SARIF result on the changed line with its rule id, not the one on an unchanged line', () => {
    expect(run.exitCode).toBe(0)
    expect(first).toContain('evidence, not a finding')
    expect(first).toMatch(
      /<untrusted-data source="tool-results:src\/app\.ts">[^<]*line 11: ESLint changed-line-rule/
    )
    expect(first).not.toContain('unchanged-line-rule')
  })

  it("gives the check's problem-matcher result on the changed line, and only counts the other", () => {
    expect(first).toMatch(/line 11:27: tsc TS2345 \(error\): Argument of type 'string' is not assignable/)
    expect(first).not.toContain('TS9999')
    expect(first).toContain('2 results on lines this change does not touch, not shown')
  })

  it('kills a check that sleeps, with its child, at the timeout, and the review still says so', () => {
    expect(sleepersLeft()).toEqual([])
    // 3 s of timeout and a grace of 2 s; the rest of the run is the review itself.
    expect(run.stdout).toMatch(/Check sleeper: timed out after 3 s/)
    expect(elapsedMs).toBeLessThan(60_000)
    const [post] = postedReviews(w)
    expect(post!.body).toContain('#### Evidence from tools')
    expect(post!.body).toMatch(/- `sleeper` \(check\): timed out after 3 s/)
    expect(post!.body).toMatch(/- `tsc` \(check\): ran, 1 result on changed lines \(1 elsewhere\)/)
    expect(post!.body).toMatch(
      /- `reports\/eslint\.sarif` \(evidence file\): read, 1 result on changed lines/
    )
  })

  it('caps a check that prints 50 MB, and the run finishes', () => {
    expect(postedReviews(w)[0]!.body).toMatch(
      /- `flood` \(check\): ran \(output cut at 1 MB a stream, 49000000 bytes dropped\)/
    )
    expect(run.summary).toContain('### Evidence from tools')
  })

  it('never runs a check that only the head configures', () => {
    expect(run.stdout).not.toContain('from-head')
    expect(run.stdout).not.toContain('head-check-ran')
  })
})

const MARKER_CHECK = [
  'checks:',
  '  - name: marker',
  '    run: sh scripts/marker.sh check-ran',
  '    format: sarif',
  '    env: [EVIDENCE_OUT]',
  '    timeout: 1',
  ''
].join('\n')

describe('checks where the head is not trusted to run, or nothing is reviewed', () => {
  const worlds: ActionWorld[] = []

  afterAll(async () => {
    for (const world of worlds) await world.close()
  })

  async function world(spec: {
    forkOwner?: string
    target?: boolean
    docsOnly?: boolean
  }): Promise<ActionWorld> {
    const created = await createActionWorld({
      base: { '.github/redline.yml': MARKER_CHECK, 'src/app.ts': BASE_APP, ...SCRIPTS },
      commits: [{ files: spec.docsOnly ? { 'docs/guide.md': '# Guide\n' } : { 'src/app.ts': HEAD_APP } }],
      ...(spec.forkOwner ? { forkOwner: spec.forkOwner } : {}),
      ...(spec.target ? { checkout: 'pull_request_target' as const } : {})
    })
    worlds.push(created)
    return created
  }

  function notices(result: RunResult): string[] {
    return result.annotations.filter(a => a.level === 'notice').map(a => a.message)
  }

  it('runs no check on a fork, under pull_request or pull_request_target, and a notice says why', async () => {
    const [fork, target] = await Promise.all([
      world({ forkOwner: 'mallory' }),
      world({ forkOwner: 'mallory', target: true })
    ])
    const forkOut = outDir()
    const targetOut = outDir()
    publishOnly(fork)
    publishOnly(target)
    const [onFork, onTarget] = await Promise.all([
      runOn(fork, { env: { EVIDENCE_OUT: forkOut } }),
      runOn(target, { eventName: 'pull_request_target', env: { EVIDENCE_OUT: targetOut } })
    ])
    expect(onFork.exitCode).toBe(0)
    expect(onTarget.exitCode).toBe(0)
    expect(onFork.stdout).not.toContain('Running check marker')
    expect(onTarget.stdout).not.toContain('Running check marker')
    expect(notices(onFork)).toContainEqual(
      expect.stringMatching(
        /^Check marker was not run: PR #1 comes from a fork \(mallory\/[^)]+\), and a fork's code is not run here\.$/
      )
    )
    expect(notices(onTarget)).toContainEqual(
      expect.stringMatching(
        /^Check marker was not run: under pull_request_target .* the pull request's code is not run\.$/
      )
    )
    expect(postedReviews(fork)[0]!.body).toMatch(/- `marker` \(check\): not run: PR #1 comes from a fork/)
  })

  it('runs no check and calls no model when no file is reviewable', async () => {
    const docs = await world({ docsOnly: true })
    const docsOut = outDir()
    const result = await runOn(docs, { env: { EVIDENCE_OUT: docsOut } })
    expect(result.exitCode).toBe(0)
    expect(docs.messages.requests).toHaveLength(0)
    expect(result.stdout).not.toContain('Running check marker')
  })
})

describe('redline review (the CLI) with configured checks', () => {
  it("runs the base's checks on the local branch and gives the model their results", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'redline-cli-evidence-'))
    outDirs.push(dir)
    const repo = join(dir, 'repo')
    const out = join(dir, 'out')
    mkdirSync(out)
    mkdirSync(repo)
    const env = {
      GIT_AUTHOR_NAME: 'Pat',
      GIT_AUTHOR_EMAIL: 'p@example.com',
      GIT_COMMITTER_NAME: 'Pat',
      GIT_COMMITTER_EMAIL: 'p@example.com'
    }
    const commit = (files: Record<string, string>, message: string) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(repo, path)), { recursive: true })
        writeFileSync(join(repo, path), text)
        git(repo, ['add', path])
      }
      git(repo, ['commit', '--quiet', '-m', message], { env })
    }
    git(repo, ['init', '--quiet', '-b', 'main'])
    const tscOnly = CHECKS.slice(0, CHECKS.indexOf('  - name: sleeper'))
    commit({ '.github/redline.yml': tscOnly, 'src/app.ts': BASE_APP, ...SCRIPTS }, 'Initial commit')
    git(repo, ['checkout', '--quiet', '-b', 'feature'])
    commit({ 'src/app.ts': HEAD_APP }, 'Add label')
    const messages = await startMessagesServer({ apiKey: 'sk-ant-cli' })
    try {
      messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Adds label.' })]))
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        (resolve, reject) => {
          const child = spawn(
            process.execPath,
            [join(testedBundleDir(), 'cli', 'index.js'), 'review', '--base', 'main'],
            {
              cwd: repo,
              env: {
                PATH: process.env['PATH'] ?? '',
                HOME: dir,
                GIT_CONFIG_NOSYSTEM: '1',
                ANTHROPIC_API_KEY: 'sk-ant-cli',
                ANTHROPIC_BASE_URL: messages.url,
                EVIDENCE_OUT: out
              },
              stdio: ['ignore', 'pipe', 'pipe']
            }
          )
          let stdout = ''
          let stderr = ''
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
          child.once('error', reject)
          child.once('close', code => resolve({ code, stdout, stderr }))
        }
      )
      expect(result).toMatchObject({ code: 0 })
      expect(firstUserText(messages.requests[0]!)).toMatch(
        /line 11:27: tsc TS2345 \(error\): Argument of type 'string'/
      )
      expect(result.stdout).toContain('Tool: tsc (check): ran, 1 result on changed lines (1 elsewhere)')
    } finally {
      await messages.close()
    }
  })
})
