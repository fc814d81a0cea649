import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildOutsidePr, loadManifest, loadManifestSet } from '../../eval/manifest.js'
import { fetchMartian, type PrRef } from '../../eval/martian.js'
import type { PrRepo } from '../../eval/pr.js'
import { fileLines, prLineSet } from '../../eval/pr.js'
import { reviewScript } from '../../eval/scripted-models.js'
import { runReview, startGitHub } from '../../eval/review-run.js'
import { startMessagesServer } from '../../testing/messages-server.js'
import { git } from '../../testing/pr-fixture.js'

jest.setTimeout(120_000)

let cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

const ENV = {
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@example.com'
}

/** A plain local clone as a user would have it: base on main, the PR and its fix on a branch. */
async function localRepository(): Promise<{ dir: string; root: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'redline-manifest-'))
  cleanups.push(() => rm(root, { recursive: true, force: true }))
  const dir = path.join(root, 'clone')
  git(root, ['init', '--quiet', '--initial-branch=main', dir])
  const commit = async (file: string, text: string, message: string) => {
    await writeFile(path.join(dir, file), text)
    git(dir, ['add', '.'])
    git(dir, ['commit', '--quiet', '-m', message], { env: ENV })
  }
  await commit('calc.py', 'def total(xs):\n    return sum(xs)\n', 'base')
  git(dir, ['checkout', '--quiet', '-b', 'pr-7'])
  await commit('calc.py', 'def total(xs):\n    return sum(xs[1:])\n', 'skip the header row')
  git(dir, ['tag', 'pr-7-head'])
  await commit('calc.py', 'def total(xs):\n    return sum(xs)\n', 'fix')
  git(dir, ['checkout', '--quiet', 'main'])
  return { dir, root }
}

