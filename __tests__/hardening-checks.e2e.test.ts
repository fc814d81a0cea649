/**
 * What a configured check prints, and who may run one, tried as an attacker would through the bundled action
 * on real repositories against the stand-ins. The checks are shell scripts committed in the base; the tests
 * read only the sinks (the job log as the runner parses it, the review, the job summary, the outputs, the
 * model's requests), so they hold whatever isolates the check. Canaries sit in the action's environment: no
 * git process and no other child has one in its environment or on its command line.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { secretForms } from '../src/text/known-secrets.js'
import { block, reply } from '../testing/messages-server.js'
import { DEFAULT_ENTRY, type RunResult } from '../testing/runner.js'
import { workflowCommands } from '../testing/workflow-commands.js'
import { createActionWorld, postedReviews, runOn, type ActionWorld } from './support/action-world.js'

jest.setTimeout(180_000)

const canary = (label: string): string => `${label}${randomBytes(18).toString('hex')}`
const API_KEY = canary('sk-ant-api03-canary-')
const TOKEN = canary('ghs_canary')
const ENV_CANARIES = {
  GITHUB_TOKEN: TOKEN,
  ACTIONS_RUNTIME_TOKEN: canary('runtime-canary-'),
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: canary('oidc-canary-'),
  ANTHROPIC_API_KEY: API_KEY
}
const CANARIES = [API_KEY, TOKEN, ...Object.values(ENV_CANARIES)]

const b64 = (text: string, encoding: 'base64' | 'base64url' = 'base64'): string =>
  Buffer.from(text).toString(encoding)

const APP = 'export const one = 1\n'
const HEAD_APP = 'export const one = 1\nexport const two = 2\n'
const MATCH_NOTHING =
  "    matcher: { owner: none, pattern: [{ regexp: '^NEVER (\\S+):(\\d+): (.*)$', file: 1, line: 2, message: 3 }] }"

/** The last line of stderr is what a failed check's report quotes. */
const INJECT_TAIL =
  'x\\r::warning::forged-warning ##[add-mask]forged-mask ##[set-output name=findings-open;]0\\r' +
  '::stop-commands::halted [a](https://evil.example) ![i](https://evil.example/i.png) <img src=x> ``` `'

const ATTACK_CHECKS = [
  'checks:',
  '  - name: inject',
  '    run: sh scripts/inject.sh',
  '    format: problem-matcher',
  MATCH_NOTHING,
  '    timeout: 1',
  '  - name: leak',
  '    run: sh scripts/leak.sh',
  '    format: problem-matcher',
  MATCH_NOTHING,
  '    timeout: 1',
  '  - name: sarif-stop',
  '    run: sh scripts/sarif-stop.sh',
  '    format: sarif',
  '    timeout: 1',
  ''
].join('\n')

const ATTACK_SCRIPTS = {
  // Long enough for the watcher below to read the check's own process.
  'scripts/inject.sh': [
    'sleep 0.3',
    "echo 'some output'",
    `printf '${INJECT_TAIL}\\n' >&2`,
    'exit 1',
    ''
  ].join('\n'),
  // The key, as base64 after one byte and with a newline, as `base64` would print it; and as hex.
  'scripts/leak.sh': [
    `echo '${Buffer.from(API_KEY).toString('hex')}'`,
    `echo 'token ${b64(`:${API_KEY}\n`)} and ${b64(`ab${TOKEN}`, 'base64url')}' >&2`,
    'exit 1',
    ''
  ].join('\n'),
  // Not JSON, and short enough for JSON.parse's error to quote it whole: a second line that stops commands.
  'scripts/sarif-stop.sh': "printf 'x\\r::stop-commands::z'\n"
}

