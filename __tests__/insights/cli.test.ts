import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/run.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import { makeHistory } from '../../testing/insights-history.js'

let github: HistoryStandIn
let dir: string

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  makeHistory(github.store, 6)
  dir = mkdtempSync(join(tmpdir(), 'redline-insights-cli-'))
})

afterAll(async () => {
  await github.close()
  rmSync(dir, { recursive: true, force: true })
})

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
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

describe('redline insights', () => {
  it('collects into the database, prints the report and writes the HTML and JSON files', async () => {
    const db = join(dir, 'history.sqlite')
    const html = join(dir, 'report.html')
    const json = join(dir, 'report.json')
    const run = await cli(
      [
        'insights',
        '--repo',
        'acme/widgets',
        '--since',
        '2026-08-01',
        '--db',
        db,
        '--html',
        html,
        `--json=${json}`
      ],
      { GITHUB_TOKEN: 'ghs_testtoken' }
    )
    expect(
      `${run.code} ${run.stderr
        .split('\n')
        .filter(line => line.startsWith('redline:'))
        .join('')}`
    ).toBe('0 ')
    expect(run.stdout).toContain('## Redline insights: acme/widgets')
    expect(existsSync(db)).toBe(true)
    expect(readFileSync(html, 'utf8')).toMatch(/^<!doctype html>/)
    expect(JSON.parse(readFileSync(json, 'utf8')).pullsReviewed).toBe(6)
  })

  it('asks for the repository and a token, and checks the window', async () => {
    expect(await cli(['insights'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--repo or --org is required')
    })
    expect(await cli(['insights', '--repo', 'acme/widgets'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('GITHUB_TOKEN is not set')
    })
    const bad = await cli(
      ['insights', '--repo', 'acme/widgets', '--since', 'forever', '--db', join(dir, 'x.sqlite')],
      {
        GITHUB_TOKEN: 'ghs_testtoken'
      }
    )
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('since must be a number of days') })
    expect((await cli(['insights', '--help'])).stdout).toContain(
      'Usage: redline insights (--repo <owner/name> | --org <owner>)'
    )
  })
})
