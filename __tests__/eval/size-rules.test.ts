import { describe, expect, it } from '@jest/globals'
import { loadFixtures } from '../../eval/fixtures.js'
import {
  changedLineCount,
  fixtureSize,
  fixtureSizeProblems,
  RULES,
  setSizeProblems,
  sizeTable
} from '../../eval/size-rules.js'

const fixtures = await loadFixtures()
const realSized = fixtures.filter(f => f.codebase !== undefined)

describe('the size rules over eval/fixtures', () => {
  it('counts changed lines as a line diff does', () => {
    expect(changedLineCount('a\nb\nc\n', 'a\nb\nc\n')).toBe(0)
    expect(changedLineCount('a\nb\nc\n', 'a\nx\nc\n')).toBe(2)
    expect(changedLineCount(undefined, 'a\nb\n')).toBe(2)
    expect(changedLineCount('a\nb\nc\nd\n', 'b\nc\nd\ne\n')).toBe(2)
  })

  it('holds for the set: 30 seeded with 40 defects, 8 clean, 10 multi-hop, every class and language', () => {
    expect(setSizeProblems(fixtures)).toEqual([])
    const seeded = fixtures.filter(f => !f.clean)
    expect(seeded.length).toBeGreaterThanOrEqual(RULES.seeded)
    expect(seeded.flatMap(f => f.golden).length).toBeGreaterThanOrEqual(RULES.defects)
    expect(fixtures.filter(f => f.clean).length).toBeGreaterThanOrEqual(RULES.clean)
    expect(fixtures.flatMap(f => f.golden).filter(d => d.multiHop).length).toBeGreaterThanOrEqual(
      RULES.multiHop
    )
  })

  it('holds for every fixture: files, lines, directories, tests, changed lines', () => {
    expect(realSized).toEqual(fixtures)
    for (const fixture of realSized) {
      const size = fixtureSize(fixture)
      expect(fixtureSizeProblems(size)).toEqual([])
      expect(size.files).toBeGreaterThanOrEqual(RULES.files)
      expect(size.changedLines).toBeGreaterThanOrEqual(RULES.changedLines)
      for (const d of fixture.golden) expect(d.defectClass).toBeDefined()
    }
    console.log(sizeTable(fixtures))
  })

  it('rejects a toy: a two-file base and a ten-line change', () => {
    const real = fixtures[0]!
    const [first, second] = Object.keys(real.base)
    const toy = {
      ...real,
      base: { [first!]: real.base[first!]!, [second!]: real.base[second!]! },
      head: { [first!]: `${real.base[first!]}${'x\n'.repeat(10)}` }
    }
    const problems = fixtureSizeProblems(fixtureSize(toy))
    expect(problems).toEqual(
      expect.arrayContaining([
        `${real.id}: 2 files at base; at least 12`,
        `${real.id}: the PR changes 10 lines; at least 60`
      ])
    )
  })

  it('names what a set lacks: counts, classes, languages, multi-hop', () => {
    const problems = setSizeProblems(fixtures.filter(f => f.language === 'python'))
    expect(problems).toContain('no typescript fixture')
    expect(problems.some(p => /multi-hop defects; at least 10/.test(p))).toBe(true)
    expect(problems.some(p => /^no defect of class /.test(p))).toBe(true)
  })
})
