/**
 * `npm run eval -- --check-fixtures`: every fixture's codebase must build and pass its own tests at the base,
 * the head and the fix, with its language's toolchain. A fixture may carry `proof/`: test files that are not
 * part of the pull request (the reviewer never sees them) and prove a seeded defect exists: with them added,
 * the head's tests must fail and the fix's must pass. A missing toolchain is reported, never passed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIXTURES_DIR, loadFixtures, readTree } from './fixtures.js'
import type { Fixture, Tree } from './model.js'
import { mapLimit } from './pool.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const JUNIT = '/usr/share/java/junit-platform-console-standalone.jar'
/** One build and test run of one tree; a hung test (a deadlock the proof looks for) is stopped here. */
const STEP_TIMEOUT_MS = 300_000

export interface Command {
  command: string
  args: string[]
  env?: Record<string, string>
}

export interface Toolchain {
  language: string
  /** Why it cannot run here, or undefined when it can. */
  missing(): string | undefined
  /** Commands run in order in the tree; the first that fails fails the tree. */
  commands(tree: Tree): Command[]
  /** Prepares the tree (links, stand-ins) before the commands. */
  prepare?(dir: string): void
  /** What can still be checked when the toolchain is missing (the fixture stays "not checked"). */
  fallback?: { missing(): string | undefined; what: string; commands(tree: Tree): Command[] }
}

function has(command: string, args: string[] = ['--version']): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0
}

function filesUnder(tree: Tree, prefix: string, ext: string): string[] {
  return Object.keys(tree).filter(f => f.startsWith(prefix) && f.endsWith(ext))
}

/** The Go the go-shop codebase's go.mod asks for (http.Request.PathValue came in 1.22). */
export const GO_NEEDED = [1, 22]

function goMissing(): string | undefined {
  const version = spawnSync('go', ['version'], { encoding: 'utf8' })
  if (version.status !== 0) return 'go is not installed (Go 1.22 or newer is needed)'
  const [major = 0, minor = 0] = (/go(\d+)\.(\d+)/.exec(version.stdout) ?? []).slice(1).map(Number)
  if (major > GO_NEEDED[0]! || (major === GO_NEEDED[0] && minor >= GO_NEEDED[1]!)) return undefined
  return `go ${major}.${minor} is older than the go ${GO_NEEDED.join('.')} the codebase's go.mod needs (Debian 12 ships 1.19)`
}

/** The vitest API the TypeScript fixtures' tests use, on node:test and jest's expect (no network needed). */
const VITEST_STAND_IN = {
  'package.json': JSON.stringify({
    name: 'vitest',
    type: 'module',
    exports: { '.': './index.js' },
    types: 'index.d.ts'
  }),
  'index.js':
    "export { describe, it, it as test, beforeEach, afterEach } from 'node:test'\nexport { expect } from 'expect'\n",
  'index.d.ts':
    "export { expect } from 'expect'\n" +
    'type Body = () => void | Promise<void>\n' +
    'export declare function describe(name: string, body: Body): void\n' +
    'export declare function it(name: string, body: Body): void\n' +
    'export declare function test(name: string, body: Body): void\n' +
    'export declare function beforeEach(body: Body): void\n' +
    'export declare function afterEach(body: Body): void\n'
}

