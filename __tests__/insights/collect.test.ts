import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOctokit } from '../../src/github/client.js'
import { FATES, type Fate } from '../../src/insights/fates.js'
import { runInsights, type InsightsResult } from '../../src/insights/run.js'
import { InsightsStore, SCHEMA_VERSION } from '../../src/insights/store.js'
import { memoryLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import {
  addReviewedPull,
  dayAfter,
  makeHistory,
  type MadeFinding,
  type MadeHistory
} from '../../testing/insights-history.js'

const PULLS = 32
const SINCE = '2026-08-01T00:00:00Z'

let github: HistoryStandIn
let made: MadeHistory
let dir: string
/** One collection of the made history, read by the tests that only look. */
let shared: { db: string; result: InsightsResult }

function tally(
  findings: readonly MadeFinding[],
  keyOf: (f: MadeFinding) => string
): Record<string, Record<Fate, number>> {
  const out: Record<string, Record<Fate, number>> = {}
  for (const f of findings) {
    const key = keyOf(f)
    out[key] ??= Object.fromEntries(FATES.map(fate => [fate, 0])) as Record<Fate, number>
    out[key][f.fate] += 1
  }
  return out
}

async function collectOnce(db: string): Promise<InsightsResult> {
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

/** Every row of every table, as text, to compare two states of the database. */
async function dump(db: string): Promise<string[]> {
  const store = await InsightsStore.open(db)
  try {
    const tables = store.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return tables
      .flatMap(table =>
        store
          .all(`SELECT * FROM ${String(table['name'])}`)
          .map(row => `${String(table['name'])} ${JSON.stringify(row)}`)
      )
      .sort()
  } finally {
    store.close()
  }
}

function sqlite3(db: string, sql: string): string {
  return execFileSync('sqlite3', [db, sql], { encoding: 'utf8' }).trim()
}

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  made = makeHistory(github.store, PULLS)
  dir = mkdtempSync(join(tmpdir(), 'redline-insights-'))
  const db = join(dir, 'shared.sqlite')
  shared = { db, result: await collectOnce(db) }
  // One whole collection over HTTP: a busy machine stretches it well past the default.
}, 120_000)