/** A git on PATH that records the environment and arguments each git process runs with, then is git. */
function gitRecorder(): { dir: string; records: () => Array<{ env: string; args: string }> } {
  const dir = mkdtempSync(join(tmpdir(), 'redline-git-recorder-'))
  const log = join(dir, 'log')
  mkdirSync(log)
  const script = [
    '#!/bin/sh',
    `cat /proc/$$/environ > '${log}/'$$.env`,
    `cat /proc/$$/cmdline > '${log}/'$$.args`,
    // exec keeps the process and its environment: this is the long-lived git's /proc/<pid>/environ.
    'exec /usr/bin/git "$@"',
    ''
  ].join('\n')
  writeFileSync(join(dir, 'git'), script)
  chmodSync(join(dir, 'git'), 0o755)
  return {
    dir,
    records: () =>
      readdirSync(log)
        .filter(name => name.endsWith('.env'))
        .map(name => ({
          env: readFileSync(join(log, name), 'utf8'),
          args: readFileSync(join(log, name.replace(/\.env$/, '.args')), 'utf8')
        }))
  }
}

interface SeenProcess {
  pid: number
  cmdline: string
  environ: string
}

/** Reads every new process's command line and environment while the action runs. */
function watchProcesses(): { stop: () => SeenProcess[] } {
  const before = new Set(readdirSync('/proc').filter(name => /^\d+$/.test(name)))
  const seen = new Map<string, SeenProcess>()
  const read = (path: string): string | undefined => {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
  }
  const timer = setInterval(() => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || before.has(pid)) continue
      const cmdline = read(`/proc/${pid}/cmdline`)
      const environ = read(`/proc/${pid}/environ`)
      if (cmdline === undefined || cmdline === '') continue
      seen.set(`${pid}:${cmdline}`, { pid: Number(pid), cmdline, environ: environ ?? '' })
    }
  }, 10)
  return {
    stop: () => {
      clearInterval(timer)
      return [...seen.values()]
    }
  }
}

/** Every place a run sends text: the model, GitHub, the log, the outputs, the summary, the findings file. */
function sinks(w: ActionWorld, result: RunResult): Array<[string, string]> {
  const places: Array<[string, string]> = [
    ...w.messages.requests.map((r, i): [string, string] => [`model request ${i + 1}`, r.raw]),
    ...w.github.requests.map((r, i): [string, string] => [
      `GitHub request ${i + 1} (${r.method} ${r.path})`,
      `${r.path} ${JSON.stringify(r.body ?? '')}`
    ]),
    // How the runner learns what to mask: the one place a secret is written on purpose.
    ['log', result.stdout.replace(/^::add-mask::.*$/gm, '')],
    ['stderr', result.stderr],
    ['outputs', JSON.stringify(result.outputs)],
    ['job summary', result.summary]
  ]
  const file = result.outputs['findings-file']
  if (file) places.push(['findings file', readFileSync(file, 'utf8')])
  return places
}

/** Places holding 12 characters in a row of any form (raw, hex, URL, base64 at any offset) of a value. */
function leaksOf(places: Array<[string, string]>, values: string[]): string[] {
  const leaks: string[] = []
  for (const value of values)
    for (const form of secretForms(value))
      for (let at = 0; at + 12 <= form.length; at += 3)
        for (const [place, text] of places)
          if (text.includes(form.slice(at, at + 12))) leaks.push(`${form.slice(at, at + 12)} in ${place}`)
  return [...new Set(leaks)]
}

function evidenceLine(text: string, name: string): string {
  return text.split('\n').find(line => line.startsWith(`- \`${name}\` (check):`)) ?? ''
}

/** `- `name` (check): ``…`` `: the whole text in one code span its content cannot close. */
function expectOneCodeSpan(line: string, name: string): void {
  const text = line.slice(`- \`${name}\` (check): `.length)
  const fence = /^`+/.exec(text)?.[0] ?? ''
  expect(fence.length).toBeGreaterThan(0)
  expect(text.endsWith(fence)).toBe(true)
  const inside = text.slice(fence.length, text.length - fence.length)
  for (const run of inside.match(/`+/g) ?? []) expect(run.length).toBeLessThan(fence.length)
  expect(inside).not.toMatch(/[\r\n]/)
}

function publishOnly(world: ActionWorld): void {
  world.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Adds two.' })]))
}

