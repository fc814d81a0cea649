/** What requests to the stand-in look like, and the answers GitHub gives: documentation links, errors, faults. */
import type * as http from 'node:http'

export interface Reply {
  status: number
  body?: unknown
  text?: string
  headers?: Record<string, string> | undefined
  hang?: boolean
}

export interface RequestContext {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  body: unknown
}

export interface FaultResponse {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Handle the request as usual (a review is created) and only then answer with this fault. */
  afterHandling?: boolean
  /** Read the request and never answer it; the connection stays open until the client gives up. */
  hang?: boolean
}

export const DOCS = {
  rest: 'https://docs.github.com/rest',
  createReview: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
  updateReview: 'https://docs.github.com/rest/pulls/reviews#update-a-review-for-a-pull-request',
  deleteReview: 'https://docs.github.com/rest/pulls/reviews#delete-a-pending-review-for-a-pull-request',
  submitReview: 'https://docs.github.com/rest/pulls/reviews#submit-a-review-for-a-pull-request',
  createComment: 'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
  reply: 'https://docs.github.com/rest/pulls/comments#create-a-reply-for-a-review-comment',
  issueComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  getUser: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  listFiles: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files',
  graphql: 'https://docs.github.com/graphql',
  secondaryRateLimit:
    'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits'
}

/** Messages GitHub puts in `errors` of a 422 from the review endpoints. */
export const REVIEW_ERRORS = {
  line: 'Line could not be resolved',
  path: 'Path could not be resolved',
  position: 'Pull request review thread position is invalid',
  diffTooLarge: 'Pull request review thread path diff too large',
  startLineHunk: 'Pull request review thread start line must be part of the same hunk as the line.',
  startLineOrder: 'Pull request review thread start line must precede the end line.',
  side: 'Pull request review thread side is not included in the list',
  event: 'Variable $event of type PullRequestReviewEvent was provided invalid value',
  commit: 'The commitOID is not part of the pull request',
  onePending: 'User can only have one pending review per pull request',
  bodyTooLong: 'Body is too long (maximum is 65536 characters)',
  bodyBlank: "Body can't be blank",
  alreadySubmitted: 'Review has already been submitted.',
  deleteSubmitted: 'Can not delete a non-pending pull request review',
  approveOwn: 'Can not approve your own pull request',
  requestChangesOwn: 'Can not request changes on your own pull request'
} as const

export const MAX_BODY_CHARS = 65_536
export const MAX_PR_FILES = 3000

/** Ready-made fault responses for `failNext`. */
export const faults = {
  secondaryRateLimit(retryAfterSeconds = 1): FaultResponse {
    return {
      status: 403,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
        documentation_url: DOCS.secondaryRateLimit,
        status: '403'
      }
    }
  },
  primaryRateLimit(resetEpochSeconds = Math.floor(Date.now() / 1000) + 1): FaultResponse {
    return {
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetEpochSeconds) },
      body: {
        message: 'API rate limit exceeded for installation ID 1.',
        documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        status: '403'
      }
    }
  },
  serverError(status = 500): FaultResponse {
    return { status, body: { message: status === 502 ? 'Server Error' : 'Internal Server Error' } }
  },
  /** GitHub did the work but the answer was lost on the way: a 502 from the edge. */
  landedButBadGateway(): FaultResponse {
    return { status: 502, body: { message: 'Server Error' }, afterHandling: true }
  },
  hang(): FaultResponse {
    return { status: 0, hang: true }
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {}
  ) {
    super(`HTTP ${status}`)
  }
}

export function notFound(): HttpError {
  return new HttpError(404, { message: 'Not Found', documentation_url: DOCS.rest, status: '404' })
}

export function unprocessable(errors: string[], documentationUrl: string): HttpError {
  return new HttpError(422, {
    message: 'Unprocessable Entity',
    errors: [toSentence(errors)],
    documentation_url: documentationUrl,
    status: '422'
  })
}

/** Joins messages the way Rails' Array#to_sentence does, which is how GitHub reports several at once. */
function toSentence(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  if (items.length === 2) return `${items[0]} and ${items[1]}`
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`
}

export function errorReply(error: HttpError): Reply {
  return { status: error.status, body: error.body, headers: error.headers }
}
