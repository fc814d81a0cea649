import { describe, expect, it } from '@jest/globals'
import { DiffLineSet } from '../../src/diff/line-set.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import { fileWith, readFixture } from './fixtures.js'

describe('DiffLineSet', () => {
  // hunk-edges.diff: hunks at new lines 1-4, 17-23, 25-31 and 57-61 of edges.txt.
  const edges = DiffLineSet.fromFiles(parseUnifiedDiff(readFixture('hunk-edges')))

  it('accepts RIGHT lines inside hunks and nothing outside them', () => {
    const accepted = []
    for (let line = 0; line <= 62; line++)
      if (edges.canComment('edges.txt', 'RIGHT', line)) accepted.push(line)
    expect(accepted).toEqual([
      1, 2, 3, 4, 17, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30, 31, 57, 58, 59, 60, 61
    ])
  })

  it('accepts LEFT lines of removed and context lines on the old side', () => {
    expect(edges.canComment('edges.txt', 'LEFT', 60)).toBe(true)
    expect(edges.canComment('edges.txt', 'LEFT', 61)).toBe(false)
    expect(edges.canComment('edges.txt', 'LEFT', 24)).toBe(false)
  })

  it('tells which hunk holds a line and whether a range stays in one hunk', () => {
    expect(edges.hunkOf('edges.txt', 'RIGHT', 23)).toBe(1)
    expect(edges.hunkOf('edges.txt', 'RIGHT', 24)).toBeUndefined()
    expect(edges.hunkOf('edges.txt', 'RIGHT', 25)).toBe(2)
    expect(edges.sameHunk('edges.txt', 'RIGHT', 17, 23)).toBe(true)
    expect(edges.sameHunk('edges.txt', 'RIGHT', 22, 26)).toBe(false)
    expect(edges.sameHunk('edges.txt', 'RIGHT', 23, 24)).toBe(false)
  })

  it('finds the nearest commentable lines, by distance then lower line first', () => {
    expect(edges.nearest('edges.txt', 'RIGHT', 24, 3)).toEqual([23, 25, 22])
    expect(edges.nearest('edges.txt', 'RIGHT', 20)).toEqual([20])
    expect(edges.nearest('edges.txt', 'RIGHT', 10, 3)).toEqual([4, 3, 17])
    expect(edges.nearest('edges.txt', 'RIGHT', 100, 2)).toEqual([61, 60])
    expect(edges.nearest('edges.txt', 'RIGHT', 0, 2)).toEqual([1, 2])
    expect(edges.nearest('edges.txt', 'RIGHT', 5, 6)).toEqual([4, 3, 2, 1, 17, 18])
    expect(edges.nearest('missing.txt', 'RIGHT', 5)).toEqual([])
  })

  it('gives the text of a line on either side', () => {
    expect(edges.lineText('edges.txt', 'RIGHT', 20)).toBe('twenty')
    expect(edges.lineText('edges.txt', 'LEFT', 20)).toBe('20')
    expect(edges.lineText('edges.txt', 'RIGHT', 61)).toBe('sixty-one')
    expect(edges.lineText('edges.txt', 'RIGHT', 24)).toBeUndefined()
  })

  it('has no RIGHT lines for a deleted file and no LEFT lines for a new one', () => {
    const set = DiffLineSet.fromFiles([
      ...parseUnifiedDiff(readFixture('deletions')),
      ...parseUnifiedDiff(readFixture('new-files'))
    ])
    expect(set.canComment('gone.txt', 'LEFT', 3)).toBe(true)
    expect(set.canComment('gone.txt', 'RIGHT', 1)).toBe(false)
    expect(set.canComment('created.ts', 'RIGHT', 3)).toBe(true)
    expect(set.canComment('created.ts', 'LEFT', 1)).toBe(false)
    // The removed lines 4-6 of shrink.txt are LEFT only; the new line 4 is the old line 7.
    expect(set.lineText('shrink.txt', 'LEFT', 5)).toBe('5')
    expect(set.lineText('shrink.txt', 'RIGHT', 4)).toBe('7')
    expect(set.hasFile('empty.txt')).toBe(true)
    expect(set.canComment('empty.txt', 'RIGHT', 1)).toBe(false)
  })

  it('addresses renamed files by their new path', () => {
    const set = DiffLineSet.fromFiles(parseUnifiedDiff(readFixture('renames')))
    expect(set.canComment('edited-renamed.txt', 'LEFT', 20)).toBe(true)
    expect(set.hasFile('edited.txt')).toBe(false)
    expect(set.paths()).toEqual(['edited-renamed.txt', 'moved/same.txt'])
  })

  it('merges both entries of a type change', () => {
    const set = DiffLineSet.fromFiles(parseUnifiedDiff(readFixture('type-change')))
    expect(set.canComment('link', 'LEFT', 1)).toBe(true)
    expect(set.canComment('link', 'RIGHT', 1)).toBe(true)
    expect(set.lineText('link', 'RIGHT', 1)).toBe('elsewhere')
  })

  it('rejects lines that are not whole numbers', () => {
    const set = DiffLineSet.fromFiles([fileWith('a.ts', [{ old: 1, new: 1, lines: [' a', '+b'] }])])
    expect(set.canComment('a.ts', 'RIGHT', 1.5)).toBe(false)
    expect(set.canComment('a.ts', 'RIGHT', Number.NaN)).toBe(false)
    expect(set.canComment('a.ts', 'RIGHT', 2)).toBe(true)
  })

  it('answers quickly on a large diff', () => {
    const files = Array.from({ length: 300 }, (_, f) =>
      fileWith(
        `f${f}.ts`,
        Array.from({ length: 30 }, (_, h) => ({
          old: h * 20 + 1,
          new: h * 21 + 1,
          lines: [' a', '-b', '+c', '+d', ' e']
        }))
      )
    )
    const started = performance.now()
    const set = DiffLineSet.fromFiles(files)
    let accepted = 0
    for (let f = 0; f < 300; f++)
      for (let line = 1; line <= 640; line++) if (set.canComment(`f${f}.ts`, 'RIGHT', line)) accepted++
    expect(accepted).toBe(300 * 30 * 4)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
