/**
 * The stand-in's HTTP entry: a server on 127.0.0.1 that records every request, injects the faults a test
 * asks for, checks the token, and hands the request to the REST routes (which pass /graphql on to GraphQL).
 */
import * as fs from 'node:fs'
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { DOCS, errorReply, notFound, type FaultResponse, type Reply, type RequestContext } from './answers.js'
import { githubSchema, GraphQLApi } from './graphql.js'
import { restDescription, type RequestViolation } from './openapi.js'
import { RestApi } from './rest.js'
import { OtherRepositories, type OtherRepository } from './other-repositories.js'
import { PageRoutes, type StoredCheckRun } from './page-routes.js'
import {
  GitHubStore,
  type FixtureLike,
  type PatchLimits,
  type SeedReview,
  type SeedReviewComment,
  type StoredIssueComment,
  type StoredReaction,
  type StoredReview,
  type StoredReviewComment,
  type StoredThread,
  type UserJson
} from './store.js'

/** A file to append one line to per REST request checked against GitHub's description. */
export const CHECK_LOG_VARIABLE = 'GITHUB_STANDIN_CHECK_LOG'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  /** Parsed JSON when the request carried JSON, otherwise the raw text (or undefined when empty). */
  body: unknown
  /** Status the stand-in answered with. */
  status?: number
  /** How the request departs from GitHub's REST description; it was answered with the first one's status. */
  violations?: RequestViolation[]
}

export interface FaultMatcher {
  method?: string
  pathPattern: RegExp
  /** Let this many matching requests through before the fault starts. */
  skip?: number
}

export interface GitHubServerOptions {
  fixture: FixtureLike
  viewerLogin?: string
  token?: string
  tokenKind?: 'installation' | 'user'
  /** Partial overrides deep-merged into the pull request JSON (title, body, draft, user, state, head...). */
  pr?: Record<string, unknown>
  /** A review rejected with 422 leaves an empty PENDING review of the viewer behind, as GitHub sometimes does. */
  strayReviewOn422?: boolean
  limits?: PatchLimits
  /**
   * The token's `contents` permission. resolveReviewThread with an Actions token needs `write`; with `read` it
   * answers FORBIDDEN "Resource not accessible by integration", as GitHub does.
   */
  contents?: 'read' | 'write'
  /** Repository roles by login (admin, maintain, write, triage, read; none: 404); anyone else reads only. */
  permissions?: Record<string, string>
  /** The GitHub account of each commit email, beside the defaults (see StoreOptions). */
  accounts?: Record<string, string | null>
  /** The token's `checks` permission; without write, check runs are refused with 403 (default write). */
  checks?: 'write' | 'none'
  /** Other repositories it serves, by owner/name: their default branch and files (an organisation's). */
  repositories?: Record<string, OtherRepository>
}

export interface GitHubStandIn {
  url: string
  graphqlUrl: string
  requests: RecordedRequest[]
  unknownRoutes: RecordedRequest[]
  /**
   * Every way a REST request departed from GitHub's description (undocumented path, method or query
   * parameter, or a body outside the operation's schema). A route or parameter is answered with a 404 or 422
   * at once; a body is left to the route's own checks. `close` fails while any are left here: a test that
   * sends one on purpose empties it after checking.
   */
  violations: RequestViolation[]
  reviews: StoredReview[]
  reviewComments: StoredReviewComment[]
  threads: StoredThread[]
  issueComments: StoredIssueComment[]
  reactions: StoredReaction[]
  /** Check runs as created and updated, with their annotations. */
  checkRuns: StoredCheckRun[]
  viewer: UserJson
  /** Moves the pull request's head to `sha` (null goes back to following refs/pull/N/head). */
  setHead(sha: string | null): void
  /** Changes fields of the pull request JSON from now on. */
  updatePr(overrides: Record<string, unknown>): void
  failNext(matcher: FaultMatcher, response: FaultResponse, times?: number): void
  addReview(seed: SeedReview): StoredReview
  addComment(seed: SeedReviewComment): StoredReviewComment
  addIssueComment(seed: { user?: string | UserJson; body: string }): StoredIssueComment
  resolveThread(threadId: string, by?: string): void
  close(): Promise<void>
}

interface FaultEntry {
  matcher: FaultMatcher
  response: FaultResponse
  remaining: number
  skip: number
}

