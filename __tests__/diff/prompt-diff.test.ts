import { describe, expect, it } from '@jest/globals'
import type { DiffFile } from '../../src/diff/model.js'
import { DiffStreamParser, parseUnifiedDiff } from '../../src/diff/parse.js'
import {
  DIFF_FORMAT_NOTE,
  INVENTORY_MAX_FILES,
  layoutPromptDiff,
  measureEntry,
  PROMPT_DIFF_CHARS,
  promptDiffShows,
  renderAhead,
  renderDiff,
  renderFileDiff,
  renderInventory
} from '../../src/diff/prompt-diff.js'
import { triage, triageFile } from '../../src/diff/triage.js'
import { isKeyBodyLine, PRIVATE_KEY_LINE } from '../../src/text/redact.js'
import { fileWith, fixtureNames, keyLikeDiff, readFixture } from './fixtures.js'

describe('renderFileDiff', () => {
  it('numbers RIGHT lines by the new file and marks removed lines with their old number', () => {
    const [file] = parseUnifiedDiff(readFixture('deletions')).filter(f => f.path === 'shrink.txt')
    expect(renderFileDiff(file!).split('\n')).toEqual([
      '=== shrink.txt (modified, +0 -3)',
      '@@ -1,9 +1,6 @@',
      '  1   1',
      '  2   2',
      '  3   3',
      '    - (old 4) 4',
      '    - (old 5) 5',
      '    - (old 6) 6',
      '  4   7',
      '  5   8',
      '  6   9'
    ])
  })

  it('pads numbers to the widest line of the file', () => {
    const rendered = renderFileDiff(parseUnifiedDiff(readFixture('hunk-edges'))[0]!).split('\n')
    expect(rendered.slice(1, 4)).toEqual(['@@ -1,4 +1,4 @@', '     - (old 1) 1', '   1 + one'])
    expect(rendered.slice(-3)).toEqual(['     - (old 60) 60', '  60 + sixty', '  61 + sixty-one'])
  })

  it('never starts a removed line with a digit, so it cannot pass for a RIGHT line', () => {
    for (const name of ['deletions', 'hunk-edges', 'renames', 'crlf', 'no-newline']) {
      for (const file of parseUnifiedDiff(readFixture(name))) {
        for (const line of renderFileDiff(file).split('\n')) {
          if (line.includes('- (old ')) expect(line).toMatch(/^\s+- \(old \d+\) /)
          else if (/^\s+\d/.test(line)) expect(line).toMatch(/^\s+\d+ [+ ] /)
        }
      }
    }
  })

  it('states renames, mode changes and binary files in the header', () => {
    const renames = parseUnifiedDiff(readFixture('renames')).map(renderFileDiff)
    expect(renames[0]?.split('\n')[0]).toBe('=== edited-renamed.txt (renamed from edited.txt, +1 -1)')
    expect(renames[1]).toBe('=== moved/same.txt (renamed from same.txt, +0 -0)\n[no line changes]')
    const [edit] = parseUnifiedDiff(readFixture('mode-change'))
    expect(renderFileDiff(edit!).split('\n')[0]).toBe('=== edit.sh (modified, mode 100644 -> 100755, +1 -1)')
    const [binary] = parseUnifiedDiff(readFixture('binary'))
    expect(renderFileDiff(binary!)).toBe('=== added.bin (binary, +0 -0)\n[binary file]')
  })

  it('cuts very long lines', () => {
    const file = fileWith('min.js', [{ old: 1, new: 1, lines: [`+${'x'.repeat(5000)}`] }])
    const line = renderFileDiff(file).split('\n')[2]!
    expect(line.length).toBeLessThan(1100)
    expect(line).toMatch(/\[4000 more characters\]$/)
  })
})

