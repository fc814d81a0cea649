import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { createPrFixture, git, runGit, type PrFixture } from '../../testing/pr-fixture.js'
import {
  faults,
  MAX_PR_FILES,
  REVIEW_ERRORS,
  startGitHubServer,
  type GitHubServerOptions,
  type GitHubStandIn
} from '../../testing/github-server.js'

type Octokit = ReturnType<typeof getOctokit>

const TOKEN = 'ghs_testtoken'
const OWNER = 'acme'
const REPO = 'widgets'
const PR = { owner: OWNER, repo: REPO, pull_number: 1 }

const APP_BASE = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`)
// Line 5 is rewritten and a line is inserted after line 25, which gives src/app.ts two separate hunks:
// @@ -2,7 +2,7 @@ (old and new lines 2-8) and @@ -23,6 +23,7 @@ (old 23-28, new 23-29, new line 26 added).
const APP_HEAD = [
  ...APP_BASE.slice(0, 4),
  'line five',
  ...APP_BASE.slice(5, 25),
  'inserted',
  ...APP_BASE.slice(25)
]
const text = (lines: string[]): string => `${lines.join('\n')}\n`

function standardFixture(extra: Partial<Parameters<typeof createPrFixture>[0]> = {}): PrFixture {
  return createPrFixture({
    base: {
      'src/app.ts': text(APP_BASE),
      'src/remove-me.ts': 'gone 1\ngone 2\n',
      'docs/old-name.md': 'a\nb\nc\nd\ne\nf\ng\nh\n',
      'README.md': '# widgets\n'
    },
    commits: [
      {
        message: 'Rework the app',
        files: {
          'src/app.ts': text(APP_HEAD),
          'src/remove-me.ts': null,
          'src/new.ts': 'export const a = 1\nexport const b = 2\nexport const c = 3\n',
          'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0xff]),
          'docs/new-name.md': 'a\nb\nc\nD\ne\nf\ng\nh\n'
        },
        renames: { 'docs/old-name.md': 'docs/new-name.md' }
      }
    ],
    ...extra
  })
}

async function failure(
  promise: Promise<unknown>
): Promise<{ status: number; data: unknown; headers: unknown }> {
  try {
    await promise
  } catch (error) {
    const e = error as { status?: number; response?: { data?: unknown; headers?: unknown } }
    if (typeof e.status !== 'number') throw error
    return { status: e.status, data: e.response?.data, headers: e.response?.headers }
  }
  throw new Error('the request was expected to fail')
}

function unprocessable(...errors: string[]): Record<string, unknown> {
  return {
    message: 'Unprocessable Entity',
    errors,
    documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
    status: '422'
  }
}

function rawFetch(server: GitHubStandIn, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json', ...init.headers }
  })
}

const THREADS_QUERY = `
  query ($owner: String!, $name: String!, $number: Int!, $after: String, $first: Int!) {
    repository(owner: $owner, name: $name) {
      pullRequest(number: $number) {
        reviewThreads(first: $first, after: $after) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id isResolved isOutdated path line
            comments(first: 50) { nodes { id databaseId body author { login } } }
          }
        }
      }
    }
  }`

interface ThreadsResult {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
        nodes: {
          id: string
          isResolved: boolean
          isOutdated: boolean
          path: string
          line: number | null
          comments: { nodes: { id: string; databaseId: number; body: string; author: { login: string } }[] }
        }[]
      }
    }
  }
}

describe('GitHub stand-in against the standard pull request', () => {
  let fixture: PrFixture
  let server: GitHubStandIn
  let octokit: Octokit

  beforeAll(() => {
    fixture = standardFixture()
  })
  afterAll(() => fixture.cleanup())

  async function start(options: Partial<GitHubServerOptions> = {}): Promise<void> {
    server = await startGitHubServer({ fixture, ...options })
    octokit = getOctokit(options.token ?? TOKEN, { baseUrl: server.url })
  }
  afterEach(async () => server?.close())

  const comment = (path: string, line: number, extra: Record<string, unknown> = {}) => ({
    path,
    line,
    body: `note on ${path}:${line}`,
    ...extra
  })

  async function threads(after: string | null = null, first = 50): Promise<ThreadsResult> {
    return octokit.graphql<ThreadsResult>(THREADS_QUERY, {
      owner: OWNER,
      name: REPO,
      number: 1,
      after,
      first
    })
  }

  it('serves the pull request with the fixture head and base', async () => {
    await start()
    const { data } = await octokit.rest.pulls.get(PR)
    expect(data.number).toBe(1)
    expect(data.head.sha).toBe(fixture.headSha)
    expect(data.head.ref).toBe('feature')
    expect(data.base.sha).toBe(fixture.baseSha)
    expect(data.base.ref).toBe('main')
    expect(data.head.repo?.full_name).toBe('acme/widgets')
    expect(data.merge_commit_sha).toBe(fixture.mergeSha)
    expect(data.html_url).toBe('https://github.com/acme/widgets/pull/1')
  })

  it('applies pull request overrides', async () => {
    await start({ pr: { title: 'WIP', draft: true, user: { login: 'dependabot[bot]', type: 'Bot' } } })
    const { data } = await octokit.rest.pulls.get(PR)
    expect(data.title).toBe('WIP')
    expect(data.draft).toBe(true)
    expect(data.user.login).toBe('dependabot[bot]')
    expect(data.head.sha).toBe(fixture.headSha)
  })

  it('lists files with statuses, renames, binary files without patch and GitHub-style patches', async () => {
    await start()
    const { data } = await octokit.rest.pulls.listFiles(PR)
    const byName = new Map(data.map(f => [f.filename, f]))
    expect([...byName.keys()].sort()).toEqual(
      ['assets/logo.png', 'docs/new-name.md', 'src/app.ts', 'src/new.ts', 'src/remove-me.ts'].sort()
    )
    const app = byName.get('src/app.ts')
    expect(app).toMatchObject({ status: 'modified', additions: 2, deletions: 1, changes: 3 })
    expect(app?.patch?.startsWith('@@ -2,7 +2,7 @@')).toBe(true)
    expect(app?.patch).toContain('\n@@ -23,6 +23,7 @@')
    expect(app?.patch?.endsWith('\n')).toBe(false)
    expect(byName.get('src/remove-me.ts')).toMatchObject({ status: 'removed', additions: 0, deletions: 2 })
    expect(byName.get('src/new.ts')).toMatchObject({ status: 'added', additions: 3, deletions: 0 })
    expect(byName.get('docs/new-name.md')).toMatchObject({
      status: 'renamed',
      previous_filename: 'docs/old-name.md',
      additions: 1,
      deletions: 1
    })
    const logo = byName.get('assets/logo.png')
    expect(logo).toMatchObject({ status: 'added', additions: 0, deletions: 0, changes: 0 })
    expect(logo).not.toHaveProperty('patch')
    expect(app?.sha).toBe(git(fixture.originDir, ['rev-parse', `${fixture.headSha}:src/app.ts`]))
  })

  it('creates a review whose comments sit on added, removed and context lines, and lists them', async () => {
    await start()
    const { data: review, status } = await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      body: 'Summary',
      commit_id: fixture.headSha,
      comments: [
        comment('src/app.ts', 5),
        comment('src/app.ts', 5, { side: 'LEFT' }),
        comment('src/app.ts', 3),
        comment('src/app.ts', 28, { side: 'LEFT' }),
        comment('src/app.ts', 6, { start_line: 3 }),
        comment('src/app.ts', 26, { start_line: 24, side: 'RIGHT', start_side: 'RIGHT' }),
        comment('src/remove-me.ts', 2, { side: 'LEFT' }),
        comment('src/new.ts', 2),
        comment('docs/new-name.md', 4)
      ]
    })
    expect(status).toBe(200)
    expect(review).toMatchObject({
      state: 'COMMENTED',
      body: 'Summary',
      commit_id: fixture.headSha,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.com/acme/widgets/pull/1#pullrequestreview-${review.id}`
    })
    expect(typeof review.node_id).toBe('string')
    expect(review.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    const { data: inReview } = await octokit.rest.pulls.listCommentsForReview({ ...PR, review_id: review.id })
    expect(inReview).toHaveLength(9)

    const all = await octokit.paginate(octokit.rest.pulls.listReviewComments, PR)
    expect(all).toHaveLength(9)
    expect(all[1]).toMatchObject({ path: 'src/app.ts', line: 5, side: 'LEFT', original_line: 5 })
    expect(all[4]).toMatchObject({ line: 6, start_line: 3, side: 'RIGHT', start_side: 'RIGHT' })
    expect(all[4]?.diff_hunk).toBe(
      ['@@ -2,7 +2,7 @@ line 1', ' line 2', ' line 3', ' line 4', '-line 5', '+line five', ' line 6'].join(
        '\n'
      )
    )
    expect(all.every(c => c.pull_request_review_id === review.id && c.commit_id === fixture.headSha)).toBe(
      true
    )
    expect(server.reviewComments).toHaveLength(9)

    const result = await threads()
    const nodes = result.repository.pullRequest.reviewThreads.nodes
    expect(nodes).toHaveLength(9)
    expect(nodes.every(n => n.id.startsWith('PRRT_') && !n.isResolved && !n.isOutdated)).toBe(true)
    expect(nodes[0]?.comments.nodes[0]).toMatchObject({
      databaseId: all[0]?.id,
      author: { login: 'github-actions[bot]' }
    })
  })

  it('accepts the legacy position field and maps it onto the diff', async () => {
    await start()
    // Positions count the lines under src/app.ts's first @@ header: 4 is "-line 5", 5 is "+line five".
    await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      comments: [
        { path: 'src/app.ts', position: 4, body: 'old' },
        { path: 'src/app.ts', position: 5, body: 'new' }
      ]
    })
    const all = await octokit.paginate(octokit.rest.pulls.listReviewComments, PR)
    expect(all.map(c => [c.side, c.line, c.position])).toEqual([
      ['LEFT', 5, 4],
      ['RIGHT', 5, 5]
    ])
    const rejected = await failure(
      octokit.rest.pulls.createReview({
        ...PR,
        event: 'COMMENT',
        comments: [{ path: 'src/app.ts', position: 9, body: 'on the second hunk header' }]
      })
    )
    expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.position))
  })

  it.each([
    ['a right line outside every hunk', comment('src/app.ts', 15), REVIEW_ERRORS.line],
    ['a right line just past the last hunk', comment('src/app.ts', 30), REVIEW_ERRORS.line],
    ['a left line outside every hunk', comment('src/app.ts', 29, { side: 'LEFT' }), REVIEW_ERRORS.line],
    ['a left comment on an added file', comment('src/new.ts', 2, { side: 'LEFT' }), REVIEW_ERRORS.line],
    ['a right comment on a removed file', comment('src/remove-me.ts', 1), REVIEW_ERRORS.line],
    ['a line of a binary file', comment('assets/logo.png', 1), REVIEW_ERRORS.line],
    ['a file the pull request does not touch', comment('README.md', 1), REVIEW_ERRORS.path],
    ['a file that does not exist', comment('nope.ts', 1), REVIEW_ERRORS.path],
    ['the old name of a renamed file', comment('docs/old-name.md', 4, { side: 'LEFT' }), REVIEW_ERRORS.path],
    ['start_line after line', comment('src/app.ts', 4, { start_line: 6 }), REVIEW_ERRORS.startLineOrder],
    ['start_line equal to line', comment('src/app.ts', 5, { start_line: 5 }), REVIEW_ERRORS.startLineOrder],
    ['start_line in another hunk', comment('src/app.ts', 26, { start_line: 5 }), REVIEW_ERRORS.startLineHunk],
    [
      'start_line outside the diff',
      comment('src/app.ts', 26, { start_line: 15 }),
      REVIEW_ERRORS.startLineHunk
    ],
    ['an unknown side', comment('src/app.ts', 5, { side: 'right' }), REVIEW_ERRORS.side],
    ['a comment without a line', { path: 'src/app.ts', body: 'where?' }, REVIEW_ERRORS.line]
  ])('rejects the whole review for %s', async (_label, bad, message) => {
    await start()
    const rejected = await failure(
      octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
        ...PR,
        event: 'COMMENT',
        body: 'Summary',
        comments: [comment('src/app.ts', 5), bad]
      })
    )
    expect(rejected.status).toBe(422)
    expect(rejected.data).toEqual(unprocessable(message))
    expect(server.reviews).toHaveLength(0)
    expect(server.reviewComments).toHaveLength(0)
    expect(server.threads).toHaveLength(0)
    expect((await octokit.rest.pulls.listReviews(PR)).data).toHaveLength(0)
  })

  it('reports several bad comments in one sentence, as GitHub does', async () => {
    await start()
    const rejected = await failure(
      octokit.rest.pulls.createReview({
        ...PR,
        event: 'COMMENT',
        comments: [comment('src/app.ts', 15), comment('README.md', 1), comment('src/app.ts', 16)]
      })
    )
    expect(rejected.data).toEqual(
      unprocessable('Line could not be resolved, Path could not be resolved, and Line could not be resolved')
    )
  })

  it('limits review bodies to 65,536 characters', async () => {
    await start()
    const tooLong = await failure(
      octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'x'.repeat(65_537) })
    )
    expect(tooLong.data).toEqual(unprocessable(REVIEW_ERRORS.bodyTooLong))
    expect(server.reviews).toHaveLength(0)

    const atLimit = await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      body: 'x'.repeat(65_536)
    })
    expect(atLimit.data.body).toHaveLength(65_536)

    // Characters, not UTF-16 code units: 65,536 emoji are 131,072 code units and still fit.
    const second = await startGitHubServer({ fixture })
    try {
      const emoji = await getOctokit(TOKEN, { baseUrl: second.url }).rest.pulls.createReview({
        ...PR,
        event: 'COMMENT',
        body: '😀'.repeat(65_536)
      })
      expect(emoji.status).toBe(200)
    } finally {
      await second.close()
    }
  })

  it('accepts APPROVE and REQUEST_CHANGES, and rejects an unknown event', async () => {
    await start()
    const approved = await octokit.rest.pulls.createReview({ ...PR, event: 'APPROVE' })
    expect(approved.data.state).toBe('APPROVED')
    const changes = await octokit.rest.pulls.createReview({
      ...PR,
      event: 'REQUEST_CHANGES',
      body: 'Please fix'
    })
    expect(changes.data.state).toBe('CHANGES_REQUESTED')
    // Deliberately outside the typed enum: these are what a buggy caller would send.
    for (const event of ['LGTM', 'comment'] as unknown as 'COMMENT'[]) {
      const rejected = await failure(
        octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...PR, event, body: 'x' })
      )
      expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.event))
    }
    expect(server.reviews.map(r => r.state)).toEqual(['APPROVED', 'CHANGES_REQUESTED'])
    // GitHub's description lists the events too: the stand-in records both calls as outside it.
    expect(server.violations.map(v => v.part)).toEqual(['body', 'body'])
    server.violations.splice(0)
  })

  it('requires a body for a COMMENT review without inline comments', async () => {
    await start()
    const rejected = await failure(octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: '' }))
    expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.bodyBlank))
  })

  it('rejects a commit_id that is not a commit of the pull request', async () => {
    await start()
    for (const commitId of [fixture.baseSha, '0'.repeat(40)]) {
      const rejected = await failure(
        octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'x', commit_id: commitId })
      )
      expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.commit))
    }
    expect(server.reviews).toHaveLength(0)
  })

  it('keeps one pending review per user and lets it be submitted or deleted', async () => {
    await start()
    const pending = await octokit.rest.pulls.createReview({
      ...PR,
      body: 'draft',
      comments: [comment('src/app.ts', 5)]
    })
    expect(pending.data.state).toBe('PENDING')
    expect(pending.data).not.toHaveProperty('submitted_at')
    // Pending comments stay out of the pull request's comment list and threads until submitted.
    expect((await octokit.rest.pulls.listReviewComments(PR)).data).toHaveLength(0)
    expect((await threads()).repository.pullRequest.reviewThreads.nodes).toHaveLength(0)

    const second = await failure(octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'again' }))
    expect(second.data).toEqual(unprocessable(REVIEW_ERRORS.onePending))

    const submitted = await octokit.rest.pulls.submitReview({
      ...PR,
      review_id: pending.data.id,
      event: 'COMMENT'
    })
    expect(submitted.data.state).toBe('COMMENTED')
    expect((await octokit.rest.pulls.listReviewComments(PR)).data).toHaveLength(1)
    const notPending = await failure(
      octokit.rest.pulls.deletePendingReview({ ...PR, review_id: pending.data.id })
    )
    expect(notPending.status).toBe(422)

    const another = await octokit.rest.pulls.createReview({ ...PR, body: 'draft 2' })
    await octokit.rest.pulls.deletePendingReview({ ...PR, review_id: another.data.id })
    expect(server.reviews.map(r => r.id)).toEqual([pending.data.id])
  })

  it('can leave a stray pending review behind a rejected review', async () => {
    await start({ strayReviewOn422: true })
    const rejected = await failure(
      octokit.rest.pulls.createReview({
        ...PR,
        event: 'COMMENT',
        body: 'x',
        comments: [comment('src/app.ts', 15)]
      })
    )
    expect(rejected.status).toBe(422)
    expect(server.reviews).toHaveLength(1)
    expect(server.reviews[0]).toMatchObject({
      state: 'PENDING',
      body: '',
      user: { login: 'github-actions[bot]' }
    })
    expect(server.reviewComments).toHaveLength(0)

    const blocked = await failure(octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'retry' }))
    expect(blocked.data).toEqual(unprocessable(REVIEW_ERRORS.onePending))

    const listed = await octokit.rest.pulls.listReviews(PR)
    const stray = listed.data.find(r => r.state === 'PENDING')
    expect(stray).toBeDefined()
    await octokit.rest.pulls.deletePendingReview({ ...PR, review_id: stray?.id ?? 0 })
    const retried = await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'retry' })
    expect(retried.data.state).toBe('COMMENTED')
  })

  it('shows reviews seeded for other users, but not their pending ones', async () => {
    await start()
    const forged = server.addReview({ user: 'mallory', body: '<!-- redline:review -->\nforged' })
    server.addReview({ user: 'mallory', body: 'secret draft', state: 'PENDING' })
    const mine = await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'mine' })
    const { data } = await octokit.rest.pulls.listReviews(PR)
    expect(data.map(r => [r.id, r.user?.login])).toEqual([
      [forged.id, 'mallory'],
      [mine.data.id, 'github-actions[bot]']
    ])
    expect(data[0]?.user?.type).toBe('User')
    const hidden = await failure(octokit.rest.pulls.getReview({ ...PR, review_id: forged.id + 1 }))
    expect(hidden.status).toBe(404)
  })

  it('paginates reviews and review comments with Link headers', async () => {
    await start()
    for (let i = 0; i < 35; i++) {
      server.addReview({
        user: 'carol',
        body: `review ${i}`,
        comments: [{ path: 'src/app.ts', line: 5, body: `c${i}` }]
      })
    }
    const first = await octokit.rest.pulls.listReviews(PR)
    expect(first.data).toHaveLength(30)
    expect(first.headers.link).toContain('rel="next"')
    expect(await octokit.paginate(octokit.rest.pulls.listReviews, { ...PR, per_page: 100 })).toHaveLength(35)
    expect(
      await octokit.paginate(octokit.rest.pulls.listReviewComments, { ...PR, per_page: 10 })
    ).toHaveLength(35)
  })

  it('updates a review body, within the same length limit', async () => {
    await start()
    const created = await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'v1' })
    const updated = await octokit.rest.pulls.updateReview({ ...PR, review_id: created.data.id, body: 'v2' })
    expect(updated.data.body).toBe('v2')
    expect((await octokit.rest.pulls.getReview({ ...PR, review_id: created.data.id })).data.body).toBe('v2')
    const tooLong = await failure(
      octokit.rest.pulls.updateReview({ ...PR, review_id: created.data.id, body: 'y'.repeat(65_537) })
    )
    expect(tooLong.status).toBe(422)
    expect(server.reviews[0]?.body).toBe('v2')
  })

  it('adds replies to the thread of the comment they answer', async () => {
    await start()
    await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', comments: [comment('src/app.ts', 5)] })
    const [root] = (await octokit.rest.pulls.listReviewComments(PR)).data
    const reply = await octokit.rest.pulls.createReplyForReviewComment({
      ...PR,
      comment_id: root?.id ?? 0,
      body: 'r1'
    })
    expect(reply.status).toBe(201)
    expect(reply.data).toMatchObject({ in_reply_to_id: root?.id, path: 'src/app.ts', line: 5, body: 'r1' })
    const nested = await octokit.rest.pulls.createReplyForReviewComment({
      ...PR,
      comment_id: reply.data.id,
      body: 'r2'
    })
    expect(nested.data.in_reply_to_id).toBe(root?.id)
    const nodes = (await threads()).repository.pullRequest.reviewThreads.nodes
    expect(nodes).toHaveLength(1)
    expect(nodes[0]?.comments.nodes.map(c => c.body)).toEqual([root?.body, 'r1', 'r2'])
    const missing = await failure(
      octokit.rest.pulls.createReplyForReviewComment({ ...PR, comment_id: 1, body: 'x' })
    )
    expect(missing.status).toBe(404)
  })

  it('pages review threads through GraphQL cursors and enforces the 100-record limit', async () => {
    await start()
    await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      comments: [comment('src/app.ts', 3), comment('src/app.ts', 4), comment('src/app.ts', 5)]
    })
    const page1 = (await threads(null, 2)).repository.pullRequest.reviewThreads
    expect(page1.nodes.map(n => n.line)).toEqual([3, 4])
    expect(page1.pageInfo.hasNextPage).toBe(true)
    const page2 = (await threads(page1.pageInfo.endCursor, 2)).repository.pullRequest.reviewThreads
    expect(page2.nodes.map(n => n.line)).toEqual([5])
    expect(page2.pageInfo.hasNextPage).toBe(false)

    const response = await rawFetch(server, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: THREADS_QUERY,
        variables: { owner: OWNER, name: REPO, number: 1, first: 101 }
      })
    })
    const json = (await response.json()) as { errors: { type: string; message: string }[] }
    expect(json.errors[0]?.type).toBe('EXCESSIVE_PAGINATION')
  })

  it('resolves and unresolves review threads', async () => {
    await start()
    await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', comments: [comment('src/app.ts', 5)] })
    const [thread] = (await threads()).repository.pullRequest.reviewThreads.nodes
    const resolve = `mutation ($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } } }`
    const resolved = await octokit.graphql<{
      resolveReviewThread: { thread: { id: string; isResolved: boolean } }
    }>(resolve, { id: thread?.id })
    expect(resolved.resolveReviewThread.thread).toEqual({ id: thread?.id, isResolved: true })
    expect(server.threads[0]?.isResolved).toBe(true)
    expect((await threads()).repository.pullRequest.reviewThreads.nodes[0]?.isResolved).toBe(true)

    await octokit.graphql(
      `mutation ($id: ID!) { unresolveReviewThread(input: { threadId: $id }) { thread { isResolved } } }`,
      { id: thread?.id }
    )
    expect(server.threads[0]?.isResolved).toBe(false)

    const response = await rawFetch(server, '/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: resolve, variables: { id: 'PRRT_nope' } })
    })
    const json = (await response.json()) as { data: unknown; errors: { type: string; path: string[] }[] }
    expect(json.data).toEqual({ resolveReviewThread: null })
    expect(json.errors[0]).toMatchObject({ type: 'NOT_FOUND', path: ['resolveReviewThread'] })
  })

  it('answers the viewer query with the configured login', async () => {
    await start()
    expect(await octokit.graphql('{ viewer { login } }')).toEqual({
      viewer: { login: 'github-actions[bot]' }
    })
    await server.close()
    await start({ viewerLogin: 'redline-reviewer[bot]' })
    const viewer = await octokit.graphql<{
      viewer: { login: string; databaseId: number; __typename: string }
    }>('{ viewer { __typename login databaseId } }')
    expect(viewer.viewer).toMatchObject({ __typename: 'User', login: 'redline-reviewer[bot]' })
    expect(typeof viewer.viewer.databaseId).toBe('number')
  })

  it("rejects GraphQL that GitHub's schema does not allow, with HTTP 200 and errors", async () => {
    await start()
    const response = await rawFetch(server, '/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: '{ viewer { login favouriteColour } }' })
    })
    expect(response.status).toBe(200)
    const json = (await response.json()) as Record<string, unknown>
    expect(json).not.toHaveProperty('data')
    expect(json.errors).toEqual([
      {
        extensions: { code: 'undefinedField', typeName: 'User', fieldName: 'favouriteColour' },
        locations: [{ line: 1, column: 18 }],
        message: "Field 'favouriteColour' doesn't exist on type 'User'"
      }
    ])
    await expect(octokit.graphql('{ viewer { login favouriteColour } }')).rejects.toThrow(/favouriteColour/)
    // A query valid against the schema but for a pull request that does not exist comes back as NOT_FOUND.
    const missing = await rawFetch(server, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: '{ repository(owner: "acme", name: "widgets") { pullRequest(number: 9) { id } } }'
      })
    })
    const missingJson = (await missing.json()) as { errors: { type: string; message: string }[] }
    expect(missingJson.errors[0]).toMatchObject({
      type: 'NOT_FOUND',
      message: 'Could not resolve to a PullRequest with the number of 9.'
    })
  })

  it('answers GET /user with 403 for an installation token and the user for a user token', async () => {
    await start()
    const forbidden = await failure(octokit.rest.users.getAuthenticated())
    expect(forbidden.status).toBe(403)
    expect(forbidden.data).toMatchObject({ message: 'Resource not accessible by integration' })
    await server.close()
    await start({ tokenKind: 'user', viewerLogin: 'octocat', token: 'ghp_user' })
    const { data } = await octokit.rest.users.getAuthenticated()
    expect(data).toMatchObject({ login: 'octocat', type: 'User' })
  })

  it('answers 404 to unknown routes and records them', async () => {
    await start()
    const missing = await failure(
      octokit.request('GET /repos/{owner}/{repo}/actions/runs', { owner: OWNER, repo: REPO })
    )
    expect(missing.status).toBe(404)
    expect(missing.data).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404'
    })
    expect(server.unknownRoutes.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/widgets/actions/runs'
    ])
    const otherPull = await failure(octokit.rest.pulls.get({ ...PR, pull_number: 2 }))
    expect(otherPull.status).toBe(404)
    expect(server.unknownRoutes).toHaveLength(1)
  })

  it('answers 401 to a wrong or missing token', async () => {
    await start({ token: 'ghs_other' })
    const bad = await failure(getOctokit(TOKEN, { baseUrl: server.url }).rest.pulls.get(PR))
    expect(bad.status).toBe(401)
    expect(bad.data).toMatchObject({ message: 'Bad credentials' })
    const none = await fetch(`${server.url}/repos/acme/widgets/pulls/1`)
    expect(none.status).toBe(401)
    const bearer = await fetch(`${server.url}/repos/acme/widgets/pulls/1`, {
      headers: { authorization: 'Bearer ghs_other' }
    })
    expect(bearer.status).toBe(200)
  })

  it('records every request with its parsed body and answer', async () => {
    await start()
    await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'hello' })
    const post = server.requests.find(r => r.method === 'POST')
    expect(post).toMatchObject({
      path: '/repos/acme/widgets/pulls/1/reviews',
      body: { event: 'COMMENT', body: 'hello' },
      status: 200
    })
    expect(post?.headers.authorization).toBe(`token ${TOKEN}`)
    await octokit.rest.pulls.listFiles({ ...PR, per_page: 5 })
    expect(server.requests.at(-1)?.query).toEqual({ per_page: '5' })
  })

  it('injects faults a given number of times', async () => {
    await start()
    server.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, { status: 502, body: 'Bad Gateway' })
    const first = await rawFetch(server, '/repos/acme/widgets/pulls/1')
    expect(first.status).toBe(502)
    expect(await first.text()).toBe('Bad Gateway')
    expect((await rawFetch(server, '/repos/acme/widgets/pulls/1')).status).toBe(200)

    server.failNext({ pathPattern: /\/reviews$/ }, faults.secondaryRateLimit(7), 2)
    for (let i = 0; i < 2; i++) {
      const limited = await failure(octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'x' }))
      expect(limited.status).toBe(403)
      expect(limited.headers).toMatchObject({ 'retry-after': '7' })
      expect(limited.data).toMatchObject({ message: expect.stringMatching(/secondary rate limit/) })
    }
    expect((await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'x' })).status).toBe(200)
    expect(server.reviews).toHaveLength(1)
  })

  it('can do the work and still answer with a fault, start failing late, or never answer', async () => {
    await start()
    server.failNext({ method: 'POST', pathPattern: /\/reviews$/ }, faults.landedButBadGateway())
    const lost = await failure(octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'landed' }))
    expect(lost.status).toBe(502)
    expect(server.reviews.map(r => r.body)).toEqual(['landed'])

    server.failNext({ method: 'GET', pathPattern: /\/reviews$/, skip: 1 }, { status: 503 })
    expect((await rawFetch(server, '/repos/acme/widgets/pulls/1/reviews')).status).toBe(200)
    expect((await rawFetch(server, '/repos/acme/widgets/pulls/1/reviews')).status).toBe(503)
    expect((await rawFetch(server, '/repos/acme/widgets/pulls/1/reviews')).status).toBe(200)

    server.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, faults.hang())
    const hung = rawFetch(server, '/repos/acme/widgets/pulls/1', { signal: AbortSignal.timeout(300) })
    await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(server.requests.at(-1)?.path).toBe('/repos/acme/widgets/pulls/1')
    expect(server.requests.at(-1)).not.toHaveProperty('status')
  })

  it('serves the whole diff for the diff media type', async () => {
    await start()
    const diff = await rawFetch(server, '/repos/acme/widgets/pulls/1', {
      headers: { accept: 'application/vnd.github.v3.diff' }
    })
    expect(diff.status).toBe(200)
    const textBody = await diff.text()
    expect(textBody).toContain('diff --git a/src/app.ts b/src/app.ts')
    expect(textBody).toContain('+line five')
  })
})

