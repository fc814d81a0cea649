import { describe, expect, it } from '@jest/globals'
import { planPasses } from '../../src/agent/pass-plan.js'
import { Coverage } from '../../src/agent/coverage.js'
import { buildFirstUserContent, firstMessageShows } from '../../src/agent/first-message.js'
import { changedSymbols } from '../../src/graph/changed-symbols.js'
import { budgetLimits } from '../../src/agent/budgets.js'
import {
  hunkLineCount,
  hunkLineText,
  mapHunkTexts,
  ParsedHunk,
  visitHunkLines,
  visitLineNumbers
} from '../../src/diff/hunk-lines.js'
import { DiffLineSet } from '../../src/diff/line-set.js'
import type { DiffFile, DiffLine, Hunk } from '../../src/diff/model.js'
import { DiffStreamParser, parseUnifiedDiff } from '../../src/diff/parse.js'
import { triage } from '../../src/diff/triage.js'
import { fixtureNames, readFixture } from './fixtures.js'

/** Whether the hunk's lines were made (or it is not a parsed hunk), so that they may have changed since. */
function hunkLinesMade(hunk: Hunk): boolean {
  return ParsedHunk.storeOf(hunk) === undefined
}

/** The same diff, parsed again: one copy is asked only through the accessors, the other has its lines made. */
function twice(text: string): [DiffFile[], DiffFile[]] {
  return [parseUnifiedDiff(text), parseUnifiedDiff(text)]
}

function visited(hunk: Hunk, limit?: number): DiffLine[] {
  const out: DiffLine[] = []
  visitHunkLines(hunk, line => void out.push(line), limit)
  return out
}

type Mapped = [string, number | undefined, number | undefined, string]

function mapped(hunk: Hunk, limit?: number): Mapped[] {
  const out: Mapped[] = []
  mapHunkTexts<Mapped>(
    hunk,
    {
      add: (newLine, text) => ['add', undefined, newLine, text],
      del: (oldLine, text) => ['del', oldLine, undefined, text],
      context: (oldLine, newLine, text) => ['context', oldLine, newLine, text]
    },
    out,
    limit
  )
  return out
}

function asMapped(lines: DiffLine[]): Mapped[] {
  return lines.map(line => [line.kind, line.oldLine, line.newLine, line.text])
}

function numbered(hunk: Hunk): Array<[string, number | undefined, number | undefined, number, string]> {
  const out: Array<[string, number | undefined, number | undefined, number, string]> = []
  visitLineNumbers(hunk, (kind, oldLine, newLine, index) => {
    out.push([kind, oldLine, newLine, index, hunkLineText(hunk, index) as string])
  })
  return out
}

function hunksOf(files: DiffFile[]): Hunk[] {
  return files.flatMap(file => file.hunks)
}

/** A file of `count` changed lines in one hunk: every fifth removed, the rest added or kept. */
function largeFileDiff(count: number): string {
  const body: string[] = []
  let removed = 0
  let added = 0
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) {
      body.push(`-  const old${i} = compute(${i})`)
      removed++
    } else if (i % 5 === 1) {
      body.push(`   keep(${i})`)
      removed++
      added++
    } else {
      body.push(`+  const value${i} = compute(${i}) // a line of ordinary length`)
      added++
    }
  }
  return [
    'diff --git a/big.ts b/big.ts',
    'index 1111111..2222222 100644',
    '--- a/big.ts',
    '+++ b/big.ts',
    `@@ -1,${removed} +1,${added} @@`,
    ...body,
    ''
  ].join('\n')
}

