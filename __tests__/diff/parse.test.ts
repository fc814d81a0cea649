import { describe, expect, it } from '@jest/globals'
import { StringDecoder } from 'node:string_decoder'
import parseDiff from 'parse-diff'
import type { DiffFile, Hunk } from '../../src/diff/model.js'
import {
  DiffStreamParser,
  hunkTextStats,
  parseApiPatch,
  parseUnifiedDiff,
  type HunkTextStats
} from '../../src/diff/parse.js'
import { mayBeKeyBodyLine } from '../../src/text/redact.js'
import { fixtureNames, keyLikeDiff, lineView, readFixture } from './fixtures.js'

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
  /** Bytes cut at `cuts`, decoded the way Git.streamDiff decodes git's output, parsed piece by piece. */
  function streamed(bytes: Buffer, cuts: number[]): DiffFile[] {
    const decoder = new StringDecoder('utf8')
    const parser = new DiffStreamParser()
    let from = 0
    for (const cut of [...cuts, bytes.length]) {
      const text = decoder.write(bytes.subarray(from, cut))
      if (text) parser.push(text)
      from = cut
    }
    const rest = decoder.end()
    if (rest) parser.push(rest)
    return parser.end()
  }

  const everyBytes = (length: number, size: number): number[] =>
    Array.from({ length: Math.ceil(length / size) - 1 }, (_, i) => (i + 1) * size)

  it('gives the same files as the whole text for every fixture, cut in two at every byte', () => {
    for (const name of fixtureNames()) {
      const bytes = Buffer.from(readFixture(name), 'utf8')
      const whole = JSON.stringify(parseUnifiedDiff(bytes.toString('utf8')))
      const differ: number[] = []
      for (let cut = 0; cut <= bytes.length; cut++) {
        if (JSON.stringify(streamed(bytes, [cut])) !== whole) differ.push(cut)
      }
      expect({ name, differ }).toEqual({ name, differ: [] })
    }
  })

  it('gives the same files however all fixtures together are cut', () => {
    const bytes = Buffer.from(fixtureNames().map(readFixture).join(''), 'utf8')
    const whole = parseUnifiedDiff(bytes.toString('utf8'))
    for (const size of [1, 2, 3, 5, 11, 12, 13, 64, 1000]) {
      expect(streamed(bytes, everyBytes(bytes.length, size))).toEqual(whole)
    }
    expect(whole.length).toBeGreaterThan(20)
  })

  it('reads a large single-file diff as it arrives, cut inside lines, hunk headers and characters', () => {
    const bytes = Buffer.from(largeFileDiff(), 'utf8')
    expect(bytes.length).toBeGreaterThan(1_000_000)
    const whole = parseUnifiedDiff(bytes.toString('utf8'))
    expect(whole).toHaveLength(2)
    expect(whole[0]!.hunks.length).toBeGreaterThan(1000)
    const text = bytes.toString('latin1')
    const inside = (marker: string, offset: number): number[] => {
      const cuts: number[] = []
      for (let at = text.indexOf(marker); at >= 0 && cuts.length < 200; at = text.indexOf(marker, at + 1)) {
        cuts.push(at + offset)
      }
      return cuts
    }
    const euro = Buffer.from('\u20ac').toString('latin1')
    const smile = Buffer.from('\u{1f600}').toString('latin1')
    const cutSets = [
      everyBytes(bytes.length, 65_536),
      everyBytes(bytes.length, 4_093),
      inside('\n@@ -', 3),
      inside('\ndiff --git', 5),
      inside('\r\n', 1),
      inside(euro, 1),
      inside(euro, 2),
      inside(smile, 3),
      randomCuts(bytes.length, 500, 7)
    ]
    const expected = JSON.stringify(whole)
    for (const [set, cuts] of cutSets.entries()) {
      expect(cuts.length).toBeGreaterThan(0)
      const files = JSON.stringify(
        streamed(
          bytes,
          [...new Set(cuts)].sort((a, b) => a - b)
        )
      )
      expect({ set, same: files === expected }).toEqual({ set, same: true })
    }
  })

  it("counts each hunk's text facts as it reads the lines, however the text is cut", () => {
    const bytes = Buffer.from(keyLikeDiff(), 'utf8')
    const whole = parseUnifiedDiff(bytes.toString('utf8'))
    const hunks = (files: DiffFile[]): Hunk[] => files.flatMap(file => file.hunks)
    const keyLike = hunks(whole).filter(hunk => statsOf(hunk).keyBodyLike).length
    expect(keyLike).toBeGreaterThan(20)
    expect(hunks(whole).length - keyLike).toBeGreaterThan(20)
    for (const cuts of [[], everyBytes(bytes.length, 97), randomCuts(bytes.length, 300, 3)]) {
      const parsed = hunks(
        streamed(
          bytes,
          [...cuts].sort((a, b) => a - b)
        )
      )
      expect(parsed.length).toBe(hunks(whole).length)
      for (const hunk of parsed) expect([hunk.header, statsRead(hunk)]).toEqual([hunk.header, statsOf(hunk)])
    }
    const patch = bytes.toString('utf8').slice(bytes.toString('utf8').indexOf('@@ '))
    for (const hunk of parseApiPatch({ filename: 'k', status: 'modified', additions: 0, deletions: 0, patch })
      .hunks) {
      expect([hunk.header, statsRead(hunk)]).toEqual([hunk.header, statsOf(hunk)])
    }
  })

  it('ignores text before the first file header, as the whole-text reader does', () => {
    const diff = readFixture('renames')
    for (const before of ['', 'warning: something\n', '\n', 'x']) {
      const parser = new DiffStreamParser()
      parser.push(before + diff)
      expect(parser.end()).toEqual(parseUnifiedDiff(before + diff))
    }
    expect(parseUnifiedDiff(`\n${diff}`)).toEqual(parseUnifiedDiff(diff))
  })
})

