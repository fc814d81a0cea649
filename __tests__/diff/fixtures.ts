import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DiffFile, DiffLine } from '../../src/diff/model.js'

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'diffs')

/** Real `git diff` output, made by __tests__/fixtures/diffs/generate.sh. */
export function readFixture(name: string): string {
  return fs.readFileSync(path.join(DIR, `${name}.diff`), 'utf8')
}

export function fixtureNames(): string[] {
  return fs
    .readdirSync(DIR)
    .filter(name => name.endsWith('.diff'))
    .map(name => name.slice(0, -'.diff'.length))
}

/** A compact view of a file's lines: "+12 text", "-(7) text", " 7/9 text". */
export function lineView(file: DiffFile | undefined): string[] {
  if (!file) throw new Error('no such file in the diff')
  return file.hunks.flatMap(hunk => hunk.lines.map(describeLine))
}

function describeLine(line: DiffLine): string {
  if (line.kind === 'add') return `+${line.newLine} ${line.text}`
  if (line.kind === 'del') return `-(${line.oldLine}) ${line.text}`
  return ` ${line.oldLine}/${line.newLine} ${line.text}`
}

/** A diff file built by hand, for tests of what comes after parsing. */
export function fileWith(
  path: string,
  hunks: Array<{ old: number; new: number; lines: string[] }>
): DiffFile {
  let additions = 0
  let deletions = 0
  const built = hunks.map((spec, index) => {
    let oldLine = spec.old
    let newLine = spec.new
    const lines: DiffLine[] = spec.lines.map(raw => {
      const text = raw.slice(1)
      if (raw.startsWith('+')) {
        additions++
        return { kind: 'add', newLine: newLine++, text }
      }
      if (raw.startsWith('-')) {
        deletions++
        return { kind: 'del', oldLine: oldLine++, text }
      }
      return { kind: 'context', oldLine: oldLine++, newLine: newLine++, text }
    })
    const oldLines = lines.filter(line => line.oldLine !== undefined).length
    const newLines = lines.filter(line => line.newLine !== undefined).length
    return {
      index,
      header: `@@ -${spec.old},${oldLines} +${spec.new},${newLines} @@`,
      oldStart: spec.old,
      oldLines,
      newStart: spec.new,
      newLines,
      lines
    }
  })
  return { path, oldPath: path, status: 'modified', binary: false, hunks: built, additions, deletions }
}

/**
 * One file whose hunks hold, here and there, lines like a key's body: indented, after a carriage return or
 * another line terminator inside a line, with CRLF endings, and runs one character too short.
 */
export function keyLikeDiff(): string {
  let seed = 5
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    // The high bits: the low ones of this generator repeat after a few calls.
    return Math.floor((seed / 2 ** 31) * n)
  }
  const base64 = (length: number): string => Array.from({ length }, () => 'ABCxyz019+/'[random(11)]).join('')
  const texts = [
    () => `code(${random(1000)});`,
    () => base64(60 + random(17)),
    () => `  ${base64(64)}`,
    () => `\t${base64(59)}`,
    () => `x = 1;\r${base64(64)}`,
    () => `y = 2;\u2028  ${base64(60)}`,
    () => `const long = '${base64(80)}'`,
    () => ''
  ]
  const parts = ['diff --git a/k b/k\nindex 1111111..2222222 100644\n--- a/k\n+++ b/k\n']
  let at = 1
  for (let hunk = 0; hunk < 120; hunk++) {
    const lines: string[] = []
    let old = 0
    let now = 0
    for (let count = 1 + random(6); lines.length < count;) {
      const marker = [' ', '+', '-'][random(3)] as string
      const text = random(3) === 0 ? (texts[random(texts.length)] as () => string)() : `line ${random(99)}`
      lines.push(`${marker}${text}${random(5) === 0 ? '\r' : ''}\n`)
      if (marker !== '+') old++
      if (marker !== '-') now++
    }
    parts.push(`@@ -${at},${old} +${at},${now} @@\n`, ...lines)
    at += 20 + random(2000)
  }
  return parts.join('')
}
