import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createGit, GitError, type Git } from '../../src/git/git.js'
import { silentLogger } from '../../src/logger.js'
import { createCheckoutFixture, numbered, type CheckoutFixture } from './checkout-fixture.js'

describe('createGit', () => {
  let fixture: CheckoutFixture
  let git: Git
  let base: string
  let head: string

  beforeAll(() => {
    fixture = createCheckoutFixture()
    base = fixture.commit({
      'src/app.ts': numbered(30),
      'src/util/helpers.ts': 'export const one = 1\n',
      'a*.txt': 'star\n',
      'ab.txt': 'ab\n',
      'docs/readme.md': 'needle in docs\n'
    })
    fs.symlinkSync('src/app.ts', path.join(fixture.dev, 'link'))
    fixture.commit({
      'src/app.ts': numbered(30, { 10: 'const needle = 1' }),
      'a*.txt': 'star two\n',
      'ab.txt': 'ab two\n'
    })
    // A submodule entry without a checkout: staged directly, committed without `add -A` removing it.
    fixture.git(fixture.dev, 'update-index', '--add', '--cacheinfo', `160000,${base},vendor/sub`)
    fixture.git(fixture.dev, 'commit', '-q', '-m', 'submodule')
    head = fixture.git(fixture.dev, 'rev-parse', 'HEAD')
    git = createGit(fixture.dev, silentLogger)
  })

  afterAll(() => fixture.cleanup())

  it('diffs two commits with fixed prefixes and context whatever the repository configures', async () => {
    for (const [key, value] of [
      ['color.ui', 'always'],
      ['diff.noprefix', 'true'],
      ['diff.mnemonicPrefix', 'true'],
      ['diff.context', '10']
    ]) {
      fixture.git(fixture.dev, 'config', key as string, value as string)
    }
    const text = await git.diff(base, head, ['src/app.ts'])
    expect(text).toContain('diff --git a/src/app.ts b/src/app.ts\n')
    expect(text).toContain('@@ -7,7 +7,7 @@')
    expect(text).not.toContain('\u001b[')
  })

  it('keeps changes six lines apart in separate hunks, as GitHub does, whatever diff.interHunkContext says', async () => {
    fixture.git(fixture.dev, 'config', 'diff.interHunkContext', '10')
    const from = fixture.commit({ 'spread.txt': numbered(30) })
    const to = fixture.commit({ 'spread.txt': numbered(30, { 3: 'three', 12: 'twelve' }) })
    const headers = (await git.diff(from, to, ['spread.txt'])).match(/^@@ [^@]+ @@/gm)
    expect(headers).toEqual(['@@ -1,6 +1,6 @@', '@@ -9,7 +9,7 @@'])
  })

  it('treats paths as literal names, not globs', async () => {
    const text = await git.diff(base, head, ['a*.txt'])
    expect(text).toContain('b/a*.txt')
    expect(text).not.toContain('ab.txt')
  })

  it('streams the same text it returns whole', async () => {
    const parts: string[] = []
    await git.streamDiff(base, head, part => void parts.push(part))
    expect(parts.join('')).toBe(await git.diff(base, head))
  })

  it('reads files from commits, not from the working tree', async () => {
    fs.writeFileSync(path.join(fixture.dev, 'src/app.ts'), 'uncommitted\n')
    expect((await git.show(head, 'src/app.ts'))?.toString('utf8')).toBe(
      numbered(30, { 10: 'const needle = 1' })
    )
    expect((await git.show(base, 'src/app.ts'))?.toString('utf8')).toBe(numbered(30))
    expect(await git.show(head, 'src/missing.ts')).toBeUndefined()
    expect(await git.show(head, 'src')).toBeUndefined()
  })

  it('lists a directory and tells what a path is', async () => {
    const root = await git.lsTree(head, '')
    expect(root?.map(entry => [entry.name, entry.kind])).toEqual([
      ['a*.txt', 'blob'],
      ['ab.txt', 'blob'],
      ['docs', 'tree'],
      ['link', 'symlink'],
      ['src', 'tree'],
      ['vendor', 'tree']
    ])
    expect((await git.lsTree(head, 'src/'))?.map(entry => entry.path)).toEqual(['src/app.ts', 'src/util'])
    expect(await git.lsTree(head, 'nope')).toBeUndefined()
    expect(await git.catFileType(head, 'vendor/sub')).toBe('submodule')
    expect(await git.catFileType(head, 'link')).toBe('symlink')
    expect(await git.catFileType(head, 'src/util')).toBe('tree')
    expect(await git.catFileType(head, 'src/util/helpers.ts')).toBe('blob')
    expect(await git.catFileType(head, 'src/util/nothing.ts')).toBeUndefined()
  })

  it('searches a commit by regular expression or fixed string, within a path, up to a count', async () => {
    expect(await git.grep(head, 'needle')).toEqual([
      { path: 'docs/readme.md', line: 1, text: 'needle in docs' },
      { path: 'src/app.ts', line: 10, text: 'const needle = 1' }
    ])
    expect(await git.grep(head, 'const ne+dle', { path: 'src' })).toEqual([
      { path: 'src/app.ts', line: 10, text: 'const needle = 1' }
    ])
    expect(await git.grep(head, 'ne+dle', { fixed: true })).toEqual([])
    expect(await git.grep(head, 'line', { maxCount: 3 })).toHaveLength(3)
    expect(await git.grep(base, 'needle', { path: 'src' })).toEqual([])
  })

  it('searches case-insensitively, by whole word, with context lines or enclosing function lines', async () => {
    expect(await git.grep(head, 'NEEDLE', { ignoreCase: true, path: 'src' })).toEqual([
      { path: 'src/app.ts', line: 10, text: 'const needle = 1' }
    ])
    expect(await git.grep(head, 'needl', { wordRegexp: true, fixed: true })).toEqual([])
    expect(await git.grep(head, 'needle', { context: 1, path: 'src' })).toEqual([
      { path: 'src/app.ts', line: 9, text: 'line 9', kind: 'context' },
      { path: 'src/app.ts', line: 10, text: 'const needle = 1' },
      { path: 'src/app.ts', line: 11, text: 'line 11', kind: 'context' }
    ])
    const grouped = await git.grep(head, 'line 1[26]$', { context: 1, path: 'src' })
    expect(grouped.map(m => [m.line, m.kind ?? 'match', m.groupStart ?? false])).toEqual([
      [11, 'context', false],
      [12, 'match', false],
      [13, 'context', false],
      [15, 'context', true],
      [16, 'match', false],
      [17, 'context', false]
    ])
    const capped = await git.grep(head, 'line', { context: 2, maxCount: 2, path: 'src' })
    expect(capped.filter(m => m.kind === undefined)).toHaveLength(2)
    const withFunction = await git.grep(head, 'line 12', { showFunction: true, fixed: true, path: 'src' })
    expect(withFunction).toEqual([
      { path: 'src/app.ts', line: 11, text: 'line 11', kind: 'function' },
      { path: 'src/app.ts', line: 12, text: 'line 12' }
    ])
  })

  it('knows which commits exist and finds merge bases', async () => {
    expect(await git.hasCommit(head)).toBe(true)
    expect(await git.hasCommit('0123456789012345678901234567890123456789')).toBe(false)
    expect(await git.mergeBase(base, head)).toBe(base)
    const orphan = fixture.git(fixture.dev, 'commit-tree', '-m', 'orphan', `${head}^{tree}`)
    expect(await git.mergeBase(orphan, head)).toBeUndefined()
  })

  it('reports a failed command with its exit code and what git said', async () => {
    const failure = await git.diff('no-such-revision', head).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(GitError)
    expect(failure).toMatchObject({ exitCode: 128 })
    expect((failure as GitError).stderr).toMatch(/no-such-revision/)
    expect((failure as GitError).command).toMatch(/^diff /)
  })

  it('refuses revisions that git would read as options, and fetches by full commit id only', async () => {
    const target = path.join(fixture.root, 'written-by-git')
    await expect(git.diff(`--output=${target}`, head)).rejects.toThrow(/Invalid git revision/)
    expect(fs.existsSync(target)).toBe(false)
    await expect(git.fetchShas(['--upload-pack=touch /tmp/x'])).rejects.toThrow(/Invalid commit id/)
    await expect(git.fetchShas(['main'])).rejects.toThrow(/Invalid commit id/)
  })

  it('does not look for a repository above the workspace', async () => {
    const inside = path.join(fixture.dev, 'src')
    expect(await createGit(inside, silentLogger).isRepository()).toBe(false)
    expect(await git.isRepository()).toBe(true)
  })
})