describe('GitHub stand-in file pagination and limits', () => {
  const fixtures: PrFixture[] = []
  const servers: GitHubStandIn[] = []
  afterAll(async () => {
    for (const s of servers) await s.close()
    for (const f of fixtures) f.cleanup()
  })

  async function setUp(fileCount: number, options: Partial<GitHubServerOptions> = {}) {
    const files: Record<string, string> = {}
    for (let i = 0; i < fileCount; i++) files[`pkg/f${String(i).padStart(4, '0')}.txt`] = `file ${i}\n`
    const fixture = createPrFixture({ base: { 'README.md': 'x\n' }, commits: [{ files }] })
    fixtures.push(fixture)
    const server = await startGitHubServer({ fixture, ...options })
    servers.push(server)
    return { fixture, server, octokit: getOctokit(TOKEN, { baseUrl: server.url }) }
  }

  it('pages more than 100 files with rel="next" and rel="last" links', async () => {
    const { server, octokit } = await setUp(250)
    const page1 = await octokit.rest.pulls.listFiles({ ...PR, per_page: 100 })
    expect(page1.data).toHaveLength(100)
    const repoId = /\/repositories\/(\d+)\//.exec(page1.headers.link ?? '')?.[1]
    expect(repoId).toBeDefined()
    const base = `${server.url}/repositories/${repoId}/pulls/1/files`
    expect(page1.headers.link).toBe(
      `<${base}?per_page=100&page=2>; rel="next", <${base}?per_page=100&page=3>; rel="last"`
    )
    const page2 = await octokit.rest.pulls.listFiles({ ...PR, per_page: 100, page: 2 })
    expect(page2.headers.link).toBe(
      [
        `<${base}?per_page=100&page=1>; rel="prev"`,
        `<${base}?per_page=100&page=3>; rel="next"`,
        `<${base}?per_page=100&page=3>; rel="last"`,
        `<${base}?per_page=100&page=1>; rel="first"`
      ].join(', ')
    )
    const all = await octokit.paginate(octokit.rest.pulls.listFiles, { ...PR, per_page: 100 })
    expect(all).toHaveLength(250)
    expect(new Set(all.map(f => f.filename)).size).toBe(250)
    // per_page is capped at 100 and defaults to 30.
    expect((await octokit.rest.pulls.listFiles({ ...PR, per_page: 500 })).data).toHaveLength(100)
    expect((await octokit.rest.pulls.listFiles(PR)).data).toHaveLength(30)
  })

  it('lists at most 3000 files', async () => {
    const { octokit } = await setUp(MAX_PR_FILES + 5)
    const all = await octokit.paginate(octokit.rest.pulls.listFiles, { ...PR, per_page: 100 })
    expect(all).toHaveLength(MAX_PR_FILES)
    const beyond = await octokit.rest.pulls.listFiles({ ...PR, per_page: 100, page: 31 })
    expect(beyond.data).toHaveLength(0)
    const diff = await failure(
      octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
        ...PR,
        mediaType: { format: 'diff' }
      })
    )
    expect(diff.status).toBe(406)
  })

  it('omits the patch of a file whose diff is too large and refuses comments on it', async () => {
    const big = Array.from({ length: 50 }, (_, i) => `big ${i}`)
    const fixture = createPrFixture({
      base: { 'README.md': 'x\n' },
      commits: [{ files: { 'big.txt': text(big), 'small.txt': 'small\n' } }]
    })
    fixtures.push(fixture)
    const server = await startGitHubServer({ fixture, limits: { filePatchLines: 20 } })
    servers.push(server)
    const octokit = getOctokit(TOKEN, { baseUrl: server.url })
    const { data } = await octokit.rest.pulls.listFiles(PR)
    const bigFile = data.find(f => f.filename === 'big.txt')
    expect(bigFile).toMatchObject({ additions: 50, changes: 50 })
    expect(bigFile).not.toHaveProperty('patch')
    expect(data.find(f => f.filename === 'small.txt')?.patch).toBe('@@ -0,0 +1 @@\n+small')
    const rejected = await failure(
      octokit.rest.pulls.createReview({
        ...PR,
        event: 'COMMENT',
        comments: [{ path: 'big.txt', line: 1, body: 'x' }]
      })
    )
    expect(rejected.data).toMatchObject({ errors: [REVIEW_ERRORS.diffTooLarge] })
  })

  it('zeroes the counts of files past the per-response patch budget', async () => {
    const fixture = createPrFixture({
      base: { 'README.md': 'x\n' },
      commits: [{ files: { 'a.txt': '1\n2\n3\n', 'b.txt': '1\n2\n3\n', 'c.txt': '1\n2\n3\n' } }]
    })
    fixtures.push(fixture)
    const server = await startGitHubServer({ fixture, limits: { responsePatchLines: 5 } })
    servers.push(server)
    const { data } = await getOctokit(TOKEN, { baseUrl: server.url }).rest.pulls.listFiles(PR)
    expect(data.map(f => [f.filename, f.changes, f.patch !== undefined])).toEqual([
      ['a.txt', 3, true],
      ['b.txt', 3, true],
      ['c.txt', 0, false]
    ])
  })
})

