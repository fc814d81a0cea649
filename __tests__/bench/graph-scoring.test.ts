import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { baselineReferences, graphDefinitions, graphReferences } from '../../bench/graph/answers.js'
import { ask, baselineTool, projectRepo } from '../../bench/graph/ask.js'
import { projectsFromFile } from '../../bench/graph/projects.js'
import { referenceRows } from '../../bench/graph/report.js'
import { isAnswerable, referencesQuery, sampleDefinitions, seededRandom } from '../../bench/graph/sample.js'
import { firstIsRight, scoreReferences } from '../../bench/graph/score.js'
import type { Definition } from '../../bench/graph/types.js'

const made: string[] = []
afterAll(() => made.forEach(dir => fs.rmSync(dir, { recursive: true, force: true })))

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-bench-'))
  made.push(dir)
  return dir
}

const def = (name: string, file: string, line: number, container?: string): Definition => ({
  name,
  file,
  line,
  column: 0,
  kind: 'method',
  ...(container ? { container } : {}),
  ownLines: [{ file, line }]
})

describe('reading the answers', () => {
  it("splits the graph's references at the textual heading and skips group headers and prose", () => {
    const answer = [
      '<untrusted-data source="find_references:get">',
      'References to Cache.get (resolved):',
      '## src/cache.ts:4 method Cache.get',
      'src/a.ts:10 call run   const v = cache.get(k)',
      'src/b.ts:2 import get   import { get } from "./cache"',
      'src/b.ts:x call run',
      'Textual matches (not tied to a definition):',
      'README.md:3 other get   call get() to read',
      '</untrusted-data>'
    ].join('\n')
    expect(graphReferences(answer)).toEqual({
      resolved: [
        { file: 'src/a.ts', line: 10 },
        { file: 'src/b.ts', line: 2 }
      ],
      textual: [{ file: 'README.md', line: 3 }]
    })
    expect(
      graphDefinitions('Definitions of get:\nsrc/cache.ts:4 method Cache.get\nlib/x.py:9 function get\n')
    ).toEqual([
      { file: 'src/cache.ts', line: 4 },
      { file: 'lib/x.py', line: 9 }
    ])
  })

  it("reads today's answer as the copied engine gives it on a real repository", async () => {
    const dir = tempDir()
    fs.mkdirSync(path.join(dir, 'src'))
    fs.writeFileSync(
      path.join(dir, 'src/calc.ts'),
      'export function divide(a: number, b: number) {\n  return a / b\n}\n'
    )
    fs.writeFileSync(
      path.join(dir, 'src/use (old).ts'),
      "import { divide } from './calc.js'\n\nexport function half(x: number) {\n  return divide(x, 2) // divide\n}\n"
    )
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' })
    git('init', '-q')
    git('add', '-A')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'calc')
    const answer = await ask(baselineTool(projectRepo(dir)), { symbol: 'divide', context: 1 })
    expect(answer.isError).toBeUndefined()
    expect(baselineReferences(answer.content)).toEqual([
      { file: 'src/calc.ts', line: 1 },
      { file: 'src/use (old).ts', line: 1 },
      { file: 'src/use (old).ts', line: 4 }
    ])
    expect((await ask(baselineTool(projectRepo(dir)), { symbol: 'Cache.get' })).isError).toBe(true)
  })
})

describe('scoring', () => {
  it("leaves the definition's own lines out and counts each line once", () => {
    const own = [{ file: 'a.ts', line: 1 }]
    const truth = [...own, { file: 'b.ts', line: 5 }, { file: 'b.ts', line: 5 }, { file: 'c.ts', line: 2 }]
    const listed = [...own, { file: 'b.ts', line: 5 }, { file: 'd.ts', line: 7 }, { file: 'd.ts', line: 7 }]
    expect(scoreReferences(truth, listed, own)).toEqual({ listed: 2, truth: 2, hits: 1 })
  })

  it('pools per language and stratum, the graph resolved apart from all it listed', () => {
    const rows = referenceRows([
      {
        project: 'p',
        language: 'python',
        stratum: 'several',
        definition: def('get', 'm.py', 3, 'Cache'),
        query: { symbol: 'Cache.get' },
        truth: [
          { file: 'u.py', line: 1 },
          { file: 'u.py', line: 2 }
        ],
        today: [
          { file: 'u.py', line: 1 },
          { file: 'u.py', line: 2 },
          { file: 'v.py', line: 8 }
        ],
        graph: { resolved: [{ file: 'u.py', line: 1 }], textual: [{ file: 'u.py', line: 2 }] },
        errors: []
      }
    ])
    expect(rows).toEqual([
      expect.objectContaining({
        language: 'python',
        stratum: 'several',
        today: { listed: 3, truth: 2, hits: 2 },
        resolved: { listed: 1, truth: 2, hits: 1 },
        all: { listed: 2, truth: 2, hits: 2 }
      })
    ])
  })

  it('takes the first definition as right only in the declaration from its first line to its name', () => {
    const truth = [{ file: 'm.py', startLine: 10, line: 12 }]
    expect(firstIsRight([{ file: 'm.py', line: 10 }], truth)).toBe(true)
    expect(firstIsRight([{ file: 'm.py', line: 12 }], truth)).toBe(true)
    expect(firstIsRight([{ file: 'm.py', line: 13 }], truth)).toBe(false)
    expect(
      firstIsRight(
        [
          { file: 'n.py', line: 12 },
          { file: 'm.py', line: 12 }
        ],
        truth
      )
    ).toBe(false)
    expect(firstIsRight([], truth)).toBe(false)
  })
})

