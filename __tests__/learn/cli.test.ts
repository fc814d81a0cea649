/**
 * `redline learn` against the history stand-in and the scripted model: it prints the file it would propose,
 * or writes it with --write, and never writes to GitHub.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/run.js'
import { parseLearnedFile } from '../../src/state/learned-file.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import { LEGACY_RULE, makeLearnStory, proposing, type LearnStory } from '../../testing/learn-story.js'
import { startMessagesServer, type MessagesServer } from '../../testing/messages-server.js'

let github: HistoryStandIn
let model: MessagesServer
let story: LearnStory
let dir: string

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  story = makeLearnStory(github.store)
  model = await startMessagesServer()
  dir = mkdtempSync(join(tmpdir(), 'redline-learn-cli-'))
})

afterAll(async () => {
  await Promise.all([github.close(), model.close()])
  rmSync(dir, { recursive: true, force: true })
})

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCli({
    argv,
    env: {
      GITHUB_API_URL: github.url,
      GITHUB_GRAPHQL_URL: github.graphqlUrl,
      GITHUB_TOKEN: 'ghs_testtoken',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: model.url,
      ...env
    },
    cwd: dir,
    stdout: text => void (stdout += text),
    stderr: text => void (stderr += text)
  })
  return { code, stdout, stderr }
}

const LEARN = ['learn', '--repo', 'acme/widgets', '--since', '2026-09-01', '--db', 'history.sqlite']

describe('redline learn', () => {
  it('prints the proposed file, and with --write writes it; GitHub is only read', async () => {
    const links = story.legacyDismissals.map(item => item.url as string)
    model.push(proposing([{ ...LEGACY_RULE, evidence: links }]))
    const printed = await cli(LEARN)
    expect(`${printed.code} ${printed.stderr}`).toMatch(/^0 /)
    const file = parseLearnedFile(printed.stdout)
    expect(file.problems).toEqual([])
    expect(file.rules).toEqual([
      expect.objectContaining({ title: LEGACY_RULE.title, paths: LEGACY_RULE.paths, evidence: links })
    ])
    expect(printed.stderr).toContain('1 rule added, 0 changed, 0 removed')

    model.push(proposing([{ ...LEGACY_RULE, evidence: links }]))
    const written = await cli([...LEARN, '--write'])
    expect(`${written.code} ${written.stdout}`).toBe('0 ')
    // The same file, but for the instant the rule was added.
    const addedAt = /"added":"[^"]+"/g
    expect(readFileSync(join(dir, '.github/redline/learned.md'), 'utf8').replace(addedAt, '')).toBe(
      printed.stdout.replace(addedAt, '')
    )
    expect(github.requests.filter(r => r.method !== 'GET' && r.path !== '/graphql')).toEqual([])
    expect(github.repository.pulls).toEqual([])
  })

  it('does not send the same evidence again after a run that changed no rule', async () => {
    const fresh = ['learn', '--repo', 'acme/widgets', '--since', '2026-09-01', '--db', 'quiet.sqlite']
    model.push(proposing([]))
    const calls = model.requests.length
    const first = await cli(fresh)
    expect(`${first.code} ${first.stdout}`).toBe('0 ')
    expect(first.stderr).toContain('No rule to add, change or remove')
    expect(model.requests.length).toBe(calls + 1)
    const second = await cli(fresh)
    expect(`${second.code} ${second.stdout}`).toBe('0 ')
    expect(second.stderr).toContain('Nothing new to learn from since')
    expect(model.requests.length).toBe(calls + 1)
  })

  it('asks for the repository, and refuses an unknown option', async () => {
    expect(await cli(['learn'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--repo is required')
    })
    expect(await cli(['learn', '--repo', 'acme/widgets', '--open-pr'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown option --open-pr')
    })
    expect((await cli(['learn', '--help'])).stdout).toContain('Usage: redline learn --repo <owner/name>')
  })
})
