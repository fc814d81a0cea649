/**
 * The insights collection at scale: a made history of 1,000 reviewed pull requests in the history stand-in,
 * collected twice into a fresh database; then an organisation of 50 repositories with 200 pull requests each,
 * collected twice with `--org`. Prints the requests and seconds of each collection and the database's size.
 * The first reads everything; the second, with nothing new, reads each list once.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOctokit } from '../src/github/client.js'
import { runInsights } from '../src/insights/run.js'
import { silentLogger } from '../src/logger.js'
import { startHistoryServer } from '../testing/github/history-server.js'
import { startOrgHistoryServer } from '../testing/github/org-history-server.js'
import { makeHistory } from '../testing/insights-history.js'
import type { HistoryRequest } from '../testing/github/history-server.js'
import { graphqlPoints } from '../testing/github/query-points.js'

const PULLS = 1_000
const ORG_REPOS = 50
const ORG_PULLS = 200
/** The GraphQL points an hour of a GITHUB_TOKEN-like or personal token; some App tokens get 12,500. */
const POINTS_PER_HOUR = 5_000

/** The rate-limit points of the GraphQL requests sent, by GitHub's documented formula. */
function pointsOf(requests: readonly HistoryRequest[]): number {
  return requests.reduce(
    (sum, r) => (r.graphql === undefined ? sum : sum + graphqlPoints(r.graphql, r.variables ?? {})),
    0
  )
}

function costLine(requests: readonly HistoryRequest[]): string {
  const points = pointsOf(requests)
  const hours = Math.max(1, Math.ceil(points / POINTS_PER_HOUR))
  return `${points} GraphQL points (${hours} hour${hours === 1 ? '' : 's'} of a ${POINTS_PER_HOUR}-point token)`
}

/** One collection into the database, with the requests it sent and its seconds. */
async function timedCollection(
  github: { url: string; graphqlUrl: string; requests: HistoryRequest[] },
  target: { owner: string; repo: string },
  db: string
) {
  const octokit = createOctokit('ghs_testtoken', silentLogger, {
    apiUrl: github.url,
    graphqlUrl: github.graphqlUrl
  })
  const before = github.requests.length
  const started = performance.now()
  const result = await runInsights({
    octokit,
    graphqlUrl: github.graphqlUrl,
    targets: [target],
    since: '2026-01-01T00:00:00Z',
    redlineLogin: 'github-actions[bot]',
    dbPath: db,
    logger: silentLogger
  })
  const seconds = (performance.now() - started) / 1000
  const requests = github.requests.slice(before)
  const rest = requests.filter(r => r.path !== '/graphql').length
  return { result, seconds, requests, rest }
}

export async function benchInsights(): Promise<void> {
  const github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  const made = makeHistory(github.store, PULLS)
  const dir = mkdtempSync(join(tmpdir(), 'redline-insights-bench-'))
  const db = join(dir, 'insights.sqlite')
  try {
    const collect = async (label: string) => {
      const { result, seconds, requests, rest } = await timedCollection(
        github,
        { owner: 'acme', repo: 'widgets' },
        db
      )
      console.log(
        `${label.padEnd(18)} ${String(requests.length).padStart(5)} requests (${rest} REST, ${requests.length - rest} GraphQL)` +
          `  ${seconds.toFixed(1).padStart(6)} s  ${result.stats.pulls} pull requests read\n${''.padEnd(19)}${costLine(requests)}`
      )
      return result
    }
    console.log(`\ninsights: ${PULLS + 2} pull requests, ${made.findings.length} findings`)
    const first = await collect('first collection')
    await collect('second collection')
    console.log(
      `database           ${(statSync(db).size / 1024).toFixed(0)} KiB  (${first.report.pullsReviewed} reviewed pull requests, ${first.report.runs} runs)`
    )
  } finally {
    await github.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `--org` over 50 repositories of 200 pull requests each: the requests of a first and a second collection. */
export async function benchOrgInsights(): Promise<void> {
  const names = Array.from({ length: ORG_REPOS }, (_, i) => `service-${String(i + 1).padStart(2, '0')}`)
  const github = await startOrgHistoryServer({ owner: 'acme', repos: names })
  for (const store of github.stores.values()) makeHistory(store, ORG_PULLS)
  const dir = mkdtempSync(join(tmpdir(), 'redline-insights-org-bench-'))
  const db = join(dir, 'insights.sqlite')
  try {
    const collect = async (label: string) => {
      const { result, seconds, requests, rest } = await timedCollection(
        github,
        { owner: 'acme', repo: '*' },
        db
      )
      const perRepo = new Map<string, number>()
      for (const r of requests) {
        const repo = github.repositoryOf(r)
        if (repo) perRepo.set(repo, (perRepo.get(repo) ?? 0) + 1)
      }
      console.log(
        `${label.padEnd(18)} ${String(requests.length).padStart(5)} requests (${rest} REST, ${requests.length - rest} GraphQL)` +
          `, at most ${Math.max(...perRepo.values())} for one repository  ${seconds.toFixed(1).padStart(6)} s  ` +
          `${result.stats.pulls} pull requests read\n${''.padEnd(19)}${costLine(requests)}`
      )
      return result
    }
    console.log(`\ninsights --org: ${ORG_REPOS} repositories of ${ORG_PULLS + 2} pull requests each`)
    const first = await collect('first collection')
    await collect('second collection')
    console.log(
      `database           ${(statSync(db).size / 1024).toFixed(0)} KiB  (${first.report.pullsReviewed} reviewed pull requests, ${first.report.runs} runs, ${first.report.repositories?.length} repositories)`
    )
  } finally {
    await github.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
