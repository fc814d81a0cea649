import { describe, expect, it } from '@jest/globals'
import type { RunRecord } from '../../eval/model.js'
import { buildReport, compareArms, renderMarkdown, type ReportMeta } from '../../eval/report.js'
import { comment, defect, run } from './records.js'

/** A fixture where arm `base` finds the defect in `found` of its runs and arm `better` always finds it. */
function fixtureRuns(n: number, baseFinds: boolean): RunRecord[] {
  const d = defect(`f${n}/d`)
  const make = (arm: string, finds: boolean): RunRecord =>
    run({
      fixture: `f${n}`,
      arm,
      holdout: n % 3 === 0,
      defects: [d],
      comments: finds ? [comment(`${arm}-${n}`)] : [comment(`${arm}-${n}`, { startLine: 90, endLine: 90 })],
      verdicts: finds ? { [`${arm}-${n}`]: [d.id] } : {}
    })
  return [make('base', baseFinds), make('better', true)]
}

const META: ReportMeta = {
  date: '2026-12-01',
  model: 'claude-sonnet-5-5',
  judgeModel: 'claude-opus-5-5',
  runs: 1,
  fixtures: 24,
  redlineCommit: '0123456789abcdef',
  estimateUsd: 3,
  spentUsd: 2.5,
  judgeUsd: 0.4,
  skippedRuns: 0,
  wallMs: 60_000,
  arms: [
    { name: 'base', inputs: {} },
    { name: 'better', inputs: { 'verify-findings': 'true' } }
  ]
}

describe('arms', () => {
  it('calls a large paired difference different and a small one noise', () => {
    const large = Array.from({ length: 24 }, (_, i) => fixtureRuns(i, i % 2 === 0)).flat()
    const c = compareArms(large, 'base', 'better')
    expect(c.f1.estimate).toBeGreaterThan(0.3)
    expect(c.f1.low).toBeGreaterThan(0)
    expect(c.distinguishable).toBe(true)
    const small = Array.from({ length: 24 }, (_, i) => fixtureRuns(i, i !== 0)).flat()
    const s = compareArms(small, 'base', 'better')
    expect(s.f1.estimate).toBeGreaterThan(0)
    expect(s.f1.low).toBeLessThanOrEqual(0)
    expect(s.distinguishable).toBe(false)
  })
})

describe('the report', () => {
  const runs = Array.from({ length: 24 }, (_, i) => fixtureRuns(i, i % 2 === 0)).flat()
  const report = buildReport(META, runs)

  it('reports every arm overall, on the tuning fixtures and on the holdout', () => {
    expect(report.arms.map(a => a.name)).toEqual(['base', 'better'])
    const base = report.arms[0]!
    expect(base.all.runs).toBe(24)
    expect(base.holdout.runs).toBe(8)
    expect(base.tuning.runs).toBe(16)
    expect(base.all.located.recall).toBe(0.5)
    expect(base.intervals.all.located.recall.low).toBeLessThan(0.5)
    expect(report.arms[1]!.all.located.f1).toBe(1)
    expect(report.comparisons).toHaveLength(1)
    expect(report.noiseNote).toContain('With 24 fixtures, an F1 difference under about 10 points is noise')
  })

  it('renders Markdown with the intervals, the comparison verdict and the noise note', () => {
    const md = renderMarkdown(report)
    expect(md).toContain('# Redline review quality: 2026-12-01, claude-sonnet-5-5')
    expect(md).toContain('## Arm `better` (`verify-findings: true`)')
    expect(md).toMatch(/\| holdout \| file ±3 lines \+ judge \| 8 \| /)
    expect(md).toContain('| better | base | +')
    expect(md).toContain('different')
    expect(md).toContain(report.noiseNote)
    expect(md).toContain('| medium+ comments on clean PRs |')
  })

  it('keeps NaN out of the JSON twin', () => {
    const json = JSON.parse(JSON.stringify(report)) as {
      arms: Array<{ all: { cleanMediumPlus: { perPr: unknown } } }>
    }
    expect(json.arms[0]!.all.cleanMediumPlus.perPr).toBeNull()
  })
})