class StandIn implements GitHubStandIn {
  url = ''
  graphqlUrl = ''
  readonly requests: RecordedRequest[] = []
  readonly unknownRoutes: RecordedRequest[] = []
  readonly violations: RequestViolation[] = []
  readonly reviews: StoredReview[]
  readonly reviewComments: StoredReviewComment[]
  readonly threads: StoredThread[]
  readonly issueComments: StoredIssueComment[]
  readonly reactions: StoredReaction[]
  readonly checkRuns: StoredCheckRun[]

  private readonly server: http.Server
  private readonly page: PageRoutes
  private readonly store: GitHubStore
  private readonly rest: RestApi
  private readonly token: string
  private readonly faults: FaultEntry[] = []
  private readonly others: OtherRepositories
  private requestCount = 0

  constructor(options: GitHubServerOptions) {
    this.token = options.token ?? 'ghs_testtoken'
    const tokenKind = options.tokenKind ?? 'installation'
    this.store = new GitHubStore(options)
    const graphql = new GraphQLApi(this.store, { tokenKind, contents: options.contents ?? 'write' })
    this.rest = new RestApi(
      this.store,
      { tokenKind, strayReviewOn422: options.strayReviewOn422 ?? false },
      ctx => graphql.request(ctx)
    )
    this.reviews = this.store.reviews
    this.reviewComments = this.store.reviewComments
    this.threads = this.store.threads
    this.issueComments = this.store.issueComments
    this.reactions = this.store.reactions
    this.page = new PageRoutes(this.store, options.checks ?? 'write')
    this.others = new OtherRepositories(options.repositories ?? {}, () => this.url)
    this.checkRuns = this.page.checkRuns
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ message: `stand-in failure: ${String(error?.stack ?? error)}` }))
      })
    })
  }

  get viewer(): UserJson {
    return this.store.viewer
  }

  set viewer(user: UserJson) {
    this.store.viewer = user
  }

  async listen(): Promise<void> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve))
    // Built before the first query, so that building them never counts against a client's timeout.
    githubSchema()
    restDescription()
    const { port } = this.server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
    this.graphqlUrl = `${this.url}/graphql`
    this.store.setUrl(this.url)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
    if (this.violations.length > 0) {
      const lines = this.violations.map(v => `${v.method} ${v.path}: ${v.problem}`)
      throw new Error(`Requests GitHub does not document reached the stand-in:\n${lines.join('\n')}`)
    }
  }

  // ----- test controls -----

  setHead(sha: string | null): void {
    this.store.setHead(sha)
  }

  updatePr(overrides: Record<string, unknown>): void {
    this.store.updatePr(overrides)
  }

  failNext(matcher: FaultMatcher, response: FaultResponse, times = 1): void {
    this.faults.push({ matcher, response, remaining: times, skip: matcher.skip ?? 0 })
  }

  addReview(seed: SeedReview): StoredReview {
    return this.store.addReview(seed)
  }

  addComment(seed: SeedReviewComment): StoredReviewComment {
    return this.store.addComment(seed)
  }

  addIssueComment(seed: { user?: string | UserJson; body: string }): StoredIssueComment {
    return this.store.addIssueComment(seed)
  }

  resolveThread(threadId: string, by?: string): void {
    this.store.resolveThread(threadId, by)
  }

  // ----- HTTP plumbing -----

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const query: Record<string, string> = {}
    url.searchParams.forEach((value, key) => (query[key] = value))
    const method = (req.method ?? 'GET').toUpperCase()
    let body: unknown = rawBody === '' ? undefined : rawBody
    let badJson = false
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody)
      } catch {
        badJson = /json/.test(String(req.headers['content-type'] ?? '')) || method !== 'GET'
      }
    }
    const recorded: RecordedRequest = { method, path: url.pathname, query, headers: req.headers, body }
    this.requests.push(recorded)
    this.checkDocumented(recorded, badJson)
    const ctx: RequestContext = { method, path: url.pathname, query, headers: req.headers, body }

    const reply = await this.dispatch(ctx, recorded, badJson)
    if (reply.hang) return
    recorded.status = reply.status
    this.requestCount += 1
    const isGraphql = url.pathname === '/graphql'
    const headers: Record<string, string> = {
      'x-github-request-id': `0000:0000:${this.requestCount.toString(16).padStart(6, '0')}:STANDIN`,
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - this.requestCount)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': String(this.requestCount),
      'x-ratelimit-resource': isGraphql ? 'graphql' : 'core',
      ...reply.headers
    }
    if (reply.text !== undefined) {
      headers['content-type'] ??= 'text/plain; charset=utf-8'
      res.writeHead(reply.status, headers)
      res.end(reply.text)
    } else if (reply.body === undefined || reply.status === 204) {
      res.writeHead(reply.status, headers)
      res.end()
    } else {
      headers['content-type'] ??= 'application/json; charset=utf-8'
      res.writeHead(reply.status, headers)
      res.end(JSON.stringify(reply.body))
    }
  }

  /** Checks a REST request against GitHub's description and keeps what it finds (GraphQL is checked apart). */
  private checkDocumented(recorded: RecordedRequest, badJson: boolean): void {
    if (recorded.path === '/graphql') return
    const path = this.rest.canonicalPath(recorded.path)
    const found = restDescription().check({
      method: recorded.method,
      path,
      query: recorded.query,
      body: badJson ? undefined : recorded.body
    })
    // For counting what a whole run checked: one line per request, with its problems.
    const log = process.env[CHECK_LOG_VARIABLE]
    if (log)
      fs.appendFileSync(log, `${JSON.stringify({ method: recorded.method, path, violations: found })}\n`)
    if (found.length === 0) return
    recorded.violations = found
    this.violations.push(...found)
  }

  private async dispatch(ctx: RequestContext, recorded: RecordedRequest, badJson: boolean): Promise<Reply> {
    const matching = this.faults.filter(
      f =>
        f.remaining > 0 &&
        (f.matcher.method === undefined || f.matcher.method.toUpperCase() === ctx.method) &&
        f.matcher.pathPattern.test(ctx.path)
    )
    const fault = matching.find(f => f.skip === 0)
    for (const waiting of matching) if (waiting.skip > 0) waiting.skip -= 1
    if (fault) {
      fault.remaining -= 1
      const { status, body, headers, afterHandling, hang } = fault.response
      if (hang) return { status: 0, hang: true }
      if (afterHandling) await this.serve(ctx, recorded, badJson)
      if (typeof body === 'string') return { status, text: body, headers }
      return { status, body: body ?? { message: http.STATUS_CODES[status] ?? 'Error' }, headers }
    }
    return this.serve(ctx, recorded, badJson)
  }

  private async serve(ctx: RequestContext, recorded: RecordedRequest, badJson: boolean): Promise<Reply> {
    const isGraphql = ctx.path === '/graphql'
    const auth = String(ctx.headers.authorization ?? '')
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(auth)
    const other = isGraphql ? undefined : this.others.route(ctx, match?.[1], this.token)
    if (other) return other
    if (!auth) {
      return {
        status: 401,
        body: isGraphql
          ? {
              message: 'This endpoint requires you to be authenticated.',
              documentation_url:
                'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
              status: '401'
            }
          : { message: 'Requires authentication', documentation_url: DOCS.rest, status: '401' }
      }
    }
    if (!match || match[1] !== this.token) {
      return {
        status: 401,
        body: {
          message: 'Bad credentials',
          documentation_url: isGraphql ? DOCS.graphql : DOCS.rest,
          status: '401'
        }
      }
    }
    if (badJson) {
      return {
        status: 400,
        body: { message: 'Problems parsing JSON', documentation_url: DOCS.rest, status: '400' }
      }
    }

    // A body outside the schema goes on to the route, whose 422s are GitHub's own words for each endpoint.
    const violation = recorded.violations?.find(v => v.part !== 'body')
    if (violation) return undocumented(violation)
    const reply = (await this.page.route(ctx)) ?? (await this.rest.route(ctx))
    if (reply) return reply
    this.unknownRoutes.push(recorded)
    return errorReply(notFound())
  }
}

/** GitHub's answer to a request outside its description: Not Found for a route, Invalid request otherwise. */
function undocumented(violation: RequestViolation): Reply {
  if (violation.part === 'route') return errorReply(notFound())
  return {
    status: 422,
    body: {
      message: `Invalid request.\n\n${violation.problem}.`,
      documentation_url: DOCS.rest,
      status: '422'
    }
  }
}

export async function startGitHubServer(options: GitHubServerOptions): Promise<GitHubStandIn> {
  const standIn = new StandIn(options)
  await standIn.listen()
  return standIn
}
