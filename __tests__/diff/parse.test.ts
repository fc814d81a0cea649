import { describe, expect, it } from '@jest/globals'
import parseDiff from 'parse-diff'
import type { DiffFile } from '../../src/diff/model.js'
import { DiffStreamParser, parseApiPatch, parseUnifiedDiff } from '../../src/diff/parse.js'
import { fixtureNames, lineView, readFixture } from './fixtures.js'

const parse = (name: string): DiffFile[] => parseUnifiedDiff(readFixture(name))
const byPath = (files: DiffFile[], path: string): DiffFile | undefined =>
  files.find(file => file.path === path)

describe('parseUnifiedDiff', () => {
  it('reads a rename without edits (no hunks) and a rename with edits', () => {
    const files = parse('renames')
    expect(files.map(({ path, oldPath, status }) => ({ path, oldPath, status }))).toEqual([
      { path: 'edited-renamed.txt', oldPath: 'edited.txt', status: 'renamed' },
      { path: 'moved/same.txt', oldPath: 'same.txt', status: 'renamed' }
    ])
    expect(byPath(files, 'moved/same.txt')?.hunks).toEqual([])
    expect(lineView(byPath(files, 'edited-renamed.txt'))).toEqual([
      ' 17/17 17',
      ' 18/18 18',
      ' 19/19 19',
      '-(20) 20',
      '+20 twenty',
      ' 21/21 21',
      ' 22/22 22',
      ' 23/23 23'
    ])
  })

  it('marks binary files, added, modified and deleted, without hunks', () => {
    const files = parse('binary')
    expect(
      files.map(({ path, status, binary, hunks }) => ({ path, status, binary, hunks: hunks.length }))
    ).toEqual([
      { path: 'added.bin', status: 'binary', binary: true, hunks: 0 },
      { path: 'image.png', status: 'binary', binary: true, hunks: 0 },
      { path: 'removed.bin', status: 'deleted', binary: true, hunks: 0 }
    ])
  })

  it('numbers removed lines on the old side only', () => {
    const files = parse('deletions')
    const gone = byPath(files, 'gone.txt')
    expect(gone).toMatchObject({ status: 'deleted', oldPath: 'gone.txt', additions: 0, deletions: 5 })
    expect(lineView(gone)).toEqual(['-(1) 1', '-(2) 2', '-(3) 3', '-(4) 4', '-(5) 5'])
    expect(lineView(byPath(files, 'shrink.txt'))).toEqual([
      ' 1/1 1',
      ' 2/2 2',
      ' 3/3 3',
      '-(4) 4',
      '-(5) 5',
      '-(6) 6',
      ' 7/4 7',
      ' 8/5 8',
      ' 9/6 9'
    ])
  })

  it('reads new files, including an empty one', () => {
    const files = parse('new-files')
    expect(byPath(files, 'created.ts')).toMatchObject({
      status: 'added',
      oldPath: 'created.ts',
      additions: 3
    })
    expect(lineView(byPath(files, 'created.ts'))).toEqual(['+1 line one', '+2 line two', '+3 line three'])
    expect(byPath(files, 'empty.txt')).toMatchObject({ status: 'added', hunks: [], additions: 0 })
  })

  it('records mode changes with and without edits', () => {
    const files = parse('mode-change')
    expect(byPath(files, 'run.sh')).toMatchObject({
      status: 'modified',
      hunks: [],
      modeChange: { oldMode: '100644', newMode: '100755' }
    })
    expect(byPath(files, 'edit.sh')).toMatchObject({ modeChange: { oldMode: '100644', newMode: '100755' } })
    expect(lineView(byPath(files, 'edit.sh'))).toEqual([' 1/1 #!/bin/sh', '-(2) echo old', '+2 echo new'])
  })

  it('drops the carriage return of CRLF lines and keeps the numbering', () => {
    const [file] = parse('crlf')
    expect(lineView(file)).toEqual([
      ' 1/1 first',
      '-(2) second',
      '+2 SECOND',
      ' 3/3 third',
      ' 4/4 fourth',
      '+5 fifth'
    ])
  })

  it('does not count "No newline at end of file" as a line', () => {
    const files = parse('no-newline')
    expect(lineView(byPath(files, 'both.txt'))).toEqual([' 1/1 x', '-(2) y', '+2 Y'])
    expect(lineView(byPath(files, 'gains-newline.txt'))).toEqual([' 1/1 a', ' 2/2 b', '-(3) c', '+3 c'])
    expect(lineView(byPath(files, 'loses-newline.txt'))).toEqual([' 1/1 a', ' 2/2 b', '-(3) c', '+3 C'])
    for (const file of files)
      expect(file.hunks.flatMap(hunk => hunk.lines).some(l => l.text.includes('No newline'))).toBe(false)
  })

  it('decodes paths with spaces, non-ASCII characters, quotes, backslashes and tabs', () => {
    const expected = [
      { path: 'after rename ü.txt', oldPath: 'before rename.txt', status: 'renamed' },
      { path: 'back\\slash.txt', oldPath: 'back\\slash.txt', status: 'modified' },
      { path: 'dir with space/file name.txt', oldPath: 'dir with space/file name.txt', status: 'modified' },
      { path: 'quote"d.txt', oldPath: 'quote"d.txt', status: 'modified' },
      { path: 'tab\there.txt', oldPath: 'tab\there.txt', status: 'modified' },
      { path: 'ñandú é.txt', oldPath: 'ñandú é.txt', status: 'modified' }
    ]
    const summary = (files: DiffFile[]) =>
      files.map(({ path, oldPath, status }) => ({ path, oldPath, status }))
    expect(summary(parse('special-paths'))).toEqual(expected)
    // The same diff with git's default octal escapes for non-ASCII bytes.
    expect(summary(parse('special-paths-octal'))).toEqual(expected)
  })

  it('reads hunks at the start and end of a file and hunks one line apart', () => {
    const [file] = parse('hunk-edges')
    expect(
      file?.hunks.map(({ oldStart, oldLines, newStart, newLines }) => [
        oldStart,
        oldLines,
        newStart,
        newLines
      ])
    ).toEqual([
      [1, 4, 1, 4],
      [17, 7, 17, 7],
      [25, 7, 25, 7],
      [57, 4, 57, 5]
    ])
    expect(file?.hunks.map(hunk => hunk.index)).toEqual([0, 1, 2, 3])
    expect(lineView(file).slice(0, 2)).toEqual(['-(1) 1', '+1 one'])
    expect(lineView(file).slice(-3)).toEqual(['-(60) 60', '+60 sixty', '+61 sixty-one'])
  })

  it('lists a type change as a deletion and an addition of the same path', () => {
    const files = parse('type-change')
    expect(files.map(({ path, status }) => ({ path, status }))).toEqual([
      { path: 'link', status: 'deleted' },
      { path: 'link', status: 'added' }
    ])
  })

  it('marks submodule entries and reads a symlink as its one-line target', () => {
    const files = parse('links')
    expect(files.map(({ path, status, submodule }) => ({ path, status, submodule }))).toEqual([
      { path: 'lib/added', status: 'added', submodule: true },
      { path: 'lib/bumped', status: 'modified', submodule: true },
      { path: 'link', status: 'modified', submodule: undefined }
    ])
    expect(lineView(byPath(files, 'link'))).toEqual(['-(1) target', '+1 moved'])
  })

  it('keeps body lines that look like file headers', () => {
    const text = [
      'diff --git a/notes.txt b/notes.txt',
      'index 1111111..2222222 100644',
      '--- a/notes.txt',
      '+++ b/notes.txt',
      '@@ -1,2 +1,2 @@',
      '--- a/old',
      '+++ b/new',
      ' @@ not a hunk',
      ''
    ].join('\n')
    expect(lineView(parseUnifiedDiff(text)[0])).toEqual([
      '-(1) -- a/old',
      '+1 ++ b/new',
      ' 2/2 @@ not a hunk'
    ])
  })

  it('returns nothing for empty output', () => {
    expect(parseUnifiedDiff('')).toEqual([])
  })

  it('agrees with parse-diff on every line number once its quirks are undone', () => {
    for (const name of fixtureNames()) {
      const text = readFixture(name)
      const ours = parseUnifiedDiff(text).map(file => lineView(file))
      const theirs = parseDiff(text).map(file =>
        file.chunks.flatMap(chunk =>
          chunk.changes
            // parse-diff repeats the previous change for the end-of-file marker.
            .filter(change => !change.content.startsWith('\\'))
            .map(change => {
              const text = change.content.slice(1).replace(/\r$/, '')
              if (change.type === 'add') return `+${change.ln} ${text}`
              if (change.type === 'del') return `-(${change.ln}) ${text}`
              return ` ${change.ln1}/${change.ln2} ${text}`
            })
        )
      )
      expect({ name, lines: ours }).toEqual({ name, lines: theirs })
    }
  })
})

