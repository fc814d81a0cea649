import { graphql, type Octokit } from './client.js'
import type { PullRequestRef } from './refs.js'

export interface ThreadInfo {
  threadId: string
  isResolved: boolean
}

/** A comment in a review thread. */
export interface ThreadComment {
  /** The REST id. */
  id: number
  author?: { login: string; type?: string }
  body: string
}

/** A thread with who resolved it and what was said in it. */
export interface ThreadActivity extends ThreadInfo {
  resolvedBy?: string
  /** Every comment after the first, oldest first. */
  replies: ThreadComment[]
  /** The body of the comment that opened the thread. */
  opening?: string
}

const ACTIVITY_QUERY = `
  query ($owner: String!, $repo: String!, $number: Int!, $after: String) {
    repository(owner: $owner, name: $repo) {
      pullRequest(number: $number) {
        reviewThreads(first: 50, after: $after) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id
            isResolved
            resolvedBy { login }
            comments(first: 50) {
              nodes { fullDatabaseId body author { __typename login } }
            }
          }
        }
      }
    }
  }`

interface ActivityPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
        nodes: Array<{
          id: string
          isResolved: boolean
          resolvedBy: { login: string } | null
          comments: {
            nodes: Array<{
              fullDatabaseId: string | number | null
              body: string
              author: { __typename: string; login: string } | null
            } | null> | null
          }
        } | null> | null
      }
    } | null
  } | null
}

/** The threads opened by `commentIds` (REST ids), with who resolved them and the replies in them. */
export async function readThreadActivity(
  octokit: Octokit,
  graphqlUrl: string,
  pr: PullRequestRef,
  commentIds: readonly number[]
): Promise<Map<number, ThreadActivity>> {
  const wanted = new Set(commentIds.map(String))
  const found = new Map<number, ThreadActivity>()
  let after: string | null = null
  for (let page = 0; page < MAX_PAGES && found.size < wanted.size; page++) {
    const data: ActivityPage = await graphql<ActivityPage>(octokit, graphqlUrl, ACTIVITY_QUERY, {
      owner: pr.owner,
      repo: pr.repo,
      number: pr.prNumber,
      after
    })
    const threads = data.repository?.pullRequest?.reviewThreads
    if (!threads) break
    for (const node of threads.nodes ?? []) {
      const comments = (node?.comments.nodes ?? []).filter(comment => comment !== null)
      const first = comments[0]?.fullDatabaseId
      if (!node || first === null || first === undefined || !wanted.has(String(first))) continue
      const replies: ThreadComment[] = comments.slice(1).flatMap(comment => {
        if (comment.fullDatabaseId === null) return []
        const reply: ThreadComment = { id: Number(comment.fullDatabaseId), body: comment.body }
        if (comment.author) reply.author = { login: comment.author.login, type: comment.author.__typename }
        return [reply]
      })
      const activity: ThreadActivity = { threadId: node.id, isResolved: node.isResolved, replies }
      if (comments[0]?.body) activity.opening = comments[0].body
      if (node.resolvedBy) activity.resolvedBy = node.resolvedBy.login
      found.set(Number(first), activity)
    }
    if (!threads.pageInfo.hasNextPage) break
    after = threads.pageInfo.endCursor
  }
  return found
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
  return readThreadActivity(octokit, graphqlUrl, pr, commentIds)
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
