/**
 * `redline insights --org`: every repository of a made organisation collected into one database. Each
 * repository's figures in the organisation's report are the ones its own collection gives; a second
 * collection with nothing new costs at most three requests per repository.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/run.js'
import type { InsightsReport } from '../../src/insights/report.js'
import { byActedUponRate, byCost, type RepositoryRow } from '../../src/insights/repositories.js'
import { parseTargets } from '../../src/insights/targets.js'
import { startOrgHistoryServer, type OrgHistoryStandIn } from '../../testing/github/org-history-server.js'
import { makeHistory } from '../../testing/insights-history.js'

/** Four repositories Redline reviewed, of different sizes and weeks, and one it never did. */
const MADE: Record<string, number> = { api: 7, web: 3, tools: 5, mobile: 2 }
const REPOS = [...Object.keys(MADE), 'website-assets']
const SINCE = '2026-08-01'

let github: OrgHistoryStandIn
let dir: string
let org: InsightsReport
let orgRun: { code: number; stdout: string; stderr: string }
const own = new Map<string, InsightsReport>()

async function cli(argv: string[], env: NodeJS.ProcessEnv = { GITHUB_TOKEN: 'ghs_testtoken' }) {
  let stdout = ''
  let stderr = ''
  const code = await runCli({
    argv,
    env: { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl, ...env },
    cwd: dir,
    stdout: text => void (stdout += text),
    stderr: text => void (stderr += text)
  })
  return { code, stdout, stderr }
}

async function insights(target: string[], name: string): Promise<InsightsReport> {
  const json = join(dir, `${name}.json`)
  const run = await cli([
    'insights',
    ...target,
    '--since',
    SINCE,
    '--db',
    join(dir, `${name}.sqlite`),
    '--json',
    json
  ])
  expect(
    `${name}: ${run.code} ${run.stderr
      .split('\n')
      .filter(l => l.startsWith('redline:'))
      .join('')}`
  ).toBe(`${name}: 0 `)
  return JSON.parse(readFileSync(json, 'utf8')) as InsightsReport
}

beforeAll(async () => {
  github = await startOrgHistoryServer({ owner: 'acme', repos: REPOS, archived: ['mobile'] })
  Object.entries(MADE).forEach(([name, count], i) => makeHistory(github.stores.get(name)!, count, i * 3))
  dir = mkdtempSync(join(tmpdir(), 'redline-insights-org-'))
  const json = join(dir, 'org.json')
  // Side by side: each run's client spaces its GraphQL requests a second apart, as GitHub asks.
  const [first] = await Promise.all([
    cli(['insights', '--org', 'acme', '--since', SINCE, '--db', join(dir, 'org.sqlite'), '--json', json]),
    ...REPOS.map(async name => own.set(name, await insights(['--repo', `acme/${name}`], name)))
  ])
  orgRun = first
  org = JSON.parse(readFileSync(json, 'utf8')) as InsightsReport
}, 60_000)

afterAll(async () => {
  await github.close()
  rmSync(dir, { recursive: true, force: true })
})

/** What a repository's row and its own report must agree on. */
function counts(report: InsightsReport | RepositoryRow) {
  const row = 'headline' in report ? undefined : report
  const full = 'headline' in report ? report : undefined
  return {
    pulls: report.pulls,
    pullsReviewed: report.pullsReviewed,
    runs: report.runs,
    decided: row?.decided ?? full?.all.decided,
    actedUpon: row?.actedUpon ?? full?.all.actedUpon,
    actedUponRate: row?.actedUponRate ?? full?.headline.actedUponRate,
    dismissalRate: row?.dismissalRate ?? full?.headline.dismissalRate,
    costUsd: row?.costUsd ?? full?.headline.totalCostUsd,
    medianReviewSeconds: row?.medianReviewSeconds ?? full?.headline.medianReviewSeconds
  }
}

