/**
 * The hardening matrix, GitHub faults: rate limits, refusals, a 502 that hides a review that did land, and
 * a GitHub that never answers. Each run ends with one line that says what happened, never two reviews, and
 * the findings made before the fault in the findings file and the job summary.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { faults } from '../testing/github-server.js'
import { reply } from '../testing/messages-server.js'
import {
  DIVIDE_FINDING,
  expectNoSecretLeak,
  expectNotice,
  expectOneError,
  findingsFileOf,
  pullRequestPayload,
  reviewPosts,
  runOn,
  setUp,
  tearDown,
  type World
} from './support/hardening.js'
import type { RunResult } from '../testing/runner.js'

jest.setTimeout(90_000)

let world: World | undefined

afterEach(async () => {
  await tearDown(world)
  world = undefined
})

const REVIEWS = /\/pulls\/1\/reviews$/

function scriptOneFinding(w: World): void {
  w.messages.push(
    reply.toolUse('add_finding', DIVIDE_FINDING),
    reply.toolUse('publish_review', { summary: 'Adds `divide` without a zero check.' })
  )
}

/** The finding is kept where the user can find it, and nothing claims it was posted. */
function expectFindingKeptUnposted(result: RunResult): void {
  const file = findingsFileOf(result)
  expect(file.findings).toEqual([
    expect.objectContaining({ title: DIVIDE_FINDING.title, status: 'open', postedInline: false })
  ])
  // What the run did, above the copy of the review as it would have read had it been posted.
  const [report = '', unposted = ''] = result.summary.split(
    '<summary>The review that could not be posted</summary>'
  )
  expect(report).toContain('The review could not be posted')
  expect(report).toContain('**1 open finding**, nothing posted, 1 finding in all.')
  expect(report).toMatch(/\| Division by zero returns Infinity \| not posted \|/)
  expect(report).not.toMatch(/posted inline/)
  expect(unposted).toContain('```suggestion')
}

function warnings(result: RunResult): string[] {
  return result.annotations.filter(a => a.level === 'warning').map(a => a.message)
}

