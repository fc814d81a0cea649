/**
 * What the hardening tests share: a PR repository with both stand-ins, a run of the bundled action that can
 * also measure itself, and the checks every case makes (the line a user sees, no secret anywhere, findings
 * kept in the findings file and the summary).
 */
import { expect } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RecordedMessagesRequest } from '../../testing/messages-server.js'
import type { PrFixtureSpec } from '../../testing/pr-fixture.js'
import { DEFAULT_ENTRY, type RunResult } from '../../testing/runner.js'
import { createActionWorld, runOn as runAction, type ActionWorld, type RunOptions } from './action-world.js'

export { API_KEY, TOKEN, pullRequestPayload } from './action-world.js'

export type World = ActionWorld

export function startWorld(
  spec: PrFixtureSpec,
  pr: { title: string; body: string } = { title: 'A change', body: 'Changes things.' }
): Promise<World> {
  return createActionWorld(spec, { pr })
}

export interface Measured {
  /** Peak resident memory of the action's node process (git's own processes not counted). */
  maxRssMb: number
  wallMs: number
}

export interface Run extends RunResult {
  measured?: Measured
}

let measureDir: string | undefined

/** An entry point that runs dist/index.js and records its peak memory and time when the process exits. */
function measuringEntry(): string {
  if (!measureDir) {
    measureDir = mkdtempSync(join(tmpdir(), 'redline-measure-'))
    process.once('exit', () => rmSync(measureDir!, { recursive: true, force: true }))
  }
  const entry = join(measureDir, 'measure.mjs')
  writeFileSync(
    entry,
    [
      "import { writeFileSync } from 'node:fs'",
      'const started = performance.now()',
      "process.on('exit', () => writeFileSync(process.env.REDLINE_TEST_MEASURE_FILE, JSON.stringify({",
      '  maxRssMb: process.resourceUsage().maxRSS / 1024, wallMs: performance.now() - started })))',
      `await import(${JSON.stringify(pathToFileURL(DEFAULT_ENTRY).href)})`,
      ''
    ].join('\n')
  )
  return entry
}

/** A run as action-world's runOn makes it; with `measure`, it also records its peak memory and time. */
export async function runOn(w: World, options: RunOptions & { measure?: boolean } = {}): Promise<Run> {
  const { measure, ...run } = options
  if (!measure) return runAction(w, run)
  const measureFile = join(measuringEntry(), `../run-${Date.now()}-${Math.random()}.json`)
  const result: Run = await runAction(w, {
    ...run,
    entry: measuringEntry(),
    env: { ...run.env, REDLINE_TEST_MEASURE_FILE: measureFile }
  })
  result.measured = JSON.parse(readFileSync(measureFile, 'utf8')) as Measured
  return result
}

/** The one line a user sees first: the error, else the notice, else where the review was posted. */
export function userLine(result: RunResult): string {
  const error = result.annotations.find(a => a.level === 'error')
  if (error) return error.message
  const notice = result.annotations.find(
    a => a.level === 'notice' && !/^No organisation defaults: /.test(a.message)
  )
  if (notice) return notice.message
  return /^Review posted: .*$/m.exec(result.stdout)?.[0] ?? ''
}

/** Every place text leaves the action: what the model and GitHub received, the log, outputs and files. */
export function everythingSent(w: World, result: RunResult): Array<[string, string]> {
  const places: Array<[string, string]> = [
    ...w.messages.requests.map((r, i): [string, string] => [`messages request ${i + 1}`, r.raw]),
    ...w.github.requests.map((r, i): [string, string] => [
      `GitHub request ${i + 1} (${r.method} ${r.path})`,
      `${r.path} ${JSON.stringify(r.body ?? '')}`
    ]),
    // `::add-mask::` is how the runner learns which values to hide; it is the one place they may appear.
    ['stdout', result.stdout.replace(/^::add-mask::.*$/gm, '')],
    ['stderr', result.stderr],
    ['outputs', JSON.stringify(result.outputs)],
    ['job summary', result.summary]
  ]
  const file = result.outputs['findings-file']
  if (file) places.push(['findings file', readFileSync(file, 'utf8')])
  return places
}

/** Fails naming the first place a secret reached. */
export function expectNoSecretAnywhere(w: World, result: RunResult, secrets: string[]): void {
  const leaks: string[] = []
  for (const [place, text] of everythingSent(w, result)) {
    for (const secret of [...secrets, w.apiKey, w.token]) {
      if (text.includes(secret)) leaks.push(`${secret.slice(0, 12)}… in ${place}`)
    }
  }
  expect(leaks).toEqual([])
}

export interface FindingsFile {
  findings: Array<{ id: string; file: string; title: string; status: string; postedInline?: boolean }>
}

export function findingsFile(result: RunResult): FindingsFile {
  const path = result.outputs['findings-file']
  if (!path) throw new Error(`no findings-file output; stdout:\n${result.stdout}`)
  return JSON.parse(readFileSync(path, 'utf8')) as FindingsFile
}

/** Findings made must be in the findings file and in the job summary. */
export function expectFindingsKept(result: RunResult, titles: string[]): void {
  const file = findingsFile(result)
  expect(file.findings.map(f => f.title).sort()).toEqual([...titles].sort())
  for (const title of titles) expect(result.summary).toContain(title)
}

/** The text of every tool_result block in the last user message of a request. */
export function toolResults(request: RecordedMessagesRequest): string[] {
  const messages = request.body.messages ?? []
  const last = messages[messages.length - 1]
  if (!last || !Array.isArray(last.content)) return []
  return (last.content as Array<{ type: string; content?: unknown }>)
    .filter(part => part.type === 'tool_result')
    .map(part => (typeof part.content === 'string' ? part.content : JSON.stringify(part.content)))
}

export function firstUserText(request: RecordedMessagesRequest): string {
  return JSON.stringify(request.body.messages?.[0]?.content)
}

export function reviewPosts(
  w: World
): Array<{ body: string; event: string; comments?: Array<Record<string, unknown>> }> {
  return w.github.requests
    .filter(r => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path))
    .map(r => r.body as { body: string; event: string; comments?: Array<Record<string, unknown>> })
}
