/**
 * The world of the hardening matrix: a pull-request repository, the GitHub and Messages stand-ins, and the
 * bundled action run as a runner runs it, plus the checks every case makes (the one line a user sees, no
 * secret anywhere, findings kept).
 */
import { expect } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import type { GitHubServerOptions } from '../../testing/github-server.js'
import { pullRequestPayload, type PrFixtureSpec } from '../../testing/pr-fixture.js'
import type { Annotation, RunResult } from '../../testing/runner.js'
import { createActionWorld, runOn as runAction, type ActionWorld, type RunOptions } from './action-world.js'

// Shaped like real ones, so that a redaction keyed to the form would catch them too.
export const API_KEY = 'sk-ant-api03-hardening0123456789abcdefghijklmnopqrstuvwxyzABCDEF'
export const TOKEN = 'ghs_hardening0123456789abcdefghijklmno'

export const MATH_BASE = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'
export const MATH_HEAD = `${MATH_BASE}\nexport function divide(a: number, b: number): number {\n  return a / b\n}\n`

export const DIVIDE_FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/math.ts',
  title: 'Division by zero returns Infinity',
  description: 'divide(1, 0) returns Infinity instead of failing; callers cannot tell.',
  start_line: 6,
  end_line: 6,
  quote: 'return a / b',
  suggestion: "  if (b === 0) throw new RangeError('division by zero')\n  return a / b"
}

export { pullRequestPayload }

export type World = ActionWorld

/** The matrix's pull request (add divide) with secret-shaped credentials, unless `spec` says otherwise. */
export function setUp(
  options: {
    spec?: Partial<PrFixtureSpec>
    server?: Partial<Omit<GitHubServerOptions, 'fixture'>>
  } = {}
): Promise<World> {
  return createActionWorld(
    {
      base: { 'src/math.ts': MATH_BASE },
      commits: [{ files: { 'src/math.ts': MATH_HEAD } }],
      ...options.spec
    },
    {
      apiKey: API_KEY,
      token: TOKEN,
      pr: { title: 'Add divide', body: 'Adds a divide helper.' },
      ...(options.server ? { server: options.server } : {})
    }
  )
}

export async function tearDown(w: World | undefined): Promise<void> {
  await w?.close()
}

export type RunOnOptions = Omit<RunOptions, 'entry' | 'timeoutMs'>

export function runOn(w: World, options: RunOnOptions = {}): Promise<RunResult> {
  return runAction(w, { ...options, timeoutMs: 60_000 })
}

/** The notice of a run whose owner has no organisation defaults: every run says it, beside its own line. */
export const NO_ORGANISATION_DEFAULTS = /^No organisation defaults: /

function ofLevel(result: RunResult, level: Annotation['level']): string[] {
  return result.annotations
    .filter(a => a.level === level && !NO_ORGANISATION_DEFAULTS.test(a.message))
    .map(a => a.message)
}

/** A failed run shows exactly one error, and it says what happened; no stack trace anywhere. */
export function expectOneError(result: RunResult, pattern: RegExp): void {
  expect(result.timedOut).toBe(false)
  expect(result.exitCode).toBe(1)
  expect(ofLevel(result, 'error')).toEqual([expect.stringMatching(pattern)])
  expectNoStack(result)
}

/** A run with nothing to do exits 0 with one notice and no error. */
export function expectNotice(result: RunResult, pattern: RegExp): void {
  expect(result.timedOut).toBe(false)
  expect(result.exitCode).toBe(0)
  expect(ofLevel(result, 'error')).toEqual([])
  expect(ofLevel(result, 'notice')).toEqual([expect.stringMatching(pattern)])
  expectNoStack(result)
}

export function expectNoStack(result: RunResult): void {
  const visible = `${result.stderr}\n${result.stdout.replace(/^::debug::.*$/gm, '')}`
  expect(visible).not.toMatch(/^\s+at .+[(:]\d+/m)
  expect(result.stderr.trim()).toBe('')
}

/** Neither secret appears in any output, log, file or request body, nor goes to the wrong service. */
export function expectNoSecretLeak(w: World, result: RunResult): void {
  const findingsFile = result.outputs['findings-file']
  const texts: Array<[string, string]> = [
    ['stdout', result.stdout.replace(/^::add-mask::.*$/gm, '')],
    ['stderr', result.stderr],
    ['summary', result.summary],
    ['outputs', JSON.stringify(result.outputs)],
    ['findings file', findingsFile && existsSync(findingsFile) ? readFileSync(findingsFile, 'utf8') : '']
  ]
  for (const request of w.github.requests) {
    const { authorization, ...headers } = request.headers
    expect(String(authorization ?? '')).not.toContain(API_KEY)
    texts.push([
      `GitHub ${request.method} ${request.path}`,
      JSON.stringify([request.path, request.query, request.body, headers])
    ])
  }
  for (const request of w.messages.requests) {
    const { 'x-api-key': key, authorization, ...headers } = request.headers
    expect(`${key ?? ''} ${authorization ?? ''}`).not.toContain(TOKEN)
    texts.push([`Messages ${request.path}`, JSON.stringify([request.raw, headers])])
  }
  for (const [where, text] of texts) {
    for (const secret of [API_KEY, TOKEN]) {
      if (text.includes(secret)) throw new Error(`a secret reached ${where}`)
    }
  }
}

export interface FindingsFile {
  findings: Array<{ title: string; status: string; postedInline: boolean }>
}

export function findingsFileOf(result: RunResult): FindingsFile {
  const path = result.outputs['findings-file']
  expect(path).toBeTruthy()
  return JSON.parse(readFileSync(path as string, 'utf8')) as FindingsFile
}

export function reviewPosts(w: World) {
  return w.github.requests.filter(r => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path))
}
