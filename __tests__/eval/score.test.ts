import { describe, expect, it } from '@jest/globals'
import { computeMetrics, fBeta, rates } from '../../eval/score.js'
import { comment, defect, run } from './records.js'

describe('rates', () => {
  it('computes precision, recall, F1 and F0.5 from counts', () => {
    const r = rates({ matched: 2, comments: 4, defects: 3 })
    expect(r.precision).toBe(0.5)
    expect(r.recall).toBeCloseTo(2 / 3)
    expect(r.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3))
    // F0.5 weighs precision higher, so it sits below F1 when precision is the weaker side.
    expect(r.f05).toBeCloseTo((1.25 * 0.5 * (2 / 3)) / (0.25 * 0.5 + 2 / 3))
    expect(r.f05).toBeLessThan(r.f1)
  })

  it('leaves undefined what has nothing to count', () => {
    const r = rates({ matched: 0, comments: 0, defects: 0 })
    expect(Number.isNaN(r.precision)).toBe(true)
    expect(Number.isNaN(r.recall)).toBe(true)
    expect(Number.isNaN(fBeta({ matched: 0, comments: 0, defects: 0 }, 1))).toBe(true)
    expect(fBeta({ matched: 0, comments: 1, defects: 0 }, 1)).toBe(0)
  })
})

describe('computeMetrics', () => {
  const critical = defect('f1/sql', { severity: 'critical', category: 'security' })
  const high = defect('f1/race', {
    severity: 'high',
    category: 'concurrency',
    locations: [{ file: 'src/a.ts', start: 30, end: 30, role: 'cause' }]
  })
  const seeded = run({
    defects: [critical, high],
    comments: [
      comment('c1', { severity: 'critical', category: 'security', suggestion: 'x' }),
      // The judge matches it, but 10 lines off: a meaning-only match that is not located.
      comment('c2', { startLine: 40, endLine: 40, severity: 'medium', category: 'concurrency' }),
      comment('c3', { severity: 'low', category: 'style' })
    ],
    verdicts: { c1: ['f1/sql'], c2: ['f1/race'], c3: [] },
    suggestions: [{ commentId: 'c1', applies: true }],
    rereview: {
      fixed: ['f1/sql'],
      fixedFound: ['f1/sql'],
      resolved: ['f1/sql'],
      reraised: [],
      costs: { ...run().costs, costUsd: 0.005 }
    }
  })
  const clean = run({
    fixture: 'f2',
    clean: true,
    holdout: true,
    comments: [comment('n1', { severity: 'medium' }), comment('n2', { severity: 'low' })],
    verdicts: {}
  })
  const m = computeMetrics([seeded, clean])

  it('scores located and meaning-only matches', () => {
    expect(m.located).toMatchObject({ matched: 1, comments: 5, defects: 2, precision: 0.2, recall: 0.5 })
    expect(m.meaning).toMatchObject({ matched: 2, comments: 5, precision: 0.4, recall: 1 })
    expect(m.lineAccuracy).toEqual({ matched: 2, located: 1, rate: 0.5 })
  })

  it('breaks recall down by the golden severity and precision by the posted one', () => {
    expect(m.bySeverity.critical).toMatchObject({
      defects: 1,
      matched: 1,
      recall: 1,
      comments: 1,
      precision: 1
    })
    expect(m.bySeverity.high).toMatchObject({ defects: 1, matched: 0, recall: 0, comments: 0 })
    expect(m.bySeverity.medium).toMatchObject({ defects: 0, comments: 2, precision: 0 })
    expect(Object.keys(m.bySeverity)).toEqual(['critical', 'high', 'medium', 'low'])
    expect(m.byCategory.security).toMatchObject({ recall: 1, precision: 1 })
    expect(m.byCategory.concurrency).toMatchObject({ defects: 1, recall: 0, comments: 1 })
  })

  it('counts medium+ on clean PRs, comments per PR, suggestions, re-review and costs', () => {
    expect(m.cleanMediumPlus).toEqual({ total: 1, cleanRuns: 1, perPr: 1 })
    expect(m.commentsPerPr).toBe(2.5)
    expect(m.suggestions).toEqual({ checked: 1, applied: 1, rate: 1 })
    expect(m.rereview).toMatchObject({
      fixed: 1,
      fixedFound: 1,
      resolved: 1,
      reraised: 0,
      resolveRate: 1,
      reraiseRate: 0
    })
    // The re-review's spend counts towards its pull request.
    expect(m.costsPerPr.costUsd).toBeCloseTo((0.015 + 0.01) / 2)
    expect(m.costsPerPr.toolCalls).toBe(4.5)
    expect(m.runs).toBe(2)
    expect(m.fixtures).toBe(2)
  })
})