describe('what a check prints, on a head that may run checks (one commit applied on GitHub)', () => {
  let w: ActionWorld
  let run: RunResult
  let recorder: ReturnType<typeof gitRecorder>
  let processes: SeenProcess[]
  let body: string

  beforeAll(async () => {
    w = await createActionWorld(
      {
        base: { '.github/redline.yml': ATTACK_CHECKS, 'src/app.ts': APP, ...ATTACK_SCRIPTS },
        commits: [
          { files: { 'src/app.ts': HEAD_APP } },
          // An applied suggestion: the author is the person, the committer GitHub's web-flow.
          {
            files: { 'src/app.ts': `${HEAD_APP}export const three = 3\n` },
            committer: 'GitHub <noreply@github.com>'
          }
        ]
      },
      { apiKey: API_KEY, token: TOKEN }
    )
    recorder = gitRecorder()
    publishOnly(w)
    const watcher = watchProcesses()
    run = await runOn(w, {
      env: { ...ENV_CANARIES, PATH: `${recorder.dir}:${process.env['PATH'] ?? '/usr/bin:/bin'}` }
    })
    processes = watcher.stop()
    body = postedReviews(w)[0]?.body ?? ''
  })

  afterAll(async () => {
    await w?.close()
    rmSync(recorder.dir, { recursive: true, force: true })
  })

  it('runs the checks of a head whose commits a writer authored, the committer web-flow included', () => {
    expect(run.exitCode).toBe(0)
    expect(body).toContain('#### Evidence from tools')
    for (const name of ['inject', 'leak', 'sarif-stop'])
      expect(evidenceLine(body, name)).not.toMatch(/not run/)
    expect(run.annotations.map(a => a.message)).not.toContainEqual(expect.stringMatching(/was not run/))
  })

  it('gives the runner no command from what a check printed, read as the runner reads the log', () => {
    // The attacks reached the log, as text.
    expect(run.stdout).toContain('forged-warning')
    expect(run.stdout).toContain('stop-commands')
    const forged = workflowCommands(run.stdout).filter(
      c =>
        /forged|halted|pwned|evil/.test(c.line) ||
        ['stop-commands', 'set-output', 'set-env', 'add-path', 'save-state', 'add-matcher', 'echo'].includes(
          c.command
        ) ||
        (c.command === 'add-mask' && ![API_KEY, TOKEN].includes(c.data))
    )
    expect(forged).toEqual([])
  })

  it('never quotes raw output in a SARIF parse error', () => {
    expect(evidenceLine(body, 'sarif-stop')).toMatch(/its output could not be read: it is not JSON/)
    expect(body).not.toContain('stop-commands::z')
    expect(run.stdout).not.toContain('stop-commands::z')
  })

  it('shows a failed check in the review and the job summary as one code span: no link, image or HTML', () => {
    const line = evidenceLine(body, 'inject')
    expect(line).toContain('forged-warning')
    expectOneCodeSpan(line, 'inject')
    expect(evidenceLine(run.summary, 'inject')).toBe(line)
    expect(body).not.toContain('\r')
  })

  it('redacts a copy of the key or the token in any encoding from every sink', () => {
    expect(evidenceLine(body, 'leak')).toContain('[REDACTED known secret]')
    expect(leaksOf(sinks(w, run), CANARIES)).toEqual([])
  })

  it('starts git with none of the key, the token, INPUT_* or ACTIONS_*, and no secret on its command line', () => {
    const records = recorder.records()
    expect(records.length).toBeGreaterThan(3)
    // The long-lived reader of blobs, whose environment lasts the whole review.
    expect(records.some(r => r.args.includes('cat-file\0--batch\0'))).toBe(true)
    for (const { env, args } of records) {
      const names = env.split('\0').map(entry => entry.slice(0, entry.indexOf('=')))
      expect(names.filter(name => /^(INPUT_|ACTIONS_|GITHUB_TOKEN|ANTHROPIC_)/.test(name))).toEqual([])
      for (const secret of CANARIES) {
        expect(env).not.toContain(secret)
        expect(args).not.toContain(secret)
      }
    }
  })

  it('shows no secret in any child process, nor on any command line, while the action runs', () => {
    const action = processes.filter(p => p.cmdline === `${process.execPath}\0${DEFAULT_ENTRY}\0`)
    expect(action.length).toBeGreaterThan(0)
    const children = processes.filter(p => !action.includes(p))
    // The checks' shells were seen (they sleep), and git.
    expect(children.some(p => p.cmdline.includes('scripts/inject.sh'))).toBe(true)
    const leaks = processes.flatMap(p =>
      CANARIES.filter(
        secret => p.cmdline.includes(secret) || (!action.includes(p) && p.environ.includes(secret))
      ).map(secret => `${secret.slice(0, 10)}… in ${p.pid} ${p.cmdline.replace(/\0/g, ' ')}`)
    )
    expect(leaks).toEqual([])
  })
})

