/** A repository's pull-request history as Redline left it: the pull requests, their reviews and threads. */
import type { Octokit } from './client.js'
import { graphql } from './request.js'
import type { AccountRef } from './identity.js'
import type { Repository } from './refs.js'

/** One pull request of the list, in the fields the history keeps. */
export interface PullSummary {
  number: number
  title: string
  author: string
  url: string
  /** open, merged or closed (closed without merging). */
  state: 'open' | 'merged' | 'closed'
  createdAt: string
  updatedAt: string
  mergedAt: string | null
  closedAt: string | null
  headSha: string
}

/** GitHub's list holds at most 100 a page; a window of a few thousand pull requests is read whole. */
const PULLS_PER_PAGE = 100
const MAX_PULL_PAGES = 100

/**
 * The pull requests of every state updated after `after`, newest update first. GitHub's list sorts by
 * `updated_at`, so the walk stops at the first one at or before `after`: a collection that finds nothing new
 * costs one request.
 */
export async function listPullsUpdatedAfter(
  octokit: Octokit,
  repo: Repository,
  after: string
): Promise<PullSummary[]> {
  const pulls: PullSummary[] = []
  for (let page = 1; page <= MAX_PULL_PAGES; page++) {
    const { data } = await octokit.rest.pulls.list({
      owner: repo.owner,
      repo: repo.repo,
      state: 'all',
      sort: 'updated',
      direction: 'desc',
      per_page: PULLS_PER_PAGE,
      page
    })
    for (const pull of data) {
      if (pull.updated_at <= after) return pulls
      pulls.push({
        number: pull.number,
        title: pull.title,
        author: pull.user?.login ?? '',
        url: pull.html_url,
        state: pull.merged_at ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
        createdAt: pull.created_at,
        updatedAt: pull.updated_at,
        mergedAt: pull.merged_at,
        closedAt: pull.closed_at,
        headSha: pull.head.sha
      })
    }
    if (data.length < PULLS_PER_PAGE) break
  }
  return pulls
}

/** A reaction of someone on a comment. */
export interface ReactionRecord {
  content: string
  /** Null when GitHub names no user (a deleted account). */
  user: string | null
  createdAt: string
}

export interface HistoryComment {
  id: number
  url: string
  body: string
  author: AccountRef | null
  /** OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR…: how the author relates to the repository. */
  authorAssociation: string
  createdAt: string
  /** GitHub's global id, by which the reactions are read. */
  nodeId: string
  /** Read for the opening comment of each thread only: a reply's reactions are never asked for. */
  reactions: ReactionRecord[]
}

export interface HistoryThread {
  /** The file the thread is on. */
  path: string
  /** The line it is on now; its original line when the thread is outdated; null for a comment on a file. */
  line: number | null
  isResolved: boolean
  resolvedBy: string | null
  /** Oldest first: the first opened the thread. */
  comments: HistoryComment[]
}

export interface HistoryReview {
  id: number
  url: string
  body: string
  state: string
  submittedAt: string | null
  author: AccountRef | null
}

export interface PullHistory {
  number: number
  reviews: HistoryReview[]
  threads: HistoryThread[]
}

/**
 * GitHub charges a query by its connections: each costs one request per node of the connections above it,
 * and a hundred requests make a point. Comments nested under every thread cost one request per thread, so
 * threads come 25 a page; reactions, which only the opening comment of a thread needs, are read apart from
 * the threads (see readOpeningReactions) rather than under every comment, where they cost 20 times more.
 * Twenty pull requests a query keep the requests few: Octokit's throttling spaces GraphQL requests a second
 * apart.
 */
const PULLS_PER_QUERY = 20
const REVIEWS_PER_PULL = 50
const THREADS_PER_PULL = 25
const COMMENTS_PER_THREAD = 20

const PULL_FIELDS = `
  number
  reviews(first: ${REVIEWS_PER_PULL}, after: $reviewsAfter) {
    pageInfo { hasNextPage endCursor }
    nodes { fullDatabaseId url body state submittedAt author { __typename login } }
  }
  reviewThreads(first: ${THREADS_PER_PULL}, after: $threadsAfter) {
    pageInfo { hasNextPage endCursor }
    nodes {
      path line originalLine
      isResolved
      resolvedBy { login }
      comments(first: ${COMMENTS_PER_THREAD}) {
        nodes {
          id fullDatabaseId url body createdAt authorAssociation
          author { __typename login }
        }
      }
    }
  }`

interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
  nodes: Array<T | null> | null
}

interface RawAuthor {
  __typename: string
  login: string
}

interface RawPull {
  number: number
  reviews: Connection<{
    fullDatabaseId: string | number | null
    url: string
    body: string
    state: string
    submittedAt: string | null
    author: RawAuthor | null
  }>
  reviewThreads: Connection<{
    path: string
    line: number | null
    originalLine: number | null
    isResolved: boolean
    resolvedBy: { login: string } | null
    comments: {
      nodes: Array<{
        fullDatabaseId: string | number | null
        url: string
        body: string
        createdAt: string
        id: string
        authorAssociation: string
        author: RawAuthor | null
      } | null> | null
    }
  }>
}

function account(author: RawAuthor | null): AccountRef | null {
  return author ? { login: author.login, type: author.__typename } : null
}

function present<T>(nodes: Array<T | null> | null): T[] {
  return (nodes ?? []).filter((node): node is T => node !== null)
}

function threadOf(raw: RawPull['reviewThreads'] extends Connection<infer T> ? T : never): HistoryThread {
  return {
    path: raw.path,
    line: raw.line ?? raw.originalLine,
    isResolved: raw.isResolved,
    resolvedBy: raw.resolvedBy?.login ?? null,
    comments: present(raw.comments.nodes).flatMap(comment =>
      comment.fullDatabaseId === null
        ? []
        : [
            {
              id: Number(comment.fullDatabaseId),
              url: comment.url,
              body: comment.body,
              author: account(comment.author),
              authorAssociation: comment.authorAssociation,
              createdAt: comment.createdAt,
              nodeId: comment.id,
              reactions: []
            }
          ]
    )
  }
}

function addPage(history: PullHistory, raw: RawPull): void {
  for (const review of present(raw.reviews.nodes)) {
    if (review.fullDatabaseId === null) continue
    history.reviews.push({
      id: Number(review.fullDatabaseId),
      url: review.url,
      body: review.body,
      state: review.state,
      submittedAt: review.submittedAt,
      author: account(review.author)
    })
  }
  history.threads.push(...present(raw.reviewThreads.nodes).map(threadOf))
}

/** Bounds the walk through one pull request with thousands of reviews or threads. */
const MAX_PAGES_PER_PULL = 20

/**
 * The reviews and review threads (with who resolved them, their comments, and the reactions to each thread's
 * opening comment) of `numbers`, twenty pull requests a query; a pull request with more than one page of
 * either is read on by itself.
 */
export async function readPullHistories(
  octokit: Octokit,
  graphqlUrl: string,
  repo: Repository,
  numbers: readonly number[]
): Promise<PullHistory[]> {
  const histories: PullHistory[] = []
  for (let at = 0; at < numbers.length; at += PULLS_PER_QUERY) {
    const batch = numbers.slice(at, at + PULLS_PER_QUERY)
    const fields = batch.map(n => `p${n}: pullRequest(number: ${n}) { ${PULL_FIELDS} }`).join('\n')
    const query = `query ($owner: String!, $name: String!, $reviewsAfter: String, $threadsAfter: String) {
      repository(owner: $owner, name: $name) { ${fields} } }`
    const data = await graphql<{ repository: Record<string, RawPull | null> | null }>(
      octokit,
      graphqlUrl,
      query,
      { owner: repo.owner, name: repo.repo, reviewsAfter: null, threadsAfter: null }
    )
    for (const n of batch) {
      const raw = data.repository?.[`p${n}`]
      if (!raw) continue
      const history: PullHistory = { number: n, reviews: [], threads: [] }
      addPage(history, raw)
      await readRest(octokit, graphqlUrl, repo, history, raw)
      histories.push(history)
    }
  }
  await readOpeningReactions(octokit, graphqlUrl, repo, histories)
  return histories
}

/** Ids a `nodes` query may name at once. */
const NODES_PER_QUERY = 100
const REACTIONS_PER_COMMENT = 50

interface RawReactions {
  id: string
  reactions?: {
    nodes: Array<{ content: string; createdAt: string; user: { login: string } | null } | null> | null
  }
}

/**
 * The reactions to the opening comment of every thread, a hundred comments a query by their ids: one
 * connection under a list of ids, a point or so for a hundred threads.
 */
