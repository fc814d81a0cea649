import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { buildOutsidePr, loadManifest } from '../../eval/manifest.js'
import { fetchMartian } from '../../eval/martian.js'
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

  it('reads a Martian golden-comment file as published, after --fetch-martian cloned and fetched its PRs', async () => {
    const { dir, root } = await localRepository()
    // The "GitHub" the fetch clones from: a bare copy with the PR under refs/pull/7/head, as GitHub has it.
    const remote = path.join(root, 'github', 'acme', 'calc.git')
    git(root, ['clone', '--quiet', '--bare', dir, remote])
    git(remote, ['update-ref', 'refs/pull/7/head', git(dir, ['rev-parse', 'pr-7-head'])])
    git(remote, ['symbolic-ref', 'HEAD', 'refs/heads/main'])
    const golden = path.join(root, 'calc.json')
    await writeFile(
      golden,
      JSON.stringify([
        {
          pr_title: 'Skip the header row',
          url: 'https://github.com/acme/calc/pull/7',
          comments: [
            { comment: 'sum(xs[1:]) drops the first value.', severity: 'High', category: 'Bug' },
            { comment: 'No test covers an empty list.', severity: 'Low', category: 'Something new' }
          ]
        }
      ])
    )
    const clones = path.join(root, 'clones')
    await expect(loadManifest(golden)).rejects.toThrow(/Martian golden-comment file: .*--clones/)
    expect(
      await fetchMartian(golden, clones, ref => path.join(root, 'github', ref.owner, `${ref.repo}.git`))
    ).toBe(1)

    const [fixture] = await loadManifest(golden, clones)
    expect(fixture).toMatchObject({
      id: 'calc-7',
      title: 'Skip the header row',
      source: { repo: path.join(clones, 'calc'), base: 'base-7', head: 'pr-7' }
    })
    expect(fixture!.golden.map(g => [g.severity, g.category, g.locations.length])).toEqual([
      ['high', 'correctness', 0],
      ['low', 'correctness', 0]
    ])
    const repo = buildOutsidePr(fixture!)
    cleanups.push(() => repo.cleanup())
    expect(await fileLines(repo.fixture, repo.fixture.headSha, 'calc.py')).toEqual([
      'def total(xs):',
      '    return sum(xs[1:])'
    ])
    expect((await prLineSet(repo.fixture)).canComment('calc.py', 'RIGHT', 2)).toBe(true)
  })
})
