import { describe, expect, it } from '@jest/globals'
import Anthropic from '@anthropic-ai/sdk'
import { Coverage } from '../src/agent/coverage.js'
import { classifyModelError } from '../src/agent/model-errors.js'
import type { DiffFile } from '../src/diff/model.js'
import { httpStatus, ModelAccessError, TransientError } from '../src/errors.js'
import { pendingAfter } from '../src/engine/settle.js'
import { ACTION_WORDS, failureLine } from '../src/engine/failure.js'
import { decideFromState } from '../src/engine/increment.js'
import { decodeMarker, encodeMarker, type ReviewState } from '../src/state/marker.js'
import { fitMarker } from '../src/state/marker-fit.js'

const HEAD = 'a'.repeat(40)
const OLD = 'b'.repeat(40)

function file(path: string, added: number[], removed: number[] = []): DiffFile {
  return {
    path,
    oldPath: path,
    status: 'modified',
    binary: false,
    additions: added.length,
    deletions: removed.length,
    hunks: [
      {
        index: 0,
        header: '@@',
        oldStart: 1,
        oldLines: removed.length,
        newStart: 1,
        newLines: added.length,
        lines: [
          ...removed.map(n => ({ kind: 'del' as const, oldLine: n, text: `old ${n}` })),
          ...added.map(n => ({ kind: 'add' as const, newLine: n, text: `new ${n}` }))
        ]
      }
    ]
  }
}

function apiError(status: number, type: string, message: string): Error {
  return Anthropic.APIError.generate(
    status,
    { type: 'error', error: { type, message } },
    undefined,
    new Headers()
  )
}

describe('classifyModelError', () => {
  const first = { model: 'claude-sonnet-5-5', firstTurn: true }
  const later = { model: 'claude-sonnet-5-5', firstTurn: false }

  it('sorts access problems, passing faults and bugs apart', () => {
    expect(
      classifyModelError(apiError(401, 'authentication_error', 'invalid x-api-key'), first)
    ).toBeInstanceOf(ModelAccessError)
    expect(classifyModelError(apiError(403, 'permission_error', 'no'), later)).toBeInstanceOf(
      ModelAccessError
    )
    expect(classifyModelError(apiError(404, 'not_found_error', 'model: x'), later).message).toContain(
      "Model 'claude-sonnet-5-5' was not found (404)"
    )
    expect(classifyModelError(apiError(400, 'invalid_request_error', 'bad'), first)).toBeInstanceOf(
      ModelAccessError
    )
    const later400 = classifyModelError(apiError(400, 'invalid_request_error', 'bad'), later)
    expect(later400).not.toBeInstanceOf(ModelAccessError)
    expect(later400).not.toBeInstanceOf(TransientError)
    expect(classifyModelError(apiError(429, 'rate_limit_error', 'Rate limited'), later)).toBeInstanceOf(
      TransientError
    )
    const spend = classifyModelError(
      apiError(429, 'rate_limit_error', "This request would exceed your account's monthly spend limit."),
      later
    )
    expect(spend).toBeInstanceOf(ModelAccessError)
    expect(httpStatus(spend)).toBe(429)
    expect(classifyModelError(apiError(529, 'overloaded_error', 'Overloaded'), later)).toBeInstanceOf(
      TransientError
    )
    expect(classifyModelError(new Anthropic.APIConnectionTimeoutError(), later)).toBeInstanceOf(
      TransientError
    )
    expect(classifyModelError(new TypeError('x is undefined'), later)).toBeInstanceOf(TypeError)
  })

  it('suggests another model than the one not found, and where the usable ids are listed', () => {
    const unknown = classifyModelError(apiError(404, 'not_found_error', 'model: gpt-4o'), {
      model: 'gpt-4o',
      firstTurn: true
    })
    expect(unknown.message).toBe(
      "Model 'gpt-4o' was not found (404): set `model` to a Claude model id such as claude-sonnet-5-5; " +
        'GET /v1/models (the Models API) lists the ids this key can use.'
    )
    const theDefault = classifyModelError(apiError(404, 'not_found_error', 'model: x'), first).message
    expect(theDefault).toBe(
      "Model 'claude-sonnet-5-5' was not found (404): this key cannot use it; GET /v1/models (the Models " +
        'API) lists the ids this key can use: set `model` to one of them.'
    )
    expect(theDefault).not.toMatch(/such as claude-sonnet-5-5/)
  })

  it("words a rejected key in each door's terms: a secret in the action, a variable in the CLI", () => {
    const rejected = classifyModelError(apiError(401, 'authentication_error', 'invalid x-api-key'), first)
    const outcome = { end: { kind: 'fatal', error: rejected }, findings: [], notes: [] } as never
    const cli = { ...ACTION_WORDS, apiKey: 'the ANTHROPIC_API_KEY environment variable' }
    expect(failureLine(outcome, ACTION_WORDS)).toBe(
      'The Anthropic API rejected the key (401 authentication_error): check the ANTHROPIC_API_KEY secret.'
    )
    expect(failureLine(outcome, cli)).toBe(
      'The Anthropic API rejected the key (401 authentication_error): check the ANTHROPIC_API_KEY environment variable.'
    )
  })

  it('reads statuses without casts and ignores what is not one', () => {
    expect(httpStatus({ status: 502 })).toBe(502)
    expect(httpStatus({ status: '502' })).toBeUndefined()
    expect(httpStatus(new Error('403 forbidden'))).toBeUndefined()
    expect(httpStatus(null)).toBeUndefined()
  })
})

