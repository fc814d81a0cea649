import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { findBrowser, onPath } from '../../testing/browser.js'

// The set-up as a user without root and without sudo: root becomes nobody (setpriv); another user runs it as
// itself with a PATH that has no sudo. Its sources are compiled into a directory any user can read, since the
// checkout may sit under a home directory nobody can enter.
const root = resolve(import.meta.dirname, '..', '..')
const SOURCES = ['scripts/test-setup.ts', 'scripts/test-setup/plan.ts', 'testing/browser.ts']
/** What the set-up looks for on PATH, found where the system keeps it first (a version manager's shim may sit in a home directory). */
const PROGRAMS = ['sqlite3', 'javac', 'java', 'python3', 'bwrap', 'git', 'curl', 'apt-get']

let dir: string
let browser: string | undefined

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'redline-setup-'))
  chmodSync(dir, 0o755)
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
  for (const source of SOURCES) {
    const out = join(dir, source.replace(/\.ts$/, '.js'))
    mkdirSync(dirname(out), { recursive: true })
    const compiled = ts.transpileModule(readFileSync(join(root, source), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    })
    writeFileSync(out, compiled.outputText)
  }
  mkdirSync(join(dir, 'home'), { mode: 0o777 })
  chmodSync(join(dir, 'home'), 0o777)
  browser = findBrowser()
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A directory of links to the programs, for PATH. */
function pathWith(name: string, programs: string[]): string {
  const bin = join(dir, name)
  mkdirSync(bin)
  const search = `/usr/local/bin:/usr/bin:/bin:${process.env['PATH'] ?? ''}`
  for (const program of programs) {
    const found = onPath(program, search)
    if (found === undefined)
      throw new Error(`${program} is not installed here: run npm test, whose set-up installs it`)
    symlinkSync(found, join(bin, program))
  }
  return bin
}

function runSetup(path: string): { status: number | null; stderr: string; stdout: string } {
  const env = ['env', '-i', `PATH=${path}`, `HOME=${join(dir, 'home')}`, `CHROME_PATH=${browser ?? ''}`]
  const command = [...env, process.execPath, join(dir, 'scripts', 'test-setup.js')]
  const asUser =
    process.getuid?.() === 0
      ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...command]
      : command
  const run = spawnSync(asUser[0]!, asUser.slice(1), { cwd: dir, encoding: 'utf8', timeout: 60_000 })
  return { status: run.status, stderr: run.stderr, stdout: run.stdout }
}

describe('the test set-up, as a user without root and without sudo', () => {
  it('stops before the tests with one line naming what to install when something is missing', () => {
    expect(browser).toBeDefined()
    const run = runSetup(
      pathWith(
        'no-sqlite3',
        PROGRAMS.filter(program => program !== 'sqlite3')
      )
    )
    expect(run).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'test set-up: missing sqlite3 (sqlite3 for the insights database): install them with ' +
        '`sudo apt-get install sqlite3`, or run npm test as root or with passwordless sudo\n'
    })
  })

  it('goes on, saying nothing and installing nothing, when everything is here', () => {
    expect(runSetup(pathWith('everything', PROGRAMS))).toEqual({ status: 0, stdout: '', stderr: '' })
  })
})