async function readOpeningReactions(
  octokit: Octokit,
  graphqlUrl: string,
  repo: Repository,
  histories: readonly PullHistory[]
): Promise<void> {
  const openings = histories.flatMap(history =>
    history.threads.flatMap(thread => thread.comments.slice(0, 1))
  )
  for (let at = 0; at < openings.length; at += NODES_PER_QUERY) {
    const batch = openings.slice(at, at + NODES_PER_QUERY)
    // The repository is named so that the query is answered for it, and fails as the others do when it is gone.
    const query = `query ($owner: String!, $name: String!, $ids: [ID!]!) {
      repository(owner: $owner, name: $name) { id }
      nodes(ids: $ids) { ... on PullRequestReviewComment {
        id reactions(first: ${REACTIONS_PER_COMMENT}) { nodes { content createdAt user { login } } } } } }`
    const data = await graphql<{ nodes: Array<RawReactions | null> }>(octokit, graphqlUrl, query, {
      owner: repo.owner,
      name: repo.repo,
      ids: batch.map(comment => comment.nodeId)
    })
    const byId = new Map((data.nodes ?? []).flatMap(node => (node?.reactions ? [[node.id, node]] : [])))
    for (const comment of batch) {
      comment.reactions = present(byId.get(comment.nodeId)?.reactions?.nodes ?? null).map(reaction => ({
        content: reaction.content,
        user: reaction.user?.login ?? null,
        createdAt: reaction.createdAt
      }))
    }
  }
}

/** The later pages of one pull request's reviews and threads. */
async function readRest(
  octokit: Octokit,
  graphqlUrl: string,
  repo: Repository,
  history: PullHistory,
  first: RawPull
): Promise<void> {
  let reviews = first.reviews.pageInfo
  let threads = first.reviewThreads.pageInfo
  for (let page = 1; page < MAX_PAGES_PER_PULL && (reviews.hasNextPage || threads.hasNextPage); page++) {
    const query = `query ($owner: String!, $name: String!, $reviewsAfter: String, $threadsAfter: String) {
      repository(owner: $owner, name: $name) { p: pullRequest(number: ${history.number}) { ${PULL_FIELDS} } } }`
    const data = await graphql<{ repository: { p: RawPull | null } | null }>(octokit, graphqlUrl, query, {
      owner: repo.owner,
      name: repo.repo,
      reviewsAfter: reviews.hasNextPage ? reviews.endCursor : null,
      threadsAfter: threads.hasNextPage ? threads.endCursor : null
    })
    const raw = data.repository?.p
    if (!raw) return
    // A connection already read to its end comes back from its start: its nodes are skipped.
    if (!reviews.hasNextPage) raw.reviews.nodes = []
    if (!threads.hasNextPage) raw.reviewThreads.nodes = []
    addPage(history, raw)
    reviews = reviews.hasNextPage ? raw.reviews.pageInfo : reviews
    threads = threads.hasNextPage ? raw.reviewThreads.pageInfo : threads
  }
}

/** A file's text at a commit; undefined when the commit, the file or its text is not there. */
export async function readFilesAt(
  octokit: Octokit,
  graphqlUrl: string,
  repo: Repository,
  wanted: ReadonlyArray<{ sha: string; path: string }>
): Promise<Array<string | undefined>> {
  const texts: Array<string | undefined> = []
  const perQuery = 20
  for (let at = 0; at < wanted.length; at += perQuery) {
    const batch = wanted.slice(at, at + perQuery)
    const variables: Record<string, unknown> = { owner: repo.owner, name: repo.repo }
    const declared = batch.map((_, i) => `$e${i}: String!`).join(', ')
    const fields = batch
      .map((_, i) => `f${i}: object(expression: $e${i}) { ... on Blob { text } }`)
      .join('\n')
    batch.forEach((file, i) => (variables[`e${i}`] = `${file.sha}:${file.path}`))
    const data = await graphql<{ repository: Record<string, { text?: string | null } | null> | null }>(
      octokit,
      graphqlUrl,
      `query ($owner: String!, $name: String!, ${declared}) { repository(owner: $owner, name: $name) { ${fields} } }`,
      variables
    )
    batch.forEach((_, i) => texts.push(data.repository?.[`f${i}`]?.text ?? undefined))
  }
  return texts
}
