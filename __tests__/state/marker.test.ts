import { describe, expect, it } from '@jest/globals'
import { memoryLogger } from '../../src/logger.js'
import {
  decodeMarker,
  encodeMarker,
  findingIdOf,
  findingTag,
  isRedlineBody,
  probeBody,
  type ReviewState
} from '../../src/state/marker.js'
import { readState, type ReviewLike } from '../../src/state/read-state.js'
import type { Finding } from '../../src/findings/finding.js'
import { renderCommentBody } from '../../src/publish/comment.js'
import { measure } from '../../src/text/measure.js'
import { withCommentText } from '../../src/publish/marker-comment.js'
import { fitMarker } from '../../src/state/marker-fit.js'
import { makeFinding, SHA_A, SHA_B, SHA_C } from '../publish/helpers.js'

const VIEWER = 'redline-bot[bot]'

function state(overrides: Partial<ReviewState> = {}): ReviewState {
  return {
    lastReviewedSha: SHA_B,
    runId: 'run1',
    findings: [
      makeFinding({
        severity: 'high',
        category: 'security',
        lastConfirmedSha: SHA_B,
        commentId: 991_234_567
      }),
      makeFinding({ severity: 'low', side: 'LEFT', startLine: 3, endLine: 7, outsideDiff: true }),
      makeFinding({
        status: 'resolved',
        note: 'fixed in bbbbbbb',
        startLine: undefined,
        endLine: undefined,
        side: undefined
      }),
      makeFinding({ status: 'dismissed', severity: 'informational', file: 'lib/other.ts' })
    ],
    ...overrides
  }
}

function review(id: number, login: string, body: string, extra: Partial<ReviewLike> = {}): ReviewLike {
  return { id, user: { login }, body, state: 'COMMENTED', submitted_at: `2026-01-0${id}T00:00:00Z`, ...extra }
}

describe('what an open finding keeps for the next review', () => {
  const long = 'The cache is read before it is filled. '.repeat(40).trim()
  const open = (extra: Partial<Finding> = {}) =>
    makeFinding({
      description: long,
      quote: 'const value = cache.get(key)',
      suggestion: 'const value = cache.get(key) ?? load(key)',
      commentId: 41,
      ...extra
    })

  it('keeps the whole description, the quote and the suggestion while the marker fits, and marks gone code', () => {
    const original = state({
      findings: [open(), makeFinding({ status: 'resolved', note: 'fixed', gone: true })]
    })
    const decoded = decodeMarker(encodeMarker(original))
    expect(decoded).toEqual({ kind: 'ok', state: original })
  })

  it('sheds suggestions and quotes first when it does not fit, and reads them back from the comment', () => {
    const findings = Array.from({ length: 40 }, () => open())
    const full = measure(encodeMarker(state({ findings })))
    const fitted = fitMarker(state({ findings }), full - 10)
    expect(fitted.fits).toBe(true)
    expect(fitted.notes[0]).toMatch(/suggestions of open findings/)
    const decoded = decodeMarker(fitted.marker)
    if (decoded.kind !== 'ok') throw new Error('not decoded')
    const kept = decoded.state.findings[0] as Finding
    expect(kept.suggestion).toBeUndefined()
    const back = withCommentText(kept, renderCommentBody(findings[0] as Finding))
    expect(back).toMatchObject({ suggestion: findings[0]?.suggestion, quote: findings[0]?.quote })
    // A description the marker cut is read back whole; mentions neutralised in the comment come back as written.
    const { quote: _dropped, ...withoutQuote } = kept
    const cut: Finding = { ...withoutQuote, description: 'The cache is read…' }
    const mentioned = { ...(findings[0] as Finding), description: `${long} Ask @octo about <!-- this -->.` }
    expect(withCommentText(cut, renderCommentBody(mentioned))).toMatchObject({
      description: mentioned.description,
      quote: mentioned.quote
    })
  })
})