describe('GitHub faults', () => {
  it('403 secondary rate limit that persists: waits twice as announced, then one clear error', async () => {
    world = await setUp()
    world.github.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, faults.secondaryRateLimit(1), 3)
    const result = await runOn(world)
    expectOneError(result, /^Redline failed: You have exceeded a secondary rate limit/)
    expect(warnings(result)).toEqual([
      expect.stringMatching(/secondary rate limit on GET .*; retry 1 of 2 in 1s\.$/),
      expect.stringMatching(/secondary rate limit on GET .*; retry 2 of 2 in 1s\.$/),
      expect.stringMatching(/secondary rate limit on GET .*; not retrying after 2 retries\.$/)
    ])
    expect(world.github.requests.filter(r => /\/pulls\/1$/.test(r.path))).toHaveLength(3)
    expect(world.messages.requests).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })

  it('404 on the review: fails naming the refusal, the finding kept', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, { status: 404 })
    const result = await runOn(world)
    expectOneError(result, /^Redline could not post its review: GitHub refused the review \(404: Not Found\)/)
    expect(reviewPosts(world)).toHaveLength(1)
    expect(world.github.reviews).toHaveLength(0)
    expectFindingKeptUnposted(result)
    expectNoSecretLeak(world, result)
  })

  it('422 on the review: the comment moves to the body and the review is posted once', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext(
      { method: 'POST', pathPattern: REVIEWS },
      { status: 422, body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] } }
    )
    const result = await runOn(world)
    expect(result.exitCode).toBe(0)
    expect(result.annotations.filter(a => a.level === 'error')).toEqual([])
    const submitted = world.github.reviews.filter(r => r.state !== 'PENDING')
    expect(submitted).toHaveLength(1)
    expect(submitted[0]?.body).toContain('Division by zero returns Infinity')
    expect(result.outputs['review-id']).toBe(String(submitted[0]?.id))
    expect(findingsFileOf(result).findings).toEqual([
      expect.objectContaining({ title: DIVIDE_FINDING.title, postedInline: false })
    ])
    expect(result.summary).toContain('0 posted inline')
    expectNoSecretLeak(world, result)
  })

  it('502 on every POST: tries three times, then fails; the summary says nothing was posted', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, faults.serverError(502), 10)
    const result = await runOn(world)
    expectOneError(result, /^Redline could not post its review: GitHub kept failing \(502: Server Error\)/)
    expect(reviewPosts(world)).toHaveLength(3)
    expect(world.github.reviews).toHaveLength(0)
    expectFindingKeptUnposted(result)
    expectNoSecretLeak(world, result)
  })

  it('502 after the review landed: found by its run id, not posted again', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, faults.landedButBadGateway())
    const result = await runOn(world)
    expect(result.exitCode).toBe(0)
    expect(reviewPosts(world)).toHaveLength(1)
    expect(world.github.reviews).toHaveLength(1)
    expect(result.outputs['review-id']).toBe(String(world.github.reviews[0]?.id))
    expect(result.stdout).toMatch(/from this run did land; not posting it again/)
    expectNoSecretLeak(world, result)
  })

  it('502 after the review landed and the listing rate limited: fails without a second POST; a re-run recognises it', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, faults.landedButBadGateway())
    // The run lists the reviews once to read its state; the listing after the failed POST is refused.
    world.github.failNext({ method: 'GET', pathPattern: REVIEWS, skip: 1 }, faults.secondaryRateLimit(1), 3)
    const env = { GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1' }
    const result = await runOn(world, { env })
    expectOneError(
      result,
      /^Redline could not post its review: GitHub answered 502: Server Error and the reviews could not be listed afterwards .*it was not posted again, to leave no duplicate\. Re-running the job is safe/
    )
    expect(reviewPosts(world)).toHaveLength(1)
    expect(world.github.reviews).toHaveLength(1)
    expect(findingsFileOf(result).findings).toEqual([
      expect.objectContaining({ title: DIVIDE_FINDING.title, status: 'open' })
    ])
    expect(result.summary).toContain('Division by zero returns Infinity')
    expect(result.summary).toContain('nothing posted')
    expectNoSecretLeak(world, result)

    // Re-running the job keeps the run id; a full review would otherwise post a second one.
    const rerun = await runOn(world, {
      env: { ...env, GITHUB_RUN_ATTEMPT: '2' },
      inputs: { 'full-review': 'true' },
      payload: pullRequestPayload(world.fixture)
    })
    expectNotice(
      rerun,
      /^An earlier attempt of this workflow run already posted review \S+#pullrequestreview-\d+; not posting another\.$/
    )
    expect(reviewPosts(world)).toHaveLength(1)
    expect(rerun.outputs['review-id']).toBe(String(world.github.reviews[0]?.id))
    expect(world.messages.requests).toHaveLength(2)
    expect(findingsFileOf(rerun).findings).toEqual([
      expect.objectContaining({ title: DIVIDE_FINDING.title, status: 'open' })
    ])
    expectNoSecretLeak(world, rerun)
  })

  it('a GET that never answers ends at the timeout with one clear error', async () => {
    world = await setUp()
    world.github.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, faults.hang())
    const started = Date.now()
    const result = await runOn(world, { env: { REDLINE_GITHUB_TIMEOUT_MS: '1500' } })
    expectOneError(
      result,
      /^Redline failed: GitHub did not answer GET http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/widgets\/pulls\/1 within 1\.5 s$/
    )
    expect(Date.now() - started).toBeLessThan(20_000)
    expectNoSecretLeak(world, result)
  })

  it('a review POST that never answers: times out, posts once more after checking, and lands once', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, faults.hang())
    const result = await runOn(world, { env: { REDLINE_GITHUB_TIMEOUT_MS: '1500' } })
    expect(result.exitCode).toBe(0)
    expect(warnings(result)).toContainEqual(
      expect.stringMatching(
        /^Posting the review failed \(attempt 1, GitHub did not answer POST .* within 1\.5 s\)\.$/
      )
    )
    expect(reviewPosts(world)).toHaveLength(2)
    expect(world.github.reviews).toHaveLength(1)
    expectNoSecretLeak(world, result)
  })

  it('review POSTs that never answer: fails after three tries, the finding kept', async () => {
    world = await setUp()
    scriptOneFinding(world)
    world.github.failNext({ method: 'POST', pathPattern: REVIEWS }, faults.hang(), 3)
    const result = await runOn(world, { env: { REDLINE_GITHUB_TIMEOUT_MS: '1000' } })
    expectOneError(
      result,
      /^Redline could not post its review: GitHub kept failing \(GitHub did not answer POST/
    )
    expect(reviewPosts(world)).toHaveLength(3)
    expect(world.github.reviews).toHaveLength(0)
    expectFindingKeptUnposted(result)
    expectNoSecretLeak(world, result)
  })
})