const MARKER_CHECK = [
  'checks:',
  '  - name: marker',
  '    run: sh scripts/marker.sh',
  '    format: sarif',
  '    timeout: 1',
  ''
].join('\n')
const MARKER_SCRIPTS = { 'scripts/marker.sh': 'echo "{}"\n' }

describe('heads whose code runs no check, whatever started the run', () => {
  const worlds: ActionWorld[] = []
  let dependabot: { world: ActionWorld; run: RunResult }
  let outsider: { world: ActionWorld; run: RunResult }
  let unlinked: { world: ActionWorld; run: RunResult }

  async function world(
    author: string,
    options: Parameters<typeof createActionWorld>[1] = {},
    target = false
  ) {
    const created = await createActionWorld(
      {
        base: { '.github/redline.yml': MARKER_CHECK, 'src/app.ts': APP, ...MARKER_SCRIPTS },
        commits: [
          { files: { 'src/app.ts': HEAD_APP } },
          { files: { 'src/app.ts': `${HEAD_APP}export const three = 3\n` }, author }
        ],
        ...(target ? { checkout: 'pull_request_target' as const } : {})
      },
      options
    )
    worlds.push(created)
    publishOnly(created)
    return created
  }

  beforeAll(async () => {
    const [bot, outside, nobody] = await Promise.all([
      world(
        'dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
        { server: { permissions: { maintainer: 'maintain' } } },
        true
      ),
      world('Eve Outsider <eve@example.com>', {
        server: { accounts: { 'eve@example.com': 'eve' }, permissions: { eve: 'none' } }
      }),
      world('Sam Nobody <sam@unlinked.example>')
    ])
    const stored = bot.github.addIssueComment({
      user: { login: 'maintainer', type: 'User' } as never,
      body: '@redline review'
    })
    const payload = {
      action: 'created',
      issue: { number: bot.fixture.prNumber, pull_request: { url: 'https://example.test/pulls/1' } },
      comment: { id: stored.id, body: '@redline review', user: { login: 'maintainer', type: 'User' } },
      repository: { full_name: `${bot.fixture.owner}/${bot.fixture.repo}` }
    }
    const [onBot, onOutside, onNobody] = await Promise.all([
      runOn(bot, { eventName: 'issue_comment', payload }),
      runOn(outside),
      runOn(nobody)
    ])
    dependabot = { world: bot, run: onBot }
    outsider = { world: outside, run: onOutside }
    unlinked = { world: nobody, run: onNobody }
  })

  afterAll(async () => {
    for (const created of worlds) await created.close()
  })

  function notices(result: RunResult): string[] {
    return result.annotations.filter(a => a.level === 'notice').map(a => a.message)
  }

  function expectNotRun(case_: { world: ActionWorld; run: RunResult }, reason: RegExp): void {
    expect(case_.run.exitCode).toBe(0)
    expect(notices(case_.run)).toContainEqual(
      expect.stringMatching(new RegExp(`^Check marker was not run: ${reason.source}`))
    )
    const [post] = postedReviews(case_.world)
    expect(post?.body).toMatch(new RegExp(`- \`marker\` \\(check\\): not run: ${reason.source}`))
  }

  it('runs no check on a Dependabot branch reviewed by an @redline review comment', () => {
    expectNotRun(dependabot, /commit [0-9a-f]{7} was authored by a bot \(dependabot\[bot\]\)/)
  })

  it('runs no check when an author has no write permission (not a collaborator: 404)', () => {
    expectNotRun(outsider, /eve, who authored commits of this head, has no write permission/)
  })

  it('runs no check when an author has no GitHub account, and the notice says so', () => {
    expectNotRun(unlinked, /commit [0-9a-f]{7} has an author with no GitHub account/)
  })
})
