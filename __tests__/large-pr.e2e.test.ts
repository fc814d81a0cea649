/**
 * A pull request too large for one message is reviewed whole, in passes over one findings list, run as the
 * runner runs the bundled action.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  createActionWorld,
  firstUserText,
  postedReviews,
  runOn,
  type ActionWorld
} from './support/action-world.js'
import { reply, type RecordedMessagesRequest, type Step } from '../testing/messages-server.js'

jest.setTimeout(240_000)

const FILES = 300

function moduleText(index: number): string {
  return Array.from(
    { length: 40 },
    (_, n) => `export const value${index}_${n} = ${n * index} // entry ${n}`
  ).join('\n')
}

const files = Object.fromEntries(
  Array.from({ length: FILES }, (_, i) => [
    `src/pkg${Math.floor(i / 20)}/m${String(i).padStart(3, '0')}.ts`,
    moduleText(i)
  ])
)

let world: ActionWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

async function largeWorld(): Promise<ActionWorld> {
  world = await createActionWorld({ base: { 'README.md': '# big\n' }, commits: [{ files }] })
  return world
}

const isSummaryRequest = (request: RecordedMessagesRequest) => request.body.tools === undefined
const isFirstTurn = (request: RecordedMessagesRequest) => (request.body.messages ?? []).length === 1

/** A model that publishes at once in every pass and answers the final summary request. */
const publishing: Step = request =>
  isSummaryRequest(request)
    ? reply.text('Adds 300 constant modules; nothing needs attention.')
    : reply.toolUse('publish_review', { summary: 'Constants only.' })

function shownFiles(w: ActionWorld): Set<string> {
  const shown = new Set<string>()
  for (const request of w.messages.requests) {
    if (isSummaryRequest(request) || !isFirstTurn(request)) continue
    const diff = firstUserText(request).split('<untrusted-data source="diff">')[1] ?? ''
    for (const match of diff.matchAll(/^=== (\S+) \(/gm)) shown.add(match[1] as string)
  }
  return shown
}

describe('a 300-file pull request', () => {
  it('at budget standard: every file in front of the model within one run, one review, coverage 300/300', async () => {
    const w = await largeWorld()
    w.messages.push(...Array.from({ length: 12 }, () => publishing))
    const result = await runOn(w)
    expect(result.exitCode).toBe(0)
    const passes = w.messages.requests.filter(r => !isSummaryRequest(r) && isFirstTurn(r))
    expect(passes.length).toBeGreaterThan(1)
    expect(shownFiles(w).size).toBe(FILES)
    for (const request of w.messages.requests) expect(request.raw.length).toBeLessThan(400_000)
    // Every pass sends the same system prompt and tools, so their cache prefix is shared.
    const prefixes = new Set(passes.map(r => JSON.stringify([r.body.system, r.body.tools])))
    expect(prefixes.size).toBe(1)
    expect(postedReviews(w)).toHaveLength(1)
    expect(result.outputs['coverage']).toBe(`${FILES}/${FILES}`)
    expect(postedReviews(w)[0]?.body).toContain('Adds 300 constant modules; nothing needs attention.')
    expect(result.stdout).toMatch(/Pass 1 of \d+:/)
  })

  it('at budget fast: one pass; the rest pending and named in the body', async () => {
    const w = await largeWorld()
    w.messages.push(...Array.from({ length: 4 }, () => publishing))
    const result = await runOn(w, { inputs: { budget: 'fast' } })
    expect(result.exitCode).toBe(0)
    expect(w.messages.requests.filter(r => !isSummaryRequest(r) && isFirstTurn(r))).toHaveLength(1)
    const [reviewed, total] = (result.outputs['coverage'] ?? '').split('/').map(Number)
    expect(total).toBe(FILES)
    expect(reviewed).toBeLessThan(FILES)
    const body = postedReviews(w)[0]?.body ?? ''
    expect(body).toMatch(new RegExp(`Reviewed ${reviewed} of ${FILES} files`))
    expect(body).toMatch(/not reviewed yet/)
    expect(body).not.toMatch(/looks clean/)
    const notShown = [...Object.keys(files)].find(path => !shownFiles(w).has(path))
    expect(body).toContain(notShown)
  })

  it('two passes that report the same problem make one finding', async () => {
    const w = await largeWorld()
    const finding = {
      severity: 'medium',
      category: 'maintainability',
      file: 'src/pkg0/m000.ts',
      title: 'Constant named by position',
      description: 'value0_0 says nothing about what it holds; every importer has to look it up.',
      start_line: 1,
      end_line: 1,
      quote: 'export const value0_0 = 0'
    }
    const refusals: string[] = []
    const step: Step = request => {
      if (isSummaryRequest(request)) return reply.text('One naming problem.')
      if (isFirstTurn(request)) return reply.toolUse('add_finding', finding)
      const last = (request.body.messages ?? []).at(-1)
      const result = JSON.stringify(last?.content ?? '')
      if (result.includes('Not added')) refusals.push(result)
      return reply.toolUse('publish_review', { summary: 'Naming.' })
    }
    w.messages.push(...Array.from({ length: 20 }, () => step))
    const result = await runOn(w)
    expect(result.exitCode).toBe(0)
    const passes = w.messages.requests.filter(r => !isSummaryRequest(r) && isFirstTurn(r)).length
    expect(passes).toBeGreaterThan(1)
    expect(refusals).toHaveLength(passes - 1)
    const document = JSON.parse(readFileSync(result.outputs['findings-file'] as string, 'utf8'))
    expect(document.findings).toHaveLength(1)
    expect(postedReviews(w)[0]?.comments).toHaveLength(1)
  })

  it('a 429 with retry-after during concurrent passes: the run completes', async () => {
    const w = await largeWorld()
    w.messages.push(
      reply.error(429, 'Rate limited', { 'retry-after': '1' }),
      ...Array.from({ length: 12 }, () => publishing)
    )
    const result = await runOn(w)
    expect(result.exitCode).toBe(0)
    expect(w.messages.requests.some(r => r.status === 429)).toBe(true)
    expect(result.outputs['coverage']).toBe(`${FILES}/${FILES}`)
    expect(postedReviews(w)).toHaveLength(1)
  })

  it('with time-limit 0.5 and a model taking 10 s a reply: one review before 45 s that says the time ran out', async () => {
    const w = await largeWorld()
    const slow: Step = () => reply.delay(10_000, reply.toolUse('read_file', { path: 'README.md' }))
    w.messages.push(...Array.from({ length: 30 }, () => slow))
    const started = Date.now()
    const result = await runOn(w, { inputs: { 'time-limit': '0.5' } })
    expect(Date.now() - started).toBeLessThan(45_000)
    expect(result.exitCode).toBe(0)
    expect(postedReviews(w)).toHaveLength(1)
    const body = postedReviews(w)[0]?.body ?? ''
    expect(body).toMatch(/The time limit ran out/)
    const [reviewed] = (result.outputs['coverage'] ?? '').split('/').map(Number)
    expect(reviewed).toBeLessThan(FILES)
    expect(body).toMatch(/not reviewed yet/)
    expect(body).toContain([...Object.keys(files)].find(path => !shownFiles(w).has(path)))
  })
})
