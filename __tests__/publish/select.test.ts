import { describe, expect, it } from '@jest/globals'
import type { Finding } from '../../src/findings/finding.js'
import { SEVERITIES } from '../../src/findings/severity.js'
import { demote, fitsDiff, selectFindings } from '../../src/publish/select.js'
import { everyLine, fakeLines, makeFinding } from './helpers.js'

const DEFAULTS = { minSeverity: 'medium' as const, maxComments: 4 }

/** Every open finding is in exactly one place. */
function placed(selection: ReturnType<typeof selectFindings>): string[] {
  return [
    ...selection.inline.map(f => f.id),
    ...selection.outsideDiff.map(f => f.id),
    ...selection.listed.map(item => item.finding.id),
    ...selection.informational.map(f => f.id)
  ].sort()
}

function openIds(findings: Finding[]): string[] {
  return findings
    .filter(f => f.status === 'open')
    .map(f => f.id)
    .sort()
}

describe('selectFindings', () => {
  it('selects nothing from no findings', () => {
    const selection = selectFindings([], everyLine, DEFAULTS)
    expect(selection).toEqual({
      inline: [],
      outsideDiff: [],
      listed: [],
      closedThisRun: [],
      open: [],
      informational: []
    })
  })

  it('posts a single eligible finding inline', () => {
    const finding = makeFinding({ severity: 'high' })
    const selection = selectFindings([finding], everyLine, DEFAULTS)
    expect(selection.inline.map(f => f.id)).toEqual([finding.id])
    expect(selection.listed).toEqual([])
  })

  it('posts four findings inline with the default cap', () => {
    const findings = ['low', 'medium', 'high', 'critical', 'medium'].map(severity =>
      makeFinding({ severity: severity as Finding['severity'] })
    )
    const selection = selectFindings(findings, everyLine, DEFAULTS)
    expect(selection.inline.map(f => f.severity)).toEqual(['critical', 'high', 'medium', 'medium'])
    expect(selection.listed.map(item => [item.finding.severity, item.reason])).toEqual([
      ['low', 'below-min-severity']
    ])
  })

  it('caps 40 findings at max-comments, most severe first, and lists every other one', () => {
    const findings = Array.from({ length: 40 }, (_, i) =>
      makeFinding({
        severity: SEVERITIES[i % 5],
        file: `src/f${i % 3}.ts`,
        startLine: 100 - i,
        endLine: 100 - i
      })
    )
    const selection = selectFindings(findings, everyLine, DEFAULTS)
    expect(selection.inline).toHaveLength(4)
    expect(selection.inline.every(f => f.severity === 'critical')).toBe(true)
    // Ties break by file, then line.
    const keys = selection.inline.map(f => `${f.file}:${String(f.startLine).padStart(3, '0')}`)
    expect(keys).toEqual([...keys].sort())
    expect(placed(selection)).toEqual(openIds(findings))
    const reasons = new Set(selection.listed.map(item => item.reason))
    expect(reasons).toEqual(new Set(['over-cap', 'below-min-severity']))
    const listedSeverities = selection.listed.map(item => SEVERITIES.indexOf(item.finding.severity))
    expect(listedSeverities).toEqual([...listedSeverities].sort((a, b) => b - a))
  })

  it('posts nothing inline when max-comments is 0', () => {
    const findings = [makeFinding({ severity: 'critical' }), makeFinding()]
    const selection = selectFindings(findings, everyLine, { ...DEFAULTS, maxComments: 0 })
    expect(selection.inline).toEqual([])
    expect(selection.listed.map(item => item.reason)).toEqual(['over-cap', 'over-cap'])
  })

  it('keeps informational findings out of the posted text, even at min-severity informational', () => {
    const info = makeFinding({ severity: 'informational', startLine: 3, endLine: 3 })
    const infoFile = makeFinding({ severity: 'informational', startLine: undefined, endLine: undefined })
    const low = makeFinding({ severity: 'low', startLine: 4, endLine: 4 })
    const selection = selectFindings([info, infoFile, low], everyLine, {
      minSeverity: 'informational',
      maxComments: 10
    })
    expect(selection.inline.map(f => f.id)).toEqual([low.id])
    expect(selection.listed).toEqual([])
    expect(selection.open.map(f => f.id)).toEqual([low.id])
    expect(selection.informational.map(f => f.id).sort()).toEqual([info.id, infoFile.id].sort())
  })

  it('keeps high findings outside the diff out of the inline comments, whatever min-severity says', () => {
    const high = makeFinding({ severity: 'critical', outsideDiff: true })
    const low = makeFinding({ severity: 'low', outsideDiff: true })
    const medium = makeFinding({ severity: 'medium', outsideDiff: true })
    const selection = selectFindings([high, low, medium], everyLine, {
      minSeverity: 'informational',
      maxComments: 10
    })
    expect(selection.inline).toEqual([])
    expect(selection.outsideDiff.map(f => f.id)).toEqual([high.id])
    expect(selection.listed.map(item => [item.finding.id, item.reason])).toEqual([
      [medium.id, 'outside-diff'],
      [low.id, 'outside-diff']
    ])
  })

  it('lists file-level findings, findings off the diff lines and findings already on a thread', () => {
    const fileLevel = makeFinding({ severity: 'high', startLine: undefined, endLine: undefined })
    const offDiff = makeFinding({ severity: 'high', startLine: 50, endLine: 50 })
    const acrossHunks = makeFinding({ severity: 'high', startLine: 9, endLine: 21 })
    const threaded = makeFinding({ severity: 'high', startLine: 12, endLine: 12, commentId: 77 })
    const good = makeFinding({ severity: 'medium', startLine: 10, endLine: 12 })
    const lines = fakeLines({
      'src/app.ts:RIGHT': [
        [5, 15],
        [20, 30]
      ]
    })
    const selection = selectFindings([fileLevel, offDiff, acrossHunks, threaded, good], lines, DEFAULTS)
    expect(selection.inline.map(f => f.id)).toEqual([good.id])
    const reasons = Object.fromEntries(selection.listed.map(item => [item.finding.id, item.reason]))
    expect(reasons).toEqual({
      [fileLevel.id]: 'file-level',
      [offDiff.id]: 'not-on-diff-lines',
      [acrossHunks.id]: 'not-on-diff-lines',
      [threaded.id]: 'earlier-thread'
    })
  })

  it('reports as closed this run only findings that were open before', () => {
    const fixed = makeFinding({ status: 'resolved' })
    const longFixed = makeFinding({ status: 'resolved' })
    const dismissed = makeFinding({ status: 'dismissed' })
    const previous = [
      { ...fixed, status: 'open' as const },
      longFixed,
      { ...dismissed, status: 'open' as const }
    ]
    const selection = selectFindings([fixed, longFixed, dismissed], everyLine, DEFAULTS, previous)
    expect(selection.closedThisRun.map(f => f.id).sort()).toEqual([fixed.id, dismissed.id].sort())
    expect(selection.open).toEqual([])
  })
})

