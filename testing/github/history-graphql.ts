/**
 * GraphQL over a repository's history: queries are validated against GitHub's public schema, as the
 * pull-request stand-in does, and answered from the history store. Pull requests are resolved by number
 * (under aliases), each with its reviews and review threads; `object(expression:)` answers file texts.
 */
import { graphql, parse, validate, type GraphQLError } from 'graphql'
import type { Reply, RequestContext } from './answers.js'
import { githubSchema } from './graphql.js'
import type {
  HistoryActor,
  HistoryCommentSeed,
  HistoryPullSeed,
  HistoryReviewSeed,
  HistoryStore,
  HistoryThreadSeed
} from './history-store.js'
import { isRecord } from './util.js'

class NotFound extends Error {
  readonly type = 'NOT_FOUND'
}

interface ConnectionArgs {
  first?: number | null
  after?: string | null
}

function cursorFor(index: number): string {
  return Buffer.from(`cursor:v2:${index}`).toString('base64')
}

function startOf(after: string | null | undefined): number {
  if (!after) return 0
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(after, 'base64').toString('utf8'))
  if (!match) throw new Error(`\`${after}\` does not appear to be a valid cursor.`)
  return Number(match[1]) + 1
}

/** A forward connection, with GitHub's refusals of a missing or too large `first`. */
function connection<T>(name: string, items: readonly T[], args: ConnectionArgs): Record<string, unknown> {
  if (args.first == null)
    throw new Error(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`
    )
  if (args.first > 100)
    throw new Error(
      `Requesting ${args.first} records on the \`${name}\` connection exceeds the \`first\` limit of 100 records.`
    )
  const start = startOf(args.after)
  const end = Math.min(items.length, start + args.first)
  return {
    totalCount: items.length,
    nodes: items.slice(start, end),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: end > start ? cursorFor(start) : null,
      endCursor: end > start ? cursorFor(end - 1) : null
    }
  }
}

/** A review comment's global id, as GitHub's `PRRC_` ids: opaque to the client, which only sends it back. */
function commentNodeId(id: number): string {
  return `PRRC_${Buffer.from(`comment:${id}`).toString('base64url')}`
}

export class HistoryGraphQL {
  constructor(private readonly store: HistoryStore) {}

