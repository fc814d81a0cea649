import { afterEach, describe, expect, it } from '@jest/globals'
import { SPEC } from '../support/calc-spec.js'
import { createWorld, releaseAll } from '../support/review-world.js'

afterEach(releaseAll)

/** The shape every listed reference has, and no other line of an answer. */
const REFERENCE_LINE = /^[^\s:]+:\d+ (call|import|type|read|write|other) /

const referenceLines = (text: string): string[] => text.split('\n').filter(line => REFERENCE_LINE.test(line))
const resolvedPart = (text: string): string => text.split('\nTextual matches')[0] as string
const textualPart = (text: string): string => text.split('\nTextual matches')[1] ?? ''

describe('find_references', () => {
  it('lists the resolved callers of a changed function, each with its enclosing function, prose apart', async () => {
    const world = await createWorld({
      ...SPEC,
      base: {
        ...SPEC.base,
        'README.md': 'Call divide to divide two numbers.\n',
        'src/notes.ts': "// divide is the only division\nexport const label = 'divide'\n"
      }
    })
    const { content, isError } = await world.tools.execute('find_references', { symbol: 'divide' })
    expect(isError).toBeUndefined()
    expect(content).toContain(
      `References to divide (function at src/calc.ts:1) at head ${world.headSha.slice(0, 7)}: 3 resolved, 3 textual; by the parser (typescript).`
    )
    expect(referenceLines(resolvedPart(content))).toEqual([
      "src/report.ts:1 import divide  import { divide } from './calc.js'",
      'src/report.ts:4 call divide  const share = divide(done, total)  [in ratio (line 3)]',
      'src/report.ts:10 call divide  return String(divide(rows.length, 3))  [in Report.render (line 9)]'
    ])
    expect(referenceLines(textualPart(content))).toEqual([
      'src/notes.ts:1 other divide  // divide is the only division',
      "src/notes.ts:2 other divide  export const label = 'divide'",
      'README.md:1 other divide  Call divide to divide two numbers.'
    ])
  })

  it('narrows to a folder or a glob, leaves tests out, and shows lines around each reference', async () => {
    const world = await createWorld({
      ...SPEC,
      base: {
        ...SPEC.base,
        'src/report.test.ts': "import { divide } from './calc.js'\nexpect(divide(4, 2)).toBe(2)\n",
        'lib/use.js': "const { divide } = require('../src/calc.js')\nconst half = divide(1, 2)\n"
      }
    })
    const run = async (input: Record<string, unknown>) =>
      (await world.tools.execute('find_references', { symbol: 'divide', ...input })).content
    expect(referenceLines(await run({}))).toHaveLength(7)
    const noTests = await run({ exclude_tests: true })
    expect(noTests).not.toContain('report.test.ts')
    expect(noTests).toContain('(tests left out): 5 resolved')
    expect(referenceLines(await run({ path: 'lib' }))).toEqual([
      "lib/use.js:1 import divide  const { divide } = require('../src/calc.js')",
      'lib/use.js:2 call divide  const half = divide(1, 2)'
    ])
    expect(referenceLines(await run({ path: 'src/**/*.test.ts' }))).toHaveLength(2)
    const around = await run({ path: 'src/report.ts', context: 1 })
    expect(around).toContain(
      'src/report.ts:4 call divide  const share = divide(done, total)  [in ratio (line 3)]\n' +
        '    3- export function ratio(done: number, total: number): string {\n    5+   return share.toFixed(2)'
    )
    expect((await world.tools.execute('find_references', { symbol: 'divide', context: 6 })).isError).toBe(
      true
    )
    expect((await world.tools.execute('find_references', { symbol: 'divide', path: '../x' })).isError).toBe(
      true
    )
  })

  it('answers a name with several definitions per definition, or for the one a qualified name or defined_in chooses', async () => {
    const world = await createWorld({
      base: {
        'pkg/cache.py':
          'class Cache:\n    def reset(self):\n        self.items = {}\n\n    def clear(self):\n        self.reset()\n',
        'pkg/timer.py': 'class Timer:\n    def reset(self):\n        self.start = 0\n',
        'pkg/app.py':
          'from .cache import Cache\nfrom .timer import Timer\n\ndef restart(cache: Cache):\n    t = Timer()\n    t.reset()\n    cache.reset()\n    # reset both\n',
        'docs/usage.md': 'Call reset on each.\n'
      },
      commits: [
        {
          files: { 'pkg/timer.py': 'class Timer:\n    def reset(self):\n        self.start = 1\n' },
          message: 'start at one'
        }
      ]
    })
    const run = async (input: Record<string, unknown>) =>
      (await world.tools.execute('find_references', { symbol: 'reset', ...input })).content
    const grouped = await run({})
    expect(grouped).toContain('reset has 2 definitions and none was chosen')
    expect(resolvedPart(grouped).split('\n').slice(2)).toEqual([
      '## pkg/cache.py:2 method Cache.reset',
      'pkg/app.py:7 call reset  cache.reset()  [in restart (line 4)]',
      'pkg/cache.py:6 call reset  self.reset()  [in Cache.clear (line 5)]',
      '## pkg/timer.py:2 method Timer.reset',
      'pkg/app.py:6 call reset  t.reset()  [in restart (line 4)]'
    ])
    expect(referenceLines(textualPart(grouped))).toEqual([
      'pkg/app.py:8 other reset  # reset both',
      'docs/usage.md:1 other reset  Call reset on each.'
    ])
    const qualified = await world.tools.execute('find_references', { symbol: 'Timer.reset' })
    expect(referenceLines(resolvedPart(qualified.content))).toEqual([
      'pkg/app.py:6 call reset  t.reset()  [in restart (line 4)]'
    ])
    const definedIn = await run({ defined_in: 'pkg/cache.py' })
    expect(definedIn).toContain('References to Cache.reset (method at pkg/cache.py:2)')
    expect(referenceLines(resolvedPart(definedIn))).toHaveLength(2)
    const wrong = await world.tools.execute('find_references', { symbol: 'Clock.reset' })
    expect(wrong.content).toContain('No definition of Clock.reset')
    expect(wrong.content).toContain('pkg/cache.py:2 method Cache.reset')
  })

  it('keeps resolved references under the cap before any textual one', async () => {
    const uses = Array.from({ length: 8 }, (_, i) => `// divide note ${i}`).join('\n')
    const world = await createWorld({
      ...SPEC,
      base: { ...SPEC.base, 'a/first.ts': `${uses}\n`, 'AUTHORS.md': 'divide\n' }
    })
    const tools = (await import('../../../src/agent/tools/repo-tools.js')).repoTools({
      git: world.git,
      headSha: world.headSha,
      baseSha: world.baseSha,
      files: world.files,
      maxSearchResults: 4
    })
    const tool = tools.find(t => t.name === 'find_references')!
    const { content } = await tool.run({ symbol: 'divide' })
    expect(referenceLines(resolvedPart(content))).toHaveLength(3)
    expect(referenceLines(textualPart(content))).toEqual(['a/first.ts:1 other divide  // divide note 0'])
    expect(content).toContain('[8 more not shown')
  })
})
