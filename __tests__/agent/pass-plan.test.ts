import { describe, expect, it } from '@jest/globals'
import { planPasses } from '../../src/agent/pass-plan.js'
import type { DiffFile } from '../../src/diff/model.js'
import { triage } from '../../src/diff/triage.js'

function added(path: string, lines: number, width = 40): DiffFile {
  return {
    path,
    oldPath: path,
    status: 'added',
    binary: false,
    additions: lines,
    deletions: 0,
    hunks: [
      {
        index: 0,
        header: `@@ -0,0 +1,${lines} @@`,
        oldStart: 0,
        oldLines: 0,
        newStart: 1,
        newLines: lines,
        lines: Array.from({ length: lines }, (_, n) => ({
          kind: 'add' as const,
          newLine: n + 1,
          text: `${path}:${n}`.padEnd(width, 'x')
        }))
      }
    ]
  }
}

const paths = (batches: ReturnType<typeof planPasses>) => batches.map(b => b.files.map(f => f.file.path))

describe('planPasses', () => {
  it('keeps a pull request that fits in one message as one batch, in its order', () => {
    const result = triage([added('b.ts', 3), added('a.ts', 3)])
    expect(paths(planPasses(result))).toEqual([['b.ts', 'a.ts']])
  })

  it('fits every batch under the cap and keeps a test with its source', () => {
    const files = [
      added('src/a.ts', 30),
      added('lib/x.ts', 30),
      added('src/b.ts', 30),
      added('src/a.test.ts', 30),
      added('lib/y.ts', 30)
    ]
    const batches = planPasses(triage(files), 3_500)
    expect(batches.length).toBeGreaterThan(1)
    const where = (path: string) => paths(batches).findIndex(batch => batch.includes(path))
    expect(where('src/a.ts')).toBe(where('src/a.test.ts'))
    expect(paths(batches).flat().sort()).toEqual(files.map(f => f.path).sort())
  })

  it('orders directories as the locale sorts them, and the units of one directory as the pull request does', () => {
    const directories = ['b', 'A', 'a', 'é', 'e', 'Z', 'src/b', 'src']
    // Two units per directory, the second listed first, each as large as a batch holds.
    const files = directories.flatMap(dir => [added(`${dir}/two.ts`, 30), added(`${dir}/one.ts`, 30)])
    const batches = paths(planPasses(triage(files), 1_500))
    const expected = [...new Set(directories.map(dir => dir.replace(/\/tests$/, '')))]
      .sort(new Intl.Collator().compare)
      .flatMap(dir =>
        files
          .map(file => file.path)
          .filter(path => path.slice(0, path.lastIndexOf('/')).replace(/\/tests$/, '') === dir)
      )
    expect(batches.map(batch => batch.length)).toEqual(batches.map(() => 1))
    expect(batches.flat()).toEqual(expected)
  })

  it('keeps each test with its source, whatever the convention and the case of its name', () => {
    const pairs = [
      ['src/a.ts', 'src/a.test.ts'],
      ['src/b.ts', 'src/__tests__/b.ts'],
      ['c.py', 'tests/test_c.py'],
      ['d.go', 'd_test.go'],
      ['src/E.ts', 'src/e.SPEC.ts'],
      ['lib/f.rb', 'lib/spec/f_spec.rb'],
      ['src/Spec.ts', 'src/spec.test.ts'],
      ['app/g.py', 'app/Tests_g.py'],
      ['h', 'h-tests']
    ]
    for (const [source, test] of pairs as Array<[string, string]>) {
      // Listed between the two and as large as each: were the test a unit of its own, this file would share
      // the source's batch (two 10-line files fit one, three do not).
      const between = `${source.slice(0, source.lastIndexOf('/') + 1)}unrelated.ts`
      const files = [added(source, 10), added(between, 10), added(test, 10)]
      expect(paths(planPasses(triage(files), 1_100))).toEqual([[source, test], [between]])
    }
  })

  it('puts a file too large for any batch alone', () => {
    const batches = planPasses(triage([added('small.ts', 5), added('huge.ts', 300, 200)]), 5_000)
    expect(paths(batches)).toContainEqual(['huge.ts'])
  })
})
