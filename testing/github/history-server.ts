/**
 * A stand-in for a whole repository's pull-request history on 127.0.0.1: the REST list of pull requests
 * (state, sort, direction, per_page, page, with GitHub's Link header), a pull request's review-comment
 * reactions, a person's permission on the repository, and GraphQL (see history-graphql.ts). It records every
 * request, so a test can count them. As the pull-request stand-in does, it checks every REST request against
 * GitHub's description (openapi.ts): an undocumented route is answered 404, an undocumented query 422, and
 * `close()` fails while any such request was made.
 */
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { DOCS, type Reply, type RequestContext } from './answers.js'
import { githubSchema } from './graphql.js'
import { HistoryGraphQL } from './history-graphql.js'
import { HistoryStore, type HistoryActor, type HistoryPullSeed } from './history-store.js'
import { HistoryRepo } from './history-repo.js'
import { restDescription, type RequestViolation } from './openapi.js'
import { isRecord } from './util.js'

export interface HistoryRequest {
  method: string
  path: string
  query: Record<string, string>
  /** The GraphQL document, for a GraphQL request. */
  graphql?: string
  /** Its variables, for a GraphQL request that has them. */
  variables?: Record<string, unknown>
}

export interface HistoryStandIn {
  url: string
  graphqlUrl: string
  store: HistoryStore
  /** The repository's branches, files and the pull requests a learn run opens (history-repo.ts). */
  repository: HistoryRepo
  requests: HistoryRequest[]
  /** REST requests GitHub does not document as they were sent. */
  violations: RequestViolation[]
  /** Set `graphqlLeft` to answer GraphQL as GitHub does once the hour's points are spent, after that many. */
  rateLimit: GraphQLRateLimit
  /** Fails when any request GitHub does not document reached it. */
  close(): Promise<void>
}

export interface GraphQLRateLimit {
  graphqlLeft?: number
}

/** GitHub's answer to a GraphQL request past the primary rate limit: 200, an error of type RATE_LIMITED. */
function graphqlRateLimited(): Reply {
  return {
    status: 200,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '5000' },
    body: { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for installation ID 1.' }] }
  }
}

function userJson(
  base: string,
  login: string,
  type: 'User' | 'Bot' = login.endsWith('[bot]') ? 'Bot' : 'User'
) {
  return {
    login,
    id: login.length * 7919,
    type,
    url: `${base}/users/${encodeURIComponent(login)}`,
    html_url: `https://github.com/${login}`
  }
}