describe('DiffStreamParser', () => {
  it('gives the same files however the text is cut', () => {
    const text = fixtureNames().map(readFixture).join('')
    const whole = parseUnifiedDiff(text)
    for (const size of [1, 2, 5, 11, 12, 13, 64, 1000]) {
      const parser = new DiffStreamParser()
      for (let at = 0; at < text.length; at += size) parser.push(text.slice(at, at + size))
      expect(parser.end()).toEqual(whole)
    }
    expect(whole.length).toBeGreaterThan(20)
  })
})

describe('parseApiPatch', () => {
  it('reads a patch without file headers', () => {
    const file = parseApiPatch({
      filename: 'src/a.ts',
      status: 'modified',
      additions: 2,
      deletions: 1,
      patch: '@@ -3,3 +3,4 @@ function a() {\n ctx\n-old\n+new\n+more\n ctx2\n\\ No newline at end of file'
    })
    expect(file).toMatchObject({
      path: 'src/a.ts',
      oldPath: 'src/a.ts',
      status: 'modified',
      additions: 2,
      deletions: 1
    })
    expect(lineView(file)).toEqual([' 3/3 ctx', '-(4) old', '+4 new', '+5 more', ' 5/6 ctx2'])
  })

  it('maps the API statuses and a rename', () => {
    const base = { additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x' }
    expect(parseApiPatch({ ...base, filename: 'a', status: 'added' }).status).toBe('added')
    expect(
      parseApiPatch({ ...base, filename: 'a', status: 'removed', patch: '@@ -1 +0,0 @@\n-x' }).status
    ).toBe('deleted')
    expect(
      parseApiPatch({ ...base, filename: 'b', previous_filename: 'a', status: 'renamed' })
    ).toMatchObject({
      path: 'b',
      oldPath: 'a',
      status: 'renamed'
    })
  })

  it('marks a missing patch: binary when it changed no lines, too large otherwise', () => {
    const binary = parseApiPatch({ filename: 'logo.png', status: 'modified', additions: 0, deletions: 0 })
    expect(binary).toMatchObject({ status: 'binary', binary: true, hunks: [] })
    expect(binary.patchMissing).toBeUndefined()
    const large = parseApiPatch({ filename: 'big.sql', status: 'modified', additions: 9000, deletions: 10 })
    expect(large).toMatchObject({ status: 'modified', binary: false, patchMissing: true, additions: 9000 })
  })
})