describe('renderDiff', () => {
  it('shows each reviewable file once and points to get_diff for the rest of a truncated file', () => {
    const big = fileWith('src/big.ts', [{ old: 1, new: 1, lines: [' a', '+b', '+c', '+d', ' e'] }])
    const small = fileWith('src/small.ts', [{ old: 7, new: 7, lines: ['-x', '+y'] }])
    const result = triage([big, small, fileWith('README.md', [{ old: 1, new: 1, lines: ['+doc'] }])], {
      maxLinesPerFile: 3
    })
    expect(renderDiff(result)).toBe(
      [
        '=== src/big.ts (modified, +3 -0)',
        '@@ -1,2 +1,5 @@',
        '  1   a',
        '  2 + b',
        '  3 + c',
        '[diff truncated: 2 more diff lines not shown; call get_diff {"path": "src/big.ts"} to read the whole file diff]',
        '',
        '=== src/small.ts (modified, +1 -1)',
        '@@ -7,1 +7,1 @@',
        '    - (old 7) x',
        '  7 + y'
      ].join('\n')
    )
  })

  it('keeps the message within its budget and names the files that did not fit', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `+line ${i}`)
    const files = [
      fileWith('src/first.ts', [{ old: 1, new: 1, lines: lines(10) }]),
      fileWith('src/huge.ts', [{ old: 1, new: 1, lines: lines(300) }]),
      fileWith('src/last.ts', [{ old: 1, new: 1, lines: lines(10) }])
    ]
    const result = triage(files)
    const full = renderDiff(result, Number.POSITIVE_INFINITY)
    const budget = 800
    const text = renderDiff(result, budget)
    expect(full.length).toBeGreaterThan(3000)
    expect(text).toContain('=== src/first.ts')
    expect(text).toContain('=== src/last.ts')
    expect(text).not.toContain('=== src/huge.ts')
    expect(text).toContain('[1 more file to review did not fit in this message; read each with get_diff')
    expect(text).toContain('- src/huge.ts')
    expect(text.length).toBeLessThan(budget + 300)
  })

  it('renders nothing when nothing is reviewable', () => {
    expect(renderDiff(triage([fileWith('README.md', [{ old: 1, new: 1, lines: ['+doc'] }])]))).toBe('')
  })
})

describe('renderInventory', () => {
  it('names a bounded number of files and counts the rest by reason', () => {
    const docs = Array.from({ length: INVENTORY_MAX_FILES + 5 }, (_, i) =>
      fileWith(`docs/page-${i}.md`, [{ old: 1, new: 1, lines: ['+doc'] }])
    )
    const lines = renderInventory(triage(docs)).split('\n')
    expect(lines).toHaveLength(INVENTORY_MAX_FILES + 3)
    expect(lines[lines.length - 1]).toBe('- … and 5 more skipped files (5 documentation)')
  })

  it('lists every file with its counts and each skipped file with its reason', () => {
    const files = [
      fileWith('src/a.ts', [{ old: 1, new: 1, lines: Array.from({ length: 5 }, () => '+x') }]),
      fileWith('package-lock.json', [{ old: 1, new: 1, lines: ['-"a"', '+"b"'] }]),
      ...parseUnifiedDiff(readFixture('binary'))
    ]
    expect(renderInventory(triage(files, { maxLinesPerFile: 4 })).split('\n')).toEqual([
      'Files changed: 5 (1 to review, 4 skipped)',
      '- src/a.ts (modified, +5 -0, diff truncated to 4 of 5 lines)',
      'Skipped (diff not shown; read the files with the tools if they matter):',
      '- package-lock.json (modified, +1 -1): lockfile',
      '- added.bin (binary, +0 -0): binary',
      '- image.png (binary, +0 -0): binary',
      '- removed.bin (deleted, +0 -0): deleted'
    ])
  })
})

describe('DIFF_FORMAT_NOTE', () => {
  it('describes the formats the renderer writes', () => {
    expect(DIFF_FORMAT_NOTE).toContain('"  42 + text"')
    expect(DIFF_FORMAT_NOTE).toContain('"     - (old 41) text"')
    expect(DIFF_FORMAT_NOTE).toContain('get_diff')
  })
})