describe('--manifest: outside repositories', () => {
  it("reads Martian-style golden comments and reviews the PR through the action's exact path", async () => {
    const { dir, root } = await localRepository()
    const manifest = path.join(root, 'manifest.json')
    await writeFile(
      manifest,
      JSON.stringify({
        fixtures: [
          {
            id: 'calc-7',
            repo: 'clone',
            base: 'main',
            head: 'pr-7-head',
            fix: 'pr-7',
            language: 'python',
            title: 'Skip the header row',
            golden: [
              {
                comment: 'sum(xs[1:]) drops the first value, which is data, not a header.',
                severity: 'High',
                fixed_by_fix: true
              },
              { description: 'A placed one.', severity: 'low', file: 'calc.py', lines: [2, 2] }
            ]
          }
        ]
      })
    )
    const [fixture] = await loadManifest(manifest)
    expect(fixture).toMatchObject({
      id: 'calc-7',
      source: { repo: dir, base: 'main', head: 'pr-7-head', fix: 'pr-7' }
    })
    expect(fixture!.golden.map(g => [g.severity, g.locations.length, g.fixedBy])).toEqual([
      ['high', 0, 'fix'],
      ['low', 1, undefined]
    ])

    const repo: PrRepo = buildOutsidePr(fixture!)
    cleanups.push(() => repo.cleanup())
    const pr = repo.fixture
    expect((await prLineSet(pr)).canComment('calc.py', 'RIGHT', 2)).toBe(true)
    expect(await fileLines(pr, pr.headSha, 'calc.py')).toEqual(['def total(xs):', '    return sum(xs[1:])'])

    const github = await startGitHub(pr, fixture!)
    cleanups.push(() => github.close())
    const script = reviewScript([], 'Looked at it.')
    const messages = await startMessagesServer({ apiKey: 'k', script: script.steps })
    cleanups.push(() => messages.close())
    const outcome = await runReview({
      pr,
      github,
      anthropicBaseUrl: messages.url,
      apiKey: 'k',
      action: 'opened'
    })
    expect(outcome.exitCode).toBe(0)
    expect(outcome.review?.body).toContain('Looked at it.')
    expect(JSON.stringify(messages.requests[0]?.body.messages)).toContain('sum(xs[1:])')

    const before = pr.headSha
    repo.pushFix?.()
    expect(pr.headSha).not.toBe(before)
    expect(await fileLines(pr, pr.headSha, 'calc.py')).toEqual(['def total(xs):', '    return sum(xs)'])
  })

  it('says which entry of a manifest is wrong', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'redline-manifest-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const manifest = path.join(root, 'm.json')
    await writeFile(
      manifest,
      JSON.stringify({
        fixtures: [{ id: 'a b', repo: '.', base: 'x', head: 'y', golden: [{ severity: 'huge' }] }]
      })
    )
    await expect(loadManifest(manifest)).rejects.toThrow(
      /fixtures\.0\.id: letters, digits.*fixtures\.0\.golden\.0\.severity/
    )
  })

  it('reads a Martian file through the pulls API: its base SHA and body, cached, and nothing that names the entry', async () => {
    const { dir, root } = await localRepository()
    // A PR against a release branch: the merge base with the default branch is not its base.
    git(dir, ['checkout', '--quiet', '-b', 'release', 'main'])
    await writeFile(path.join(dir, 'notes.txt'), 'release notes\n')
    git(dir, ['add', '.'])
    git(dir, ['commit', '--quiet', '-m', 'release notes'], { env: ENV })
    const base = git(dir, ['rev-parse', 'HEAD'])
    git(dir, ['checkout', '--quiet', '-b', 'skip-header'])
    await writeFile(path.join(dir, 'calc.py'), 'def total(xs):\n    return sum(xs[1:])\n')
    git(dir, ['commit', '--quiet', '-am', 'skip the header row'], { env: ENV })
    const head = git(dir, ['rev-parse', 'HEAD'])
    git(dir, ['checkout', '--quiet', 'main'])
    const remote = path.join(root, 'github', 'ai-code-review-evaluation', 'calc-greptile.git')
    git(root, ['clone', '--quiet', '--bare', dir, remote])
    git(remote, ['update-ref', 'refs/pull/7/head', head])

    // The pulls API stand-in, in the shape of GET /repos/{owner}/{repo}/pulls/{pull_number}.
    const body = 'Skips the header row of every CSV export.'
    const asked: string[] = []
    const api = http.createServer((request, response) => {
      asked.push(request.url ?? '')
      if (request.url !== '/repos/ai-code-review-evaluation/calc-greptile/pulls/7') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          number: 7,
          state: 'open',
          title: 'Skip the header row',
          body,
          base: { ref: 'release', sha: base, label: 'ai-code-review-evaluation:release' },
          head: { ref: 'skip-header', sha: head, label: 'ai-code-review-evaluation:skip-header' }
        })
      )
    })
    await new Promise<void>(resolve => api.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>(resolve => api.close(() => resolve())))
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`

    const golden = path.join(root, 'calc.json')
    await writeFile(
      golden,
      JSON.stringify([
        {
          pr_title: 'Skip the header row',
          url: 'https://github.com/ai-code-review-evaluation/calc-greptile/pull/7',
          comments: [{ comment: 'sum(xs[1:]) drops the first value.', severity: 'High', category: 'Bug' }]
        },
        {
          pr_title: 'Something else',
          url: 'https://github.com/ai-code-review-evaluation/calc-greptile/pull/8',
          comments: [{ comment: 'x', severity: 'Low' }],
          az_comment: 'reviewed commit is not in the repo'
        }
      ])
    )
    const clones = path.join(root, 'clones')
    await expect(loadManifest(golden)).rejects.toThrow(/Martian golden-comment file: .*--clones/)
    await expect(loadManifest(golden, clones)).rejects.toThrow(/run npm run eval -- --fetch-martian/)
    const options = {
      remote: (ref: PrRef) => path.join(root, 'github', ref.owner, `${ref.repo}.git`),
      api: { url: apiUrl }
    }
    await fetchMartian(golden, clones, options)
    await fetchMartian(golden, clones, options)
    // The second fetch read the cached manifest: the API was asked once.
    expect(asked).toEqual(['/repos/ai-code-review-evaluation/calc-greptile/pulls/7'])

    const set = await loadManifestSet(golden, clones)
    expect(set.excluded).toEqual([
      { id: 'calc-greptile-8', reason: 'flagged by the benchmark: reviewed commit is not in the repo' }
    ])
    const [fixture] = set.fixtures
    expect(fixture).toMatchObject({
      id: 'calc-greptile-7',
      title: 'Skip the header row',
      body,
      project: 'calc',
      source: { repo: path.join(clones, 'calc-greptile.git'), base, head }
    })
    expect(fixture!.golden.map(g => [g.severity, g.category, g.locations.length])).toEqual([
      ['high', 'correctness', 0]
    ])
    // The estimate reads the real change: calc.py at the head.
    expect(fixture!.changedBytes).toBe('def total(xs):\n    return sum(xs[1:])\n'.length)

    const repo = buildOutsidePr(fixture!)
    cleanups.push(() => repo.cleanup())
    expect(repo.fixture.baseSha).toBe(base)
    // Diffed against the API's base, the PR changes calc.py alone (the merge base with main would add notes.txt).
    expect((await prLineSet(repo.fixture)).paths()).toEqual(['calc.py'])

    const github = await startGitHub(repo.fixture, fixture!)
    cleanups.push(() => github.close())
    const script = reviewScript([], 'Looked at it.')
    const messages = await startMessagesServer({ apiKey: 'k', script: script.steps })
    cleanups.push(() => messages.close())
    const outcome = await runReview({
      pr: repo.fixture,
      github,
      anthropicBaseUrl: messages.url,
      apiKey: 'k',
      action: 'opened'
    })
    expect(outcome.exitCode).toBe(0)
    const sent = JSON.stringify(messages.requests.map(r => r.body))
    expect(sent).toContain(body)
    expect(sent).toContain('sum(xs[1:])')
    for (const name of [
      'calc-greptile',
      'outside/',
      'ai-code-review-evaluation',
      'greptile',
      'coderabbit',
      'cubic',
      'qodo',
      'bugbot',
      'copilot'
    ])
      expect(sent.toLowerCase()).not.toContain(name)
  })
})