describe('GitHub stand-in as the pull request moves', () => {
  let fixture: PrFixture
  let server: GitHubStandIn
  let octokit: Octokit

  afterEach(async () => {
    await server?.close()
    fixture?.cleanup()
  })

  async function setUp(extra: Partial<Parameters<typeof createPrFixture>[0]> = {}): Promise<void> {
    fixture = standardFixture(extra)
    server = await startGitHubServer({ fixture })
    octokit = getOctokit(TOKEN, { baseUrl: server.url })
  }

  it('follows pushes, outdates comments whose code changed, and honours setHead', async () => {
    await setUp()
    const firstHead = fixture.headSha
    await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      comments: [
        { path: 'src/app.ts', line: 5, body: 'on app' },
        { path: 'src/new.ts', line: 2, body: 'on new' }
      ]
    })
    const pushed = fixture.pushHead({
      'src/app.ts': text(APP_HEAD.map(l => (l === 'line five' ? 'line FIVE' : l)))
    })
    expect((await octokit.rest.pulls.get(PR)).data.head.sha).toBe(pushed)

    const [onApp, onNew] = (await octokit.rest.pulls.listReviewComments(PR)).data
    expect(onApp).toMatchObject({ line: null, original_line: 5, position: null, commit_id: firstHead })
    expect(onNew).toMatchObject({
      line: 2,
      original_line: 2,
      commit_id: pushed,
      original_commit_id: firstHead
    })
    const outdated = await octokit.graphql<ThreadsResult>(THREADS_QUERY, {
      owner: OWNER,
      name: REPO,
      number: 1,
      first: 10,
      after: null
    })
    expect(outdated.repository.pullRequest.reviewThreads.nodes.map(n => [n.isOutdated, n.line])).toEqual([
      [true, null],
      [false, 2]
    ])

    server.setHead(firstHead)
    expect((await octokit.rest.pulls.get(PR)).data.head.sha).toBe(firstHead)
    expect((await octokit.rest.pulls.listReviewComments(PR)).data[0]).toMatchObject({ line: 5 })
    server.setHead(null)
    expect((await octokit.rest.pulls.get(PR)).data.head.sha).toBe(pushed)
  })

  it('validates comments against the diff of the commit_id they name', async () => {
    await setUp()
    const older = fixture.headSha
    fixture.pushHead({ 'src/new.ts': 'export const a = 1\n' })
    const onOld = { path: 'src/new.ts', line: 3, body: 'c exists in the older commit' }
    const rejected = await failure(
      octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', comments: [onOld] })
    )
    expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.line))
    const accepted = await octokit.rest.pulls.createReview({
      ...PR,
      event: 'COMMENT',
      commit_id: older,
      comments: [onOld]
    })
    expect(accepted.data.commit_id).toBe(older)
  })

  it('compares base...head through the merge base when the base has moved on', async () => {
    await setUp({ baseCommits: [{ files: { 'README.md': '# widgets, renamed\n' } }] })
    expect(fixture.mergeBaseSha).not.toBe(fixture.baseSha)
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: OWNER,
      repo: REPO,
      basehead: `${fixture.baseSha}...${fixture.headSha}`
    })
    expect(data.merge_base_commit.sha).toBe(fixture.mergeBaseSha)
    expect(data.base_commit.sha).toBe(fixture.baseSha)
    expect(data).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 1, total_commits: 1 })
    expect(data.commits.map(c => c.sha)).toEqual([fixture.headSha])
    expect(data.files?.map(f => f.filename)).not.toContain('README.md')
    const byName = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: OWNER,
      repo: REPO,
      basehead: 'main...feature'
    })
    expect(byName.data.merge_base_commit.sha).toBe(fixture.mergeBaseSha)
    const pullFiles = await octokit.paginate(octokit.rest.pulls.listFiles, PR)
    expect(pullFiles.map(f => f.filename)).not.toContain('README.md')
    const unknown = await failure(
      octokit.rest.repos.compareCommitsWithBasehead({
        owner: OWNER,
        repo: REPO,
        basehead: `main...${'1'.repeat(40)}`
      })
    )
    expect(unknown.status).toBe(404)
  })

  it('rejects the old head after a force push', async () => {
    await setUp()
    const oldHead = fixture.headSha
    const newHead = fixture.forcePushHead({ 'src/new.ts': 'export const a = 2\n' })
    expect((await octokit.rest.pulls.get(PR)).data.head.sha).toBe(newHead)
    const rejected = await failure(
      octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'x', commit_id: oldHead })
    )
    expect(rejected.data).toEqual(unprocessable(REVIEW_ERRORS.commit))
  })
})