describe('redline insights --org', () => {
  it("gives each repository Redline reviewed the figures of that repository's own collection", () => {
    expect(orgRun.code).toBe(0)
    const rows = org.repositories ?? []
    expect(rows.map(row => row.repo).sort()).toEqual(
      Object.keys(MADE)
        .map(name => `acme/${name}`)
        .sort()
    )
    for (const row of rows) expect(counts(row)).toEqual(counts(own.get(row.repo.split('/')[1]!)!))
    expect(own.get('website-assets')?.pullsReviewed).toBe(0)
  })

  it('gives the headline figures overall, over every repository at once', () => {
    const reports = Object.keys(MADE).map(name => own.get(name)!)
    expect(org.pullsReviewed).toBe(reports.reduce((sum, r) => sum + r.pullsReviewed, 0))
    expect(org.runs).toBe(reports.reduce((sum, r) => sum + r.runs, 0))
    for (const fate of Object.keys(org.fates) as Array<keyof InsightsReport['fates']>)
      expect(`${fate} ${org.fates[fate]}`).toBe(
        `${fate} ${reports.reduce((sum, r) => sum + r.fates[fate], 0)}`
      )
    expect(org.headline.totalCostUsd).toBeCloseTo(
      reports.reduce((sum, r) => sum + r.headline.totalCostUsd, 0),
      9
    )
    expect(org.repo).toBe('acme (4 repositories reviewed by Redline)')
  })

  it('prints the repositories ranked by acted-upon rate and by cost', () => {
    const rows = org.repositories ?? []
    const ranked = (title: string) => {
      const start = orgRun.stdout.indexOf(`### ${title}`)
      const table = orgRun.stdout.slice(
        start,
        orgRun.stdout.indexOf('\n\n', orgRun.stdout.indexOf('| ---', start))
      )
      return [...table.matchAll(/^\| (acme\/[a-z-]+) \|/gm)].map(m => m[1])
    }
    expect(ranked('Repositories by acted-upon rate')).toEqual(byActedUponRate(rows).map(row => row.repo))
    expect(ranked('Repositories by cost')).toEqual(byCost(rows).map(row => row.repo))
  })

  it('collects again with at most 3 requests a repository when nothing is new', async () => {
    const before = github.requests.length
    await insights(['--org', 'acme'], 'org')
    const again = github.requests.slice(before)
    const perRepository = new Map<string, number>()
    for (const request of again) {
      const repo = github.repositoryOf(request) ?? '(the listing)'
      perRepository.set(repo, (perRepository.get(repo) ?? 0) + 1)
    }
    expect(perRepository.get('(the listing)')).toBe(1)
    for (const name of REPOS)
      expect(`acme/${name} ${perRepository.get(`acme/${name}`)}`).toBe(`acme/${name} 1`)
    expect(again.length).toBeLessThanOrEqual(3 * REPOS.length)
  })

  it('warns of a repository it cannot read, collects the others, and reads it on a later run', async () => {
    const unreadable = new Set(['web'])
    const locked = await startOrgHistoryServer({ owner: 'acme', repos: ['api', 'web'], unreadable })
    try {
      makeHistory(locked.stores.get('api')!, 2)
      makeHistory(locked.stores.get('web')!, 3)
      const db = join(dir, 'locked.sqlite')
      const json = join(dir, 'locked.json')
      const collect = async () => {
        let stderr = ''
        const code = await runCli({
          argv: ['insights', '--org', 'acme', '--since', SINCE, '--db', db, '--json', json],
          env: {
            GITHUB_API_URL: locked.url,
            GITHUB_GRAPHQL_URL: locked.graphqlUrl,
            GITHUB_TOKEN: 'ghs_testtoken'
          },
          cwd: dir,
          stdout: () => undefined,
          stderr: text => void (stderr += text)
        })
        const report = JSON.parse(readFileSync(json, 'utf8')) as InsightsReport
        return { code, stderr, repos: report.repositories?.map(row => row.repo) }
      }
      const first = await collect()
      expect(first.code).toBe(0)
      expect(first.stderr).toMatch(/acme\/web was not collected: .*Resource not accessible by integration/)
      expect(first.repos).toEqual(['acme/api'])
      unreadable.clear()
      const second = await collect()
      expect(second.repos?.sort()).toEqual(['acme/api', 'acme/web'])
    } finally {
      await locked.close()
    }
  })

  it('takes --org or --repo, never both, and names the owner it cannot find', async () => {
    expect(await cli(['insights', '--org', 'acme', '--repo', 'acme/api'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--org and --repo cannot be used together')
    })
    expect(await cli(['insights', '--org', 'nobody', '--db', join(dir, 'nobody.sqlite')])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no organisation or user named "nobody" is visible to the token')
    })
  })
})

describe('an owner that is a user', () => {
  it("lists the user's repositories when no organisation has the name", async () => {
    const user = await startOrgHistoryServer({
      owner: 'octo',
      repos: ['dotfiles', 'blog'],
      ownerType: 'User'
    })
    try {
      makeHistory(user.stores.get('blog')!, 2)
      const json = join(dir, 'user.json')
      let stderr = ''
      const code = await runCli({
        argv: [
          'insights',
          '--org',
          'octo',
          '--since',
          SINCE,
          '--db',
          join(dir, 'user.sqlite'),
          '--json',
          json
        ],
        env: { GITHUB_API_URL: user.url, GITHUB_GRAPHQL_URL: user.graphqlUrl, GITHUB_TOKEN: 'ghs_testtoken' },
        cwd: dir,
        stdout: () => undefined,
        stderr: text => void (stderr += text)
      })
      expect(
        `${code} ${stderr
          .split('\n')
          .filter(l => l.startsWith('redline:'))
          .join('')}`
      ).toBe('0 ')
      const report = JSON.parse(readFileSync(json, 'utf8')) as InsightsReport
      expect(report.repositories?.map(row => row.repo)).toEqual(['octo/blog'])
      expect(user.requests.filter(r => r.path.endsWith('/repos')).map(r => r.path)).toEqual([
        '/orgs/octo/repos',
        '/users/octo/repos'
      ])
    } finally {
      await user.close()
    }
  })
})

describe('the insights-repos list', () => {
  it('reads owner/name and owner/*, one a line or comma-separated, each once', () => {
    expect(parseTargets('acme/api, acme/*\nACME/API\n\nocto/blog')).toEqual([
      { owner: 'acme', repo: 'api' },
      { owner: 'acme', repo: '*' },
      { owner: 'octo', repo: 'blog' }
    ])
  })

  it.each(['acme', 'acme/api/x', 'acme/a b', '*/api', 'acme/'])('refuses %p, quoting it', entry => {
    expect(() => parseTargets(`acme/api\n${entry}`)).toThrow(`got "${entry}"`)
  })
})