describe('encodeMarker / decodeMarker', () => {
  it('round-trips every field a finding stores', () => {
    const original = state()
    const decoded = decodeMarker(`Summary text\n\n${encodeMarker(original)}`)
    expect(decoded).toEqual({ kind: 'ok', state: original })
  })

  it('keeps the marker one HTML comment whatever the finding text holds', () => {
    const hostile = 'end --> here, --!> there, <!-- open, <script>x</script> and a ---- rule'
    const original = state({
      findings: [
        makeFinding({
          title: hostile,
          description: hostile,
          category: 'a-->b',
          note: '<!--',
          file: 'x-->.ts'
        })
      ]
    })
    const marker = encodeMarker(original)
    const inner = marker.slice('<!-- '.length, -' -->'.length)
    expect(inner).not.toMatch(/-->|--!>|<!--|<|>|--/)
    expect(marker.endsWith(' -->')).toBe(true)
    expect(decodeMarker(marker)).toEqual({ kind: 'ok', state: original })
  })

  it('reads the last marker of a body', () => {
    const older = encodeMarker(state({ lastReviewedSha: SHA_A }))
    const newer = encodeMarker(state({ lastReviewedSha: SHA_C }))
    const decoded = decodeMarker(`${older}\n${newer}`)
    expect(decoded.kind === 'ok' && decoded.state.lastReviewedSha).toBe(SHA_C)
  })

  it('reports a body without a marker as none', () => {
    expect(decodeMarker('Just a review')).toEqual({ kind: 'none' })
    expect(decodeMarker(null)).toEqual({ kind: 'none' })
  })

  it.each([
    ['bad JSON', '<!-- redline:state {"v":1,"sha": -->', /not valid JSON/],
    [
      'an unknown version',
      `<!-- redline:state {"v":2,"sha":"${SHA_A}","shas":[],"files":[],"f":[]} -->`,
      /version 2/
    ],
    ['no version', '<!-- redline:state {"sha":"x"} -->', /version undefined/],
    ['an unclosed comment', '<!-- redline:state {"v":1}', /not closed/],
    [
      'a bad severity',
      `<!-- redline:state {"v":1,"sha":"${SHA_A}","shas":["${SHA_A}"],"files":["a"],"f":[{"i":"f_1","s":"x","c":"","p":0,"fs":0,"h":"1"}]} -->`,
      /f\.0\.s/
    ],
    [
      'a table index out of range',
      `<!-- redline:state {"v":1,"sha":"${SHA_A}","shas":["${SHA_A}"],"files":["a"],"f":[{"i":"f_1","s":"h","c":"","p":3,"fs":0,"h":"1"}]} -->`,
      /outside its tables/
    ],
    [
      'a reversed line range',
      `<!-- redline:state {"v":1,"sha":"${SHA_A}","shas":["${SHA_A}"],"files":["a"],"f":[{"i":"f_1","s":"h","c":"","p":0,"l":[9,2],"fs":0,"h":"1"}]} -->`,
      /outside its tables/
    ],
    [
      'an id that could close a comment',
      `<!-- redline:state {"v":1,"sha":"${SHA_A}","shas":["${SHA_A}"],"files":["a"],"f":[{"i":"f_1\\u003e","s":"h","c":"","p":0,"fs":0,"h":"1"}]} -->`,
      /f\.0\.i/
    ]
  ])('rejects %s', (_name, body, reason) => {
    const decoded = decodeMarker(body)
    expect(decoded.kind).toBe('invalid')
    expect(decoded.kind === 'invalid' && decoded.reason).toMatch(reason)
  })

  it('cannot be broken by a --> injected into a field', () => {
    const original = state({ findings: [makeFinding({ title: 'x --> <!-- redline:state {"v":1} -->' })] })
    const body = `Summary\n\n${encodeMarker(original)}`
    expect(body.indexOf('-->')).toBe(body.length - 3)
    expect(decodeMarker(body)).toEqual({ kind: 'ok', state: original })
  })
})