describe('parsed hunk lines', () => {
  it('answer every accessor as the lines they make, for every fixture, before and after they are made', () => {
    for (const name of fixtureNames()) {
      const [asked, made] = twice(readFixture(name))
      for (const [i, hunk] of hunksOf(asked).entries()) {
        const lines = (hunksOf(made)[i] as Hunk).lines
        expect(hunkLinesMade(hunk)).toBe(false)
        expect({ name, i, count: hunkLineCount(hunk) }).toEqual({ name, i, count: lines.length })
        expect({ name, i, lines: visited(hunk) }).toEqual({ name, i, lines })
        const cut = Math.floor(lines.length / 2)
        expect({ name, i, lines: visited(hunk, cut) }).toEqual({ name, i, lines: lines.slice(0, cut) })
        expect({ name, i, mapped: mapped(hunk) }).toEqual({ name, i, mapped: asMapped(lines) })
        expect(mapped(hunk, cut)).toEqual(asMapped(lines.slice(0, cut)))
        const numbers = numbered(hunk)
        expect(hunkLinesMade(hunk)).toBe(false)
        expect({ name, i, numbers }).toEqual({
          name,
          i,
          numbers: lines.map((line, index) => [line.kind, line.oldLine, line.newLine, index, line.text])
        })
        expect(hunk.lines).toEqual(lines)
        expect(hunkLinesMade(hunk)).toBe(true)
        expect(numbered(hunk)).toEqual(numbers)
        expect(visited(hunk, cut)).toEqual(lines.slice(0, cut))
        expect(mapped(hunk, cut)).toEqual(asMapped(lines.slice(0, cut)))
      }
    }
  })

  it('read lines that are spread over many pieces of a streamed diff', () => {
    const text = largeFileDiff(3_000)
    const parser = new DiffStreamParser()
    // Pieces of 997 characters: lines are cut between pieces all through the hunk.
    for (let at = 0; at < text.length; at += 997) parser.push(text.slice(at, at + 997))
    const [file] = parser.end()
    const [whole] = parseUnifiedDiff(text)
    const hunk = file?.hunks[0] as Hunk
    const lines = (whole?.hunks[0] as Hunk).lines
    expect(hunkLineCount(hunk)).toBe(3_000)
    expect(numbered(hunk)).toEqual(
      lines.map((line, index) => [line.kind, line.oldLine, line.newLine, index, line.text])
    )
    expect(visited(hunk, 2_500)).toEqual(lines.slice(0, 2_500))
    expect(mapped(hunk, 2_500)).toEqual(asMapped(lines.slice(0, 2_500)))
    expect(hunkLineText(hunk, 3_000)).toBeUndefined()
    expect(hunkLineText(hunk, -1)).toBeUndefined()
    expect(hunkLinesMade(hunk)).toBe(false)
    expect(hunk.lines).toEqual(lines)
  })

  it('map the lines of a hunk made elsewhere, a removed line the base never had included', () => {
    const lines: DiffLine[] = [
      { kind: 'del', oldLine: undefined, newLine: undefined, text: 'only in the head before' },
      { kind: 'context', oldLine: 4, newLine: 4, text: 'kept' },
      { kind: 'add', oldLine: undefined, newLine: 5, text: 'added' }
    ]
    const hunk: Hunk = {
      index: 0,
      header: '@@ -4,1 +4,2 @@',
      oldStart: 4,
      oldLines: 1,
      newStart: 4,
      newLines: 2,
      lines
    }
    expect(mapped(hunk)).toEqual(asMapped(lines))
    expect(mapped(hunk, 1)).toEqual([['del', undefined, undefined, 'only in the head before']])
  })

  it('stop a visit when it returns false', () => {
    const [file] = parseUnifiedDiff(largeFileDiff(50))
    const hunk = file?.hunks[0] as Hunk
    let seen = 0
    visitHunkLines(hunk, () => ++seen < 7)
    expect(seen).toBe(7)
    seen = 0
    visitLineNumbers(hunk, () => ++seen < 3)
    expect(seen).toBe(3)
  })

  it('are copied, compared, serialised and replaced like the lines of any other hunk', () => {
    const [file] = parseUnifiedDiff(largeFileDiff(10))
    const hunk = file?.hunks[0] as Hunk
    const copy = { ...hunk }
    expect(Object.keys(hunk)).toContain('lines')
    expect(copy.lines).toHaveLength(10)
    expect(copy.lines).toBe(hunk.lines)
    expect(JSON.parse(JSON.stringify(hunk)).lines).toEqual(hunk.lines)
    const replaced: DiffLine[] = [{ kind: 'add', oldLine: undefined, newLine: 1, text: 'only' }]
    hunk.lines = replaced
    expect(hunk.lines).toBe(replaced)
    expect(hunkLineCount(hunk)).toBe(1)
    expect(visited(hunk)).toEqual(replaced)
  })

  it('are not made to line up, size, triage, plan, cover and describe a large file shown in part', () => {
    const text = largeFileDiff(40_000)
    const files = parseUnifiedDiff(text)
    const hunk = files[0]?.hunks[0] as Hunk
    const lines = DiffLineSet.fromFiles(files)
    const triaged = triage(files)
    const batches = planPasses(triaged)
    expect(batches).toHaveLength(1)
    const pass = { index: 0, count: 1, files: batches[0]?.files ?? [] }
    const [content] = buildFirstUserContent({
      repository: 'o/r',
      pr: { number: 1, title: 'Large', body: '' },
      headSha: 'h'.repeat(40),
      baseSha: 'b'.repeat(40),
      triage: triaged,
      guidance: [],
      instructions: '',
      budget: budgetLimits('standard'),
      pass
    })
    const coverage = new Coverage(triaged.reviewable.map(entry => entry.file))
    const [shown] = firstMessageShows(triaged, pass)
    expect(shown?.whole).toBe(false)
    coverage.offerDiffLines(shown?.path as string, shown?.lines as number)
    coverage.commit()
    const headLines = text.split('\n').filter(line => line.startsWith('+') && !line.startsWith('+++'))
    changedSymbols([{ file: files[0] as DiffFile, headLines: headLines.map(line => line.slice(1)) }])
    expect(hunkLinesMade(hunk)).toBe(false)
    // What was shown is what the lines say.
    expect(content?.text).toContain('  2 +   const value2 = compute(2) // a line of ordinary length')
    expect(lines.canComment('big.ts', 'RIGHT', hunk.newLines)).toBe(true)
    expect(coverage.uncovered()).toEqual(['big.ts'])
    expect(hunk.lines).toHaveLength(40_000)
  })
})
