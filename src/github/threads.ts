import { graphql, type Octokit } from './client.js'
import type { PullRequestRef } from './reviews.js'

export interface ThreadInfo {
  threadId: string
  isResolved: boolean
}

const THREADS_QUERY = `
  query ($owner: String!, $repo: String!, $number: Int!, $after: String) {
    repository(owner: $owner, name: $repo) {
      pullRequest(number: $number) {
        reviewThreads(first: 100, after: $after) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id
            isResolved
            comments(first: 1) { nodes { fullDatabaseId } }
          }
        }
      }
    }
  }`

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
        nodes: Array<{
          id: string
          isResolved: boolean
          comments: { nodes: Array<{ fullDatabaseId: string | number | null } | null> | null }
        } | null> | null
      }
    } | null
  } | null
}

const RESOLVE_MUTATION = `
  mutation ($threadId: ID!) {
    resolveReviewThread(input: { threadId: $threadId }) {
      thread { id isResolved }
    }
  }`

/** Bounds the walk through a pull request with thousands of threads. */
const MAX_PAGES = 30

/**
 * The review threads whose first comment is one of `commentIds` (REST ids). A thread's first comment is the
 * one that opened it, so this finds the thread a Redline comment started. REST has no thread ids, and the
 * resolve mutation needs one.
 */
export async function findThreadsByCommentId(
  octokit: Octokit,
  graphqlUrl: string,
  pr: PullRequestRef,
  commentIds: readonly number[]
): Promise<Map<number, ThreadInfo>> {
  const wanted = new Set(commentIds.map(String))
  const found = new Map<number, ThreadInfo>()
  let after: string | null = null
  for (let page = 0; page < MAX_PAGES && found.size < wanted.size; page++) {
    const data: ThreadsPage = await graphql<ThreadsPage>(octokit, graphqlUrl, THREADS_QUERY, {
      owner: pr.owner,
      repo: pr.repo,
      number: pr.prNumber,
      after
    })
    const threads = data.repository?.pullRequest?.reviewThreads
    if (!threads) break
    for (const node of threads.nodes ?? []) {
      const first = node?.comments.nodes?.[0]?.fullDatabaseId
      if (!node || first === null || first === undefined || !wanted.has(String(first))) continue
      found.set(Number(first), { threadId: node.id, isResolved: node.isResolved })
    }
    if (!threads.pageInfo.hasNextPage) break
    after = threads.pageInfo.endCursor
  }
  return found
}

export async function resolveThread(
  octokit: Octokit,
  graphqlUrl: string,
  threadId: string
): Promise<boolean> {
  const data = await graphql<{ resolveReviewThread: { thread: { isResolved: boolean } | null } | null }>(
    octokit,
    graphqlUrl,
    RESOLVE_MUTATION,
    { threadId }
  )
  return data.resolveReviewThread?.thread?.isResolved ?? false
}
