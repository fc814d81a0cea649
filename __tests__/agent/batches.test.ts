import { describe, expect, it } from '@jest/globals'
import { planBatches } from '../../src/agent/batches.js'
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

const paths = (batches: ReturnType<typeof planBatches>) => batches.map(b => b.files.map(f => f.file.path))

describe('planBatches', () => {
  it('keeps a pull request that fits in one message as one batch, in its order', () => {
    const result = triage([added('b.ts', 3), added('a.ts', 3)])
    expect(paths(planBatches(result))).toEqual([['b.ts', 'a.ts']])
  })

  it('fits every batch under the cap and keeps a test with its source', () => {
    const files = [
      added('src/a.ts', 30),
      added('lib/x.ts', 30),
      added('src/b.ts', 30),
      added('src/a.test.ts', 30),
      added('lib/y.ts', 30)
    ]
    const batches = planBatches(triage(files), 3_500)
    expect(batches.length).toBeGreaterThan(1)
    const where = (path: string) => paths(batches).findIndex(batch => batch.includes(path))
    expect(where('src/a.ts')).toBe(where('src/a.test.ts'))
    expect(paths(batches).flat().sort()).toEqual(files.map(f => f.path).sort())
  })

  it('puts a file too large for any batch alone', () => {
    const batches = planBatches(triage([added('small.ts', 5), added('huge.ts', 300, 200)]), 5_000)
    expect(paths(batches)).toContainEqual(['huge.ts'])
  })
})
