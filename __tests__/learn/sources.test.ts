/**
 * Where a learn run stands: the file a proposal changes (the open proposal's, else the default branch's) and
 * the rules people deleted, each dated by the last commit that changed the file where it was deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Octokit } from '../../src/github/client.js'
import { LEARNED_BRANCH } from '../../src/github/learned-pr.js'
import { createPlainOctokit } from '../../src/github/plain-client.js'
import { readSources } from '../../src/learn/sources.js'
import { silentLogger } from '../../src/logger.js'
import {
  emptyLedger,
  LEARNED_RULES_PATH,
  renderLearnedFile,
  type LearnedRule,
  type LedgerRule
} from '../../src/state/learned-file.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'

const repo = { owner: 'acme', repo: 'widgets' }
let github: HistoryStandIn
let octokit: Octokit

function rule(id: string): { section: LearnedRule; entry: LedgerRule } {
  const section = {
    id,
    title: `Rule ${id}`,
    text: `Do not flag ${id}.`,
    paths: [],
    evidence: [`https://x/${id}`]
  }
  return { section, entry: { ...section, added: '2026-10-01T00:00:00Z' } }
}

/** A file holding the sections of `shown`, whose ledger says Redline wrote all of `written`. */
function file(written: string[], shown: string[], through = '2026-10-20T00:00:00Z'): string {
  return renderLearnedFile({
    preamble: '',
    rules: shown.map(id => rule(id).section),
    ledger: { ...emptyLedger(), through, rules: written.map(id => rule(id).entry) }
  })
}

beforeAll(async () => {
  github = await startHistoryServer({ owner: 'acme', repo: 'widgets' })
  octokit = createPlainOctokit('ghs_testtoken', silentLogger, {
    apiUrl: github.url,
    graphqlUrl: github.graphqlUrl
  })
})

afterAll(async () => {
  await github.close()
})

describe('readSources', () => {
  it('reads no file and no deletion in a repository that has none', async () => {
    const sources = await readSources(octokit, repo)
    expect(sources).toMatchObject({ head: { branch: 'main' }, deletions: [] })
    expect(sources.open).toBeUndefined()
    expect(sources.currentText).toBeUndefined()
    expect(sources.current.rules).toEqual([])
  })

  it('dates a rule deleted on the default branch by the last commit that changed the file there', async () => {
    github.repository.commit('main', { [LEARNED_RULES_PATH]: file(['L-a', 'L-b'], ['L-a', 'L-b']) })
    const deletedAt = '2026-11-05T08:00:00Z'
    github.repository.commit(
      'main',
      { [LEARNED_RULES_PATH]: file(['L-a', 'L-b'], ['L-a']) },
      { date: deletedAt }
    )
    github.repository.commit('main', { 'src/other.ts': 'export {}\n' })
    const sources = await readSources(octokit, repo)
    expect(sources.deletions).toEqual([{ ...rule('L-b').entry, deletedAt }])
    expect(sources.current.rules.map(r => r.id)).toEqual(['L-a'])
  })

  it('reads the open proposal’s file, and a section people deleted there counts as deleted too', async () => {
    const onBranch = '2026-11-06T08:00:00Z'
    github.repository.commit(
      LEARNED_BRANCH,
      { [LEARNED_RULES_PATH]: file(['L-a', 'L-b', 'L-c'], ['L-c']) },
      {
        date: onBranch
      }
    )
    github.repository.pulls.push({
      number: 900,
      title: 'Learned review rules',
      body: '',
      head: LEARNED_BRANCH,
      base: 'main',
      state: 'open',
      user: 'github-actions',
      createdAt: onBranch,
      updatedAt: onBranch
    })
    const sources = await readSources(octokit, repo)
    expect(sources.open?.number).toBe(900)
    expect(sources.current.rules.map(r => r.id)).toEqual(['L-c'])
    expect(sources.deletions.map(r => [r.id, r.deletedAt])).toEqual([
      ['L-b', '2026-11-05T08:00:00Z'],
      ['L-a', onBranch]
    ])
  })
})
