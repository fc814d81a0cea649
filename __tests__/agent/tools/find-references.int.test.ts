import { afterEach, describe, expect, it } from '@jest/globals'
import { SPEC } from '../support/calc-spec.js'
import { createWorld, releaseAll } from '../support/review-world.js'

afterEach(releaseAll)

describe('find_references', () => {
  it('finds the unchanged callers of a changed function, each with its enclosing function', async () => {
    const world = await createWorld(SPEC)
    const result = await world.tools.execute('find_references', { symbol: 'divide' })
    expect(result.isError).toBeUndefined()
    const text = result.content
    expect(text).toContain(`References to divide at head ${world.headSha.slice(0, 7)}: 4 in 2 files.`)
    expect(text).toContain(
      'src/calc.ts (1):\n  1 [definition, added by this pull request]: export function divide('
    )
    expect(text).toContain('src/report.ts (3):\n  1: import { divide } from')
    expect(text).toContain(
      '  4: const share = divide(done, total)\n      in 3: export function ratio(done: number, total: number): string {'
    )
    expect(text).toContain('  10: return String(divide(rows.length, 3))\n      in 8: export class Report {')
  })

  it('matches whole words only and refuses what is not one identifier', async () => {
    const world = await createWorld(SPEC)
    const none = await world.tools.execute('find_references', { symbol: 'divid' })
    expect(none.content).toBe(
      `No references to divid at head ${world.headSha.slice(0, 7)} (whole-word search).`
    )
    const dotted = await world.tools.execute('find_references', { symbol: 'Report.render' })
    expect(dotted.isError).toBe(true)
    expect(dotted.content).toContain('for Foo.bar give bar')
  })

  it('narrows to a folder or a glob, leaves tests out, and shows lines around each reference', async () => {
    const world = await createWorld({
      ...SPEC,
      base: {
        ...SPEC.base,
        'src/report.test.ts': "import { divide } from './calc.js'\nexpect(divide(4, 2)).toBe(2)\n",
        'lib/use.js': 'const half = divide(1, 2)\n'
      }
    })
    const run = async (input: Record<string, unknown>) =>
      (await world.tools.execute('find_references', { symbol: 'divide', ...input })).content
    const all = await run({})
    expect(all).toContain('src/report.test.ts (2):')
    expect(all).toContain('lib/use.js (1):')

    const noTests = await run({ exclude_tests: true })
    expect(noTests).not.toContain('report.test.ts')
    expect(noTests).toContain('(tests left out): 5 in 3 files.')

    const folder = await run({ path: 'lib' })
    expect(folder).toContain('(in lib): 1 in 1 file.')
    const glob = await run({ path: 'src/**/*.test.ts' })
    expect(glob).toContain('(in src/**/*.test.ts): 2 in 1 file.')
    expect(await run({ path: '*.js' })).toContain('lib/use.js (1):')

    const around = await run({ path: 'src/report.ts', context: 1 })
    expect(around).toContain(
      '  4: const share = divide(done, total)\n      in 3: export function ratio(done: number, total: number): string {\n' +
        '    3- export function ratio(done: number, total: number): string {\n    5+   return share.toFixed(2)'
    )
    expect((await world.tools.execute('find_references', { symbol: 'divide', context: 6 })).isError).toBe(
      true
    )
  })
})