describe('measureEntry', () => {
  it('is the length of the rendered diff of every fixture file, whole and cut', () => {
    for (const name of fixtureNames()) {
      for (const entry of triage(parseUnifiedDiff(readFixture(name))).reviewable) {
        for (const lines of new Set([entry.shownLines, 1, Math.ceil(entry.shownLines / 2), 0])) {
          const alone = { reviewable: [{ ...entry, shownLines: lines }], skipped: [] }
          expect(measureEntry(entry, lines)).toBe(
            layoutPromptDiff(alone, Number.POSITIVE_INFINITY).text.length
          )
        }
      }
    }
  })

  it('counts long, clipped, secret-holding and key-body lines as they are rendered', () => {
    const key = 'A'.repeat(64)
    const long = `x = "${'y'.repeat(1500)}"`
    const secret = `token = "ghp_${'a1B2'.repeat(9)}" ${'z'.repeat(1200)}`
    const file = fileWith('src/keys.ts', [
      { old: 1, new: 1, lines: [`+${key}`, `-${long}`, ` ${secret}`, '+short', `-${key}`] }
    ])
    const [entry] = triage([file]).reviewable
    expect(measureEntry(entry!, entry!.shownLines)).toBe(renderFileDiff(file).length)
  })

  it('counts hunk headers whose context is, or nearly is, a key body as they are rendered', () => {
    for (const context of ['', ' f()', ` ${'A'.repeat(64)}`, ` ${'A'.repeat(59)}`, ` ${'x y'.repeat(30)}`]) {
      const file = fileWith('src/a.ts', [{ old: 1, new: 1, lines: [' a', '-b', '+c'] }])
      const hunk = file.hunks[0]!
      file.hunks[0] = { ...hunk, header: `${hunk.header}${context}` }
      const [entry] = triage([file]).reviewable
      expect(measureEntry(entry!, entry!.shownLines)).toBe(renderFileDiff(file).length)
    }
  })

  it('counts file headers of renames, mode changes and large counts as they are rendered', () => {
    const base = fileWith('src/new-name.ts', [{ old: 1, new: 1, lines: [' a', '-b', '+c'] }])
    const variants: DiffFile[] = [
      { ...base, status: 'renamed', oldPath: 'src/old-name.ts' },
      { ...base, status: 'modified', oldPath: 'lib/old-name.ts' },
      { ...base, modeChange: { oldMode: '100644', newMode: '100755' } },
      { ...base, additions: 12_345, deletions: 0 }
    ]
    for (const file of variants) {
      const [entry] = triage([file]).reviewable
      expect(measureEntry(entry!, entry!.shownLines)).toBe(renderFileDiff(file).length)
    }
  })
})