afterAll(async () => {
  await github.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('collecting a repository history', () => {
  it('gives each finding the fate it was made with, per severity and category', async () => {
    const { db } = shared
    const { report } = shared.result
    const expected = tally(made.findings, () => 'all').all as Record<Fate, number>
    expect(made.findings.length).toBeGreaterThanOrEqual(90)
    expect(FATES.every(fate => expected[fate] > 0)).toBe(true)
    expect(report.fates).toEqual(expected)
    const rows = (sql: string) =>
      Object.fromEntries(
        sqlite3(db, sql)
          .split('\n')
          .map(line => line.split('|'))
          .map(([k, f, n]) => [`${k} ${f}`, Number(n)])
      )
    const byKey = (key: 'severity' | 'category') => {
      const want: Record<string, number> = {}
      for (const [k, fates] of Object.entries(tally(made.findings, f => f[key])))
        for (const [fate, n] of Object.entries(fates)) if (n > 0) want[`${k} ${fate}`] = n
      return want
    }
    const query = (key: string) =>
      `SELECT f.${key}, t.fate, COUNT(*) FROM findings f JOIN fates t USING (repo, pr_number, finding_id) GROUP BY 1, 2`
    expect(rows(query('severity'))).toEqual(byKey('severity'))
    expect(rows(query('category'))).toEqual(byKey('category'))
    expect(report.pulls).toBe(PULLS + 2)
    expect(report.pullsReviewed).toBe(PULLS)
    expect(report.runs).toBe(made.runs)
  })

  it('counts a committed suggestion as applied and a thread a person resolved while open as dismissed', async () => {
    const { db } = shared
    const fateOf = (kind: string) =>
      new Set(
        made.findings
          .filter(f => f.kind === kind)
          .map(f =>
            sqlite3(db, `SELECT fate FROM fates WHERE pr_number = ${f.pr} AND finding_id = '${f.id}'`)
          )
      )
    expect(fateOf('applied')).toEqual(new Set(['applied']))
    expect(fateOf('fixed-other-change')).toEqual(new Set(['fixed']))
    expect(fateOf('dismissed-thread')).toEqual(new Set(['dismissed']))
    expect(
      sqlite3(
        db,
        "SELECT DISTINCT dismissed_by FROM fates WHERE dismissal_source = 'thread-resolved' ORDER BY 1"
      )
    ).toBe('bob\ncarol')
    expect(
      sqlite3(
        db,
        "SELECT DISTINCT dismissed_by || ' ' || dismissal_reason FROM fates WHERE dismissal_source = 'question'"
      )
    ).toBe('dave dismissed: every caller validates the input first')
    // Redline resolving its own thread is no dismissal.
    expect(fateOf('left-open-redline-resolved')).not.toContain('dismissed')
  })

  it('counts people’s reactions and never Redline’s own', async () => {
    const { db } = shared
    const up = made.findings.reduce((n, f) => n + f.thumbsUp, 0)
    const down = made.findings.reduce((n, f) => n + f.thumbsDown, 0)
    expect(up).toBeGreaterThan(0)
    expect(sqlite3(db, 'SELECT SUM(thumbs_up), SUM(thumbs_down) FROM fates')).toBe(`${up}|${down}`)
    expect(
      sqlite3(
        db,
        "SELECT COUNT(*) FROM feedback_events WHERE kind = 'reaction' AND actor LIKE 'github-actions%'"
      )
    ).toBe('0')
    expect(sqlite3(db, "SELECT COUNT(*) FROM feedback_events WHERE kind = 'reaction'")).toBe(
      String(up + down)
    )
  })

  it('ignores a forged marker and a malformed one, as the review does', async () => {
    const { db } = shared
    const { stats } = shared.result
    for (const pr of made.ignored) {
      expect(
        sqlite3(
          db,
          `SELECT reviewed, (SELECT COUNT(*) FROM findings WHERE pr_number = ${pr}), (SELECT COUNT(*) FROM runs WHERE pr_number = ${pr}) FROM pull_requests WHERE number = ${pr}`
        )
      ).toBe('0|0|0')
    }
    // Pull request 1 also holds a forged marker with a higher sequence number and no findings.
    expect(sqlite3(db, 'SELECT COUNT(*) FROM findings WHERE pr_number = 1')).toBe('3')
    expect(
      stats.warnings.some(w => w.startsWith(`#${PULLS + 2}:`) && /does not match version 1/.test(w))
    ).toBe(true)
  })

  it('makes at most 3 requests and changes no row when nothing is new; a new merged pull request adds exactly its rows', async () => {
    const db = join(dir, 'again.sqlite')
    await collectOnce(db)
    const before = await dump(db)
    const requests = github.requests.length
    const again = await collectOnce(db)
    expect(github.requests.length - requests).toBeLessThanOrEqual(3)
    expect(again.stats.pulls).toBe(0)
    expect(await dump(db)).toEqual(before)

    const pr = PULLS + 3
    const added = addReviewedPull(
      github.store,
      pr,
      ['applied', 'dismissed-thread', 'left-open'],
      'merged',
      dayAfter(PULLS)
    )
    try {
      const third = await collectOnce(db)
      expect(third.stats.pulls).toBe(1)
      const after = await dump(db)
      const gained = after.filter(row => !before.includes(row))
      const lost = before.filter(row => !after.includes(row))
      expect(lost.filter(row => !row.startsWith('meta '))).toEqual([])
      const counts = (table: string) => gained.filter(row => row.startsWith(`${table} `)).length
      expect([counts('pull_requests'), counts('findings'), counts('fates'), counts('runs')]).toEqual([
        1, 3, 3, 2
      ])
      expect(gained.filter(row => !row.startsWith('meta ')).every(row => row.includes(`${pr}`))).toBe(true)
      expect(sqlite3(db, `SELECT fate FROM fates WHERE pr_number = ${pr} ORDER BY finding_id`)).toBe(
        added.map(f => f.fate).join('\n')
      )
    } finally {
      github.store.pulls.pop()
    }
  })

  it('writes a real SQLite file with its schema version', async () => {
    const { db } = shared
    expect(sqlite3(db, "SELECT value FROM meta WHERE key = 'schema_version'")).toBe(String(SCHEMA_VERSION))
    expect(sqlite3(db, 'PRAGMA integrity_check')).toBe('ok')
  })
})