describe('pull request fixture', () => {
  const fixtures: PrFixture[] = []
  afterAll(() => fixtures.forEach(f => f.cleanup()))
  const make = (extra: Partial<Parameters<typeof createPrFixture>[0]> = {}): PrFixture => {
    const fixture = standardFixture(extra)
    fixtures.push(fixture)
    return fixture
  }

  it('checks out the merge commit at depth 1, as actions/checkout does', () => {
    const fixture = make()
    const ws = fixture.workspaceDir
    expect(git(ws, ['rev-parse', '--is-shallow-repository'])).toBe('true')
    expect(git(ws, ['rev-parse', 'HEAD'])).toBe(fixture.mergeSha)
    expect(git(ws, ['rev-parse', `refs/remotes/pull/${fixture.prNumber}/merge`])).toBe(fixture.mergeSha)
    expect(git(ws, ['remote', 'get-url', 'origin'])).toBe(fixture.originUrl)
    expect(runGit(ws, ['symbolic-ref', '-q', 'HEAD']).status).not.toBe(0)
    expect(runGit(ws, ['merge-base', fixture.baseSha, fixture.headSha]).status).not.toBe(0)
    expect(runGit(ws, ['cat-file', '-e', fixture.headSha]).status).not.toBe(0)
    expect(git(ws, ['show', 'HEAD:src/app.ts'])).toBe(text(APP_HEAD).trimEnd())
  })

  it('makes a fork pull request: the head only under refs/pull, the base checked out for pull_request_target', async () => {
    const fixture = make({ forkOwner: 'mallory', checkout: 'pull_request_target' })
    const origin = fixture.originDir
    expect(fixture.headRepo).toBe('mallory/widgets')
    expect(git(origin, ['for-each-ref', '--format=%(refname)', 'refs/heads'])).toBe('refs/heads/main')
    expect(git(origin, ['rev-parse', 'refs/pull/1/head'])).toBe(fixture.headSha)
    const ws = fixture.workspaceDir
    expect(git(ws, ['rev-parse', 'HEAD'])).toBe(fixture.baseSha)
    expect(git(ws, ['symbolic-ref', 'HEAD'])).toBe('refs/heads/main')
    expect(runGit(ws, ['cat-file', '-e', fixture.headSha]).status).not.toBe(0)
    git(ws, ['fetch', '--no-tags', '--depth=1', 'origin', 'refs/pull/1/head'])
    expect(git(ws, ['cat-file', '-t', fixture.headSha])).toBe('commit')

    const server = await startGitHubServer({ fixture })
    try {
      const { data } = await getOctokit(TOKEN, { baseUrl: server.url }).rest.pulls.get(PR)
      expect(data.head).toMatchObject({
        sha: fixture.headSha,
        label: 'mallory:feature',
        user: { login: 'mallory' },
        repo: { full_name: 'mallory/widgets', fork: true, owner: { login: 'mallory' } }
      })
      expect(data.base.repo.full_name).toBe('acme/widgets')
    } finally {
      await server.close()
    }
  })

  it('lets the workspace fetch the head, base and merge base by id', () => {
    const fixture = make({ baseCommits: [{ files: { 'README.md': 'moved on\n' } }] })
    const ws = fixture.workspaceDir
    for (const sha of [fixture.headSha, fixture.baseSha, fixture.mergeBaseSha]) {
      git(ws, ['fetch', '--no-tags', '--depth=1', 'origin', sha])
      expect(git(ws, ['cat-file', '-t', sha])).toBe('commit')
    }
  })

  it('builds GitHub refs whose merge commit joins the base tip and the head', () => {
    const fixture = make({ baseCommits: [{ files: { 'README.md': 'moved on\n' } }] })
    const origin = fixture.originDir
    expect(git(origin, ['rev-parse', 'refs/pull/1/head'])).toBe(fixture.headSha)
    expect(git(origin, ['rev-parse', 'refs/heads/feature'])).toBe(fixture.headSha)
    expect(git(origin, ['rev-parse', 'refs/heads/main'])).toBe(fixture.baseSha)
    expect(git(origin, ['rev-parse', `${fixture.mergeSha}^1`, `${fixture.mergeSha}^2`]).split('\n')).toEqual([
      fixture.baseSha,
      fixture.headSha
    ])
    expect(git(origin, ['show', `${fixture.mergeSha}:README.md`])).toBe('moved on')
    expect(git(origin, ['merge-base', fixture.baseSha, fixture.headSha])).toBe(fixture.mergeBaseSha)
    expect(fixture.headCommits).toEqual([fixture.headSha])
    expect(git(origin, ['log', '-1', '--format=%s', fixture.headSha])).toBe('Rework the app')
  })

  it('is deterministic', () => {
    const a = make()
    const b = make()
    expect([a.baseSha, a.headSha, a.mergeSha]).toEqual([b.baseSha, b.headSha, b.mergeSha])
  })

  it('can merge the base into the head branch', () => {
    const fixture = make({ baseCommits: [{ files: { 'README.md': 'moved on\n' } }], mergeBaseIntoHead: true })
    expect(fixture.mergeBaseSha).toBe(fixture.baseSha)
    expect(fixture.headCommits).toHaveLength(2)
    const parents = git(fixture.originDir, ['rev-list', '--parents', '-n', '1', fixture.headSha]).split(' ')
    expect(parents.slice(1)).toEqual([fixture.headCommits[0], fixture.baseSha])
  })

  it('pushes new commits and moves the pull refs', () => {
    const fixture = make()
    const before = fixture.headSha
    const pushed = fixture.pushHead({ 'src/new.ts': null, 'src/extra.ts': 'x\n' }, 'Second change')
    expect(fixture.headSha).toBe(pushed)
    expect(git(fixture.originDir, ['rev-parse', `${pushed}^`])).toBe(before)
    expect(git(fixture.originDir, ['rev-parse', 'refs/pull/1/head'])).toBe(pushed)
    expect(git(fixture.originDir, ['rev-parse', 'refs/pull/1/merge^2'])).toBe(pushed)
    expect(fixture.headCommits).toEqual([before, pushed])
    expect(runGit(fixture.originDir, ['cat-file', '-e', `${pushed}:src/new.ts`]).status).not.toBe(0)
  })

  it('force pushes so that the old head can no longer be fetched', () => {
    const fixture = make()
    const oldHead = fixture.headSha
    const newHead = fixture.forcePushHead({ 'src/new.ts': 'export const a = 2\n' }, 'Amended')
    expect(fixture.headSha).toBe(newHead)
    expect(git(fixture.originDir, ['rev-parse', `${newHead}^`])).toBe(fixture.mergeBaseSha)
    expect(git(fixture.originDir, ['show', `${newHead}:src/app.ts`])).toBe(text(APP_HEAD).trimEnd())
    expect(runGit(fixture.originDir, ['cat-file', '-e', oldHead]).status).not.toBe(0)
    expect(runGit(fixture.workspaceDir, ['fetch', '--depth=1', 'origin', oldHead]).status).not.toBe(0)
    git(fixture.workspaceDir, ['fetch', '--depth=1', 'origin', newHead])
    expect(git(fixture.workspaceDir, ['cat-file', '-t', newHead])).toBe('commit')
  })
})
