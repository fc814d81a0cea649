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
const toys = fixtures.filter(f => !realSized.includes(f))

describe('the size rules over eval/fixtures', () => {
  it('counts changed lines as a line diff does', () => {
    expect(changedLineCount('a\nb\nc\n', 'a\nb\nc\n')).toBe(0)
    expect(changedLineCount('a\nb\nc\n', 'a\nx\nc\n')).toBe(2)
    expect(changedLineCount(undefined, 'a\nb\n')).toBe(2)
    expect(changedLineCount('a\nb\nc\nd\n', 'b\nc\nd\ne\n')).toBe(2)
  })

  it('holds for every fixture built on a shared codebase: files, lines, directories, tests, changed lines', () => {
    expect(realSized.length).toBeGreaterThan(0)
    for (const fixture of realSized) {
      const size = fixtureSize(fixture)
      expect(fixtureSizeProblems(size)).toEqual([])
      expect(size.files).toBeGreaterThanOrEqual(RULES.files)
      expect(size.changedLines).toBeGreaterThanOrEqual(RULES.changedLines)
      for (const d of fixture.golden) expect(d.defectClass).toBeDefined()
    }
    console.log(sizeTable(fixtures))
  })

  it('rejects the toy fixtures, which is why they are being replaced', () => {
    for (const toy of toys) expect(fixtureSizeProblems(fixtureSize(toy)).length).toBeGreaterThan(0)
  })

  it('names what a set lacks: counts, classes, languages, multi-hop', () => {
    const problems = setSizeProblems(realSized.filter(f => f.language === 'python'))
    expect(problems).toContain('no typescript fixture')
    expect(problems.some(p => /multi-hop defects; at least 10/.test(p))).toBe(true)
    expect(problems.some(p => /^no defect of class /.test(p))).toBe(true)
  })
})
