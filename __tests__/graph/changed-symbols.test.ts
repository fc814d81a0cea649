import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from '@jest/globals'
import {
  changedSymbols,
  HUGE_CHANGE_FILES,
  PARSED_FILES_OF_HUGE_CHANGE,
  symbolReferences,
  type SymbolReferences
} from '../../src/graph/changed-symbols.js'
import type { DiffFile } from '../../src/diff/model.js'
import { declarationIn, enclosingDeclarations, isDefinition } from '../../src/graph/patterns.js'
import { declarationInExhaustively } from '../../testing/oracles.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import { budgetLimits } from '../../src/agent/budgets.js'
import { buildFirstUserContent } from '../../src/agent/first-message.js'
import { triage } from '../../src/diff/triage.js'
import { memoryLogger } from '../../src/logger.js'
import { CALC_HEAD, REPORT, SPEC } from '../agent/support/calc-spec.js'
import { createWorld, releaseAll } from '../agent/support/review-world.js'

afterEach(releaseAll)

describe('changed symbols and their references', () => {
  it('recognises declarations, methods and definitions by line', () => {
    expect(declarationIn('export async function load(id) {')).toMatchObject({ name: 'load', topLevel: true })
    expect(declarationIn('export default class Store {')).toMatchObject({ name: 'Store' })
    expect(declarationIn('def parse(text):')).toMatchObject({ name: 'parse', topLevel: true })
    expect(declarationIn('func (s *Server) Serve(l net.Listener) error {')).toMatchObject({ name: 'Serve' })
    expect(declarationIn('pub fn run(args: Args) -> Result<()> {')).toMatchObject({ name: 'run' })
    expect(declarationIn('  async render(rows: number[]): Promise<string> {')).toMatchObject({
      name: 'render',
      topLevel: false
    })
    expect(declarationIn('  if (x) {')).toBeUndefined()
    expect(declarationIn('  return divide(a, b)')).toBeUndefined()
    expect(isDefinition('  divide: (a, b) => a / b,', 'divide')).toBe(true)
    expect(isDefinition('const x = divide(1, 2)', 'divide')).toBe(false)
    const lines = REPORT.split('\n')
    expect(enclosingDeclarations(lines, 10).map(d => d.name)).toEqual(['Report', 'render'])
    expect(enclosingDeclarations(lines, 6).map(d => d.name)).toEqual(['ratio'])
    expect(enclosingDeclarations(lines, 1)).toEqual([])
  })

  it('finds the declaration every pattern finds, on every line of this repository and on edge cases', () => {
    const lines = [
      '\tdef run(self):',
      '\u00a0 async render(rows) {',
      'Export function x() {}',
      'export function',
      '  if (ready) {',
      '  _hidden() {',
      '  get value() {  ',
      '  predefined(x);',
      '  undefined_thing(a) {',
      '\t\tstatic async *items<T>(list: T[]) {'
    ]
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.(ts|js|py|go|rs|rb)$/.test(entry.name))
          lines.push(...fs.readFileSync(full, 'utf8').split('\n'))
      }
    }
    for (const dir of ['src', '__tests__', 'testing', 'eval']) walk(dir)
    expect(lines.length).toBeGreaterThan(10_000)
    const differing = lines.filter(
      line => JSON.stringify(declarationIn(line)) !== JSON.stringify(declarationInExhaustively(line))
    )
    expect(differing).toEqual([])
    expect(lines.filter(line => declarationIn(line)?.topLevel === false).length).toBeGreaterThan(100)
  })

  it('finds the enclosing declarations a walk up the file finds, on random files', () => {
    // The walk as first written: line by line up from the target, to the first line at column 0.
    const walk = (lines: string[], n: number): Array<{ name: string; line: number }> => {
      const found: Array<{ name: string; line: number }> = []
      const indent = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0
      const targetIndent = indent(lines[n - 1] ?? '')
      let method = false
      for (let i = n - 1; i >= 0; i--) {
        const text = lines[i] ?? ''
        if (text.trim() === '') continue
        const declaration = declarationIn(text)
        if (
          declaration &&
          !declaration.topLevel &&
          !method &&
          (i === n - 1 || targetIndent > declaration.indent)
        ) {
          found.push({ name: declaration.name, line: i + 1 })
          method = true
          continue
        }
        if (indent(text) > 0) continue
        if (declaration?.topLevel) found.push({ name: declaration.name, line: i + 1 })
        else if (i === n - 1 && /^[)\]}]/.test(text)) continue
        break
      }
      return found.reverse()
    }
    const pool = [
      'export function top() {',
      'class Store {',
      '  load(id) {',
      '    inner(x) {',
      '      deepest() {',
      '    def run(self):',
      '  value = 1',
      '      more()',
      '',
      '   ',
      '}',
      '  }',
      ')',
      'const done = 2',
      'plain text'
    ]
    let seed = 11
    const random = (k: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % k
    }
    for (let round = 0; round < 400; round++) {
      const lines = Array.from({ length: 1 + random(40) }, () => pool[random(pool.length)] ?? '')
      for (let n = 1; n <= lines.length + 1; n++) {
        const got = enclosingDeclarations(lines, n).map(({ name, line }) => ({ name, line }))
        expect([lines, n, got]).toEqual([lines, n, walk(lines, n)])
      }
    }
  })

  it('lists changed, added and removed top-level symbols from the diff', () => {
    const diff = parseUnifiedDiff(`diff --git a/src/calc.ts b/src/calc.ts
--- a/src/calc.ts
+++ b/src/calc.ts
@@ -1,9 +1,10 @@
-export function divide(a: number, b: number): number {
+export function divide(a: number, b: number): number | null {
+  if (b === 0) return null
   return a / b
 }
 
 export const PRECISION = 2
 
-export function legacyRound(x: number): number {
-  return Math.round(x)
-}
+export function round(x: number): number {
+  return Math.round(x * 100) / 100
+}
`)
    const head = [
      'export function divide(a: number, b: number): number | null {',
      '  if (b === 0) return null',
      '  return a / b',
      '}',
      '',
      'export const PRECISION = 2',
      '',
      'export function round(x: number): number {',
      '  return Math.round(x * 100) / 100',
      '}'
    ]
    expect(changedSymbols([{ file: diff[0]!, headLines: head }])).toEqual([
      {
        name: 'divide',
        file: 'src/calc.ts',
        line: 1,
        change: 'changed',
        signature: {
          old: 'export function divide(a: number, b: number): number',
          new: 'export function divide(a: number, b: number): number | null'
        }
      },
      { name: 'round', file: 'src/calc.ts', line: 8, change: 'added' },
      { name: 'legacyRound', file: 'src/calc.ts', change: 'removed' }
    ])
  })

  it('counts references outside the diff with git grep -w at the head', async () => {
    const world = await createWorld(SPEC)
    const refs = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    expect(refs).toEqual([
      expect.objectContaining({ name: 'divide', change: 'changed', references: 3, files: 1 }),
      expect.objectContaining({ name: 'legacyRound', change: 'removed', references: 2, files: 1 })
    ])
  })

  it('puts changed signatures with outside references first, drops unreferenced additions, and shows call sites', async () => {
    const world = await createWorld({
      ...SPEC,
      base: {
        ...SPEC.base,
        'src/util.ts': "import { PRECISION } from './calc.js'\nexport const p = PRECISION\n"
      },
      commits: [
        {
          files: {
            'src/calc.ts':
              CALC_HEAD.replace('export const PRECISION = 2', 'export const PRECISION = 3') +
              'export function average(xs: number[]): number {\n  return xs.length\n}\n'
          },
          message: 'divide returns null for zero'
        }
      ]
    })
    const refs = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    expect(refs.map(r => r.name)).toEqual(['divide', 'PRECISION', 'legacyRound'])
    const text = buildFirstUserContent({
      repository: 'o/r',
      pr: { number: 1, title: 'Null for zero', body: '' },
      headSha: world.headSha,
      baseSha: world.baseSha,
      triage: triage(world.files),
      guidance: [],
      instructions: '',
      budget: budgetLimits('standard'),
      symbols: refs
    })[0]!.text
    expect(text).toContain(
      '- divide (signature changed, src/calc.ts:1): 3 references in 1 file\n' +
        '    was: export function divide(a: number, b: number): number\n' +
        '    now: export function divide(a: number, b: number): number | null\n' +
        '    resolved callers: 2 in 1 file\n' +
        '    called at src/report.ts:4:\n' +
        '      2: \n' +
        '      3: export function ratio(done: number, total: number): string {\n' +
        '    > 4:   const share = divide(done, total)\n'
    )
    expect(text).toContain('    > 10:     return String(divide(rows.length, 3))')
    expect(text).not.toContain('src/report.ts:1:')
    const section = text.slice(text.indexOf('source="changed-symbols"'), text.indexOf('The diff:'))
    expect(section).not.toContain('average')
  })

  it("lists a changed exported function's callers through imports as resolved, not a same-named function's", async () => {
    const store = (returns: string): string =>
      `export function load(id: string): ${returns} {\n  return id.length\n}\n`
    const world = await createWorld({
      base: {
        'src/store.ts': store('number'),
        'src/app.ts':
          "import { load } from './store.js'\n\nexport function start(): number {\n  return load('a')\n}\n",
        'src/cache.ts': 'export function load(key: string): string {\n  return key\n}\n',
        'src/cache-user.ts':
          "import { load } from './cache.js'\n\nexport function warm(): string {\n  return load('k')\n}\n",
        'src/report.rb': 'def total(rows)\n  rows.size\nend\n'
      },
      commits: [
        {
          files: {
            'src/store.ts': store('number | undefined'),
            'src/report.rb': 'def total(rows)\n  rows.size + 1\nend\n'
          },
          message: 'load may find nothing'
        }
      ]
    })
    const refs = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    const load = refs.find(r => r.name === 'load')
    expect(load).toMatchObject({
      file: 'src/store.ts',
      line: 1,
      change: 'changed',
      exported: true,
      signature: {
        old: 'export function load(id: string): number',
        new: 'export function load(id: string): number | undefined'
      },
      // git grep counts both files' imports and calls; the parser ties only one call to this definition.
      references: 4,
      resolvedCallers: { count: 1, files: 1 }
    })
    expect(load?.callSites?.map(site => `${site.file}:${site.line}`)).toEqual(['src/app.ts:4'])
    // A language without a grammar here keeps the pattern scan.
    expect(refs.find(r => r.name === 'total')).toMatchObject({ file: 'src/report.rb', change: 'changed' })
    expect(refs.find(r => r.name === 'total')?.exported).toBeUndefined()
    const text = buildFirstUserContent({
      repository: 'o/r',
      pr: { number: 1, title: 'Load may find nothing', body: '' },
      headSha: world.headSha,
      baseSha: world.baseSha,
      triage: triage(world.files),
      guidance: [],
      instructions: '',
      budget: budgetLimits('standard'),
      symbols: refs
    })[0]!.text
    expect(text).toContain(
      '    now: export function load(id: string): number | undefined\n' +
        '    resolved callers: 1 in 1 file\n' +
        '    called at src/app.ts:4:\n'
    )
    expect(text).not.toContain('called at src/cache-user.ts')
  })

  it('takes the changed symbols of a parsed file from the definitions its changed lines fall in', async () => {
    const before = [
      'export class Shelf {',
      '  count(): number {',
      '    return 1',
      '  }',
      '',
      '  label(): string {',
      "    return 'shelf'",
      '  }',
      '}',
      '',
      "export const NAME = 'n'",
      ''
    ].join('\n')
    const world = await createWorld({
      base: {
        'src/shelf.ts': before,
        'src/use.ts': "import { Shelf } from './shelf.js'\nexport const n = new Shelf().label()\n"
      },
      commits: [{ files: { 'src/shelf.ts': before.replace("'shelf'", "'a shelf'") }, message: 'label' }]
    })
    const refs = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    // The method whose body changed and its class; count() and NAME, untouched, are not listed.
    expect(refs.map(r => [r.name, r.line, r.change, r.exported])).toEqual([
      ['Shelf', 1, 'changed', true],
      ['label', 6, 'changed', true]
    ])
  })
  it('reads a changed file the parser finds a syntax error in by the patterns, not its locals as top-level', async () => {
    const steps = (factor: number, closed: boolean): string =>
      Array.from(
        { length: 8 },
        (_, n) =>
          `export function step${n}(input: number): number {\n  const result = input * ${n + factor}\n` +
          `  return result\n${closed ? '}\n' : ''}`
      ).join('')
    const world = await createWorld({
      base: {
        'src/steps.ts': steps(1, true),
        'src/other.ts':
          'export function twice(input: number): number {\n  const result = input * 2\n  return result\n}\n'
      },
      // Every closing brace is gone: past a few functions left open, the recovered tree has no function
      // left, and each one's locals stand at the top level.
      commits: [{ files: { 'src/steps.ts': steps(2, false) }, message: 'one more each' }]
    })
    const refs = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    expect(refs.map(r => [r.name, r.change, r.exported])).toEqual(
      Array.from({ length: 8 }, (_, n) => [`step${n}`, 'changed', undefined])
    )
  })
  it('parses the changed files of a pull request, and only the first 5 of one changing thousands', async () => {
    const module = (n: number, factor: number): string =>
      `export function scale${n}(input: number): number {\n  return input * ${factor}\n}\n`
    const names = Array.from({ length: 7 }, (_, n) => `src/m${n}.ts`)
    const world = await createWorld({
      base: Object.fromEntries(names.map((name, n) => [name, module(n, 1)])),
      commits: [{ files: Object.fromEntries(names.map((name, n) => [name, module(n, 2)])), message: 'twice' }]
    })
    const parsed = (refs: SymbolReferences[]): boolean[] => refs.map(r => r.exported !== undefined)
    const all = await symbolReferences(world.git, world.headSha, world.files, memoryLogger())
    expect(all.map(r => r.name)).toEqual(names.map((_, n) => `scale${n}`))
    expect(parsed(all)).toEqual(names.map(() => true))
    // The rest of a huge change: deleted binary files, which no symbol comes from.
    const rest: DiffFile[] = Array.from({ length: HUGE_CHANGE_FILES }, (_, n) => ({
      path: `assets/a${n}.bin`,
      oldPath: `assets/a${n}.bin`,
      status: 'deleted',
      binary: true,
      hunks: [],
      additions: 0,
      deletions: 0
    }))
    const huge = await symbolReferences(world.git, world.headSha, [...world.files, ...rest], memoryLogger())
    expect(huge.map(r => r.name)).toEqual(all.map(r => r.name))
    expect(parsed(huge)).toEqual(names.map((_, n) => n < PARSED_FILES_OF_HUGE_CHANGE))
  })
})