describe('measureEntry on parsed hunks', () => {
  const key = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.padEnd(64, 'Q')
  const diffOf = (lines: string[], oldStart = 1, newStart = 1): string => {
    const oldLines = lines.filter(line => !line.startsWith('+') && !line.startsWith('\\')).length
    const newLines = lines.filter(line => !line.startsWith('-') && !line.startsWith('\\')).length
    return [
      'diff --git a/src/a.ts b/src/a.ts',
      'index 1111111..2222222 100644',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      `@@ -${oldStart},${oldLines} +${newStart},${newLines} @@ function above() {`,
      ...lines,
      ''
    ].join('\n')
  }

  it('counts whole hunks from what the parser read, as they are rendered', () => {
    const cases: Array<[string, string]> = [
      ['plain', diffOf([' keep', '-gone', '+came', ' keep'], 98, 99)],
      ['numbers that change width', diffOf(['-a', '-b', '-c', ' d', '+e', '+f'], 8, 9)],
      ['CRLF', diffOf([' one\r', '-two\r', '+three\r'])],
      ['no newline at the end', diffOf(['-last', '\\ No newline at end of file', '+last'])],
      ['a key body', diffOf([' before', `+${key}`, `-${key}`, ' after'])],
      ['a long line', diffOf([`+x = "${'y'.repeat(1500)}"`, ' after'])],
      ['empty lines', diffOf(['+', ' ', '-'])]
    ]
    for (const [name, text] of cases) {
      const [entry] = triage(parseUnifiedDiff(text)).reviewable
      for (const lines of [entry!.shownLines, 1, 2]) {
        const alone = { reviewable: [{ ...entry!, shownLines: lines }], skipped: [] }
        expect([name, lines, measureEntry(entry!, lines)]).toEqual([
          name,
          lines,
          layoutPromptDiff(alone, Number.POSITIVE_INFINITY).text.length + keyExcess(entry!.file, lines)
        ])
      }
    }
    const [keyed] = triage(parseUnifiedDiff(diffOf([' before', `+${key}`, `-${key}`, ' after']))).reviewable
    expect(keyExcess(keyed!.file, keyed!.totalLines)).toBe(2 * (key.length - PRIVATE_KEY_LINE.length))
  })

  it('renders and measures parsed hunks as it does the same lines made by hand, keys redacted', () => {
    const parsed = parseUnifiedDiff(keyLikeDiff())
    // A copy has no facts from the parser, so each of its lines is asked whether it is a key's body.
    const copied: DiffFile[] = structuredClone(parsed)
    const rendered = renderFileDiff(parsed[0]!)
    expect(rendered).toBe(renderFileDiff(copied[0]!))
    expect(rendered.split('\n').filter(line => line.endsWith(PRIVATE_KEY_LINE)).length).toBeGreaterThan(20)
    const [entry] = triage(parsed).reviewable
    const [copy] = triage(copied).reviewable
    for (const lines of [1, 5, 40, 111, entry!.totalLines]) {
      expect([lines, measureEntry(entry!, lines)]).toEqual([
        lines,
        measureEntry(copy!, lines) + keyExcess(copied[0]!, lines)
      ])
    }
    expect(keyExcess(copied[0]!, entry!.totalLines)).toBeGreaterThan(0)
  })

  it('asks each shown line of a hunk shown in part, and redacts the keys a cut shows', () => {
    const lines = [' start', `+${key}`, ...Array.from({ length: 3000 }, (_, i) => `+line ${i}`), `+${key}`]
    const [file] = parseUnifiedDiff(diffOf(lines))
    const copied: DiffFile[] = structuredClone([file!])
    const [entry] = triage([file!]).reviewable
    const [copy] = triage(copied).reviewable
    for (const shown of [1, 2, 3, 1500, 3002, 3003]) {
      const cut = (from: typeof entry) => ({ reviewable: [{ ...from!, shownLines: shown }], skipped: [] })
      const text = layoutPromptDiff(cut(entry), Number.POSITIVE_INFINITY).text
      expect([shown, text]).toEqual([shown, layoutPromptDiff(cut(copy), Number.POSITIVE_INFINITY).text])
      expect([shown, measureEntry(entry!, shown)]).toEqual([shown, text.length + keyExcess(file!, shown)])
      const keys = text.split('\n').filter(line => line.endsWith(PRIVATE_KEY_LINE)).length
      expect([shown, keys]).toEqual([shown, shown < 2 ? 0 : shown < 3003 ? 1 : 2])
      expect(text).not.toContain(key)
    }
  })

  it('measures a parsed hunk line by line once its lines changed', () => {
    const [file] = parseUnifiedDiff(diffOf([' keep', '+came']))
    file!.hunks[0]!.lines.push({ kind: 'add', newLine: 3, text: 'x'.repeat(40) })
    const [entry] = triage([file!]).reviewable
    expect(measureEntry(entry!, entry!.totalLines)).toBe(renderFileDiff(file!).length)
  })
})