export const TOOLCHAINS: Record<string, Toolchain> = {
  go: {
    language: 'go',
    missing: goMissing,
    fallback: {
      missing: () => (has('sh', ['-c', 'command -v gofmt']) ? undefined : 'gofmt is not installed'),
      what: 'every Go file parses (gofmt -e)',
      commands: () => [
        { command: 'sh', args: ['-c', 'out=$(gofmt -e -l . 2>&1 >/dev/null); echo "$out"; test -z "$out"'] }
      ]
    },
    commands: () => [
      { command: 'go', args: ['vet', './...'], env: { GOFLAGS: '-buildvcs=false', GOTOOLCHAIN: 'local' } },
      { command: 'go', args: ['test', './...'], env: { GOFLAGS: '-buildvcs=false', GOTOOLCHAIN: 'local' } }
    ]
  },
  rust: {
    language: 'rust',
    missing: () => (has('cargo') ? undefined : 'cargo is not installed (apt-get install cargo)'),
    commands: () => [
      {
        command: 'cargo',
        // The tree's own target/: a target directory shared by trees built side by side serves stale builds.
        args: ['test', '--offline', '--no-fail-fast', '--quiet']
      }
    ]
  },
  python: {
    language: 'python',
    missing: () =>
      has('python3', ['-c', 'import pytest'])
        ? undefined
        : 'python3 with pytest is not installed (apt-get install python3-pytest)',
    commands: () => [
      {
        command: 'python3',
        args: ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'],
        env: { PYTHONDONTWRITEBYTECODE: '1' }
      }
    ]
  },
  java: {
    language: 'java',
    missing: () =>
      has('javac') && has('java') && existsSync(JUNIT)
        ? undefined
        : 'javac, java or JUnit 5 is not installed (apt-get install default-jdk-headless junit5)',
    commands: () => [
      { command: 'sh', args: ['-c', 'javac -d out/main $(find src/main -name "*.java")'] },
      {
        command: 'sh',
        args: ['-c', `javac -cp out/main:${JUNIT} -d out/test $(find src/test -name "*.java")`]
      },
      {
        command: 'java',
        args: [
          '-jar',
          JUNIT,
          '--class-path',
          'out/main:out/test',
          '--scan-class-path',
          '--disable-banner',
          '--details=summary',
          '--fail-if-no-tests'
        ]
      }
    ]
  },
  typescript: {
    language: 'typescript',
    missing: () => undefined,
    prepare(dir) {
      const modules = path.join(dir, 'node_modules')
      mkdirSync(path.join(modules, '@types'), { recursive: true })
      for (const name of ['expect', 'tsx'])
        symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name))
      symlinkSync(path.join(ROOT, 'node_modules', '@types', 'node'), path.join(modules, '@types', 'node'))
      mkdirSync(path.join(modules, 'vitest'))
      for (const [file, text] of Object.entries(VITEST_STAND_IN))
        writeFileSync(path.join(modules, 'vitest', file), text)
    },
    commands: tree => [
      {
        command: process.execPath,
        args: [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--noEmit']
      },
      {
        command: process.execPath,
        args: ['--import', 'tsx', '--test', ...filesUnder(tree, 'test/', '.test.ts')]
      }
    ]
  }
}

export type Expect = 'pass' | 'fail'

export interface StateCheck {
  state: string
  expect: Expect
  ok: boolean
  /** The failing command and the end of its output, when the tree failed. */
  detail?: string
  cached?: boolean
}

export interface FixtureCheck {
  fixture: string
  language: string
  /** Of everything the check built: every state's tree and what it must do. */
  hash: string
  /** Why the fixture was not checked (its toolchain is missing). */
  skipped?: string | undefined
  /** With the toolchain missing, what the fallback checked and whether it passed. */
  partial?: { what: string; ok: boolean; detail?: string }
  states: StateCheck[]
  ok: boolean
}

function overlay(base: Tree, files: Tree, deleted: readonly string[] = []): Tree {
  const tree = { ...base, ...files }
  for (const file of deleted) delete tree[file]
  return tree
}

/** The trees to check: base, head and fix, and head and fix with the proof's tests added. */
export function statesOf(
  fixture: Fixture,
  proof: Tree
): Array<{ state: string; tree: Tree; expect: Expect }> {
  const head = overlay(fixture.base, fixture.head, fixture.deleted)
  const fix = fixture.fix ? overlay(head, fixture.fix.files) : undefined
  const hasProof = Object.keys(proof).length > 0
  return [
    { state: 'base', tree: fixture.base, expect: 'pass' as const },
    { state: 'head', tree: head, expect: 'pass' as const },
    ...(fix ? [{ state: 'fix', tree: fix, expect: 'pass' as const }] : []),
    ...(hasProof ? [{ state: 'head + proof', tree: overlay(head, proof), expect: 'fail' as const }] : []),
    ...(hasProof && fix ? [{ state: 'fix + proof', tree: overlay(fix, proof), expect: 'pass' as const }] : [])
  ]
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>(resolve => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: STEP_TIMEOUT_MS,
      killSignal: 'SIGKILL'
    })
    let output = ''
    const take = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.once('error', error => resolve({ code: -1, output: error.message }))
    child.once('close', code => resolve({ code, output }))
  })
}

