import { describe, expect, it } from '@jest/globals'
import {
  decodeMarker,
  encodeMarker,
  MAX_RUNS_KEPT,
  type ReviewState,
  type RunRecord
} from '../../src/state/marker.js'
import { fitMarker } from '../../src/state/marker-fit.js'
import { measure } from '../../src/text/measure.js'
import { makeFinding, SHA_B } from '../publish/helpers.js'

const RUN: RunRecord = {
  at: '2026-11-02T10:15:30Z',
  seconds: 95,
  inputTokens: 48_213,
  outputTokens: 3_904,
  costUsd: 0.201_337,
  turns: 7,
  reviewed: 5,
  reviewable: 6,
  end: 'budget'
}

function state(runs?: RunRecord[]): ReviewState {
  return { lastReviewedSha: SHA_B, findings: [makeFinding({})], ...(runs ? { runs } : {}) }
}

function decoded(marker: string): ReviewState {
  const result = decodeMarker(marker)
  if (result.kind !== 'ok') throw new Error(`not decoded: ${JSON.stringify(result)}`)
  return result.state
}

describe('the run history in the marker', () => {
  it('reads back what each run cost, covered and how it ended', () => {
    const runs = [RUN, { ...RUN, at: '2026-11-03T08:00:00Z', end: 'completed' as const, costUsd: 0 }]
    expect(decoded(encodeMarker(state(runs))).runs).toEqual(runs)
  })

  it('reads a marker written before runs were recorded', () => {
    const older = encodeMarker(state())
    expect(older).not.toContain('"ru"')
    expect(decoded(older).runs).toBeUndefined()
  })

  it('keeps only the newest runs', () => {
    const many = Array.from({ length: MAX_RUNS_KEPT + 5 }, (_, i) => ({ ...RUN, turns: i }))
    const runs = decoded(encodeMarker(state(many))).runs ?? []
    expect(runs).toHaveLength(MAX_RUNS_KEPT)
    expect(runs[0]?.turns).toBe(5)
  })

  it('rejects a run entry of the wrong shape as a broken marker', () => {
    const marker = encodeMarker(state([RUN])).replace('"ru":[[', '"ru":[["x",')
    expect(decodeMarker(marker).kind).toBe('invalid')
  })

  it('is the first thing shed when the marker does not fit', () => {
    const many = Array.from({ length: MAX_RUNS_KEPT }, () => RUN)
    const full = encodeMarker(state(many))
    const bare = encodeMarker(state())
    const fitted = fitMarker(state(many), measure(bare) + 10)
    expect(measure(full)).toBeGreaterThan(measure(bare) + 10)
    expect(fitted.fits).toBe(true)
    expect(decoded(fitted.marker).runs).toBeUndefined()
    expect(decoded(fitted.marker).findings).toHaveLength(1)
    expect(fitted.notes).toEqual(['the history of earlier runs was left out of the stored state'])
  })
})
