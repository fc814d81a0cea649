import { describe, expect, it } from '@jest/globals'
import { decodeMarker, encodeMarker, type ReviewState } from '../../src/state/marker.js'
import { fitMarker } from '../../src/state/marker-fit.js'
import { measure } from '../../src/text/measure.js'

const SHA = 'a'.repeat(40)
const state: ReviewState = {
  lastReviewedSha: SHA,
  findings: [],
  walkthrough: {
    summary: 'Adds divide. It --> returns <b>Infinity</b>.',
    effort: 4,
    effortReason: 'A new flow.',
    rows: [
      { paths: ['src/math.ts'], change: 'Adds divide.' },
      { paths: ['src/api.ts', 'src/apis.ts'], change: 'Routes it.' }
    ],
    skipped: ['package-lock.json'],
    diagram: 'sequenceDiagram\n  A->>B: go'
  }
}

describe('the walkthrough in the marker', () => {
  it('round-trips, its paths in the shared path table, its text unable to close the comment', () => {
    const marker = encodeMarker(state)
    expect(marker.slice(0, -4)).not.toMatch(/-->|<b>/)
    const decoded = decodeMarker(`body\n\n${marker}`)
    expect(decoded.kind === 'ok' && decoded.state.walkthrough).toEqual(state.walkthrough)
  })

  it('is the first thing a marker too large for its room gives up', () => {
    const full = measure(encodeMarker(state))
    const fitted = fitMarker(state, full - 1)
    expect(fitted.fits).toBe(true)
    expect(fitted.notes).toEqual([
      'the walkthrough was left out of the stored state, so the next review rewrites its rows'
    ])
    const decoded = decodeMarker(fitted.marker)
    expect(decoded.kind === 'ok' && decoded.state.walkthrough).toBeUndefined()
  })
})
