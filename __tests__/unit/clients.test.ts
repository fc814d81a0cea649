import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createAnthropic } from '../../src/agent/client.js'
import { createOctokit, graphqlUrlFromEnv } from '../../src/github/client.js'
import { fetchViewerLogin, isOwnAccount } from '../../src/github/identity.js'
import { memoryLogger } from '../../src/logger.js'
import { startGitHubServer, type GitHubStandIn } from '../support/github-server.js'
import { reply, startMessagesServer } from '../support/messages-server.js'
import { createPrFixture, type PrFixture } from '../support/pr-fixture.js'

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
