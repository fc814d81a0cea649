/**
 * Bootstrap intervals over fixtures. Runs of one fixture are not independent (same code, same defect),
 * so the fixture is the unit that is resampled, with all its runs; a seeded generator keeps a report
 * reproducible.
 */

export interface Interval {
  estimate: number
  low: number
  high: number
}

/** mulberry32: small, fast and good enough for resampling. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The q-quantile (0..1) of sorted values, by linear interpolation; NaN for no values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.ceil(position)
  const a = sorted[below] as number
  const b = sorted[above] as number
  return a + (b - a) * (position - below)
}

export interface BootstrapOptions {
  iterations?: number
  seed?: number
  /** Two-sided coverage; 0.95 by default. */
  level?: number
}

/**
 * Percentile bootstrap of `statistic` over resamples of `units`. Resamples where the statistic is
 * undefined (NaN, e.g. precision with no comment at all) are left out of the interval.
 */
export function bootstrap<T>(
  units: readonly T[],
  statistic: (sample: readonly T[]) => number,
  options: BootstrapOptions = {}
): Interval {
  const estimate = statistic(units)
  if (units.length === 0) return { estimate, low: Number.NaN, high: Number.NaN }
  const random = seededRandom(options.seed ?? 13)
  const iterations = options.iterations ?? 2000
  const level = options.level ?? 0.95
  const values: number[] = []
  const sample: T[] = new Array<T>(units.length)
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < units.length; k++) sample[k] = units[Math.floor(random() * units.length)] as T
    const value = statistic(sample)
    if (!Number.isNaN(value)) values.push(value)
  }
  values.sort((a, b) => a - b)
  const tail = (1 - level) / 2
  return { estimate, low: quantile(values, tail), high: quantile(values, 1 - tail) }
}

/**
 * The paired difference statistic(b) - statistic(a) over the same resampled fixtures, so a fixture that
 * is hard for both arms does not widen the interval of their difference.
 */
export function pairedDifference<T>(
  units: readonly T[],
  statisticA: (sample: readonly T[]) => number,
  statisticB: (sample: readonly T[]) => number,
  options: BootstrapOptions = {}
): Interval {
  return bootstrap(units, sample => statisticB(sample) - statisticA(sample), options)
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  return values.reduce((sum, v) => sum + v, 0) / values.length
}
