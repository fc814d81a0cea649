import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { loadIncrementalDiff } from '../../src/diff/incremental.js'
import type { ApiFile, ApiFileList, DiffFile } from '../../src/diff/model.js'
import { loadPullDiff } from '../../src/diff/source.js'
import { createGit } from '../../src/git/git.js'
import { memoryLogger, silentLogger } from '../../src/logger.js'
import { createCheckoutFixture, numbered, type CheckoutFixture } from '../git/checkout-fixture.js'

const noFallback = (): Promise<ApiFileList> => Promise.reject(new Error('the files API should not be needed'))
const summary = (files: DiffFile[]) =>
  files.map(file => ({
    path: file.path,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions
  }))

describe('pull-request diffs on a checkout like actions/checkout makes', () => {
  let fixture: CheckoutFixture
  /** The merge base, the base branch after it moved on, the reviewed head, and the head after more pushes. */
  let m0: string
  let m1: string
  let f1: string
  let f3: string
  let mergeOfF1: string
  let mergeOfF3: string
  let unpushed: string
  let longHead: string

  beforeAll(() => {
    fixture = createCheckoutFixture()
    const { dev } = fixture
    const git = (...args: string[]) => fixture.git(dev, ...args)
    m0 = fixture.commit(
      { 'src/app.ts': numbered(40), 'src/other.ts': numbered(20), 'README.md': 'hi\n' },
      'm0'
    )
    fixture.push('main', 'refs/heads/main')

    git('checkout', '-q', '-b', 'feature')
    f1 = fixture.commit(
      { 'src/app.ts': numbered(40, { 5: 'changed by the pull request' }), 'src/new.ts': 'a\nb\n' },
      'f1'
    )
    fixture.push('feature', 'refs/heads/feature')

    git('checkout', '-q', 'main')
    m1 = fixture.commit(
      { 'src/other.ts': numbered(20, { 3: 'base three' }), 'src/app.ts': numbered(40, { 35: 'base 35' }) },
      'm1'
    )
    fixture.push('main', 'refs/heads/main')
    mergeOfF1 = merge(m1, f1)

    // The pull request merges the base branch in, then adds two lines at the top of app.ts.
    git('checkout', '-q', 'feature')
    git('merge', '-q', '--no-edit', 'main')
    const merged = fs.readFileSync(path.join(dev, 'src/app.ts'), 'utf8').split('\n')
    merged.splice(1, 0, 'inserted one', 'inserted two')
    f3 = fixture.commit({ 'src/app.ts': merged.join('\n'), 'src/new.ts': 'a\nb\nc\n' }, 'f3')
    fixture.push('feature', 'refs/heads/feature')
    mergeOfF3 = merge(m1, f3)

    // A commit that origin never received, like one lost to a force-push.
    git('checkout', '-q', '-b', 'lost', f1)
    unpushed = fixture.commit({ 'src/new.ts': 'lost\n' }, 'lost')

    // A branch longer than the first fetch depth (50) since the merge base.
    git('checkout', '-q', '-b', 'long', m0)
    fixture.commit({ 'src/long.ts': 'x\n' }, 'long start')
    for (let i = 0; i < 55; i++) git('commit', '-q', '--allow-empty', '-m', `step ${i}`)
    longHead = git('rev-parse', 'HEAD')
    fixture.push('long', 'refs/heads/long')
  })

  afterAll(() => fixture.cleanup())

  /** GitHub's refs/pull/N/merge: the head merged into the base, pushed to origin. */
  function merge(base: string, head: string): string {
    fixture.git(fixture.dev, 'checkout', '-q', '--detach', base)
    fixture.git(fixture.dev, 'merge', '-q', '--no-ff', '--no-edit', head)
    const sha = fixture.git(fixture.dev, 'rev-parse', 'HEAD')
    fixture.push(sha, 'refs/pull/1/merge')
    return sha
  }

  it('fetches the merge base and head by id and diffs them', async () => {
    const git = createGit(fixture.checkout(mergeOfF1), silentLogger)
    expect(await git.hasCommit(f1)).toBe(false)
    const diff = await loadPullDiff({
      git,
      headSha: f1,
      baseSha: m1,
      mergeBaseSha: m0,
      logger: silentLogger,
      fallback: noFallback
    })
    expect(diff.source).toBe('git')
    expect(diff.notes).toEqual([])
    expect(summary(diff.files)).toEqual([
      { path: 'src/app.ts', status: 'modified', additions: 1, deletions: 1 },
      { path: 'src/new.ts', status: 'added', additions: 2, deletions: 0 }
    ])
  })

  it('diffs without fetching when both commits are there, and falls back when the given merge base is not a commit', async () => {
    const logger = memoryLogger()
    const git = createGit(fixture.dev, logger)
    const diff = await loadPullDiff({
      git,
      headSha: f1,
      baseSha: m1,
      mergeBaseSha: m0,
      logger,
      fallback: noFallback
    })
    expect(diff.source).toBe('git')
    expect(summary(diff.files)).toEqual([
      { path: 'src/app.ts', status: 'modified', additions: 1, deletions: 1 },
      { path: 'src/new.ts', status: 'added', additions: 2, deletions: 0 }
    ])
    // The diff itself shows that both commits are there: no check and no fetch, and none later either.
    const commands = (): string[] =>
      logger.lines.flatMap(line =>
        line.message.startsWith('git ') ? [line.message.split(' ').slice(0, 2).join(' ')] : []
      )
    expect(commands()).toEqual(['git diff'])
    expect(await git.fetchShas([m0, f1])).toEqual([])
    expect(commands()).toEqual(['git diff'])
    const fallback = jest.fn(() => Promise.resolve({ files: [] as ApiFile[] }))
    const missing = await loadPullDiff({
      git,
      headSha: f1,
      baseSha: m1,
      mergeBaseSha: 'not-a-commit',
      logger: silentLogger,
      fallback
    })
    expect(missing.source).toBe('api')
    expect(missing.notes).toEqual([
      expect.stringMatching(/^git could not produce the diff \(Invalid commit id/)
    ])
  })

  it('finds the merge base in fetched history when it is not given', async () => {
    const git = createGit(fixture.checkout(mergeOfF1), silentLogger)
    const diff = await loadPullDiff({
      git,
      headSha: f1,
      baseSha: m1,
      logger: silentLogger,
      fallback: noFallback
    })
    expect(diff.source).toBe('git')
    // The base branch's own change to other.ts after the merge base is not part of the pull request.
    expect(diff.files.map(file => file.path)).toEqual(['src/app.ts', 'src/new.ts'])
  })

  it('deepens the fetched history until the merge base appears', async () => {
    const git = createGit(fixture.checkout(mergeOfF1), silentLogger)
    const deepen = jest.fn(git.deepen)
    const diff = await loadPullDiff({
      git: { ...git, deepen },
      headSha: longHead,
      baseSha: m1,
      logger: silentLogger,
      fallback: noFallback
    })
    expect(deepen).toHaveBeenCalled()
    expect(diff.source).toBe('git')
    expect(diff.files.map(file => file.path)).toEqual(['src/long.ts'])
    expect(diff.notes).toEqual([`merge base ${m0.slice(0, 12)} found after fetching history`])
  })

  it('uses the files API when the workspace has no repository', async () => {
    const empty = fs.mkdtempSync(path.join(fixture.root, 'no-git-'))
    const logger = memoryLogger()
    const api: ApiFile[] = [
      {
        filename: 'src/app.ts',
        status: 'modified',
        additions: 1,
        deletions: 1,
        patch: '@@ -5 +5 @@\n-line 5\n+changed'
      },
      { filename: 'big.sql', status: 'added', additions: 5000, deletions: 0 }
    ]
    const diff = await loadPullDiff({
      git: createGit(empty, logger),
      headSha: f1,
      baseSha: m1,
      mergeBaseSha: m0,
      logger,
      fallback: () => Promise.resolve({ files: api })
    })
    expect(diff.source).toBe('api')
    expect(summary(diff.files)).toEqual([
      { path: 'src/app.ts', status: 'modified', additions: 1, deletions: 1 },
      { path: 'big.sql', status: 'added', additions: 5000, deletions: 0 }
    ])
    expect(diff.notes[0]).toMatch(/not a git repository.*files API/)
    expect(diff.notes[1]).toMatch(/no patch for 1 file\(s\): big\.sql/)
    expect(logger.lines.filter(line => line.level === 'warning')).toHaveLength(2)
  })

  it('uses the files API when origin will not serve the commits', async () => {
    const git = createGit(fixture.checkout(mergeOfF1), silentLogger)
    const diff = await loadPullDiff({
      git,
      headSha: unpushed,
      baseSha: m1,
      mergeBaseSha: m0,
      logger: silentLogger,
      fallback: () =>
        Promise.resolve({
          files: [
            { filename: 'x.ts', status: 'added', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x' }
          ]
        })
    })
    expect(diff.source).toBe('api')
    expect(diff.files.map(file => file.path)).toEqual(['x.ts'])
  })

  it('shows only the pull request’s own changes since the last review when the base was merged in', async () => {
    const git = createGit(fixture.checkout(mergeOfF3), silentLogger)
    const pr = await loadPullDiff({
      git,
      headSha: f3,
      baseSha: m1,
      mergeBaseSha: m1,
      logger: silentLogger,
      fallback: noFallback
    })
    const incremental = await loadIncrementalDiff({
      git,
      fromSha: f1,
      headSha: f3,
      prFiles: pr.files,
      logger: silentLogger
    })
    expect(incremental.fellBack).toBe(false)
    expect(incremental.files.map(file => file.path)).toEqual(['src/app.ts', 'src/new.ts'])
    const app = incremental.files[0]
    // The base's change at line 35 came with the merge and is left out; the insertion at the top stays.
    expect(
      app?.hunks.flatMap(hunk => hunk.lines.filter(line => line.kind === 'add').map(line => line.text))
    ).toEqual(['inserted one', 'inserted two'])
    expect(incremental.notes.join('\n')).toMatch(/1 file\(s\) changed .* only through the base branch/)

    const map = incremental.lineMap
    expect(map?.mapLine('src/app.ts', 'RIGHT', 5)).toEqual({ path: 'src/app.ts', line: 7 })
    expect(map?.mapLine('src/app.ts', 'RIGHT', 1)).toEqual({ path: 'src/app.ts', line: 1 })
    expect(map?.mapLine('src/app.ts', 'RIGHT', 35)).toEqual({ deleted: true })
    expect(map?.mapLine('src/app.ts', 'RIGHT', 36)).toEqual({ path: 'src/app.ts', line: 38 })
  })

  it('falls back to the whole pull request with a note when the reviewed commit is gone', async () => {
    const git = createGit(fixture.checkout(mergeOfF3), silentLogger)
    const pr = await loadPullDiff({
      git,
      headSha: f3,
      baseSha: m1,
      mergeBaseSha: m1,
      logger: silentLogger,
      fallback: noFallback
    })
    const logger = memoryLogger()
    const incremental = await loadIncrementalDiff({
      git,
      fromSha: unpushed,
      headSha: f3,
      prFiles: pr.files,
      logger
    })
    expect(incremental).toMatchObject({ fellBack: true, lineMap: undefined })
    expect(incremental.files).toBe(pr.files)
    expect(incremental.notes[0]).toMatch(new RegExp(`${unpushed.slice(0, 12)}.*force-pushed`))
    expect(logger.lines.some(line => line.level === 'warning')).toBe(true)
  })

  it('has nothing new when the head has not moved', async () => {
    const git = createGit(fixture.checkout(mergeOfF3), silentLogger)
    const incremental = await loadIncrementalDiff({
      git,
      fromSha: f3,
      headSha: f3,
      prFiles: [],
      logger: silentLogger
    })
    expect(incremental).toMatchObject({ files: [], fellBack: false })
  })
})
