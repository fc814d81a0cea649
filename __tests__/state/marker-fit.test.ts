import { describe, expect, it } from '@jest/globals'
import type { Finding } from '../../src/findings/finding.js'
import { measure } from '../../src/text/measure.js'
import { decodeMarker, encodeMarker, type ReviewState } from '../../src/state/marker.js'
import { fitMarker } from '../../src/state/marker-fit.js'
import { makeFinding, SHA_B } from '../publish/helpers.js'

const long = (tag: string) => `${tag} `.padEnd(250, 'x')

function state(findings: Finding[]): ReviewState {
  return { lastReviewedSha: SHA_B, findings }
}

function decode(marker: string): Finding[] {
  const result = decodeMarker(marker)
  if (result.kind !== 'ok') throw new Error('marker did not decode')
  return result.state.findings
}

describe('fitMarker', () => {
  const resolved = Array.from({ length: 10 }, (_, i) =>
    makeFinding({ status: 'resolved', description: long(`r${i}`) })
  )
  const open = Array.from({ length: 5 }, (_, i) => makeFinding({ description: long(`o${i}`) }))
  const all = state([...resolved, ...open])

  it('changes nothing when the state fits', () => {
    const fitted = fitMarker(all, 1_000_000)
    expect(fitted).toEqual({ marker: encodeMarker(all), fits: true, notes: [], droppedOpenIds: [] })
  })

  it('drops the descriptions of resolved findings first', () => {
    const lean = encodeMarker(all, { closedDetail: false })
    const fitted = fitMarker(all, measure(lean))
    expect(fitted.marker).toBe(lean)
    const findings = decode(fitted.marker)
    expect(findings.filter(f => f.status === 'resolved').map(f => f.description)).toEqual(Array(10).fill(''))
    expect(findings.filter(f => f.status === 'open').map(f => f.description)).toEqual(
      open.map(f => f.description)
    )
  })

  it('then forgets the oldest resolved findings, keeping every open one whole', () => {
    const withoutThree = encodeMarker(state([...resolved.slice(3), ...open]), { closedDetail: false })
    const fitted = fitMarker(all, measure(withoutThree))
    const findings = decode(fitted.marker)
    expect(findings.map(f => f.id)).toEqual([...resolved.slice(3), ...open].map(f => f.id))
    expect(findings.filter(f => f.status === 'open').map(f => f.description)).toEqual(
      open.map(f => f.description)
    )
    expect(fitted.notes).toContain('the 3 oldest resolved findings were forgotten')
  })

  it('stops at the resolved findings when asked to, so the caller can shorten the visible body first', () => {
    const fitted = fitMarker(all, 500, { closedOnly: true })
    expect(fitted.fits).toBe(false)
    expect(decode(fitted.marker).map(f => f.id)).toEqual(open.map(f => f.id))
  })

  it('gives up whole open findings only as a last resort, least severe first', () => {
    const critical = makeFinding({ severity: 'critical' })
    const low = makeFinding({ severity: 'low' })
    const tight = state([critical, low])
    const onlyCritical = encodeMarker(state([critical]), {
      closedDetail: false,
      openDescriptionLimit: 0,
      titleLimit: 0,
      categories: false
    })
    const fitted = fitMarker(tight, measure(onlyCritical))
    expect(fitted.fits).toBe(true)
    expect(fitted.droppedOpenIds).toEqual([low.id])
    expect(decode(fitted.marker).map(f => f.id)).toEqual([critical.id])
  })
})
