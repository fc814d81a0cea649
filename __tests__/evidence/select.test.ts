import { describe, expect, it } from '@jest/globals'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import { DiffLineSet } from '../../src/diff/line-set.js'
import { renderEvidenceSection } from '../../src/evidence/render.js'
import { selectOnChangedLines, withPlacement } from '../../src/evidence/select.js'
import type { ToolResult } from '../../src/evidence/types.js'

const DIFF = [
  'diff --git a/src/app.ts b/src/app.ts',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -1,1 +1,2 @@',
  ' export const a = 1',
  '+export const b: number = "2"',
  ''
].join('\n')

const lineSet = DiffLineSet.fromFiles(parseUnifiedDiff(DIFF))

function at(path: string, line: number, extra: Partial<ToolResult> = {}): ToolResult {
  return {
    tool: 'tsc',
    ruleId: 'TS2322',
    message: 'Type string is not assignable to number.',
    path,
    line,
    from: 'tsc',
    ...extra
  }
}

describe('results on changed lines', () => {
  it('shows results on the diff-line set of reviewable files, once, and counts the rest', () => {
    const results = [
      at('src/app.ts', 2),
      at('src/app.ts', 2),
      at('src/app.ts', 40),
      at('src/other.ts', 1),
      at('src/app.ts', 1, { tool: 'eslint', from: 'x.sarif' })
    ]
    const selected = selectOnChangedLines(results, lineSet, new Set(['src/app.ts']))
    expect(selected.onChangedLines).toBe(2)
    expect(selected.elsewhere).toBe(2)
    const section = renderEvidenceSection(selected) ?? ''
    expect(section).toContain('evidence, not a finding')
    expect(section).toMatch(
      /src\/app\.ts:\n<untrusted-data source="tool-results:src\/app\.ts">\n- line 1: eslint TS2322: .*\n- line 2: tsc TS2322: Type string/
    )
    expect(section).toContain('(2 results on lines this change does not touch, not shown.)')
    const reports = withPlacement(
      [
        { source: 'check', name: 'tsc', status: 'ran', text: 'ran' },
        { source: 'file', name: 'x.sarif', status: 'ran', text: 'read' },
        { source: 'check', name: 'quiet', status: 'ran', text: 'ran' }
      ],
      results,
      selected
    )
    expect(reports.map(r => `${r.status} ${r.text}`)).toEqual([
      'results ran, 1 result on changed lines (3 elsewhere)',
      'results read, 1 result on changed lines',
      'ran ran, no results'
    ])
  })

  it('caps what is shown and says how much was left out', () => {
    const many = Array.from({ length: 30 }, (_, i) => at('src/app.ts', 2, { message: `problem ${i}` }))
    const section = renderEvidenceSection(selectOnChangedLines(many, lineSet, new Set(['src/app.ts']))) ?? ''
    expect(section.match(/^- line 2/gm)).toHaveLength(20)
    expect(section).toContain('- … 10 more results in this file')
  })

  it('has nothing to say when no tool said anything', () => {
    expect(renderEvidenceSection(selectOnChangedLines([], lineSet, new Set()))).toBeUndefined()
  })
})
