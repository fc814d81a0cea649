import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOctokit } from '../../src/github/client.js'
import { collect, type CollectStats } from '../../src/insights/collect.js'
import { loadSqlite } from '../../src/insights/sqlite.js'
import { InsightsStore, SCHEMA_VERSION } from '../../src/insights/store.js'
import { memoryLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import { makeHistory } from '../../testing/insights-history.js'
import { makeLearnHistory, type LearnHistory } from '../../testing/learn-history.js'

const REPO = { owner: 'acme', repo: 'widgets' }
const SINCE = '2026-08-01T00:00:00Z'

let github: HistoryStandIn
let made: LearnHistory
let dir: string

async function collectInto(file: string): Promise<CollectStats> {
  const store = await InsightsStore.open(file)
  try {
    const logger = memoryLogger()
    const stats = await collect({
      octokit: createOctokit('ghs_testtoken', logger, { apiUrl: github.url, graphqlUrl: github.graphqlUrl }),
      graphqlUrl: github.graphqlUrl,
      repo: REPO,
      since: SINCE,
      redlineLogin: 'github-actions[bot]',
      store,
      logger
    })
    store.save()
    return stats
  } finally {
    store.close()
  }
}

/** Every row of every table, as text, to compare two states of the database. */
async function dump(file: string, leaveOut: readonly string[] = []): Promise<string[]> {
  const store = await InsightsStore.open(file)
  try {
    const tables = store
      .all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .map(row => String(row['name']))
      .filter(name => !leaveOut.includes(name))
    return tables
      .flatMap(table => store.all(`SELECT * FROM ${table}`).map(row => `${table} ${JSON.stringify(row)}`))
      .sort()
  } finally {
    store.close()
  }
}

/** The file's rows as they are on disk, read without the store (which would migrate them first). */
async function rawDump(file: string): Promise<string[]> {
  const SQL = await loadSqlite()
  const db = new SQL.Database(readFileSync(file))
  try {
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0]
    return (tables?.values ?? [])
      .flatMap(([table]) => {
        const result = db.exec(`SELECT * FROM ${String(table)}`)[0]
        return (result?.values ?? []).map(row => {
          const named = Object.fromEntries(result?.columns.map((column, i) => [column, row[i]]) ?? [])
          return `${String(table)} ${JSON.stringify(named)}`
        })
      })
      .concat((tables?.values ?? []).map(([table]) => `table ${String(table)}`))
      .sort()
  } finally {
    db.close()
  }
}

async function reviewComments(file: string) {
  const store = await InsightsStore.open(file)
  try {
    return store.all('SELECT * FROM review_comments ORDER BY pr_number, comment_id')
  } finally {
    store.close()
  }
}

beforeAll(async () => {
  github = await startHistoryServer({ owner: REPO.owner, repo: REPO.repo })
  makeHistory(github.store, 8)
  made = makeLearnHistory(github.store)
  dir = mkdtempSync(join(tmpdir(), 'redline-review-comments-'))
})

afterAll(async () => {
  await github.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('collecting the threads people open', () => {
  it('keeps the opening comment of each thread a person started on a merged pull request, with its place', async () => {
    const file = join(dir, 'comments.sqlite')
    const stats = await collectInto(file)
    const wanted = made.items.filter(item => item.kind === 'human-comment' && item.eligible)
    // Redline's own threads, replies, a bot's thread and the open pull request's thread are not kept.
    expect(made.items.filter(item => item.kind === 'human-comment').length).toBeGreaterThan(wanted.length)
    expect(stats.reviewComments).toBe(wanted.length)
    const rows = await reviewComments(file)
    expect(rows.map(row => row['url'])).toEqual(wanted.map(item => item.url))
    expect(rows.find(row => row['author'] === 'maya')).toMatchObject({
      repo: 'acme/widgets',
      pr_number: 105,
      path: 'src/net/client.ts',
      line: 21,
      author_association: 'MEMBER',
      body: 'Use the shared retry helper from src/net/retry.ts instead of a loop here.',
      created_at: wanted.find(item => item.actor === 'maya')?.createdAt
    })
  }, 60_000)

  it('writes the same rows when it collects the same history again from the start', async () => {
    const first = join(dir, 'first.sqlite')
    const second = join(dir, 'second.sqlite')
    await collectInto(first)
    await collectInto(second)
    // The second file's mark is forgotten, so it reads the whole window again over its own rows.
    const store = await InsightsStore.open(second)
    store.db.run("DELETE FROM meta WHERE key LIKE 'pulls_updated_through:%'")
    store.save()
    store.close()
    const again = await collectInto(second)
    expect(again.pulls).toBe(github.store.pulls.length)
    expect(await dump(second)).toEqual(await dump(first))
    expect((await reviewComments(second)).length).toBeGreaterThan(0)
  }, 120_000)

  it('brings a database of schema version 1 to the newest with its rows kept, then fills the new table', async () => {
    expect(SCHEMA_VERSION).toBe(2)
    const file = join(dir, 'old.sqlite')
    await collectInto(file)
    const full = await dump(file)
    // Version 1 is the first migration alone: the same tables without review_comments.
    const store = await InsightsStore.open(file)
    store.db.run('DROP TABLE review_comments')
    store.setMeta('schema_version', '1')
    store.save()
    store.close()
    const old = await rawDump(file)
    expect(old).toContain('meta {"key":"schema_version","value":"1"}')
    expect(old).not.toContain('table review_comments')
    expect(old.filter(row => row.startsWith('findings ')).length).toBeGreaterThan(20)

    const opened = await InsightsStore.open(file)
    opened.save()
    opened.close()
    const migrated = await rawDump(file)
    expect(migrated).toContain('meta {"key":"schema_version","value":"2"}')
    expect(migrated).toContain('table review_comments')
    const data = (rows: string[]) => rows.filter(row => !row.startsWith('meta ') && !row.startsWith('table '))
    expect(data(migrated)).toEqual(data(old))
    // The high-water mark is forgotten, so the next collection reads the window again and fills the table.
    expect(migrated.some(row => row.includes('pulls_updated_through'))).toBe(false)
    const stats = await collectInto(file)
    expect(stats.pulls).toBe(github.store.pulls.length)
    expect(await dump(file)).toEqual(full)
  }, 120_000)
})