describe('promptDiffShows', () => {
  it('says what layoutPromptDiff shows, at any cap', () => {
    const reviewable = fixtureNames().flatMap(name => triage(parseUnifiedDiff(readFixture(name))).reviewable)
    const result = { reviewable, skipped: [] }
    for (const cap of [200, 1_000, 5_000, Number.POSITIVE_INFINITY]) {
      expect(promptDiffShows(result, cap)).toEqual(layoutPromptDiff(result, cap).shown)
    }
  })
})

/**
 * What measureEntry counts beyond the rendered text of a file's first `lines` diff lines: each line of a key's
 * body in a hunk shown whole, at its own length rather than its marker's.
 */
function keyExcess(file: DiffFile, lines: number): number {
  let shown = 0
  let excess = 0
  for (const hunk of file.hunks) {
    if (shown + hunk.lines.length > lines) break
    if (hunk.lines.every(line => line.text.length <= 1000)) {
      for (const line of hunk.lines) {
        if (isKeyBodyLine(line.text)) excess += line.text.length - PRIVATE_KEY_LINE.length
      }
    }
    shown += hunk.lines.length
  }
  return excess
}

describe('renderAhead', () => {
  /** Every fixture as one diff, and a 500-line file that triage cuts. */
  function manyFiles(): string {
    const long = Array.from({ length: 500 }, (_, i) => `+line ${i + 1}`)
    const cut = ['diff --git a/long.ts b/long.ts', 'new file mode 100644', '--- /dev/null', '+++ b/long.ts']
    return [...fixtureNames().map(readFixture), [...cut, '@@ -0,0 +1,500 @@', ...long, ''].join('\n')].join(
      ''
    )
  }

  function streamedWithAhead(text: string, maxChars?: number): DiffFile[] {
    const ahead = renderAhead(triageFile({ exclude: ['**/*.lock'] }), maxChars)
    const parser = new DiffStreamParser(ahead)
    for (let at = 0; at < text.length; at += 333) parser.push(text.slice(at, at + 333))
    return parser.end()
  }

  it('changes nothing the first message shows, whatever its room', () => {
    const text = manyFiles()
    const plain = parseUnifiedDiff(text)
    for (const maxChars of [0, 50, 2_000, 20_000, PROMPT_DIFF_CHARS]) {
      const files = streamedWithAhead(text, maxChars)
      for (const cap of [1_000, 30_000, PROMPT_DIFF_CHARS]) {
        expect({ maxChars, cap, text: renderDiff(triage(files), cap) }).toEqual({
          maxChars,
          cap,
          text: renderDiff(triage(plain), cap)
        })
      }
    }
  })

  it('has the files it rendered shown from that text, and renders the others when shown', () => {
    const text = manyFiles()
    const files = streamedWithAhead(text)
    const before = renderDiff(triage(files))
    // A file rendered ahead keeps the text it had then; one cut by triage was not rendered ahead.
    for (const file of files) for (const hunk of file.hunks) hunk.lines = []
    const after = renderDiff(triage(files))
    const long = (shown: string): string => shown.slice(shown.indexOf('=== long.ts'))
    expect(after.length).toBeGreaterThan(0)
    expect(after.replace(long(after), '')).toBe(before.replace(long(before), ''))
    expect(long(after)).not.toBe(long(before))
  })

  it('is told each file once, as the parser finishes it, and the same objects end() returns', () => {
    const seen: DiffFile[] = []
    const parser = new DiffStreamParser(file => void seen.push(file))
    const text = manyFiles()
    const half = Math.floor(text.length / 2)
    parser.push(text.slice(0, half))
    const early = seen.length
    parser.push(text.slice(half))
    const files = parser.end()
    expect(early).toBeGreaterThan(0)
    expect(early).toBeLessThan(files.length)
    expect(seen).toEqual(files)
    seen.forEach((file, i) => expect(file).toBe(files[i]))
  })
})