describe('fitsDiff', () => {
  const lines = fakeLines({ 'src/app.ts:RIGHT': [[5, 15]], 'src/app.ts:LEFT': [[40, 44]] })

  it('checks the side the finding is on', () => {
    expect(fitsDiff(makeFinding({ side: 'LEFT', startLine: 41, endLine: 42 }), lines)).toBe(true)
    expect(fitsDiff(makeFinding({ side: 'RIGHT', startLine: 41, endLine: 41 }), lines)).toBe(false)
    expect(fitsDiff(makeFinding({ side: undefined, startLine: 6, endLine: 6 }), lines)).toBe(true)
  })

  it('refuses reversed ranges and ranges that leave the hunk', () => {
    expect(fitsDiff(makeFinding({ startLine: 9, endLine: 7 }), lines)).toBe(false)
    expect(fitsDiff(makeFinding({ startLine: 14, endLine: 16 }), lines)).toBe(false)
  })
})

describe('demote', () => {
  it('moves inline findings to the list, keeping the list in order', () => {
    const findings = [
      makeFinding({ severity: 'critical' }),
      makeFinding({ severity: 'high' }),
      makeFinding({ severity: 'low' })
    ]
    const selection = selectFindings(findings, everyLine, DEFAULTS)
    const moved = demote(selection, new Set([findings[0]!.id]), 'rejected-by-github')
    expect(moved.inline.map(f => f.id)).toEqual([findings[1]!.id])
    expect(moved.listed.map(item => [item.finding.id, item.reason])).toEqual([
      [findings[0]!.id, 'rejected-by-github'],
      [findings[2]!.id, 'below-min-severity']
    ])
  })
})
