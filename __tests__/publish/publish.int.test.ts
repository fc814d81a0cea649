import { afterEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { DiffLineSet } from '../../src/diff/line-set.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import type { Finding } from '../../src/findings/finding.js'
import { createOctokit, type Octokit } from '../../src/github/client.js'
import { fetchViewerLogin } from '../../src/github/identity.js'
import { createCommentReview, listReviews } from '../../src/github/reviews.js'
import { memoryLogger } from '../../src/logger.js'
import { readState } from '../../src/state/read-state.js'
import { decodeMarker } from '../../src/state/marker.js'
import { publishReview, PublishError, type PublishOptions } from '../../src/publish/publish-review.js'
import type { CommentableLines } from '../../src/publish/select.js'
import { faults, REVIEW_ERRORS, startGitHubServer, type GitHubStandIn } from '../../testing/github-server.js'
import { createPrFixture, git, type PrFixture } from '../../testing/pr-fixture.js'
import { makeFinding } from './helpers.js'
import type { Overrides } from '../support/overrides.js'

const BASE = Array.from({ length: 30 }, (_, i) => `const v${i + 1} = ${i + 1}`)
// Line 5 is rewritten and a line is added after line 25: on the RIGHT, hunks cover lines 2-8 and 23-29.
const HEAD = [
  ...BASE.slice(0, 4),
  'const v5 = compute()',
  ...BASE.slice(5, 25),
  'const added = true',
  ...BASE.slice(25)
]
const text = (lines: string[]) => `${lines.join('\n')}\n`

interface Setup {
  fixture: PrFixture
  server: GitHubStandIn
  octokit: Octokit
  viewer: string
  lineSet: DiffLineSet
  logger: ReturnType<typeof memoryLogger>
  options(findings: Finding[], extra?: Partial<PublishOptions>): PublishOptions
}

let cleanup: Array<() => Promise<void> | void> = []

afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

/**
 * The production client spaces writes a second apart and backs off for seconds; the same plugins with the
 * waits taken out keep these tests fast. One test runs the production client as it is.
 */
function fastOctokit(url: string): Octokit {
  return getOctokit(
    'ghs_testtoken',
    { baseUrl: url, throttle: { enabled: false }, retry: { retryAfterBaseValue: 1 } },
    retry,
    throttling
  )
}

async function setup(serverOptions: { strayReviewOn422?: boolean } = {}, production = false): Promise<Setup> {
  const fixture = createPrFixture({
    base: { 'src/app.ts': text(BASE) },
    commits: [{ files: { 'src/app.ts': text(HEAD) } }]
  })
  cleanup.push(() => fixture.cleanup())
  const server = await startGitHubServer({ fixture, ...serverOptions })
  cleanup.push(() => server.close())
  const logger = memoryLogger()
  const octokit = production
    ? createOctokit('ghs_testtoken', logger, { apiUrl: server.url })
    : fastOctokit(server.url)
  const viewer = await fetchViewerLogin(octokit, server.graphqlUrl)
  const diff = git(fixture.originDir, ['diff', '--no-color', fixture.mergeBaseSha, fixture.headSha])
  const lineSet = DiffLineSet.fromFiles(parseUnifiedDiff(diff))
  const options = (findings: Finding[], extra: Partial<PublishOptions> = {}): PublishOptions => ({
    octokit,
    graphqlUrl: server.graphqlUrl,
    pr: { owner: fixture.owner, repo: fixture.repo, prNumber: fixture.prNumber },
    commitSha: fixture.headSha,
    findings,
    overview: 'Replaces a constant with a computed value.',
    coverageNotes: [],
    lineSet,
    settings: { minSeverity: 'medium', maxComments: 4, dryRun: false },
    viewerLogin: viewer,
    logger,
    retryDelayMs: 5,
    ...extra
  })
  return { fixture, server, octokit, viewer, lineSet, logger, options }
}

const reviewPosts = (server: GitHubStandIn) =>
  server.requests.filter(r => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path))
