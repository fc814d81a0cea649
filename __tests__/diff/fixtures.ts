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
