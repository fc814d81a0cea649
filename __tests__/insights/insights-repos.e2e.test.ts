/**
 * The action in `mode: insights` with `insights-repos`: the bundled action, run as the runner runs it, collects
 * the repositories an `owner/*` entry and a named one give into one database, with the github-token input as
 * its token, and writes the report across repositories to the job summary and the HTML page.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startOrgHistoryServer, type OrgHistoryStandIn } from '../../testing/github/org-history-server.js'
import { makeHistory } from '../../testing/insights-history.js'
import { runAction, type RunResult } from '../../testing/runner.js'

const APP_TOKEN = 'ghs_installationtokenofanapp'
let github: OrgHistoryStandIn
let workspace: string
let run: RunResult

beforeAll(async () => {
  github = await startOrgHistoryServer({ owner: 'acme', repos: ['api', 'web', 'legacy'], token: APP_TOKEN })
  makeHistory(github.stores.get('api')!, 4)
  makeHistory(github.stores.get('web')!, 2, 10)
  workspace = mkdtempSync(join(tmpdir(), 'redline-insights-repos-'))
  run = await runAction({
    workspace,
    eventName: 'schedule',
    payload: { schedule: '17 6 * * 1' },
    inputs: {
      mode: 'insights',
      'github-token': APP_TOKEN,
      'insights-since': '2026-08-01',
      'insights-repos': 'acme/*\nacme/web'
    },
    repository: 'acme/.github',
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

describe('the action with insights-repos', () => {
  it('collects every repository into one database with the token it was given, reading only', () => {
    expect(`${run.exitCode} ${run.stderr}`).toBe('0 ')
    const db = join(workspace, 'redline-insights.sqlite')
    const sql = 'SELECT repo, COUNT(*) FROM pull_requests GROUP BY repo ORDER BY repo'
    expect(execFileSync('sqlite3', [db, sql], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'acme/api|6',
      'acme/web|4'
    ])
    expect(github.requests.filter(r => r.method !== 'GET' && r.path !== '/graphql')).toEqual([])
    expect(github.requests.filter(r => r.path === '/orgs/acme/repos')).toHaveLength(1)
  })

  it('reports overall and per repository, ranked, in the job summary and the HTML page', () => {
    expect(run.summary).toContain('## Redline insights: acme (2 repositories reviewed by Redline)')
    expect(run.summary).toContain('### Repositories by acted-upon rate')
    expect(run.summary).toContain('### Repositories by cost')
    expect(run.summary).not.toContain('acme/legacy')
    const html = readFileSync(join(workspace, 'redline-insights.html'), 'utf8')
    for (const table of ['by-acted-upon', 'by-cost']) {
      const start = html.indexOf(`<table data-table="${table}">`)
      expect(start).toBeGreaterThan(0)
      const rows = html.slice(start, html.indexOf('</table>', start)).match(/<td>acme\/(api|web)<\/td>/g)
      expect(`${table}: ${rows?.length}`).toBe(`${table}: 2`)
    }
  })
})