  async request(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    if (typeof input.query !== 'string')
      return {
        status: 200,
        body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] }
      }
    let document
    try {
      document = parse(input.query)
    } catch (error) {
      const e = error as GraphQLError
      return { status: 200, body: { errors: [{ message: e.message, locations: e.locations }] } }
    }
    const invalid = validate(githubSchema(), document)
    if (invalid.length > 0)
      return {
        status: 200,
        body: { errors: invalid.map(e => ({ message: e.message, locations: e.locations })) }
      }
    const result = await graphql({
      schema: githubSchema(),
      source: input.query,
      rootValue: this.root(),
      variableValues: isRecord(input.variables) ? input.variables : undefined
    })
    const body: Record<string, unknown> = {}
    if (result.data !== undefined) body.data = result.data
    if (result.errors) {
      body.errors = result.errors.map(error => ({
        path: error.path,
        locations: error.locations,
        message: error.message,
        ...(error.originalError instanceof NotFound ? { type: 'NOT_FOUND' } : {})
      }))
    }
    return { status: 200, body }
  }

  private actor(actor: HistoryActor): Record<string, unknown> {
    return { __typename: actor.type, login: actor.login }
  }

  private pullUrl(pull: HistoryPullSeed): string {
    return `https://github.com/${this.store.repoPath}/pull/${pull.number}`
  }

  private comment(pull: HistoryPullSeed, comment: HistoryCommentSeed): Record<string, unknown> {
    return {
      __typename: 'PullRequestReviewComment',
      id: commentNodeId(comment.id),
      databaseId: comment.id,
      fullDatabaseId: String(comment.id),
      url: `${this.pullUrl(pull)}#discussion_r${comment.id}`,
      body: comment.body,
      createdAt: comment.createdAt,
      authorAssociation: comment.authorAssociation ?? (comment.author.type === 'Bot' ? 'NONE' : 'MEMBER'),
      author: this.actor(comment.author),
      reactions: (args: ConnectionArgs) =>
        connection(
          'reactions',
          (comment.reactions ?? []).map(reaction => ({
            content: reaction.content,
            createdAt: reaction.createdAt,
            user: { __typename: 'User', login: reaction.user }
          })),
          args
        )
    }
  }

  private thread(pull: HistoryPullSeed, thread: HistoryThreadSeed): Record<string, unknown> {
    return {
      __typename: 'PullRequestReviewThread',
      path: thread.path,
      line: thread.line,
      originalLine: thread.originalLine === undefined ? thread.line : thread.originalLine,
      isOutdated: thread.line === null,
      isResolved: thread.isResolved,
      resolvedBy: thread.resolvedBy ? { __typename: 'User', login: thread.resolvedBy } : null,
      comments: (args: ConnectionArgs) =>
        connection(
          'comments',
          thread.comments.map(c => this.comment(pull, c)),
          args
        )
    }
  }

  private review(pull: HistoryPullSeed, review: HistoryReviewSeed): Record<string, unknown> {
    return {
      __typename: 'PullRequestReview',
      databaseId: review.id,
      fullDatabaseId: String(review.id),
      url: `${this.pullUrl(pull)}#pullrequestreview-${review.id}`,
      body: review.body,
      state: review.state,
      submittedAt: review.submittedAt,
      author: this.actor(review.author),
      commit: { oid: review.commitSha }
    }
  }

  private pull(pull: HistoryPullSeed): Record<string, unknown> {
    return {
      __typename: 'PullRequest',
      number: pull.number,
      title: pull.title,
      url: this.pullUrl(pull),
      merged: pull.merged,
      state: pull.merged ? 'MERGED' : pull.state.toUpperCase(),
      reviews: (args: ConnectionArgs) =>
        connection(
          'reviews',
          pull.reviews.filter(r => r.state !== 'PENDING').map(r => this.review(pull, r)),
          args
        ),
      reviewThreads: (args: ConnectionArgs) =>
        connection(
          'reviewThreads',
          pull.threads.map(t => this.thread(pull, t)),
          args
        )
    }
  }

  /** The review comments global ids name, null for one GitHub cannot resolve, as its `nodes` answers. */
  private nodes(ids: readonly string[]): Array<Record<string, unknown> | null> {
    if (ids.length > 100) throw new Error('You may not request more than 100 nodes at once.')
    const wanted = new Map<string, Record<string, unknown> | null>(ids.map(id => [id, null]))
    for (const pull of this.store.pulls)
      for (const thread of pull.threads)
        for (const comment of thread.comments) {
          const id = commentNodeId(comment.id)
          if (wanted.has(id)) wanted.set(id, this.comment(pull, comment))
        }
    return ids.map(id => wanted.get(id) ?? null)
  }

  private root(): Record<string, unknown> {
    return {
      viewer: () => this.actor(this.store.viewer),
      nodes: ({ ids }: { ids: string[] }) => this.nodes(ids),
      repository: ({ owner, name }: { owner: string; name: string }) => {
        if (!this.store.sameRepo(owner, name))
          throw new NotFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`)
        return {
          __typename: 'Repository',
          id: `R_${Buffer.from(this.store.repoPath).toString('base64url')}`,
          nameWithOwner: this.store.repoPath,
          pullRequest: ({ number }: { number: number }) => {
            const pull = this.store.pull(number)
            if (!pull) throw new NotFound(`Could not resolve to a PullRequest with the number of ${number}.`)
            return this.pull(pull)
          },
          object: ({ expression }: { expression: string }) => {
            const text = this.store.files.get(expression)
            return text === undefined ? null : { __typename: 'Blob', text, isBinary: false }
          }
        }
      }
    }
  }
}