describe('readState', () => {
  const ours = encodeMarker(state())

  it('takes the state of the latest review by the viewer', () => {
    const logger = memoryLogger()
    const older = encodeMarker(state({ lastReviewedSha: SHA_A }))
    const bareSpelling = { user: { login: 'redline-bot', type: 'Bot' } }
    const result = readState(
      [review(1, VIEWER, older), review(2, 'redline-bot', ours, bareSpelling)],
      VIEWER,
      logger
    )
    expect(result.reviewId).toBe(2)
    expect(result.state?.lastReviewedSha).toBe(SHA_B)
    expect(result.warnings).toEqual([])
  })

  it("ignores a person whose login is the app's name without [bot]", () => {
    const logger = memoryLogger()
    const ours = encodeMarker(state({ lastReviewedSha: SHA_A }))
    const forged = encodeMarker(state({ lastReviewedSha: SHA_B }))
    const person = { user: { login: 'redline-bot', type: 'User' } }
    const result = readState(
      [review(1, VIEWER, ours), review(2, 'redline-bot', forged, person)],
      VIEWER,
      logger
    )
    expect(result.reviewId).toBe(1)
    expect(result.state?.lastReviewedSha).toBe(SHA_A)
  })

  it("ignores a forged marker in another user's later review", () => {
    const forged = encodeMarker(state({ lastReviewedSha: SHA_C, findings: [] }))
    const logger = memoryLogger()
    const result = readState([review(1, VIEWER, ours), review(2, 'mallory', forged)], VIEWER, logger)
    expect(result.reviewId).toBe(1)
    expect(result.state?.lastReviewedSha).toBe(SHA_B)
    expect(result.warnings).toEqual([])
  })

  it('starts fresh, without warnings, when only other users carry markers', () => {
    const result = readState(
      [review(1, 'mallory', ours), review(2, 'someone[bot]', ours)],
      VIEWER,
      memoryLogger()
    )
    expect(result).toEqual({ warnings: [] })
  })

  it('ignores a pending review and reviews without a marker', () => {
    const result = readState(
      [
        review(1, VIEWER, ours),
        review(2, VIEWER, ''),
        review(3, VIEWER, encodeMarker(state({ lastReviewedSha: SHA_C })), { state: 'PENDING' })
      ],
      VIEWER,
      memoryLogger()
    )
    expect(result.reviewId).toBe(1)
  })

  it.each([
    ['bad JSON', '<!-- redline:state {not json} -->'],
    ['an unknown version', `<!-- redline:state {"v":99,"sha":"${SHA_A}"} -->`],
    ['a truncated marker', ours.slice(0, 80)]
  ])('warns and starts fresh on %s', (_name, body) => {
    const logger = memoryLogger()
    const result = readState([review(1, VIEWER, `Summary\n\n${body}`)], VIEWER, logger)
    expect(result.state).toBeUndefined()
    expect(result.warnings).toHaveLength(2)
    expect(result.warnings[1]).toMatch(/from scratch/)
    expect(logger.lines.filter(line => line.level === 'warning')).toHaveLength(2)
  })

  it('falls back to the latest valid marker after a damaged one, with a warning', () => {
    const logger = memoryLogger()
    const result = readState(
      [review(1, VIEWER, ours), review(2, VIEWER, '<!-- redline:state {"v":1} -->')],
      VIEWER,
      logger
    )
    expect(result.reviewId).toBe(1)
    expect(result.warnings).toEqual([expect.stringMatching(/review 2/)])
  })
})

describe('the other hidden comments', () => {
  it('tells Redline bodies (a state or a probe) from anyone else’s', () => {
    expect(isRedlineBody(`Summary\n\n${encodeMarker(state())}`)).toBe(true)
    expect(isRedlineBody(probeBody('run-7'))).toBe(true)
    expect(isRedlineBody('LGTM <!-- note to self -->')).toBe(false)
    expect(isRedlineBody(findingTag('f_abc'))).toBe(false)
    expect(isRedlineBody(null)).toBe(false)
  })

  it('reads the last finding tag of a comment, never a state marker', () => {
    expect(findingIdOf(`quoted ${findingTag('f_old')}\n\nBody\n${findingTag('f_new')}`)).toBe('f_new')
    expect(findingIdOf(encodeMarker(state()))).toBeUndefined()
    expect(decodeMarker(findingTag('f_abc'))).toEqual({ kind: 'none' })
  })
})