/** One entry of GET /repos/{owner}/{repo}/pulls, in GitHub's field names (the fields Redline reads and more). */
function pullListJson(store: HistoryStore, pull: HistoryPullSeed): Record<string, unknown> {
  const api = `${store.url}/repos/${store.repoPath}`
  return {
    url: `${api}/pulls/${pull.number}`,
    id: 500_000 + pull.number,
    node_id: `PR_kwDOHistory${pull.number}`,
    html_url: `https://github.com/${store.repoPath}/pull/${pull.number}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: userJson(store.url, pull.author),
    body: null,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
    draft: false,
    head: { label: `${store.owner}:${pull.headRef}`, ref: pull.headRef, sha: pull.headSha },
    base: { label: `${store.owner}:${pull.baseRef}`, ref: pull.baseRef, sha: '0'.repeat(40) },
    author_association: 'MEMBER'
  }
}

const SORTS = ['created', 'updated', 'popularity', 'long-running']

/** GET /repos/{owner}/{repo}/pulls: state defaults to open, sort to created, direction to desc for created. */
function listPulls(store: HistoryStore, ctx: RequestContext): Reply {
  const state = ctx.query['state'] ?? 'open'
  const sort = ctx.query['sort'] ?? 'created'
  const direction = ctx.query['direction'] ?? (sort === 'created' ? 'desc' : 'asc')
  if (
    !['open', 'closed', 'all'].includes(state) ||
    !SORTS.includes(sort) ||
    !['asc', 'desc'].includes(direction)
  )
    return {
      status: 422,
      body: { message: 'Validation Failed', documentation_url: DOCS.rest, status: '422' }
    }
  const perPage = Math.min(100, Math.max(1, Number(ctx.query['per_page'] ?? 30) || 30))
  const page = Math.max(1, Number(ctx.query['page'] ?? 1) || 1)
  const key = (pull: HistoryPullSeed) => (sort === 'updated' ? pull.updatedAt : pull.createdAt)
  const matching = store.pulls
    .filter(pull => state === 'all' || pull.state === state)
    .sort((a, b) => key(a).localeCompare(key(b)) || a.number - b.number)
  if (direction === 'desc') matching.reverse()
  const items = matching.slice((page - 1) * perPage, page * perPage)
  const last = Math.max(1, Math.ceil(matching.length / perPage))
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams({ ...ctx.query, page: String(n) })
    return `<${store.url}${ctx.path}?${query.toString()}>; rel="${rel}"`
  }
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])
  ]
  return {
    status: 200,
    body: items.map(pull => pullListJson(store, pull)),
    ...(links.length > 0 ? { headers: { link: links.join(', ') } } : {})
  }
}

/** GET /repos/{owner}/{repo}/pulls/comments/{id}/reactions. */
function listReactions(store: HistoryStore, commentId: number): Reply {
  for (const pull of store.pulls) {
    for (const thread of pull.threads) {
      const comment = thread.comments.find(c => c.id === commentId)
      if (!comment) continue
      return {
        status: 200,
        body: (comment.reactions ?? []).map((reaction, i) => ({
          id: commentId * 10 + i,
          node_id: `REA_history${commentId}_${i}`,
          user: userJson(store.url, reaction.user),
          content:
            { THUMBS_UP: '+1', THUMBS_DOWN: '-1' }[reaction.content as string] ??
            reaction.content.toLowerCase(),
          created_at: reaction.createdAt
        }))
      }
    }
  }
  return { status: 404, body: { message: 'Not Found', documentation_url: DOCS.rest, status: '404' } }
}

/**
 * GET /repos/{owner}/{repo}/collaborators/{username}/permission: `permission` is the legacy base role (maintain
 * reads as write, triage as read), `role_name` the role itself; someone who is not a collaborator is 404.
 */
function permission(store: HistoryStore, login: string): Reply {
  const role = store.permissionOf(login)
  if (!role)
    return {
      status: 404,
      body: {
        message: 'Not Found',
        documentation_url:
          'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user',
        status: '404'
      }
    }
  const legacy = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
  return {
    status: 200,
    body: { permission: legacy, role_name: role, user: collaboratorJson(store, login, role) }
  }
}

/** A collaborator in every field GitHub's description requires of one. */
function collaboratorJson(store: HistoryStore, login: string, role: string): Record<string, unknown> {
  const user = userJson(store.url, login)
  const api = user.url
  return {
    ...user,
    node_id: `U_history${user.id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    site_admin: false,
    permissions: {
      admin: role === 'admin',
      maintain: ['admin', 'maintain'].includes(role),
      push: ['admin', 'maintain', 'write'].includes(role),
      triage: role !== 'read',
      pull: true
    },
    role_name: role
  }
}

const NOT_FOUND: Reply = {
  status: 404,
  body: { message: 'Not Found', documentation_url: DOCS.rest, status: '404' }
}

function route(store: HistoryStore, graphql: HistoryGraphQL, ctx: RequestContext): Promise<Reply> | Reply {
  if (ctx.method === 'POST' && ctx.path === '/graphql') return graphql.request(ctx)
  const repo = /^\/repos\/([^/]+)\/([^/]+)\/(.*)$/.exec(ctx.path)
  if (ctx.method === 'GET' && repo && store.sameRepo(repo[1] ?? '', repo[2] ?? '')) {
    if (repo[3] === 'pulls') return listPulls(store, ctx)
    const reactions = /^pulls\/comments\/(\d+)\/reactions$/.exec(repo[3] ?? '')
    if (reactions) return listReactions(store, Number(reactions[1]))
    const collaborator = /^collaborators\/([^/]+)\/permission$/.exec(repo[3] ?? '')
    if (collaborator) return permission(store, decodeURIComponent(collaborator[1] ?? ''))
  }
  return NOT_FOUND
}

/** GitHub's answer to a request its description does not hold: Not Found for a route, 422 otherwise. */
function undocumented(violation: RequestViolation): Reply {
  if (violation.part === 'route') return NOT_FOUND
  return {
    status: 422,
    body: {
      message: `Invalid request.\n\n${violation.problem}.`,
      documentation_url: DOCS.rest,
      status: '422'
    }
  }
}

/** A listening stand-in: the requests it recorded and the undocumented ones among them. */
export interface RecordingServer {
  url: string
  requests: HistoryRequest[]
  violations: RequestViolation[]
  rateLimit: GraphQLRateLimit
  close(): Promise<void>
}

/**
 * Serves `serve` on 127.0.0.1 as GitHub would: a request without the token is 401, a REST request GitHub does
 * not document is 404 or 422, and every request is recorded and counted against the rate-limit headers.
 */
export async function startRecordingServer(
  serve: (ctx: RequestContext) => Promise<Reply> | Reply,
  token: string
): Promise<RecordingServer> {
  const requests: HistoryRequest[] = []
  const violations: RequestViolation[] = []
  const rateLimit: GraphQLRateLimit = {}
  githubSchema()
  restDescription()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk as Buffer))
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1')
        const query = Object.fromEntries(url.searchParams)
        const method = (req.method ?? 'GET').toUpperCase()
        const raw = Buffer.concat(chunks).toString('utf8')
        const body = raw === '' ? undefined : (JSON.parse(raw) as unknown)
        const document = (body as { query?: unknown } | undefined)?.query
        const variables = (body as { variables?: unknown } | undefined)?.variables
        requests.push({
          method,
          path: url.pathname,
          query,
          ...(typeof document === 'string' ? { graphql: document } : {}),
          ...(isRecord(variables) ? { variables } : {})
        })
        const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))
        const found =
          url.pathname === '/graphql'
            ? []
            : restDescription().check({ method, path: url.pathname, query, body })
        violations.push(...found)
        const violation = found.find(v => v.part !== 'body')
        let reply: Reply
        if (!auth || auth[1] !== token) {
          reply = {
            status: 401,
            body: { message: 'Bad credentials', documentation_url: DOCS.rest, status: '401' }
          }
        } else if (violation) {
          reply = undocumented(violation)
        } else if (
          url.pathname === '/graphql' &&
          rateLimit.graphqlLeft !== undefined &&
          rateLimit.graphqlLeft-- <= 0
        ) {
          reply = graphqlRateLimited()
        } else {
          reply = await serve({ method, path: url.pathname, query, headers: req.headers, body })
        }
        res.writeHead(reply.status, {
          'content-type': 'application/json; charset=utf-8',
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': String(Math.max(0, 5000 - requests.length)),
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
          'x-ratelimit-resource': url.pathname === '/graphql' ? 'graphql' : 'core',
          ...reply.headers
        })
        res.end(JSON.stringify(reply.body))
      })().catch(error => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ message: `stand-in failure: ${String(error)}` }))
      })
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    rateLimit,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
      if (violations.length > 0) {
        const lines = violations.map(v => `${v.method} ${v.path}: ${v.problem}`)
        throw new Error(`Requests GitHub does not document reached the stand-in:\n${lines.join('\n')}`)
      }
    }
  }
}

/** One repository's history as a handler: its repository routes, then its pull requests and GraphQL. */
export function historyHandler(store: HistoryStore): {
  repository: HistoryRepo
  serve: (ctx: RequestContext) => Promise<Reply> | Reply
} {
  const graphql = new HistoryGraphQL(store)
  const repository = new HistoryRepo(store)
  return { repository, serve: ctx => repository.route(ctx) ?? route(store, graphql, ctx) }
}

export async function startHistoryServer(options: {
  owner: string
  repo: string
  viewer?: HistoryActor
  token?: string
}): Promise<HistoryStandIn> {
  const store = new HistoryStore(
    options.owner,
    options.repo,
    options.viewer ?? { login: 'github-actions', type: 'Bot' }
  )
  const { repository, serve } = historyHandler(store)
  const server = await startRecordingServer(serve, options.token ?? 'ghs_testtoken')
  store.url = server.url
  return {
    url: server.url,
    graphqlUrl: `${server.url}/graphql`,
    store,
    repository,
    requests: server.requests,
    violations: server.violations,
    rateLimit: server.rateLimit,
    close: server.close
  }
}