/**
 * One file of about 1.5 MB changed throughout, with non-ASCII text, CRLF lines and a missing final
 * newline, then a small second file.
 */
function largeFileDiff(): string {
  const parts = [
    'diff --git a/big.txt b/big.txt\nindex 1111111..2222222 100644\n--- a/big.txt\n+++ b/big.txt\n'
  ]
  for (let hunk = 0; hunk < 3000; hunk++) {
    const start = hunk * 10 + 1
    parts.push(`@@ -${start},7 +${start},7 @@ function f${hunk}() {\n`)
    parts.push(` context \u00e9 ${hunk} one\n`, ` context ${hunk} two\r\n`, ` context ${hunk} three\n`)
    parts.push(
      `-old \u20ac ${hunk} ${'x'.repeat(hunk % 300)}\n`,
      `+new \u{1f600} ${hunk} ${'y'.repeat(hunk % 200)}\r\n`
    )
    parts.push(` context ${hunk} four\n`, ` context ${hunk} five\n`, ` context ${hunk} six\n`)
  }
  parts.push(
    '@@ -30001 +30001 @@\n-last\n\\ No newline at end of file\n+last line\n\\ No newline at end of file\n'
  )
  parts.push(
    'diff --git a/small.txt b/small.txt\nnew file mode 100644\nindex 0000000..3333333\n--- /dev/null\n'
  )
  parts.push('+++ b/small.txt\n@@ -0,0 +1 @@\n+small \u00fc\n')
  return parts.join('')
}

/** What hunkTextStats says of a hunk, each fact read once. */
function statsRead(hunk: Hunk): HunkTextStats | undefined {
  const stats = hunkTextStats(hunk)
  if (!stats) return undefined
  const { lines, textChars, removed, removedNumberDigits, longestLine, keyBodyLike } = stats
  return { lines, textChars, removed, removedNumberDigits, longestLine, keyBodyLike }
}

/** What hunkTextStats should say of a hunk, worked out from its lines. */
function statsOf(hunk: Hunk): HunkTextStats {
  const texts = hunk.lines.map(line => line.text)
  const removed = hunk.lines.filter(line => line.kind === 'del')
  return {
    lines: hunk.lines.length,
    textChars: texts.reduce((total, text) => total + text.length, 0),
    removed: removed.length,
    removedNumberDigits: removed.reduce((total, line) => total + String(line.oldLine).length, 0),
    longestLine: Math.max(0, ...texts.map(text => text.length)),
    keyBodyLike: texts.some(text => mayBeKeyBodyLine(text))
  }
}

/** `count` distinct cut positions below `length`, the same on every run. */
function randomCuts(length: number, count: number, seed: number): number[] {
  let state = seed
  const cuts = new Set<number>()
  while (cuts.size < count) {
    state = (state * 1103515245 + 12345) % 2147483648
    cuts.add(state % length)
  }
  return [...cuts]
}

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
