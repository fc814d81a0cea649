import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { block, reply } from '../testing/messages-server.js'
import { runOn, startWorld, toolResults, userLine, type Run, type World } from './support/hardening-world.js'

jest.setTimeout(120_000)

const REFERENCE_LINE = /^[^\s:]+:\d+ (call|import|type|read|write|other) /

const STORE = 'export function load(key: string): string {\n  return key\n}\n'
const USERS = Array.from({ length: 55 }, (_, i) => [
  `src/use${i}.ts`,
  `import { load } from './store.js'\nexport const v${i} = load('${i}') // load\n`
])

let w: World
let result: Run

beforeAll(async () => {
  w = await startWorld({
    base: { 'src/store.ts': STORE, ...Object.fromEntries(USERS), 'README.md': 'load, load and load.\n' },
    commits: [{ files: { 'src/store.ts': STORE.replace('return key', 'return key.trim()') } }]
  })
  w.messages.push(
    reply.blocks([
      block.toolUse('find_definition', { symbol: 'load', used_in: 'src/use1.ts' }),
      block.toolUse('find_references', { symbol: 'load' }),
      block.toolUse('get_related_files', { path: 'src/store.ts' }),
      block.toolUse('find_references', { symbol: 'load', path: '../etc' }),
      block.toolUse('get_related_files', { path: '/etc/passwd' })
    ]),
    reply.toolUse('publish_review', { summary: 'No problems.' })
  )
  result = await runOn(w)
})

afterAll(async () => {
  await w?.close()
})

describe('the code graph tools in the bundled action', () => {
  it('reviews the pull request', () => {
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
  })

  it('answers from the parser, resolved references first and within the cap, paths outside refused', () => {
    const [definition, references, related, outside, absolute] = toolResults(w.messages.requests[1]!)
    expect(definition).toContain('src/store.ts:1 function load')
    expect(definition).toContain('found by the parser (typescript)')
    const lines = (references ?? '').split('\n').filter(line => REFERENCE_LINE.test(line))
    expect(lines).toHaveLength(100)
    // 110 resolved references compete with the README for 100 places: the README is cut, never a use.
    expect(lines.every(line => line.startsWith('src/use'))).toBe(true)
    expect(references).toMatch(/\nTextual matches [^\n]*: 1\n\[11 more not shown/)
    expect(related).toContain('Imported by (55):')
    expect(outside).toContain("'../etc' contains '..'")
    expect(absolute).toContain("'/etc/passwd' is absolute")
  })
})