const submitted = (server: GitHubStandIn) => server.reviews.filter(r => r.state !== 'PENDING')
const onDiff = (overrides: Overrides<Finding> = {}) =>
  makeFinding({ file: 'src/app.ts', startLine: 5, endLine: 5, side: 'RIGHT', severity: 'high', ...overrides })

describe('publishReview against the GitHub stand-in', () => {
  it('posts a clean pull request as one short COMMENT review pinned to the reviewed commit', async () => {
    const s = await setup({}, true)
    const result = await publishReview(s.options([]))
    expect(submitted(s.server)).toHaveLength(1)
    const review = s.server.reviews[0]!
    expect(review).toMatchObject({ id: result.reviewId, state: 'COMMENTED', commit_id: s.fixture.headSha })
    expect(review.body).toMatch(/No open findings/)
    expect(s.server.reviewComments).toEqual([])
    expect(reviewPosts(s.server).map(r => (r.body as { event?: string }).event)).toEqual(['COMMENT'])
    expect(s.server.unknownRoutes).toEqual([])
  })

  it('posts one finding inline with a suggestion that holds a code fence', async () => {
    const s = await setup()
    const suggestion = 'const v5 = compute(`\n```\nnot a fence end\n```\n`)'
    const finding = onDiff({ suggestion, title: 'compute() can throw' })
    const result = await publishReview(s.options([finding]))
    expect(s.server.reviewComments).toHaveLength(1)
    const comment = s.server.reviewComments[0]!
    expect(comment).toMatchObject({ path: 'src/app.ts', original_line: 5, side: 'RIGHT', start_side: null })
    expect(comment.body).toContain(`\`\`\`\`suggestion\n${suggestion}\n\`\`\`\``)
    expect(result.findings[0]!.commentId).toBe(comment.id)
    expect(result.inlineFindingIds).toEqual([finding.id])
    // The posted review's own marker records the comment id, for the next run.
    const decoded = decodeMarker(s.server.reviews[0]!.body)
    expect(decoded.kind === 'ok' && decoded.state.findings[0]!.commentId).toBe(comment.id)
    expect(result.body).toBe(s.server.reviews[0]!.body)
  })

  it('posts 4 of 4 findings inline, including a multi-line range', async () => {
    const s = await setup()
    const findings = [
      onDiff(),
      onDiff({ startLine: 2, endLine: 4, severity: 'critical' }),
      onDiff({ startLine: 26, endLine: 26, severity: 'medium' }),
      onDiff({ side: 'LEFT', startLine: 5, endLine: 5, severity: 'medium' })
    ]
    const result = await publishReview(s.options(findings))
    expect(result.inlineFindingIds).toHaveLength(4)
    const multi = s.server.reviewComments.find(c => c.original_start_line === 2)
    expect(multi).toMatchObject({ original_line: 4, start_side: 'RIGHT', side: 'RIGHT' })
    expect(s.server.reviewComments.map(c => c.side).sort()).toEqual(['LEFT', 'RIGHT', 'RIGHT', 'RIGHT'])
    expect(result.findings.every(f => f.commentId !== undefined)).toBe(true)
  })

  it('posts 4 of 40 findings inline and lists the other 36 in the body', async () => {
    const s = await setup()
    const lines = [2, 3, 4, 5, 6, 7, 8, 23, 24, 25, 26, 27, 28, 29]
    const findings = Array.from({ length: 40 }, (_, i) =>
      onDiff({
        startLine: lines[i % lines.length],
        endLine: lines[i % lines.length],
        severity: (['critical', 'high', 'medium', 'low'] as const)[i % 4],
        title: `Issue ${i}`
      })
    )
    const result = await publishReview(s.options(findings))
    expect(s.server.reviewComments).toHaveLength(4)
    const visible = result.body.slice(0, result.body.indexOf('<!-- redline:state'))
    expect(visible).toMatch(
      /<summary>36 more open findings \(6 critical, 10 high, 10 medium, 10 low\)<\/summary>/
    )
    const inline = new Set(result.inlineFindingIds)
    for (const finding of findings.filter(f => !inline.has(f.id)))
      expect(visible).toContain(`— ${finding.title} \``)
    expect(submitted(s.server)).toHaveLength(1)
  })

  it('moves a comment GitHub rejects to the body and still lands one review, leaving no stray', async () => {
    const s = await setup({ strayReviewOn422: true })
    // The line set wrongly believes line 15 is in the diff; GitHub's own diff says otherwise.
    const lying: CommentableLines = {
      canComment: (path, side, line) => line === 15 || s.lineSet.canComment(path, side, line),
      sameHunk: (path, side, a, b) => s.lineSet.sameHunk(path, side, a, b)
    }
    const good = [onDiff({ title: 'Good one' }), onDiff({ startLine: 26, endLine: 26, title: 'Good two' })]
    const bad = onDiff({ startLine: 15, endLine: 15, severity: 'critical', title: 'Off the real diff' })
    const result = await publishReview(s.options([...good, bad], { lineSet: lying }))

    expect(submitted(s.server)).toHaveLength(1)
    expect(s.server.reviews.filter(r => r.state === 'PENDING')).toEqual([])
    expect(s.server.reviewComments.map(c => c.original_line).sort()).toEqual([26, 5])
    expect(result.movedToBody).toEqual([{ id: bad.id, reason: 'rejected-by-github' }])
    expect(result.inlineFindingIds.sort()).toEqual(good.map(f => f.id).sort())
    const posted = s.server.reviews.find(r => r.state === 'COMMENTED')!
    expect(posted.body).toContain('Off the real diff')
    expect(posted.body).toContain('GitHub would not place it on the diff')
    expect(s.logger.lines.some(l => l.level === 'warning' && l.message.includes(bad.id))).toBe(true)
    const events = reviewPosts(s.server).map(r => (r.body as { event?: string }).event)
    expect(events.every(event => event === undefined || event === 'COMMENT')).toBe(true)
  })

  it('keeps commit_id on the reviewed commit when the head moves before posting', async () => {
    const s = await setup()
    const reviewed = s.fixture.headSha
    const newHead = s.fixture.pushHead({ 'src/other.ts': 'export {}\n' })
    s.server.setHead(newHead)
    await publishReview(s.options([onDiff()], { commitSha: reviewed }))
    expect(reviewPosts(s.server).map(r => (r.body as { commit_id: string }).commit_id)).toEqual([reviewed])
    expect(s.server.reviews[0]!.commit_id).toBe(reviewed)
    expect(s.server.reviewComments).toHaveLength(1)
  })

  it('fails clearly, without probing, when the reviewed commit is no longer in the pull request', async () => {
    const s = await setup()
    const gone = s.fixture.headSha
    s.fixture.forcePushHead({ 'src/app.ts': text(HEAD.map(line => `${line};`)) })
    const error = await publishReview(s.options([onDiff()], { commitSha: gone })).catch(e => e)
    expect(error).toBeInstanceOf(PublishError)
    expect((error as Error).message).toMatch(/not part of the pull request/)
    expect(reviewPosts(s.server)).toHaveLength(1)
    expect(s.server.reviews).toEqual([])
  })

  it('replies to and resolves the thread of a fixed finding, and does not post an open one twice', async () => {
    const s = await setup()
    const fixedLater = onDiff({ title: 'Null check missing' })
    const stillOpen = onDiff({ startLine: 26, endLine: 26, title: 'Stays open' })
    await publishReview(s.options([fixedLater, stillOpen]))
    expect(s.server.reviewComments).toHaveLength(2)

    const previous = readState(
      await listReviews(s.octokit, {
        owner: s.fixture.owner,
        repo: s.fixture.repo,
        prNumber: s.fixture.prNumber
      }),
      s.viewer,
      s.logger
    )
    expect(previous.state?.findings.map(f => f.id)).toEqual([fixedLater.id, stillOpen.id])
    const next = previous.state!.findings.map(f =>
      f.id === fixedLater.id ? { ...f, status: 'resolved' as const, note: 'guarded by an early return' } : f
    )
    const result = await publishReview(s.options(next, { previousState: previous.state! }))

    const fixedComment = s.server.reviewComments.find(c => c.body.includes(fixedLater.id))!
    const reply = s.server.reviewComments.find(c => c.in_reply_to_id === fixedComment.id)
    expect(reply?.body).toBe(`Resolved in ${s.fixture.headSha.slice(0, 7)}: guarded by an early return`)
    expect(s.server.threads.find(t => t.comment_ids.includes(fixedComment.id))?.isResolved).toBe(true)
    expect(s.server.threads.find(t => t.comment_ids[0] !== fixedComment.id)?.isResolved).toBe(false)
    expect(result.resolvedThreads).toEqual([fixedComment.id])
    // Only the reply was added: the open finding already has its thread.
    expect(s.server.reviewComments).toHaveLength(3)
    expect(result.body).toMatch(/#### Resolved in this run\n\n- ~~Null check missing~~/)
    expect(
      s.server.requests.some(
        r => r.path === '/graphql' && JSON.stringify(r.body).includes('resolveReviewThread')
      )
    ).toBe(true)
  })

  it('posts nothing on a dry run but renders the whole review', async () => {
    const s = await setup()
    const before = s.server.requests.length
    const result = await publishReview(
      s.options([onDiff({ suggestion: 'x()' })], {
        settings: { minSeverity: 'medium', maxComments: 4, dryRun: true }
      })
    )
    expect(s.server.requests.slice(before).filter(r => r.method !== 'GET')).toEqual([])
    expect(s.server.reviews).toEqual([])
    expect(result).toMatchObject({ dryRun: true, inlineFindingIds: [expect.any(String)] })
    expect(result.reviewId).toBeUndefined()
    expect(result.comments[0]!.body).toContain('```suggestion\nx()\n```')
    expect(result.body).toContain('<!-- redline:state ')
  })

  it('retries a 5xx once and lands exactly one review', async () => {
    const s = await setup()
    s.server.failNext({ method: 'POST', pathPattern: /\/reviews$/ }, faults.serverError(502), 1)
    await publishReview(s.options([onDiff()]))
    expect(reviewPosts(s.server)).toHaveLength(2)
    expect(submitted(s.server)).toHaveLength(1)
  })

  it('surfaces a lasting 5xx with the unposted review attached', async () => {
    const s = await setup()
    s.server.failNext({ method: 'POST', pathPattern: /\/reviews$/ }, faults.serverError(500), 10)
    const error = await publishReview(s.options([onDiff({ title: 'Keep me' })])).catch(e => e)
    expect(error).toBeInstanceOf(PublishError)
    expect((error as PublishError).message).toMatch(/kept failing/)
    expect((error as PublishError).result.body).toContain('<!-- redline:state ')
    expect((error as PublishError).result.findings.map(f => f.title)).toEqual(['Keep me'])
    expect(submitted(s.server)).toEqual([])
  })

  it('never posts again after a 5xx when the reviews cannot be listed to check', async () => {
    const s = await setup()
    s.server.failNext({ method: 'POST', pathPattern: /\/reviews$/ }, faults.landedButBadGateway())
    s.server.failNext({ method: 'GET', pathPattern: /\/reviews$/ }, faults.serverError(503), 10)
    const error = await publishReview(s.options([onDiff({ title: 'Keep me' })])).catch(e => e)
    expect(error).toBeInstanceOf(PublishError)
    expect((error as PublishError).message).toMatch(/unknown whether the review landed.*not posted again/)
    expect((error as PublishError).result.inlineFindingIds).toEqual([])
    expect((error as PublishError).result.findings.map(f => f.title)).toEqual(['Keep me'])
    expect(reviewPosts(s.server)).toHaveLength(1)
    expect(submitted(s.server)).toHaveLength(1)
  })

  it('shortens the body after a 422 for length', async () => {
    const s = await setup()
    const tooLong = {
      status: 422,
      body: { message: 'Unprocessable Entity', errors: [REVIEW_ERRORS.bodyTooLong], status: '422' }
    }
    s.server.failNext({ method: 'POST', pathPattern: /\/reviews$/ }, tooLong, 1)
    const findings = Array.from({ length: 200 }, (_, i) =>
      onDiff({ severity: 'low', title: `Low ${i}`, description: 'x'.repeat(400) })
    )
    await publishReview(s.options([onDiff({ title: 'Inline' }), ...findings]))
    const posts = reviewPosts(s.server).map(r => (r.body as { body: string }).body.length)
    expect(posts).toHaveLength(2)
    expect(posts[1]!).toBeLessThan(posts[0]! * 0.7)
    expect(submitted(s.server)).toHaveLength(1)
    // Recording the comment ids keeps to the budget GitHub accepted.
    const updates = s.server.requests.filter(r => r.method === 'PUT' && /\/reviews\/\d+$/.test(r.path))
    expect(updates).toHaveLength(1)
    expect((updates[0]!.body as { body: string }).body.length).toBeLessThan(posts[0]! * 0.7)
  })

  it("deletes a pending review Redline left behind, but not someone's draft", async () => {
    const s = await setup()
    s.server.addReview({ user: s.server.viewer, state: 'PENDING', body: '<!-- redline:probe old -->' })
    await publishReview(s.options([onDiff()]))
    expect(s.server.reviews.map(r => r.state)).toEqual(['COMMENTED'])

    s.server.addReview({
      user: s.server.viewer,
      state: 'PENDING',
      body: 'my own notes',
      comments: [{ path: 'src/app.ts', line: 5, body: 'hmm' }]
    })
    const error = await publishReview(s.options([onDiff()])).catch(e => e)
    expect(error).toBeInstanceOf(PublishError)
    expect((error as Error).message).toMatch(/pending review .* blocks new reviews/)
    expect(s.server.reviews.filter(r => r.state === 'PENDING').map(r => r.body)).toEqual(['my own notes'])
  })

  it('treats a failure to resolve threads as a warning', async () => {
    const s = await setup()
    const finding = onDiff()
    await publishReview(s.options([finding]))
    const previous = readState(
      await listReviews(s.octokit, {
        owner: s.fixture.owner,
        repo: s.fixture.repo,
        prNumber: s.fixture.prNumber
      }),
      s.viewer,
      s.logger
    )
    s.server.failNext(
      { method: 'POST', pathPattern: /^\/graphql$/ },
      { status: 502, body: { message: 'Bad gateway' } },
      10
    )
    const fixed = previous.state!.findings.map(f => ({ ...f, status: 'resolved' as const }))
    const result = await publishReview(s.options(fixed, { previousState: previous.state! }))
    expect(result.reviewId).toBeDefined()
    expect(result.resolvedThreads).toEqual([])
    expect(s.logger.lines.some(l => l.level === 'warning' && /review threads/.test(l.message))).toBe(true)
  })
})

describe('createCommentReview', () => {
  it('has no way to send another event', () => {
    const draft = { commitSha: 'a'.repeat(40), body: 'x', comments: [] }
    // @ts-expect-error: the draft has no event, so APPROVE and REQUEST_CHANGES cannot be sent.
    const withEvent: Parameters<typeof createCommentReview>[2] = { ...draft, event: 'APPROVE' }
    expect(withEvent).toBeDefined()
  })
})
