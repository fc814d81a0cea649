import { describe, expect, it } from '@jest/globals'
import { LineMap } from '../../src/diff/line-map.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import { fileWith, readFixture } from './fixtures.js'

describe('LineMap', () => {
  it('shifts lines below inserted lines and leaves lines above alone', () => {
    // Two lines inserted after old line 10.
    const map = LineMap.fromFiles([
      fileWith('a.ts', [{ old: 8, new: 8, lines: [' 8', ' 9', ' 10', '+x', '+y', ' 11'] }])
    ])
    expect(map.mapLine('a.ts', 'RIGHT', 5)).toEqual({ path: 'a.ts', line: 5 })
    expect(map.mapLine('a.ts', 'RIGHT', 10)).toEqual({ path: 'a.ts', line: 10 })
    expect(map.mapLine('a.ts', 'RIGHT', 11)).toEqual({ path: 'a.ts', line: 13 })
    expect(map.mapLine('a.ts', 'RIGHT', 40)).toEqual({ path: 'a.ts', line: 42 })
  })

  it('reports a removed line as deleted and moves the lines after it up', () => {
    const map = LineMap.fromFiles(parseUnifiedDiff(readFixture('deletions')))
    expect(map.mapLine('shrink.txt', 'RIGHT', 5)).toEqual({ deleted: true })
    expect(map.mapLine('shrink.txt', 'RIGHT', 7)).toEqual({ path: 'shrink.txt', line: 4 })
    expect(map.mapLine('shrink.txt', 'RIGHT', 12)).toEqual({ path: 'shrink.txt', line: 9 })
    expect(map.mapLine('gone.txt', 'RIGHT', 1)).toEqual({ deleted: true })
    expect(map.mapPath('gone.txt')).toBeUndefined()
  })

  it('handles a pure insertion hunk (no old lines) at its boundary', () => {
    // git writes "@@ -3,0 +4,2 @@" for two lines inserted after old line 3.
    const map = LineMap.fromFiles([
      {
        ...fileWith('b.ts', []),
        hunks: [
          {
            index: 0,
            header: '@@ -3,0 +4,2 @@',
            oldStart: 3,
            oldLines: 0,
            newStart: 4,
            newLines: 2,
            lines: [
              { kind: 'add', newLine: 4, text: 'x' },
              { kind: 'add', newLine: 5, text: 'y' }
            ]
          }
        ]
      }
    ])
    expect(map.mapLine('b.ts', 'RIGHT', 3)).toEqual({ path: 'b.ts', line: 3 })
    expect(map.mapLine('b.ts', 'RIGHT', 4)).toEqual({ path: 'b.ts', line: 6 })
  })

  it('follows hunks at both ends of a file', () => {
    const map = LineMap.fromFiles(parseUnifiedDiff(readFixture('hunk-edges')))
    expect(map.mapLine('edges.txt', 'RIGHT', 1)).toEqual({ deleted: true })
    expect(map.mapLine('edges.txt', 'RIGHT', 2)).toEqual({ path: 'edges.txt', line: 2 })
    expect(map.mapLine('edges.txt', 'RIGHT', 24)).toEqual({ path: 'edges.txt', line: 24 })
    expect(map.mapLine('edges.txt', 'RIGHT', 59)).toEqual({ path: 'edges.txt', line: 59 })
    expect(map.mapLine('edges.txt', 'RIGHT', 60)).toEqual({ deleted: true })
  })

  it('maps the path of a renamed file, with and without edits', () => {
    const map = LineMap.fromFiles(parseUnifiedDiff(readFixture('renames')))
    expect(map.mapLine('same.txt', 'RIGHT', 12)).toEqual({ path: 'moved/same.txt', line: 12 })
    expect(map.mapLine('edited.txt', 'RIGHT', 19)).toEqual({ path: 'edited-renamed.txt', line: 19 })
    expect(map.mapLine('edited.txt', 'RIGHT', 20)).toEqual({ deleted: true })
    expect(map.mapLine('edited.txt', 'LEFT', 20)).toEqual({ path: 'edited-renamed.txt', line: 20 })
    expect(map.mapPath('same.txt')).toBe('moved/same.txt')
  })

  it('leaves files the diff does not touch unchanged', () => {
    const map = LineMap.fromFiles(parseUnifiedDiff(readFixture('renames')))
    expect(map.mapLine('other.ts', 'RIGHT', 7)).toEqual({ path: 'other.ts', line: 7 })
  })

  it('cannot follow lines through a binary change', () => {
    const map = LineMap.fromFiles(parseUnifiedDiff(readFixture('binary')))
    expect(map.mapLine('image.png', 'RIGHT', 1)).toEqual({ deleted: true })
  })
})
