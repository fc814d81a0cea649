import { describe, expect, it } from '@jest/globals'
import { matchComments, maximumMatching, nearAcceptedLocation } from '../../eval/match.js'
import { comment, defect } from './records.js'

describe('nearAcceptedLocation', () => {
  const d = defect('d', {
    locations: [
      { file: 'src/a.ts', start: 10, end: 12, role: 'cause' },
      { file: 'src/caller.ts', start: 40, end: 40, role: 'symptom' }
    ]
  })

  it('accepts a comment within 3 lines of any accepted location, in that location’s file', () => {
    expect(nearAcceptedLocation(comment('c', { startLine: 7, endLine: 7 }), d)).toBe(true)
    expect(nearAcceptedLocation(comment('c', { startLine: 15, endLine: 15 }), d)).toBe(true)
    expect(nearAcceptedLocation(comment('c', { file: 'src/caller.ts', startLine: 43, endLine: 43 }), d)).toBe(
      true
    )
  })

  it('refuses 4 lines away, another file, or a comment on no line', () => {
    expect(nearAcceptedLocation(comment('c', { startLine: 6, endLine: 6 }), d)).toBe(false)
    expect(nearAcceptedLocation(comment('c', { startLine: 16, endLine: 20 }), d)).toBe(false)
    expect(nearAcceptedLocation(comment('c', { file: 'src/caller.ts', startLine: 10, endLine: 10 }), d)).toBe(
      false
    )
    expect(nearAcceptedLocation(comment('c', { startLine: undefined, endLine: undefined }), d)).toBe(false)
  })

  it('accepts a comment whose range overlaps the widened location', () => {
    expect(nearAcceptedLocation(comment('c', { startLine: 1, endLine: 30 }), d)).toBe(true)
  })

  it('matches a golden comment without a place (an outside benchmark’s) anywhere', () => {
    expect(nearAcceptedLocation(comment('c', { file: 'x.py' }), defect('d', { locations: [] }))).toBe(true)
  })
})

describe('maximumMatching', () => {
  it('finds the largest one-to-one matching, whatever the order of the comments', () => {
    // Greedy in order would give c1→d1 and leave c2 unmatched.
    const allowed: Record<string, string[]> = { c1: ['d1', 'd2'], c2: ['d1'] }
    const pairs = maximumMatching(['c1', 'c2'], ['d1', 'd2'], (c, d) => allowed[c]!.includes(d))
    expect(pairs.sort()).toEqual([
      ['c1', 'd2'],
      ['c2', 'd1']
    ])
  })

  it('never gives one defect to two comments', () => {
    const pairs = maximumMatching(['c1', 'c2', 'c3'], ['d1'], () => true)
    expect(pairs).toHaveLength(1)
  })
})

describe('matchComments', () => {
  const d1 = defect('d1')
  const d2 = defect('d2', {
    file: 'src/b.ts',
    locations: [{ file: 'src/b.ts', start: 5, end: 5, role: 'cause' }]
  })

  it('needs the judge in both modes and the line rule only in the located mode', () => {
    const near = comment('near')
    const far = comment('far', { file: 'src/b.ts', startLine: 50, endLine: 50 })
    const unjudged = comment('unjudged', { file: 'src/b.ts', startLine: 5, endLine: 5 })
    const verdicts = { near: ['d1'], far: ['d2'], unjudged: [] }
    const located = matchComments([near, far, unjudged], [d1, d2], verdicts, 'located')
    expect(located.pairs).toEqual([['near', 'd1']])
    expect(located.unmatchedComments.sort()).toEqual(['far', 'unjudged'])
    expect(located.missedDefects).toEqual(['d2'])
    const meaning = matchComments([near, far, unjudged], [d1, d2], verdicts, 'meaning')
    expect(meaning.pairs.sort()).toEqual([
      ['far', 'd2'],
      ['near', 'd1']
    ])
  })

  it('counts a second comment on an already matched defect as unmatched', () => {
    const result = matchComments([comment('a'), comment('b')], [d1], { a: ['d1'], b: ['d1'] }, 'located')
    expect(result.pairs).toHaveLength(1)
    expect(result.unmatchedComments).toHaveLength(1)
  })
})