describe('sampling and asking', () => {
  const definitions = [
    def('get', 'a.ts', 1, 'Cache'),
    def('get', 'b.ts', 1, 'Store'),
    def('get', 'c.ts', 1, 'Store'),
    def('load', 'a.ts', 5),
    def('load', 'b.ts', 5),
    def('parse', 'a.ts', 9),
    def('__init__', 'x.py', 1, 'A'),
    def('__init__', 'y.py', 1, 'B')
  ]

  it('asks a unique name bare, a member by its qualified name, and adds the file where that is not enough', () => {
    expect(referencesQuery(definitions[5] as Definition, definitions)).toEqual({ symbol: 'parse' })
    expect(referencesQuery(definitions[0] as Definition, definitions)).toEqual({ symbol: 'Cache.get' })
    expect(referencesQuery(definitions[1] as Definition, definitions)).toEqual({
      symbol: 'Store.get',
      defined_in: 'b.ts'
    })
    expect(referencesQuery(definitions[3] as Definition, definitions)).toEqual({
      symbol: 'load',
      defined_in: 'a.ts'
    })
  })

  it('samples the same with the same seed, each stratum capped, two of a name at most, no implicit names', () => {
    const first = sampleDefinitions(definitions, 3, seededRandom(7))
    expect(sampleDefinitions(definitions, 3, seededRandom(7))).toEqual(first)
    expect(first.filter(s => s.stratum === 'several')).toHaveLength(3)
    expect(first.filter(s => s.stratum === 'once').map(s => s.definition.name)).toEqual(['parse'])
    expect(first.filter(s => s.definition.name === 'get').length).toBeLessThanOrEqual(2)
    expect(first.some(s => s.definition.name === '__init__')).toBe(false)
  })

  it('asks go-to-definition only from uses of what was sampled from, never of the site itself', () => {
    const site = { name: 'load', file: 'u.ts', line: 4, column: 2 }
    const definedAt = new Set(['a.ts:5 load', 'u.ts:2 run'])
    expect(isAnswerable(site, [{ file: 'a.ts', line: 5, startLine: 5 }], definedAt)).toBe(true)
    // `function run(load: Loader)`: the parameter shares its line with a definition of another name.
    expect(isAnswerable(site, [{ file: 'u.ts', line: 2, startLine: 2 }], definedAt)).toBe(false)
    expect(isAnswerable(site, [], definedAt)).toBe(false)
    expect(
      isAnswerable({ ...site, file: 'a.ts', line: 5 }, [{ file: 'a.ts', line: 5, startLine: 5 }], definedAt)
    ).toBe(false)
  })

  it('reads a private set of projects from a file, and says what is wrong with a bad one', () => {
    const dir = tempDir()
    const file = path.join(dir, 'projects.json')
    fs.writeFileSync(file, JSON.stringify([{ name: 'mine', language: 'python', dir: 'repos/mine' }]))
    expect(projectsFromFile(file)).toEqual([
      { name: 'mine', language: 'python', dir: path.join(dir, 'repos/mine') }
    ])
    fs.writeFileSync(file, JSON.stringify([{ name: 'mine', language: 'go', dir: '.' }]))
    expect(() => projectsFromFile(file)).toThrow('entry 1: needs "name" and "dir" strings and "language"')
    fs.writeFileSync(file, '{')
    expect(() => projectsFromFile(file)).toThrow('cannot read')
  })
})
