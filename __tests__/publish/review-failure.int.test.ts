import { describe, expect, it } from '@jest/globals'
import { classifyReviewFailure } from '../../src/github/reviews.js'
import { REVIEW_ERRORS } from '../../testing/github-server.js'

/** The shape of an Octokit RequestError for a GitHub error answer. */
function requestError(status: number, errors: unknown[] = [], message = 'Unprocessable Entity') {
  return Object.assign(new Error(message), { status, response: { data: { message, errors } } })
}

describe('classifyReviewFailure', () => {
  it.each([
    [requestError(422, [REVIEW_ERRORS.onePending]), 'pending-exists'],
    [requestError(422, [REVIEW_ERRORS.bodyTooLong]), 'body-too-long'],
    [
      requestError(422, [
        { resource: 'Issue', field: 'body', message: 'body is too long (maximum is 65536 characters)' }
      ]),
      'body-too-long'
    ],
    [requestError(422, [`${REVIEW_ERRORS.line} and ${REVIEW_ERRORS.startLineHunk}`]), 'rejected'],
    [requestError(422, ['Pull request review thread line must be part of the diff']), 'rejected'],
    [requestError(422, [REVIEW_ERRORS.commit]), 'fatal'],
    [requestError(502, [], 'Server Error'), 'transient'],
    [Object.assign(new Error('socket hang up'), {}), 'transient'],
    [requestError(403, [], 'Resource not accessible by integration'), 'fatal'],
    [requestError(404, [], 'Not Found'), 'fatal']
  ])('sorts %p as %s', (error, kind) => {
    expect(classifyReviewFailure(error).kind).toBe(kind)
  })

  it('keeps the details GitHub gave', () => {
    const failure = classifyReviewFailure(requestError(422, [REVIEW_ERRORS.line]))
    expect(failure).toEqual({
      kind: 'rejected',
      status: 422,
      message: `Unprocessable Entity; ${REVIEW_ERRORS.line}`
    })
  })
})