describe('Coverage', () => {
  it('counts a view only once a reply to it has arrived', () => {
    const coverage = new Coverage([file('a.ts', [1, 2, 3]), file('b.ts', [5])])
    coverage.offerWholeDiff('a.ts')
    expect(coverage.covered()).toEqual([])
    coverage.commit()
    expect(coverage.covered()).toEqual(['a.ts'])
    expect(coverage.uncovered()).toEqual(['b.ts'])
  })

  it('covers a cut diff by its shown lines plus reads of the rest at the head', () => {
    const coverage = new Coverage([file('a.ts', [10, 11, 12, 13])])
    coverage.offerDiffLines('a.ts', 2)
    coverage.commit()
    expect(coverage.uncovered()).toEqual(['a.ts'])
    coverage.offerHeadLines('a.ts', 12, 20)
    coverage.commit()
    expect(coverage.covered()).toEqual(['a.ts'])
  })

  it('lists files in their order before any is read, one without changed lines as covered', () => {
    const coverage = new Coverage([file('a.ts', [1]), file('empty.ts', []), file('b.ts', [2, 3])])
    expect(coverage.covered()).toEqual(['empty.ts'])
    expect(coverage.uncovered()).toEqual(['a.ts', 'b.ts'])
    coverage.offerDiffLines('b.ts', 1)
    coverage.offerHeadLines('a.ts', 1, 1)
    coverage.commit()
    expect(coverage.covered()).toEqual(['a.ts', 'empty.ts'])
    expect(coverage.uncovered()).toEqual(['b.ts'])
    expect(coverage.total).toBe(3)
  })

  it('counts the lines of the last file listed under a path', () => {
    const coverage = new Coverage([file('a.ts', [1, 2]), file('a.ts', [7])])
    coverage.offerHeadLines('a.ts', 7, 7)
    coverage.commit()
    expect(coverage.covered()).toEqual(['a.ts'])
  })

  it('never covers removed lines by reading the head', () => {
    const coverage = new Coverage([file('a.ts', [1], [1])])
    coverage.offerHeadLines('a.ts', 1, 100)
    coverage.commit()
    expect(coverage.uncovered()).toEqual(['a.ts'])
  })
})

describe('the prior-state decision', () => {
  const state = (pending: string[] = []): ReviewState => ({
    lastReviewedSha: HEAD,
    findings: [],
    ...(pending.length ? { pending: pending.map(path => ({ path })) } : {})
  })
  const pr = { requested: false, fullReview: false, againHint: 'set full-review: true' }

  it('skips only a covered head on a pull_request event', () => {
    expect(decideFromState(undefined, HEAD, pr).kind).toBe('first')
    expect(decideFromState(state(), HEAD, pr).kind).toBe('already-reviewed')
    expect(decideFromState(state(['a.ts']), HEAD, pr).kind).toBe('again')
    expect(decideFromState({ ...state(), pendingAll: true }, HEAD, pr).kind).toBe('again')
    expect(decideFromState(state(), OLD, pr).kind).toBe('again')
    expect(decideFromState(state(), HEAD, { ...pr, fullReview: true }).kind).toBe('again')
    expect(decideFromState(state(), HEAD, { ...pr, requested: true }).kind).toBe('again')
  })

  it('keeps every file of an interrupted run pending, and only the unseen ones otherwise', () => {
    const before: ReviewState = {
      lastReviewedSha: OLD,
      findings: [],
      pending: [{ path: 'c.ts', coveredSha: 'c'.repeat(40) }]
    }
    expect(pendingAfter(before, ['a.ts', 'c.ts'], ['c.ts'], false)).toEqual([
      { path: 'c.ts', coveredSha: 'c'.repeat(40) }
    ])
    expect(pendingAfter(before, ['a.ts', 'c.ts'], [], true)).toEqual([
      { path: 'a.ts', coveredSha: OLD },
      { path: 'c.ts', coveredSha: 'c'.repeat(40) }
    ])
    expect(pendingAfter(undefined, ['a.ts'], ['a.ts'], false)).toEqual([{ path: 'a.ts' }])
  })
})

describe('pending files in the marker', () => {
  it('round-trips, and gives way to "every file pending" when it does not fit', () => {
    const state: ReviewState = {
      lastReviewedSha: HEAD,
      findings: [],
      pending: [{ path: 'src/a.ts' }, { path: 'src/b.ts', coveredSha: OLD }]
    }
    const decoded = decodeMarker(encodeMarker(state))
    expect(decoded).toEqual({ kind: 'ok', state })

    const many: ReviewState = {
      lastReviewedSha: HEAD,
      findings: [],
      pending: Array.from({ length: 3000 }, (_, i) => ({ path: `src/pkg${i}/module-${i}.ts` }))
    }
    const fitted = fitMarker(many, 10_000)
    expect(fitted.fits).toBe(true)
    const back = decodeMarker(fitted.marker)
    expect(back.kind === 'ok' && back.state.pendingAll).toBe(true)
    expect(fitted.notes.join(' ')).toMatch(/next review covers every file again/)
  })
})
