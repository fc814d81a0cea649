import { describe, expect, it } from '@jest/globals'
import { bootstrap, mean, pairedDifference, quantile, seededRandom } from '../../eval/stats.js'

describe('seededRandom', () => {
  it('repeats for a seed, differs across seeds, stays in [0, 1)', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    const c = seededRandom(8)
    const xs = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs)
    expect(c()).not.toBe(xs[0])
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...xs)).toBeLessThan(1)
    expect(mean(xs)).toBeGreaterThan(0.45)
    expect(mean(xs)).toBeLessThan(0.55)
  })
})

describe('quantile', () => {
  it('interpolates between sorted values', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3)
    expect(quantile([0, 10], 0.25)).toBe(2.5)
    expect(Number.isNaN(quantile([], 0.5))).toBe(true)
  })
})

describe('bootstrap', () => {
  it('gives a point interval when every unit is the same', () => {
    expect(bootstrap([1, 1, 1, 1], s => mean(s))).toEqual({ estimate: 1, low: 1, high: 1 })
  })

  it('covers the mean of a mixed sample and is reproducible', () => {
    const units = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1]
    const first = bootstrap(units, s => mean(s), { seed: 3 })
    expect(first.estimate).toBe(0.6)
    expect(first.low).toBeLessThan(0.6)
    expect(first.high).toBeGreaterThan(0.6)
    expect(first.low).toBeGreaterThanOrEqual(0.2)
    expect(first.high).toBeLessThanOrEqual(1)
    expect(bootstrap(units, s => mean(s), { seed: 3 })).toEqual(first)
  })

  it('narrows as the sample grows', () => {
    const small = bootstrap([0, 1, 0, 1], s => mean(s))
    const large = bootstrap(
      Array.from({ length: 100 }, (_, i) => i % 2),
      s => mean(s)
    )
    expect(large.high - large.low).toBeLessThan(small.high - small.low)
  })

  it('leaves out resamples where the statistic is undefined', () => {
    const interval = bootstrap([Number.NaN, 1], s => (s.every(Number.isNaN) ? Number.NaN : 1))
    expect(interval.low).toBe(1)
  })
})

describe('pairedDifference', () => {
  it('is exactly the shift when one arm is the other plus a constant', () => {
    const units = [0.2, 0.5, 0.9, 0.4, 0.7]
    const d = pairedDifference(
      units,
      s => mean(s),
      s => mean(s) + 0.1
    )
    expect(d.estimate).toBeCloseTo(0.1)
    expect(d.low).toBeCloseTo(0.1)
    expect(d.high).toBeCloseTo(0.1)
  })
})
