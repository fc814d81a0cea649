import { describe, expect, it } from '@jest/globals'
import { LineMap } from '../../src/diff/line-map.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import type { Finding } from '../../src/findings/finding.js'
import { carryFindings, settleCarried } from '../../src/findings/reconcile.js'

// Since the last review: two lines inserted at the top of app.ts, line 10 rewritten, util.ts renamed.
const patch = [
  'diff --git a/app.ts b/app.ts',
  'index 1111111..2222222 100644',
  '--- a/app.ts',
  '+++ b/app.ts',
  '@@ -1,2 +1,4 @@',
  '+import a',
  '+import b',
  ' one',
  ' two',
  '@@ -9,3 +11,3 @@',
  ' nine',
  '-ten',
  '+TEN',
  ' eleven',
  'diff --git a/util.ts b/lib/util.ts',
  'similarity index 100%',
  'rename from util.ts',
  'rename to lib/util.ts',
  ''
].join('\n')
const files = parseUnifiedDiff(patch)
const lineMap = LineMap.fromFiles(files)

function finding(id: string, fields: Partial<Finding>): Finding {
  return {
    id,
    severity: 'medium',
    category: 'bug',
    file: 'app.ts',
    title: id,
    description: '',
    status: 'open',
    firstSeenSha: 'a'.repeat(40),
    lastConfirmedSha: 'a'.repeat(40),
    fingerprint: id,
    ...fields
  }
}

describe('carryFindings', () => {
  const previous = [
    finding('f_below', { startLine: 5, endLine: 6, side: 'RIGHT' }),
    finding('f_removed', { startLine: 10, endLine: 10, side: 'RIGHT' }),
    finding('f_around', { startLine: 9, endLine: 11, side: 'RIGHT' }),
    finding('f_renamed', { file: 'util.ts', startLine: 3, endLine: 3, side: 'RIGHT' }),
    finding('f_file', { file: 'util.ts' }),
    finding('f_closed', { startLine: 10, endLine: 10, status: 'resolved' })
  ]

  it('moves lines past insertions, follows renames, and flags removed or rewritten code', () => {
    const { findings, changes } = carryFindings(previous, lineMap, files)
    const byId = new Map(findings.map(f => [f.id, f]))
    expect(byId.get('f_below')).toMatchObject({ startLine: 7, endLine: 8 })
    expect(changes.has('f_below')).toBe(false)
    expect(changes.get('f_removed')).toBe('removed')
    // Its first and last lines survive, the one between them was rewritten.
    expect(byId.get('f_around')).toMatchObject({ startLine: 11, endLine: 13 })
    expect(changes.get('f_around')).toBe('changed')
    expect(byId.get('f_renamed')).toMatchObject({ file: 'lib/util.ts', startLine: 3 })
    expect(byId.get('f_file')).toMatchObject({ file: 'lib/util.ts' })
    // Closed findings move with their code too, and are marked gone when it was removed.
    expect(byId.get('f_closed')).toEqual({ ...previous[5], gone: true })
    expect(changes.has('f_closed')).toBe(false)
  })

  it('moves a resolved finding below an insertion to its new lines', () => {
    const closed = finding('f_fixed', { startLine: 5, endLine: 6, side: 'RIGHT', status: 'resolved' })
    const { findings, changes } = carryFindings([closed], lineMap, files)
    expect(findings[0]).toMatchObject({ startLine: 7, endLine: 8, status: 'resolved' })
    expect(findings[0]?.gone).toBeUndefined()
    expect(changes.size).toBe(0)
  })

  it('leaves findings on untouched lines unflagged', () => {
    const { findings, changes } = carryFindings(
      [finding('f_top', { startLine: 1, endLine: 2 })],
      lineMap,
      files
    )
    expect(findings[0]).toMatchObject({ startLine: 3, endLine: 4 })
    expect(changes.size).toBe(0)
  })

  it('flags every open line finding when there is no line map', () => {
    const { findings, changes } = carryFindings(previous, undefined, [])
    expect(findings).toEqual(previous)
    expect([...changes.keys()].sort()).toEqual(['f_around', 'f_below', 'f_removed', 'f_renamed'])
  })
})

describe('settleCarried', () => {
  it('resolves untouched findings whose code was removed and confirms the rest at the head', () => {
    const head = 'c'.repeat(40)
    const { findings, changes } = carryFindings(previous(), lineMap, files)
    const settled = settleCarried(findings, changes, new Set(['f_around']), head)
    const byId = new Map(settled.map(f => [f.id, f]))
    expect(byId.get('f_removed')).toMatchObject({
      status: 'resolved',
      note: expect.stringContaining('ccccccc')
    })
    expect(byId.get('f_around')).toMatchObject({ status: 'open', lastConfirmedSha: head })
    expect(byId.get('f_below')).toMatchObject({ status: 'open', lastConfirmedSha: head })
  })

  function previous(): Finding[] {
    return [
      finding('f_below', { startLine: 5, endLine: 6 }),
      finding('f_removed', { startLine: 10, endLine: 10 }),
      finding('f_around', { startLine: 9, endLine: 11 })
    ]
  }
})
