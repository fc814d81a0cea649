/**
 * A stand-in for an organisation (or a user) that owns several repositories, each with its own pull-request
 * history (history-store.ts): GET /orgs/{org}/repos, or GET /users/{username}/repos for a user, in GitHub's
 * shape with its Link header; every request under /repos/{owner}/{name} and every GraphQL query on a
 * repository is answered by that repository's history. Requests are checked and recorded as the
 * single-repository stand-in does (history-server.ts), so a test can count them per repository.
 */
import { DOCS, type Reply, type RequestContext } from './answers.js'
import { historyHandler, startRecordingServer, type HistoryRequest } from './history-server.js'
import { HistoryStore, type HistoryActor } from './history-store.js'
import type { RequestViolation } from './openapi.js'
import { isRecord } from './util.js'

export interface OrgHistoryStandIn {
  url: string
  graphqlUrl: string
  owner: string
  /** Each repository's history, by its name. */
  stores: Map<string, HistoryStore>
  requests: HistoryRequest[]
  violations: RequestViolation[]
  /** The repository a recorded request reached, or undefined for the owner's listing and `viewer`. */
  repositoryOf(request: HistoryRequest): string | undefined
  close(): Promise<void>
}

export interface OrgHistoryOptions {
  owner: string
  repos: readonly string[]
  /** An organisation answers /orgs/{org}/repos; a user only /users/{username}/repos. */
  ownerType?: 'Organization' | 'User'
  /** Repositories that are archived. */
  archived?: readonly string[]
  /** Repositories listed but whose pull requests the token cannot read (GitHub answers 403), until removed. */
  unreadable?: Set<string>
  viewer?: HistoryActor
  token?: string
}

const NOT_FOUND: Reply = {
  status: 404,
  body: { message: 'Not Found', documentation_url: DOCS.rest, status: '404' }
}

/** One entry of a repository list, in GitHub's field names (minimal-repository). */
function repositoryJson(url: string, options: OrgHistoryOptions, name: string, index: number) {
  const full = `${options.owner}/${name}`
  return {
    id: 700_000 + index,
    node_id: `R_kgDOOrg${index}`,
    name,
    full_name: full,
    private: true,
    owner: { login: options.owner, id: 77, type: options.ownerType ?? 'Organization' },
    html_url: `https://github.com/${full}`,
    description: null,
    fork: false,
    url: `${url}/repos/${full}`,
    archived: options.archived?.includes(name) ?? false,
    disabled: false,
    visibility: 'private',
    default_branch: 'main',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2026-09-01T00:00:00Z',
    pushed_at: '2026-09-01T00:00:00Z'
  }
}

/** The owner's repositories, paged as GitHub pages them (per_page at most 100, 30 by default). */
function listRepositories(url: string, options: OrgHistoryOptions, ctx: RequestContext): Reply {
  const perPage = Math.min(100, Math.max(1, Number(ctx.query['per_page'] ?? 30) || 30))
  const page = Math.max(1, Number(ctx.query['page'] ?? 1) || 1)
  const names = [...options.repos].sort((a, b) => a.localeCompare(b))
  const last = Math.max(1, Math.ceil(names.length / perPage))
  const link = (n: number, rel: string) =>
    `<${url}${ctx.path}?${new URLSearchParams({ ...ctx.query, page: String(n) }).toString()}>; rel="${rel}"`
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])
  ]
  return {
    status: 200,
    body: names
      .slice((page - 1) * perPage, page * perPage)
      .map(name => repositoryJson(url, options, name, options.repos.indexOf(name))),
    ...(links.length > 0 ? { headers: { link: links.join(', ') } } : {})
  }
}

/** The repository a GraphQL request names in its `owner` and `name` variables. */
function graphqlRepository(body: unknown): string | undefined {
  const variables = isRecord(body) && isRecord(body.variables) ? body.variables : {}
  return typeof variables.owner === 'string' && typeof variables.name === 'string'
    ? `${variables.owner}/${variables.name}`.toLowerCase()
    : undefined
}

export async function startOrgHistoryServer(options: OrgHistoryOptions): Promise<OrgHistoryStandIn> {
  const viewer = options.viewer ?? { login: 'github-actions', type: 'Bot' as const }
  const stores = new Map(options.repos.map(name => [name, new HistoryStore(options.owner, name, viewer)]))
  const handlers = new Map(
    [...stores].map(([name, store]) => [
      `${options.owner}/${name}`.toLowerCase(),
      historyHandler(store).serve
    ])
  )
  const first = handlers.values().next().value
  const owner = options.owner.toLowerCase()
  const listing = options.ownerType === 'User' ? 'users' : 'orgs'
  let url = ''
  const repositoryOf = (path: string, body: unknown) => {
    if (path === '/graphql') return graphqlRepository(body)
    const match = /^\/repos\/([^/]+)\/([^/]+)/.exec(path)
    return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined
  }
  const server = await startRecordingServer(ctx => {
    const list = /^\/(orgs|users)\/([^/]+)\/repos$/.exec(ctx.path)
    if (ctx.method === 'GET' && list)
      return list[1] === listing && list[2]?.toLowerCase() === owner
        ? listRepositories(url, options, ctx)
        : NOT_FOUND
    const name = repositoryOf(ctx.path, ctx.body)
    if (name !== undefined && options.unreadable?.has(name.split('/')[1] ?? ''))
      return {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: DOCS.rest,
          status: '403'
        }
      }
    const handler = name === undefined ? (ctx.path === '/graphql' ? first : undefined) : handlers.get(name)
    return handler ? handler(ctx) : NOT_FOUND
  }, options.token ?? 'ghs_testtoken')
  url = server.url
  for (const store of stores.values()) store.url = url
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    owner: options.owner,
    stores,
    requests: server.requests,
    violations: server.violations,
    repositoryOf: request => repositoryOf(request.path, { variables: request.variables }),
    close: server.close
  }
}
