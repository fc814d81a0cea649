import { describe, expect, it } from '@jest/globals'
import {
  mergeWalkthrough,
  repeatedPaths,
  unknownPaths,
  type Walkthrough
} from '../../src/findings/walkthrough.js'

const first: Walkthrough = {
  summary: 'Adds divide.',
  effort: 2,
  effortReason: 'Small.',
  rows: [
    { paths: ['src/math.ts'], change: 'Adds divide.' },
    { paths: ['src/api.ts', 'src/routes.ts'], change: 'Routes it.' },
    { paths: ['src/gone.ts'], change: 'Was reverted.' }
  ],
  skipped: ['package-lock.json']
}
const inPr = new Set(['src/math.ts', 'src/api.ts', 'src/routes.ts', 'package-lock.json', 'src/new.ts'])

describe('mergeWalkthrough', () => {
  it('replaces the rows of files described again, keeps the others in place, and drops files left the PR', () => {
    const now: Walkthrough = {
      summary: 'Adds divide and a new module.',
      effort: 3,
      effortReason: 'A new module.',
      rows: [
        { paths: ['src/api.ts'], change: 'Routes it, versioned.' },
        { paths: ['src/new.ts'], change: 'New module.' }
      ]
    }
    expect(mergeWalkthrough(first, now, inPr)).toEqual({
      summary: 'Adds divide and a new module.',
      effort: 3,
      effortReason: 'A new module.',
      rows: [
        { paths: ['src/math.ts'], change: 'Adds divide.' },
        { paths: ['src/api.ts'], change: 'Routes it, versioned.' },
        { paths: ['src/routes.ts'], change: 'Routes it.' },
        { paths: ['src/new.ts'], change: 'New module.' }
      ],
      skipped: ['package-lock.json']
    })
  })

  it('keeps the earlier walkthrough whole when this run wrote none', () => {
    const kept = mergeWalkthrough(first, undefined, inPr)
    expect(kept?.summary).toBe('Adds divide.')
    expect(kept?.rows.map(row => row.paths[0])).toEqual(['src/math.ts', 'src/api.ts'])
  })

  it('names unknown and repeated paths', () => {
    const rows = [
      { paths: ['src/math.ts', 'src/nope.ts'], change: 'x' },
      { paths: ['src/math.ts'], change: 'y' }
    ]
    expect(unknownPaths(rows, inPr)).toEqual(['src/nope.ts'])
    expect(repeatedPaths(rows)).toEqual(['src/math.ts'])
  })
})