/** Builds and tests one tree; undefined when every command passed, else the failing command and output. */
async function buildAndTest(
  toolchain: Pick<Toolchain, 'commands' | 'prepare'>,
  tree: Tree
): Promise<string | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), 'redline-fixture-build-'))
  try {
    for (const [file, text] of Object.entries(tree)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    toolchain.prepare?.(dir)
    for (const step of toolchain.commands(tree)) {
      const result = await run(step.command, step.args, dir, step.env)
      if (result.code !== 0)
        return `${[step.command.split('/').pop(), ...step.args].join(' ')} exited ${result.code}:\n${result.output.trim().split('\n').slice(-15).join('\n')}`
    }
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The hash a fixture's stamp records: every state the check builds, and what each must do. */
export function fixtureHash(fixture: Fixture, proof: Tree): string {
  const hash = createHash('sha256').update(`${fixture.id}\0${fixture.language}`)
  for (const { state, tree, expect } of statesOf(fixture, proof))
    hash.update(`\0${state}\0${expect}\0${hashOf(fixture.language, tree)}`)
  return hash.digest('hex')
}

function hashOf(language: string, tree: Tree): string {
  const hash = createHash('sha256').update(language)
  for (const file of Object.keys(tree).sort()) hash.update(`\0${file}\0${tree[file]}`)
  return hash.digest('hex')
}

/** The fallback over every state of the fixture: the part of the check a missing toolchain leaves. */
async function fallbackCheck(
  fallback: NonNullable<Toolchain['fallback']>,
  fixture: Fixture,
  proof: Tree
): Promise<NonNullable<FixtureCheck['partial']>> {
  for (const { state, tree } of statesOf(fixture, proof)) {
    const failure = await buildAndTest(fallback, tree)
    if (failure) return { what: fallback.what, ok: false, detail: `${state}: ${failure}` }
  }
  return { what: fallback.what, ok: true }
}

export interface CheckOptions {
  fixturesDir?: string
  only?: readonly string[] | undefined
  concurrency?: number | undefined
  log?: (line: string) => void
  /** Which states of a fixture to build (all by default); the test suite's sample takes fewer. */
  states?: (fixture: string, state: string) => boolean
}

export async function checkFixtures(options: CheckOptions = {}): Promise<FixtureCheck[]> {
  const dir = options.fixturesDir ?? FIXTURES_DIR
  const fixtures = await loadFixtures(dir, options.only)
  const log = options.log ?? (() => undefined)
  // The same tree (a codebase's base, shared by its fixtures) is built once.
  const results = new Map<string, Promise<string | undefined>>()
  const missing = new Map<string, string | undefined>()
  const work = await Promise.all(
    fixtures.map(async fixture => ({ fixture, proof: await readTree(path.join(dir, fixture.id, 'proof')) }))
  )
  return mapLimit(work, options.concurrency ?? 2, async ({ fixture, proof }) => {
    const hash = fixtureHash(fixture, proof)
    const toolchain = TOOLCHAINS[fixture.language]
    if (!missing.has(fixture.language))
      missing.set(
        fixture.language,
        toolchain ? toolchain.missing() : `no toolchain for '${fixture.language}'`
      )
    const skipped = missing.get(fixture.language)
    if (skipped || !toolchain) {
      const partial =
        toolchain?.fallback && !toolchain.fallback.missing()
          ? await fallbackCheck(toolchain.fallback, fixture, proof)
          : undefined
      log(
        `SKIP ${fixture.id}: not checked: ${skipped}` +
          (partial ? `; ${partial.what}: ${partial.ok ? 'yes' : `NO: ${partial.detail}`}` : '')
      )
      return {
        fixture: fixture.id,
        language: fixture.language,
        hash,
        skipped,
        states: [],
        ok: false,
        ...(partial ? { partial } : {})
      }
    }
    const states: StateCheck[] = []
    const wanted = statesOf(fixture, proof).filter(s => options.states?.(fixture.id, s.state) ?? true)
    for (const { state, tree, expect } of wanted) {
      const key = hashOf(fixture.language, tree)
      const cached = results.has(key)
      if (!cached) results.set(key, buildAndTest(toolchain, tree))
      const failure = await results.get(key)!
      const ok = expect === 'pass' ? failure === undefined : failure !== undefined
      states.push({
        state,
        expect,
        ok,
        ...(ok ? {} : { detail: failure ?? 'the tests passed, but this proof must make them fail' }),
        ...(cached ? { cached } : {})
      })
    }
    const ok = states.every(s => s.ok)
    log(
      `${ok ? 'ok  ' : 'FAIL'} ${fixture.id} (${fixture.language}): ` +
        states
          .map(s => `${s.state} ${s.ok ? (s.expect === 'fail' ? 'fails as it must' : 'passes') : 'WRONG'}`)
          .join(', ')
    )
    for (const s of states.filter(s => !s.ok)) log(`     ${s.state}: ${s.detail}`)
    return { fixture: fixture.id, language: fixture.language, hash, states, ok }
  })
}

/**
 * The record of the last check, committed with the fixtures: per fixture, the hash of what was built and
 * what came of it. The test suite checks a sample for real (the whole set takes minutes) and that no
 * fixture changed since its recorded check, so a changed fixture fails until the check is run again.
 */
export const STAMP_FILE = path.join(FIXTURES_DIR, '_checked.json')

export interface Stamp {
  hash: string
  result: string
}

export function stampOf(check: FixtureCheck): Stamp {
  const result = check.skipped
    ? `not checked: ${check.skipped}` +
      (check.partial ? `; ${check.partial.what}: ${check.partial.ok ? 'yes' : 'NO'}` : '')
    : check.ok
      ? `built and tested: ${check.states.map(s => `${s.state} ${s.expect === 'fail' ? 'fails' : 'passes'}`).join(', ')}`
      : 'FAILED'
  return { hash: check.hash, result }
}

/** Every fixture's hash as the check would record it now. */
export async function currentHashes(dir = FIXTURES_DIR): Promise<Record<string, string>> {
  const fixtures = await loadFixtures(dir)
  const entries = await Promise.all(
    fixtures.map(async f => [f.id, fixtureHash(f, await readTree(path.join(dir, f.id, 'proof')))] as const)
  )
  return Object.fromEntries(entries)
}

export async function readStamps(file = STAMP_FILE): Promise<Record<string, Stamp>> {
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, Stamp>) : {}
}

/** Records the checks that came out as they must (or were not checked, saying so); a failure is not recorded. */
async function writeStamps(checks: readonly FixtureCheck[]): Promise<void> {
  const stamps = await readStamps()
  for (const check of checks) {
    if (check.ok || (check.skipped && check.partial?.ok !== false)) stamps[check.fixture] = stampOf(check)
    else delete stamps[check.fixture]
  }
  const sorted = Object.fromEntries(Object.entries(stamps).sort(([a], [b]) => a.localeCompare(b)))
  await writeFile(STAMP_FILE, `${JSON.stringify(sorted, null, 2)}\n`, 'utf8')
}

/** The command's exit code: 0 only when every fixture was checked and is as it must be. */
export async function runCheckFixturesCli(
  only: string[] | undefined,
  concurrency: number | undefined
): Promise<number> {
  const started = Date.now()
  const checks = await checkFixtures({ only, concurrency, log: line => console.log(line) })
  await writeStamps(checks)
  const failed = checks.filter(c => (!c.ok && !c.skipped) || c.partial?.ok === false)
  const skipped = checks.filter(c => c.skipped)
  console.log(
    `\n${checks.length - failed.length - skipped.length} fixtures build and test as they must, ${failed.length} do not, ` +
      `${skipped.length} were not checked; ${((Date.now() - started) / 1000).toFixed(0)} s.`
  )
  for (const language of new Set(skipped.map(c => c.language)))
    console.log(
      `Not checked: every ${language} fixture: ${skipped.find(c => c.language === language)!.skipped}`
    )
  return failed.length === 0 && skipped.length === 0 ? 0 : 1
}
