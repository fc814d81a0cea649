import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createAnthropic } from '../src/agent/client.js'
import { createOctokit, graphqlUrlFromEnv } from '../src/github/client.js'
import { fetchViewerLogin, isOwnAccount } from '../src/github/identity.js'
import { memoryLogger } from '../src/logger.js'
import { faults, startGitHubServer, type GitHubStandIn } from '../testing/github-server.js'
import { reply, startMessagesServer } from '../testing/messages-server.js'
import { createPrFixture, type PrFixture } from '../testing/pr-fixture.js'

let fixture: PrFixture
let github: GitHubStandIn

beforeAll(async () => {
  fixture = createPrFixture({ base: { 'a.txt': 'one\n' }, commits: [{ files: { 'a.txt': 'two\n' } }] })
  github = await startGitHubServer({ fixture, viewerLogin: 'redline-app[bot]' })
})

afterAll(async () => {
  await github.close()
  fixture.cleanup()
})

describe('createOctokit', () => {
  it('reaches the configured API and retries a 502 once, in the retry plugin', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url })
    github.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, { status: 502 })
    const before = github.requests.length
    const { data } = await octokit.rest.pulls.get({
      owner: fixture.owner,
      repo: fixture.repo,
      pull_number: 1
    })
    expect(data.head.sha).toBe(fixture.headSha)
    expect(github.requests.length - before).toBe(2)
  })

  it('does not retry a 422', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url })
    const before = github.requests.length
    await expect(
      octokit.rest.pulls.createReview({
        owner: fixture.owner,
        repo: fixture.repo,
        pull_number: 1,
        event: 'COMMENT',
        body: 'x',
        comments: [{ path: 'a.txt', line: 40, side: 'RIGHT', body: 'off the diff' }]
      })
    ).rejects.toMatchObject({ status: 422 })
    expect(github.requests.length - before).toBe(1)
  })

  it('ends a GET that never answers with a clear error, after one attempt', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url, timeoutMs: 200 })
    github.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, faults.hang())
    const before = github.requests.length
    const started = Date.now()
    await expect(
      octokit.rest.pulls.get({ owner: fixture.owner, repo: fixture.repo, pull_number: 1 })
    ).rejects.toThrow(
      /GitHub did not answer GET http:\/\/127\.0\.0\.1:\d+\/repos\/acme\/widgets\/pulls\/1 within 0\.2 s/
    )
    expect(Date.now() - started).toBeLessThan(900)
    expect(github.requests.length - before).toBe(1)
  })

  it('ends an answer whose body stalls at the same deadline', async () => {
    const sockets = new Set<Socket>()
    const stalling = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.write('{"number": 1,')
    })
    stalling.on('connection', socket => sockets.add(socket))
    await new Promise<void>(resolve => stalling.listen(0, '127.0.0.1', resolve))
    const { port } = stalling.address() as AddressInfo
    try {
      const octokit = createOctokit('ghs_testtoken', memoryLogger(), {
        apiUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 200
      })
      await expect(
        octokit.rest.pulls.get({ owner: 'acme', repo: 'widgets', pull_number: 1 })
      ).rejects.toThrow(/did not answer GET .*\/pulls\/1 within 0\.2 s/)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>(resolve => stalling.close(() => resolve()))
    }
  })

  it('ends a POST that never answers without sending it again', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url, timeoutMs: 200 })
    github.failNext({ method: 'POST', pathPattern: /\/issues\/1\/comments$/ }, faults.hang())
    const before = github.requests.length
    await expect(
      octokit.rest.issues.createComment({
        owner: fixture.owner,
        repo: fixture.repo,
        issue_number: 1,
        body: 'x'
      })
    ).rejects.toThrow(/did not answer POST .* within 0\.2 s/)
    expect(github.requests.length - before).toBe(1)
  })

  it('never retries a REST POST that answered 502 (it may have landed)', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url })
    github.failNext({ method: 'POST', pathPattern: /\/issues\/1\/comments$/ }, faults.landedButBadGateway())
    const before = github.requests.length
    const comments = github.issueComments.length
    await expect(
      octokit.rest.issues.createComment({
        owner: fixture.owner,
        repo: fixture.repo,
        issue_number: 1,
        body: 'once'
      })
    ).rejects.toMatchObject({ status: 502 })
    expect(github.requests.length - before).toBe(1)
    expect(github.issueComments.length - comments).toBe(1)
  })

  it('says it gives up when it does, not that it will retry', async () => {
    const logger = memoryLogger()
    const octokit = createOctokit('ghs_testtoken', logger, { apiUrl: github.url })
    github.failNext({ method: 'GET', pathPattern: /\/pulls\/1$/ }, faults.secondaryRateLimit(1), 3)
    await expect(
      octokit.rest.pulls.get({ owner: fixture.owner, repo: fixture.repo, pull_number: 1 })
    ).rejects.toMatchObject({ status: 403 })
    const warnings = logger.lines.filter(line => line.level === 'warning').map(line => line.message)
    expect(warnings).toEqual([
      expect.stringMatching(/secondary rate limit on GET .*pulls\/{pull_number}; retry 1 of 2 in 1s\.$/),
      expect.stringMatching(/secondary rate limit on GET .*pulls\/{pull_number}; retry 2 of 2 in 1s\.$/),
      expect.stringMatching(
        /secondary rate limit on GET .*pulls\/{pull_number}; not retrying after 2 retries\.$/
      )
    ])
  })

  it('finds its own login through the GraphQL viewer, where GET /user is refused', async () => {
    const octokit = createOctokit('ghs_testtoken', memoryLogger(), { apiUrl: github.url })
    await expect(octokit.rest.users.getAuthenticated()).rejects.toMatchObject({ status: 403 })
    const login = await fetchViewerLogin(octokit, github.graphqlUrl)
    expect(login).toBe('redline-app[bot]')
    expect(isOwnAccount({ login: 'redline-app[bot]', type: 'Bot' }, login)).toBe(true)
    expect(isOwnAccount({ login: 'mallory', type: 'User' }, login)).toBe(false)
  })

  it('matches the app under either spelling of its login, but never a person with the bare name', () => {
    expect(isOwnAccount({ login: 'github-actions[bot]', type: 'Bot' }, 'github-actions')).toBe(true)
    expect(isOwnAccount({ login: 'Redline-App', type: 'User' }, 'redline-app')).toBe(true)
    expect(isOwnAccount({ login: 'redline-app', type: 'User' }, 'redline-app[bot]')).toBe(false)
    expect(isOwnAccount({ login: 'redline-app' }, 'redline-app[bot]')).toBe(false)
    expect(isOwnAccount(null, 'redline-app[bot]')).toBe(false)
  })
})

