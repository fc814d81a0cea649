/**
 * The GraphQL endpoint of the stand-in: queries are parsed and validated against GitHub's public schema
 * (testing/github-schema.graphql), with GitHub's wording for validation errors, and answered from the store.
 */
import * as fs from 'node:fs'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSchema, graphql, GraphQLError, parse, validate, type GraphQLSchema } from 'graphql'
import type { Reply, RequestContext } from './answers.js'
import { currentPlacement, type CurrentPlacement } from './placement.js'
import { commentJson, pullJson } from './render.js'
import type {
  GitHubStore,
  Snapshot,
  StoredReview,
  StoredReviewComment,
  StoredThread,
  UserJson
} from './store.js'
import { isRecord } from './util.js'

// GitHub's public schema, built once per module instance.
let cachedSchema: GraphQLSchema | undefined

export function githubSchema(): GraphQLSchema {
  if (!cachedSchema) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'github-schema.graphql')
    // The published schema repeats two field definitions, which GitHub's own server tolerates.
    cachedSchema = buildSchema(fs.readFileSync(file, 'utf8'), { assumeValidSDL: true })
  }
  return cachedSchema
}

class GitHubGraphQLError extends Error {
  constructor(
    message: string,
    readonly type: string
  ) {
    super(message)
  }
}

/** Serialized as JSON, where an undefined field is simply absent. */
interface GraphQLErrorJson {
  type?: string
  path?: readonly (string | number)[] | undefined
  extensions?: Record<string, unknown>
  locations?: readonly { line: number; column: number }[] | undefined
  message: string
}

/** Rewrites graphql-js validation messages into the wording of GitHub's GraphQL server. */
function githubValidationError(error: GraphQLError): GraphQLErrorJson {
  const locations = error.locations
  const field = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message)
  if (field) {
    return {
      extensions: { code: 'undefinedField', typeName: field[2], fieldName: field[1] },
      locations,
      message: `Field '${field[1]}' doesn't exist on type '${field[2]}'`
    }
  }
  const argument = /^Unknown argument "([^"]+)" on field "[^".]+\.([^"]+)"\./.exec(error.message)
  if (argument) {
    return {
      extensions: {
        code: 'argumentNotAccepted',
        name: argument[2],
        typeName: 'Field',
        argumentName: argument[1]
      },
      locations,
      message: `Field '${argument[2]}' doesn't accept argument '${argument[1]}'`
    }
  }
  return { locations, message: error.message }
}

interface ConnectionArgs {
  first?: number | null
  last?: number | null
  after?: string | null
  before?: string | null
}

function cursorFor(index: number): string {
  return Buffer.from(`cursor:v2:${index}`).toString('base64')
}

function indexOfCursor(cursor: string): number {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
  if (!match)
    throw new GitHubGraphQLError(
      `\`${cursor}\` does not appear to be a valid cursor.`,
      'INVALID_CURSOR_ARGUMENTS'
    )
  return Number(match[1])
}

function connection<T>(name: string, items: T[], args: ConnectionArgs): Record<string, unknown> {
  const { first, last, after, before } = args
  if (first == null && last == null) {
    throw new GitHubGraphQLError(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
      'MISSING_PAGINATION_BOUNDARIES'
    )
  }
  for (const [label, value] of [
    ['first', first],
    ['last', last]
  ] as const) {
    if (value != null && value > 100) {
      throw new GitHubGraphQLError(
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${label}\` limit of 100 records.`,
        'EXCESSIVE_PAGINATION'
      )
    }
  }
  let start = after ? indexOfCursor(after) + 1 : 0
  let end = before ? indexOfCursor(before) : items.length
  if (first != null) end = Math.min(end, start + first)
  if (last != null) start = Math.max(start, end - last)
  const slice = items.slice(start, end).map((node, i) => ({ node, cursor: cursorFor(start + i) }))
  return {
    totalCount: items.length,
    nodes: slice.map(edge => edge.node),
    edges: slice,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice[slice.length - 1]?.cursor ?? null
    }
  }
}

