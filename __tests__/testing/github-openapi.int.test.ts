import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { createPrFixture, type PrFixture } from '../../testing/pr-fixture.js'
import { startGitHubServer, type GitHubStandIn } from '../../testing/github-server.js'
import { getMergeBase } from '../../src/github/pulls.js'

const TOKEN = 'ghs_testtoken'
const PR = { owner: 'acme', repo: 'widgets', pull_number: 1 }

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
  } catch (error) {
    const status = (error as { status?: number }).status
    if (typeof status === 'number') return status
    throw error
  }
  throw new Error('the request was expected to fail')
}

describe("the stand-in checks REST requests against GitHub's description", () => {
  let fixture: PrFixture
  let server: GitHubStandIn
  let octokit: ReturnType<typeof getOctokit>

  beforeAll(() => {
    fixture = createPrFixture({
      base: { 'a.ts': 'export const a = 1\n' },
      commits: [{ message: 'Change a', files: { 'a.ts': 'export const a = 2\n' } }],
      baseCommits: [{ message: 'Move the base on', files: { 'b.ts': 'export const b = 1\n' } }]
    })
  })
  afterAll(() => fixture.cleanup())
  beforeEach(async () => {
    server = await startGitHubServer({ fixture })
    octokit = getOctokit(TOKEN, { baseUrl: server.url })
  })
  afterEach(async () => {
    // Each test empties what it expected; anything left fails the close.
    await server.close()
  })

  it('answers 422 to an undocumented query parameter, records it, and fails the close', async () => {
    const status = await statusOf(
      octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...PR, prNumber: 1 })
    )
    expect(status).toBe(422)
    expect(server.violations).toEqual([
      {
        method: 'GET',
        path: '/repos/acme/widgets/pulls/1',
        operation: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        part: 'query',
        problem:
          'query parameter prNumber is not documented for GET /repos/{owner}/{repo}/pulls/{pull_number}'
      }
    ])
    const second = await startGitHubServer({ fixture })
    await fetch(`${second.url}/repos/acme/widgets/pulls/1?prNumber=1`, {
      headers: { authorization: `token ${TOKEN}` }
    })
    await expect(second.close()).rejects.toThrow(
      /GET \/repos\/acme\/widgets\/pulls\/1: query parameter prNumber is not documented/
    )
    server.violations.splice(0)
  })

  it('answers 404 to an undocumented path or method, and records a body outside the schema', async () => {
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}/no-such-thing', PR))).toBe(404)
    expect(await statusOf(octokit.request('PUT /repos/{owner}/{repo}/pulls/{pull_number}/files', PR))).toBe(
      404
    )
    const badBody = octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      ...PR,
      event: 'SHIP_IT' as 'COMMENT',
      body: 'Looks good'
    })
    expect(await statusOf(badBody)).toBe(422)
    expect(server.violations.map(v => [v.part, v.problem])).toEqual([
      ['route', '/repos/acme/widgets/no-such-thing is not a documented REST path'],
      ['route', 'PUT is not a documented method of /repos/{owner}/{repo}/pulls/{pull_number}/files'],
      ['body', 'body: /event must be equal to one of the allowed values (APPROVE, REQUEST_CHANGES, COMMENT)']
    ])
    expect(server.reviews).toHaveLength(0)
    server.violations.splice(0)
  })

  it('takes documented requests, paging and /repositories/{id} links included', async () => {
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...PR, per_page: 1 })
    expect(files.length).toBeGreaterThan(0)
    await octokit.rest.pulls.createReview({ ...PR, event: 'COMMENT', body: 'A note.' })
    expect(server.violations).toEqual([])
  })

  it('sends only owner, repo, basehead and paging in the compare request of getMergeBase', async () => {
    const pr = { owner: 'acme', repo: 'widgets', prNumber: 1 }
    const mergeBase = await getMergeBase(octokit, pr, fixture.baseSha, fixture.headSha)
    expect(mergeBase).toBe(fixture.mergeBaseSha)
    const compare = server.requests.filter(r => r.path.includes('/compare/'))
    expect(compare.map(r => [r.path, r.query])).toEqual([
      [`/repos/acme/widgets/compare/${fixture.baseSha}...${fixture.headSha}`, { per_page: '1' }]
    ])
    expect(server.violations).toEqual([])
  })
})
