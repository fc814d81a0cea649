/**
 * The proposal's REST shell against the history stand-in's repository: every request is checked against
 * GitHub's REST description (the stand-in's close fails on one it does not document).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  findOpenProposal,
  lastChangeOf,
  LEARNED_BRANCH,
  readDefaultHead,
  readFileAt,
  writeProposal,
  type ProposalContent
} from '../../src/github/learned-pr.js'
import { createPlainOctokit } from '../../src/github/plain-client.js'
import type { Octokit } from '../../src/github/client.js'
import { silentLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'

const PATH = '.github/redline/learned.md'
const repo = { owner: 'acme', repo: 'widgets' }
let github: HistoryStandIn
let octokit: Octokit

function content(text: string, title = 'Learned review rules'): ProposalContent {
  return { path: PATH, text, commitMessage: 'Propose learned review rules', title, body: `body of ${title}` }
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

describe('the learned rules proposal on GitHub', () => {
  it('reads the default head, a file at a ref and when the file last changed', async () => {
    const date = '2026-11-02T10:00:00Z'
    github.repository.commit('main', { [PATH]: '# Learned\n' }, { date })
    const head = await readDefaultHead(octokit, repo)
    expect(head).toEqual({
      branch: 'main',
      sha: github.repository.branches.get('main'),
      htmlUrl: 'https://github.com/acme/widgets'
    })
    expect((await readFileAt(octokit, repo, PATH, 'main'))?.text).toBe('# Learned\n')
    expect(await readFileAt(octokit, repo, 'missing.md', 'main')).toBeUndefined()
    expect(await readFileAt(octokit, repo, PATH, 'no-such-branch')).toBeUndefined()
    expect(await lastChangeOf(octokit, repo, PATH, 'main')).toBe(date)
    expect(await lastChangeOf(octokit, repo, 'never.md', 'main')).toBeUndefined()
  })

  it('opens a pull request from a new branch, then commits on top of it while it is open', async () => {
    const head = await readDefaultHead(octokit, repo)
    expect(await findOpenProposal(octokit, repo)).toBeUndefined()
    const opened = await writeProposal(octokit, repo, head, undefined, content('one\n'))
    expect(opened).toMatchObject({ kind: 'opened', url: expect.stringMatching(/\/pull\/\d+$/) })
    const open = await findOpenProposal(octokit, repo)
    expect(open).toEqual({
      number: (opened as { number: number }).number,
      url: (opened as { url: string }).url
    })
    const updated = await writeProposal(octokit, repo, head, open, content('two\n', 'Learned rules, again'))
    expect(updated).toMatchObject({ kind: 'updated', number: open?.number })
    expect(github.repository.fileAt(LEARNED_BRANCH, PATH)).toBe('two\n')
    expect(github.repository.fileAt('main', PATH)).toBe('# Learned\n')
    expect(
      github.repository
        .history(LEARNED_BRANCH)
        .slice(0, 3)
        .map(c => c.sha)
    ).toContain((opened as { commitSha: string }).commitSha)
    expect(github.repository.pulls).toHaveLength(1)
    expect(github.repository.pulls[0]).toMatchObject({ title: 'Learned rules, again', base: 'main' })
  })

  it('starts the branch again from the default head once the proposal is closed', async () => {
    const pull = github.repository.pulls[0]
    if (pull) pull.state = 'closed'
    github.repository.commit('main', { 'src/a.ts': 'export {}\n' })
    const head = await readDefaultHead(octokit, repo)
    const written = await writeProposal(octokit, repo, head, undefined, content('three\n'))
    expect(written.kind).toBe('opened')
    const branch = github.repository.history(LEARNED_BRANCH)
    expect(branch[1]?.sha).toBe(head.sha)
    expect(github.repository.fileAt(LEARNED_BRANCH, 'src/a.ts')).toBe('export {}\n')
  })

  it('leaves the branch pushed when the repository does not let Actions open pull requests', async () => {
    for (const pull of github.repository.pulls) pull.state = 'closed'
    github.repository.actionsCanCreatePullRequests = false
    try {
      const head = await readDefaultHead(octokit, repo)
      const written = await writeProposal(octokit, repo, head, undefined, content('four\n'))
      expect(written).toEqual({
        kind: 'not-permitted',
        compareUrl: 'https://github.com/acme/widgets/compare/main...redline/learned-rules?expand=1',
        commitSha: github.repository.branches.get(LEARNED_BRANCH)
      })
      expect(github.repository.fileAt(LEARNED_BRANCH, PATH)).toBe('four\n')
    } finally {
      github.repository.actionsCanCreatePullRequests = true
    }
  })
})