export interface GraphQLSettings {
  tokenKind: 'installation' | 'user'
  /** The token's `contents` permission; resolving a thread with an Actions token needs `write`. */
  contents: 'read' | 'write'
}

export class GraphQLApi {
  constructor(
    private readonly store: GitHubStore,
    private readonly settings: GraphQLSettings
  ) {}

  async request(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    if (typeof input.query !== 'string') {
      return {
        status: 200,
        body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] }
      }
    }
    const schema = githubSchema()
    let document
    try {
      document = parse(input.query)
    } catch (error) {
      const e = error as GraphQLError
      return { status: 200, body: { errors: [{ message: e.message, locations: e.locations }] } }
    }
    const validationErrors = validate(schema, document)
    if (validationErrors.length > 0) {
      return { status: 200, body: { errors: validationErrors.map(githubValidationError) } }
    }
    const snap = await this.store.snapshot()
    const result = await graphql({
      schema,
      source: input.query,
      rootValue: this.root(snap),
      variableValues: isRecord(input.variables) ? input.variables : undefined,
      operationName: typeof input.operationName === 'string' ? input.operationName : undefined
    })
    const body: Record<string, unknown> = {}
    if (result.data !== undefined) body.data = result.data
    if (result.errors) {
      body.errors = result.errors.map(error => {
        const original = error.originalError
        const json: GraphQLErrorJson = {
          path: error.path,
          locations: error.locations,
          message: error.message
        }
        if (original instanceof GitHubGraphQLError) json.type = original.type
        return json
      })
    }
    return { status: 200, body }
  }

  private actorNode(user: UserJson): Record<string, unknown> {
    return {
      __typename: user.type === 'Bot' ? 'Bot' : user.type === 'Organization' ? 'Organization' : 'User',
      id: user.node_id,
      databaseId: user.id,
      login: user.login,
      url: user.html_url,
      resourcePath: new URL(user.html_url).pathname,
      avatarUrl: () => user.avatar_url
    }
  }

  private commentNode(comment: StoredReviewComment, snap: Snapshot): Record<string, unknown> {
    const placement = (): Promise<CurrentPlacement> => currentPlacement(this.store, comment, snap)
    const review = (): Record<string, unknown> | null => {
      const found = this.store.reviewOf(comment)
      return found ? this.reviewNode(found, snap) : null
    }
    const json = (): Promise<Record<string, unknown>> => commentJson(this.store, comment, snap)
    return {
      __typename: 'PullRequestReviewComment',
      id: comment.node_id,
      databaseId: comment.id,
      fullDatabaseId: String(comment.id),
      body: comment.body,
      bodyText: comment.body,
      author: this.actorNode(comment.user),
      path: this.store.rootOf(comment).path,
      line: async () => (await placement()).line,
      startLine: async () => (await placement()).startLine,
      originalLine: this.store.rootOf(comment).original_line,
      originalStartLine: this.store.rootOf(comment).original_start_line,
      position: async () => (await placement()).position,
      outdated: async () => (await placement()).line === null,
      diffHunk: async () => (await json()).diff_hunk,
      createdAt: comment.created_at,
      updatedAt: comment.updated_at,
      publishedAt: comment.created_at,
      url: `${this.store.htmlPull}#discussion_r${comment.id}`,
      state: this.store.reviewOf(comment)?.state === 'PENDING' ? 'PENDING' : 'SUBMITTED',
      subjectType: this.store.rootOf(comment).subject_type === 'file' ? 'FILE' : 'LINE',
      commit: async () => ({ oid: (await placement()).commitId }),
      originalCommit: { oid: this.store.rootOf(comment).original_commit_id },
      pullRequestReview: review,
      replyTo: () => {
        const parent = this.store.reviewComments.find(c => c.id === comment.in_reply_to_id)
        return parent ? this.commentNode(parent, snap) : null
      },
      isMinimized: false,
      minimizedReason: null,
      viewerDidAuthor: comment.user.login === this.store.viewer.login,
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanMinimize: true
    }
  }

  private threadNode(thread: StoredThread, snap: Snapshot): Record<string, unknown> {
    const comments = (): StoredReviewComment[] =>
      thread.comment_ids
        .map(id => this.store.reviewComments.find(c => c.id === id))
        .filter((c): c is StoredReviewComment => c !== undefined)
    const root = (): StoredReviewComment | undefined => comments()[0]
    const placement = async (): Promise<CurrentPlacement | null> => {
      const first = root()
      return first ? currentPlacement(this.store, first, snap) : null
    }
    return {
      __typename: 'PullRequestReviewThread',
      id: thread.id,
      isResolved: thread.isResolved,
      isCollapsed: thread.isResolved,
      isOutdated: async () => (await placement())?.line === null,
      path: thread.path,
      line: async () => (await placement())?.line ?? null,
      startLine: async () => (await placement())?.startLine ?? null,
      originalLine: () => root()?.original_line ?? null,
      originalStartLine: () => root()?.original_start_line ?? null,
      diffSide: () => root()?.side ?? 'RIGHT',
      startDiffSide: () => root()?.start_side ?? null,
      subjectType: () => (root()?.subject_type === 'file' ? 'FILE' : 'LINE'),
      resolvedBy: () => (thread.resolvedBy ? this.actorNode(this.store.user(thread.resolvedBy)) : null),
      viewerCanResolve: !thread.isResolved,
      viewerCanUnresolve: thread.isResolved,
      viewerCanReply: true,
      comments: (args: ConnectionArgs) =>
        connection(
          'comments',
          comments().map(c => this.commentNode(c, snap)),
          args
        ),
      pullRequest: () => this.pullNode(snap),
      repository: () => this.repositoryNode(snap)
    }
  }

  private reviewNode(review: StoredReview, snap: Snapshot): Record<string, unknown> {
    return {
      __typename: 'PullRequestReview',
      id: review.node_id,
      databaseId: review.id,
      fullDatabaseId: String(review.id),
      body: review.body,
      bodyText: review.body,
      state: review.state,
      author: this.actorNode(review.user),
      submittedAt: review.submitted_at,
      createdAt: review.created_at,
      publishedAt: review.submitted_at,
      url: `${this.store.htmlPull}#pullrequestreview-${review.id}`,
      commit: { oid: review.commit_id },
      viewerDidAuthor: review.user.login === this.store.viewer.login,
      isMinimized: false,
      comments: (args: ConnectionArgs) =>
        connection(
          'comments',
          this.store.reviewComments
            .filter(c => c.pull_request_review_id === review.id)
            .map(c => this.commentNode(c, snap)),
          args
        )
    }
  }

  private pullNode(snap: Snapshot): Record<string, unknown> {
    const pull = (): Promise<Record<string, unknown>> => pullJson(this.store)
    const n = this.store.fixture.prNumber
    const visibleThreads = (): StoredThread[] => {
      const visible = new Set(this.store.visibleComments().map(c => c.id))
      return this.store.threads.filter(t => t.comment_ids[0] !== undefined && visible.has(t.comment_ids[0]))
    }
    return {
      __typename: 'PullRequest',
      id: `PR_kwDOStandIn${n}`,
      number: n,
      title: async () => (await pull()).title,
      body: async () => (await pull()).body,
      isDraft: async () => (await pull()).draft === true,
      state: async () => String((await pull()).state).toUpperCase(),
      url: this.store.htmlPull,
      headRefName: this.store.fixture.headRef,
      baseRefName: this.store.fixture.baseRef,
      headRefOid: snap.head,
      baseRefOid: snap.base,
      author: async () => {
        const user = (await pull()).user
        return isRecord(user) && typeof user.login === 'string'
          ? this.actorNode(this.store.user(user.login))
          : null
      },
      reviewThreads: (args: ConnectionArgs) =>
        connection(
          'reviewThreads',
          visibleThreads().map(t => this.threadNode(t, snap)),
          args
        ),
      reviews: (args: ConnectionArgs & { states?: string[] | null; author?: string | null }) =>
        connection(
          'reviews',
          this.store
            .visibleReviews()
            .filter(r => !args.states || args.states.includes(r.state))
            .filter(r => !args.author || r.user.login === args.author)
            .map(r => this.reviewNode(r, snap)),
          args
        ),
      repository: () => this.repositoryNode(snap)
    }
  }

  private repositoryNode(snap: Snapshot): Record<string, unknown> {
    return {
      __typename: 'Repository',
      id: `R_kgDOStandIn${this.store.repoId}`,
      databaseId: this.store.repoId,
      name: this.store.fixture.repo,
      nameWithOwner: this.store.repoPath,
      url: `https://github.com/${this.store.repoPath}`,
      owner: this.actorNode(this.store.ownerUser()),
      pullRequest: ({ number }: { number: number }) => {
        if (number !== this.store.fixture.prNumber) {
          throw new GitHubGraphQLError(
            `Could not resolve to a PullRequest with the number of ${number}.`,
            'NOT_FOUND'
          )
        }
        return this.pullNode(snap)
      }
    }
  }

  private findNode(id: string, snap: Snapshot): Record<string, unknown> | null {
    const thread = this.store.threads.find(t => t.id === id)
    if (thread) return this.threadNode(thread, snap)
    const comment = this.store.reviewComments.find(c => c.node_id === id)
    if (comment) return this.commentNode(comment, snap)
    const review = this.store.visibleReviews().find(r => r.node_id === id)
    if (review) return this.reviewNode(review, snap)
    if (id === `PR_kwDOStandIn${this.store.fixture.prNumber}`) return this.pullNode(snap)
    return null
  }

  private setResolved(threadId: string, resolved: boolean, snap: Snapshot): Record<string, unknown> {
    if (this.settings.contents !== 'write' && this.settings.tokenKind === 'installation')
      throw new GitHubGraphQLError('Resource not accessible by integration', 'FORBIDDEN')
    const thread = this.store.threads.find(t => t.id === threadId)
    if (!thread) {
      throw new GitHubGraphQLError(
        `Could not resolve to a node with the global id of '${threadId}'`,
        'NOT_FOUND'
      )
    }
    this.store.markResolved(thread, resolved ? this.store.viewer.login : null)
    return this.threadNode(thread, snap)
  }

  private root(snap: Snapshot): Record<string, unknown> {
    type MutationArgs = { input: { threadId: string; clientMutationId?: string | null } }
    return {
      viewer: () => this.actorNode(this.store.viewer),
      repository: ({ owner, name }: { owner: string; name: string }) => {
        if (
          owner.toLowerCase() !== this.store.fixture.owner.toLowerCase() ||
          name.toLowerCase() !== this.store.fixture.repo.toLowerCase()
        ) {
          throw new GitHubGraphQLError(
            `Could not resolve to a Repository with the name '${owner}/${name}'.`,
            'NOT_FOUND'
          )
        }
        return this.repositoryNode(snap)
      },
      node: ({ id }: { id: string }) => {
        const node = this.findNode(id, snap)
        if (!node)
          throw new GitHubGraphQLError(
            `Could not resolve to a node with the global id of '${id}'`,
            'NOT_FOUND'
          )
        return node
      },
      nodes: ({ ids }: { ids: string[] }) => ids.map(id => this.findNode(id, snap)),
      resolveReviewThread: ({ input }: MutationArgs) => ({
        clientMutationId: input.clientMutationId ?? null,
        thread: this.setResolved(input.threadId, true, snap)
      }),
      unresolveReviewThread: ({ input }: MutationArgs) => ({
        clientMutationId: input.clientMutationId ?? null,
        thread: this.setResolved(input.threadId, false, snap)
      })
    }
  }
}
