import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOctokit } from '../../src/github/client.js'
import { markAfter } from '../../src/insights/collect.js'
import { runInsights, type InsightsResult } from '../../src/insights/run.js'
import { InsightsStore } from '../../src/insights/store.js'
import { memoryLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import { makeHistory } from '../../testing/insights-history.js'

/** More than one batch of a hundred, so that a stop in the second keeps the first. */
const PULLS = 110
const SINCE = '2026-01-01T00:00:00Z'

let github: HistoryStandIn
let dir: string

function collectInto(db: string): Promise<InsightsResult> {
  const logger = memoryLogger()
  return runInsights({
    octokit: createOctokit('ghs_testtoken', logger, { apiUrl: github.url, graphqlUrl: github.graphqlUrl }),
    graphqlUrl: github.graphqlUrl,
    targets: [{ owner: 'acme', repo: 'widgets' }],
    since: SINCE,
    redlineLogin: 'github-actions[bot]',
    dbPath: db,
    logger
  })
}

async function rows(db: string, sql: string): Promise<string[]> {
  const store = await InsightsStore.open(db)
  try {
    return store
      .all(sql)
      .map(row => JSON.stringify(row))
      .sort()
  } finally {
    store.close()
  }
}

const graphqlCount = () => github.requests.filter(r => r.path === '/graphql').length

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  makeHistory(github.store, PULLS)
  dir = mkdtempSync(join(tmpdir(), 'redline-insights-resume-'))
})

afterAll(async () => {
  await github.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a collection stopped by the GraphQL rate limit', () => {
  it('keeps what it collected, and the next run goes on from there to the same rows', async () => {
    const whole = join(dir, 'whole.sqlite')
    const before = graphqlCount()
    await collectInto(whole)
    const needed = graphqlCount() - before

    const stopped = join(dir, 'stopped.sqlite')
    github.rateLimit.graphqlLeft = needed - 1
    await expect(collectInto(stopped)).rejects.toThrow(/rate limit/i)
    const kept = await rows(stopped, 'SELECT number FROM pull_requests')
    expect(kept).toHaveLength(100)

    delete github.rateLimit.graphqlLeft
    const resumed = await collectInto(stopped)
    expect(resumed.stats.pulls).toBe(PULLS + 2 - 100)
    for (const table of ['pull_requests', 'findings', 'fates', 'feedback_events', 'runs', 'review_comments'])
      expect(await rows(stopped, `SELECT * FROM ${table}`)).toEqual(
        await rows(whole, `SELECT * FROM ${table}`)
      )
  }, 180_000)
})

describe('markAfter', () => {
  const pull = (number: number, updatedAt: string) =>
    ({ number, updatedAt }) as Parameters<typeof markAfter>[0][number]

  it('moves to the last update saved, but never past one a pull request still to read shares', () => {
    const done = [pull(1, '2026-03-01'), pull(2, '2026-03-02'), pull(3, '2026-03-03')]
    expect(markAfter(done, undefined, '2026-01-01')).toBe('2026-03-03')
    expect(markAfter(done, pull(4, '2026-03-04'), '2026-01-01')).toBe('2026-03-03')
    expect(markAfter(done, pull(4, '2026-03-03'), '2026-01-01')).toBe('2026-03-02')
    expect(markAfter([pull(1, '2026-03-03')], pull(4, '2026-03-03'), '2026-01-01')).toBe('2026-01-01')
  })
})
