import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { InsightsReport } from '../../src/insights/report.js'
import { findBrowser, noBrowserLine } from '../../testing/browser.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import { makeHistory } from '../../testing/insights-history.js'
import { runAction, type RunResult } from '../../testing/runner.js'

let github: HistoryStandIn
let workspace: string
let run: RunResult

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  makeHistory(github.store, 32)
  workspace = mkdtempSync(join(tmpdir(), 'redline-insights-action-'))
  run = await runAction({
    workspace,
    eventName: 'schedule',
    payload: { schedule: '17 6 * * 1' },
    inputs: {
      mode: 'insights',
      'github-token': 'ghs_testtoken',
      'insights-since': '2026-08-01',
      'insights-json': 'out/report.json'
    },
    repository: 'acme/widgets',
    sha: 'a'.repeat(40),
    ref: 'refs/heads/main',
    githubApiUrl: github.url,
    githubGraphqlUrl: github.graphqlUrl,
    env: { ANTHROPIC_API_KEY: undefined },
    timeoutMs: 120_000
  })
}, 150_000)

afterAll(async () => {
  await github.close()
  rmSync(workspace, { recursive: true, force: true })
  await run?.cleanup()
})

describe('the action in mode: insights', () => {
  it('writes the job summary, the database and the report, posts nothing and needs no model key', () => {
    expect(`${run.exitCode} ${run.stderr}`).toBe('0 ')
    expect(run.summary).toContain('## Redline insights: acme/widgets')
    expect(run.summary).toContain('| Acted upon (fixed or applied) |')
    const db = join(workspace, 'redline-insights.sqlite')
    expect(
      execFileSync('sqlite3', [db, 'SELECT COUNT(*) FROM pull_requests'], { encoding: 'utf8' }).trim()
    ).toBe('34')
    expect(existsSync(join(workspace, 'redline-insights.html'))).toBe(true)
    expect(existsSync(join(workspace, 'out/report.json'))).toBe(true)
    // Reads only: REST GETs and GraphQL queries, never a mutation.
    expect(github.requests.filter(r => r.method !== 'GET' && r.path !== '/graphql')).toEqual([])
    expect(github.requests.filter(r => r.graphql !== undefined && /^\s*mutation/.test(r.graphql))).toEqual([])
    // The reactions of thread openings come in a query of their own, by id, rather than under every comment.
    expect(github.requests.length).toBeLessThanOrEqual(7)
  })

  it('writes an HTML page that opens in headless Chromium with no console error and the right bars', () => {
    const browser = findBrowser()
    // A missing browser fails the test, saying what was tried: the report is never left unopened.
    if (browser === undefined) throw new Error(noBrowserLine())
    const html = join(workspace, 'redline-insights.html')
    const result = spawnSync(
      browser,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--enable-logging=stderr',
        '--v=0',
        '--dump-dom',
        pathToFileURL(html).href
      ],
      { encoding: 'utf8', timeout: 60_000 }
    )
    expect(result.status).toBe(0)
    // The page has no script: any console line is a blocked load or a parse complaint.
    expect(result.stderr.split('\n').filter(line => /:CONSOLE/.test(line))).toEqual([])
    const report = JSON.parse(readFileSync(join(workspace, 'out/report.json'), 'utf8')) as InsightsReport
    const bars = (chart: string) => {
      const start = result.stdout.indexOf(`<figure data-chart="${chart}">`)
      if (start === -1) return 0
      const end = result.stdout.indexOf('</figure>', start)
      return result.stdout.slice(start, end).split('<g class="bar">').length - 1
    }
    expect({
      fates: bars('fates'),
      severity: bars('severity'),
      category: bars('category'),
      folder: bars('folder'),
      week: bars('week')
    }).toEqual({
      fates: 6,
      severity: report.bySeverity.length,
      category: report.byCategory.length,
      folder: report.byFolder.length,
      week: report.byWeek.length
    })
    expect([report.bySeverity.length, report.byCategory.length, report.byFolder.length]).toEqual([5, 4, 3])
    expect(report.byWeek.length).toBeGreaterThan(4)
  })
})