describe('graphqlUrlFromEnv', () => {
  it('prefers GITHUB_GRAPHQL_URL and otherwise derives it from GITHUB_API_URL', () => {
    expect(
      graphqlUrlFromEnv({ GITHUB_GRAPHQL_URL: 'https://ghe.example/api/graphql', GITHUB_API_URL: 'x' })
    ).toBe('https://ghe.example/api/graphql')
    expect(graphqlUrlFromEnv({ GITHUB_API_URL: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9/graphql')
    expect(graphqlUrlFromEnv({})).toBe('https://api.github.com/graphql')
  })
})

describe('createAnthropic', () => {
  it('honours ANTHROPIC_BASE_URL when no base URL is given', async () => {
    const messages = await startMessagesServer({ apiKey: 'sk-ant-test', script: [reply.text('hello')] })
    const saved = process.env['ANTHROPIC_BASE_URL']
    process.env['ANTHROPIC_BASE_URL'] = messages.url
    try {
      const client = createAnthropic({ apiKey: 'sk-ant-test', maxRetries: 0 })
      const message = await client.messages.create({
        model: 'claude-sonnet-5-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hi' }]
      })
      expect(message.content[0]).toMatchObject({ type: 'text', text: 'hello' })
      expect(messages.requests).toHaveLength(1)
    } finally {
      if (saved === undefined) delete process.env['ANTHROPIC_BASE_URL']
      else process.env['ANTHROPIC_BASE_URL'] = saved
      await messages.close()
    }
  })
})
