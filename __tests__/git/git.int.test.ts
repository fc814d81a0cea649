import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { commitAnswers, createGit, GitError, type Git } from '../../src/git/git.js'
import { memoryLogger, silentLogger, type Logger } from '../../src/logger.js'
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

  it('streams a diff larger than one read through a private file it removes, and fails as git does', async () => {
    const runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-runner-temp-'))
    const large = createCheckoutFixture()
    const saved = process.env.RUNNER_TEMP
    process.env.RUNNER_TEMP = runnerTemp
    try {
      // Multi-byte characters throughout, so that some fall across the edge of a read.
      const from = large.commit({ 'big.txt': numbered(100_000) })
      const to = large.commit({ 'big.txt': numbered(100_000).replace(/line (\d+)/g, 'línea ✓ $1') })
      const reader = createGit(large.dev, silentLogger)
      const parts: string[] = []
      let written = false
      await reader.streamDiff(from, to, part => {
        parts.push(part)
        written ||= fs.readdirSync(runnerTemp).some(name => name.startsWith('redline-diff-'))
      })
      expect(written).toBe(true)
      const whole = await reader.diff(from, to)
      expect(whole.length).toBeGreaterThan(2 << 20)
      expect(parts.length).toBeGreaterThan(1)
      expect(parts.join('')).toBe(whole)
      await expect(reader.streamDiff(from, 'f'.repeat(40), () => undefined)).rejects.toThrow(GitError)
      // Removed in the background, once the diff is read or git has failed.
      await emptied(runnerTemp)
    } finally {
      if (saved === undefined) delete process.env.RUNNER_TEMP
      else process.env.RUNNER_TEMP = saved
      large.cleanup()
      fs.rmSync(runnerTemp, { recursive: true, force: true })
    }
  })

  it('leaves no diff file behind when the process exits as soon as the diff is read', async () => {
    const runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-runner-temp-'))
    const large = createCheckoutFixture()
    try {
      const from = large.commit({ 'big.txt': numbered(50_000) })
      const to = large.commit({ 'big.txt': numbered(50_000).replace(/line (\d+)/g, 'row $1') })
      const gitModule = path.resolve('src/git/git.ts')
      const script =
        `import { createGit } from ${JSON.stringify(gitModule)}\n` +
        `import { silentLogger } from ${JSON.stringify(path.resolve('src/logger.ts'))}\n` +
        `let chars = 0\n` +
        `await createGit(${JSON.stringify(large.dev)}, silentLogger).streamDiff(` +
        `${JSON.stringify(from)}, ${JSON.stringify(to)}, part => void (chars += part.length))\n` +
        `console.log(chars)\n` +
        `process.exit(0)\n`
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, RUNNER_TEMP: runnerTemp },
        encoding: 'utf8'
      })
      expect(child.stderr).toBe('')
      expect(Number(child.stdout.trim())).toBeGreaterThan(1 << 20)
      expect(fs.readdirSync(runnerTemp)).toEqual([])
    } finally {
      large.cleanup()
      fs.rmSync(runnerTemp, { recursive: true, force: true })
    }
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

  it('finds many words with one git grep, each as its own whole-word search finds it', async () => {
    const words = ['foo', 'bar', '$el', 'foo_bar', 'common', 'absent', 'x']
    const wordsFixture = createCheckoutFixture()
    try {
      const sha = wordsFixture.commit({
        'a.ts': [
          'foo(bar)',
          'foofoo and foo_bar',
          'x.foo = $el',
          'a$el b',
          'ðfooð',
          ...Array.from({ length: 40 }, (_, i) => `common ${i}`)
        ].join('\n'),
        'b/c.py': 'def foo():\n    return bar + x\n',
        'bin.dat': '\u0000foo\u0000'
      })
      const logger = memoryLogger()
      const searcher = createGit(wordsFixture.dev, logger)
      for (const maxPerWord of [1000, 3, 1]) {
        const found = await searcher.grepWords(sha, words, maxPerWord)
        for (const word of words) {
          const alone = await searcher.grep(sha, word, {
            fixed: true,
            wordRegexp: true,
            maxCount: maxPerWord
          })
          expect([maxPerWord, word, found.get(word)]).toEqual([maxPerWord, word, alone])
        }
      }
      const processes = async (asked: string[]): Promise<number> => {
        logger.lines.length = 0
        await searcher.grepWords(sha, asked, 1000)
        return logger.lines.filter(line => line.message.startsWith('git ')).length
      }
      // A word with a character outside git's word characters is searched on its own.
      expect(await processes(words.filter(word => word !== '$el'))).toBe(1)
      expect(await processes(words)).toBe(2)
      expect(await searcher.grepWords(sha, [], 10)).toEqual(new Map())
    } finally {
      wordsFixture.cleanup()
    }
  })

  it('asks git once about a commit it found, and again about one it did not', async () => {
    const logger = memoryLogger()
    const counted = createGit(fixture.dev, logger)
    const missing = '0123456789012345678901234567890123456789'
    const checks = () => logger.lines.filter(line => line.message.startsWith('git cat-file -e')).length
    expect(await Promise.all([counted.hasCommit(head), counted.hasCommit(head)])).toEqual([true, true])
    expect(await counted.hasCommit(head)).toBe(true)
    expect(checks()).toBe(1)
    expect(await counted.hasCommit(missing)).toBe(false)
    expect(await counted.hasCommit(missing)).toBe(false)
    expect(checks()).toBe(3)
    expect(await counted.fetchShas([head, base])).toEqual([])
    expect(checks()).toBe(4)
  })

  it('writes no debug line for a logger that drops them', async () => {
    const debugLines: string[] = []
    const quiet: Logger = { ...silentLogger, debugEnabled: false, debug: line => void debugLines.push(line) }
    const counted = createGit(fixture.dev, quiet)
    expect(await counted.isRepository([head])).toBe(true)
    await counted.streamDiff(base, head, () => undefined)
    expect(await counted.readBlobs(head, ['src/app.ts'])).toHaveProperty('size', 1)
    expect(debugLines).toEqual([])
  })

  it('checks the repository and its commits with one git process, which hasCommit then answers from', async () => {
    const logger = memoryLogger()
    const counted = createGit(fixture.dev, logger)
    const missing = '0123456789012345678901234567890123456789'
    expect(await counted.isRepository([head, missing, head])).toBe(true)
    expect(await Promise.all([counted.hasCommit(head), counted.fetchShas([head])])).toEqual([true, []])
    expect(logger.lines.filter(line => line.message.startsWith('git '))).toEqual([
      { level: 'debug', message: 'git cat-file --batch-check' }
    ])
    expect(await counted.hasCommit(missing)).toBe(false)
    expect(logger.lines.filter(line => line.message.startsWith('git cat-file -e'))).toHaveLength(1)
  })

  it('finds no repository and no commit outside one, asked together', async () => {
    const outside = createGit(path.join(fixture.dev, 'src'), silentLogger)
    expect(await outside.isRepository([head])).toBe(false)
    expect(await outside.hasCommit(head)).toBe(false)
  })

  it('reads batch-check answers in order, only commits counting as present', () => {
    const output = [
      `${head} commit 230`,
      `${base}^{commit} missing`,
      `${base} tree 80`,
      'abc ambiguous',
      ''
    ].join('\n')
    expect(commitAnswers(output)).toEqual([true, false, false, false])
    expect(commitAnswers('')).toEqual([])
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

describe('readBlobs', () => {
  let fixture: CheckoutFixture
  let base: string
  let head: string
  const large = 'x'.repeat(999) + '\n'

  beforeAll(() => {
    fixture = createCheckoutFixture()
    base = fixture.commit({ 'REVIEW.md': 'base rule\n', 'src/api/AGENTS.md': 'base api rule\n' })
    fs.symlinkSync('REVIEW.md', path.join(fixture.dev, 'CLAUDE.md'))
    fixture.commit({
      'REVIEW.md': 'head rule\n',
      'src/api/AGENTS.md': 'head api rule\n',
      'src/api/handler.ts': 'export const handler = 1\n',
      'src/same.md': 'head api rule\n',
      'assets/logo.bin': '\u0000\u0001binary\u0000',
      'docs/large.md': large.repeat(3000),
      'docs/na\u00efve \u00fc/\u8aac\u660e.md': 'non-ASCII\n',
      'docs/line\nbreak/REVIEW.md': 'a directory with a newline in its name\n',
      'empty.md': ''
    })
    fixture.git(fixture.dev, 'update-index', '--add', '--cacheinfo', `160000,${base},vendor/sub`)
    fixture.git(fixture.dev, 'commit', '-q', '-m', 'submodule')
    head = fixture.git(fixture.dev, 'rev-parse', 'HEAD')
  })

  afterAll(() => fixture.cleanup())

  const text = (blobs: Map<string, Buffer>): Record<string, string> =>
    Object.fromEntries([...blobs].map(([name, bytes]) => [name, bytes.toString('utf8')]))

  it('reads the files at a commit, not in the working tree, and leaves out every path that is not a file', async () => {
    fs.writeFileSync(path.join(fixture.dev, 'REVIEW.md'), 'uncommitted\n')
    const git = createGit(fixture.dev, silentLogger)
    const paths = [
      'REVIEW.md',
      'AGENTS.md',
      'CLAUDE.md',
      'src/api/AGENTS.md',
      'src/api/CLAUDE.md',
      'src/same.md',
      'src/api',
      'src/api/handler.ts/inside',
      'nope/deeper/REVIEW.md',
      'vendor/sub',
      'vendor/sub/REVIEW.md',
      'empty.md'
    ]
    expect(text(await git.readBlobs(head, paths))).toEqual({
      'REVIEW.md': 'head rule\n',
      'src/api/AGENTS.md': 'head api rule\n',
      'src/same.md': 'head api rule\n',
      'empty.md': ''
    })
    expect(text(await git.readBlobs(base, paths))).toEqual({
      'REVIEW.md': 'base rule\n',
      'src/api/AGENTS.md': 'base api rule\n'
    })
  })

  it('reads binary and large files whole, and names with spaces, non-ASCII characters and newlines', async () => {
    const git = createGit(fixture.dev, silentLogger)
    const names = [
      'assets/logo.bin',
      'docs/large.md',
      'docs/na\u00efve \u00fc/\u8aac\u660e.md',
      'docs/line\nbreak/REVIEW.md'
    ]
    const blobs = await git.readBlobs(head, names)
    expect([...blobs.keys()]).toEqual(expect.arrayContaining(names))
    expect(blobs.get('assets/logo.bin')).toEqual(Buffer.from('\u0000\u0001binary\u0000'))
    expect(blobs.get('docs/large.md')?.equals(Buffer.from(large.repeat(3000)))).toBe(true)
    expect(blobs.get('docs/line\nbreak/REVIEW.md')?.toString()).toBe(
      'a directory with a newline in its name\n'
    )
  })

  it('runs one git process however many paths it reads, and none for no paths', async () => {
    const logger = memoryLogger()
    const git = createGit(fixture.dev, logger)
    const paths = ['REVIEW.md', 'src/api/AGENTS.md', 'docs/large.md', 'src/api/CLAUDE.md', 'nope/x/y/z.md']
    expect((await git.readBlobs(head, paths)).size).toBe(3)
    expect(await git.readBlobs(head, [])).toEqual(new Map())
    expect(logger.lines.filter(line => line.message.startsWith('git '))).toEqual([
      { level: 'debug', message: 'git cat-file --batch' }
    ])
  })

  it('leaves out paths whose directories are not written as git writes them', async () => {
    const git = createGit(fixture.dev, silentLogger)
    const paths = [
      'src//api/AGENTS.md',
      'src/./api/AGENTS.md',
      'src/api/../api/AGENTS.md',
      './REVIEW.md',
      '/REVIEW.md/'
    ]
    expect(text(await git.readBlobs(head, paths))).toEqual({ '/REVIEW.md/': 'head rule\n' })
  })

  it('reads through a reader opened beforehand, as often as asked, with one git process', async () => {
    const logger = memoryLogger()
    const git = createGit(fixture.dev, logger)
    const reader = git.openBlobReader()
    try {
      const deep = [
        'docs/na\u00efve \u00fc/\u8aac\u660e.md',
        'src/api/AGENTS.md',
        'docs/line\nbreak/REVIEW.md'
      ]
      expect(text(await reader.read(head, deep))).toEqual({
        'docs/na\u00efve \u00fc/\u8aac\u660e.md': 'non-ASCII\n',
        'src/api/AGENTS.md': 'head api rule\n',
        'docs/line\nbreak/REVIEW.md': 'a directory with a newline in its name\n'
      })
      expect(text(await reader.read(base, ['src/api/AGENTS.md', 'src/api/handler.ts']))).toEqual({
        'src/api/AGENTS.md': 'base api rule\n'
      })
    } finally {
      reader.close()
    }
    await expect(reader.read(head, ['REVIEW.md'])).rejects.toThrow(GitError)
    expect(logger.lines.filter(line => line.message.startsWith('git '))).toEqual([
      { level: 'debug', message: 'git cat-file --batch' }
    ])
  })

  it('fails for a commit that is not in the repository, and refuses revisions that look like options', async () => {
    const git = createGit(fixture.dev, silentLogger)
    await expect(git.readBlobs('0123456789012345678901234567890123456789', ['REVIEW.md'])).rejects.toThrow(
      GitError
    )
    await expect(git.readBlobs('--output=x', ['REVIEW.md'])).rejects.toThrow(/Invalid git revision/)
  })

  it('fails outside a repository', async () => {
    const outside = fs.mkdtempSync(path.join(fixture.root, 'plain-'))
    await expect(createGit(outside, silentLogger).readBlobs(head, ['REVIEW.md'])).rejects.toThrow(GitError)
  })
})

/** Waits until `dir` holds nothing, for at most five seconds. */
async function emptied(dir: string): Promise<void> {
  for (const started = Date.now(); fs.readdirSync(dir).length > 0;) {
    if (Date.now() - started > 5_000) throw new Error(`${dir} still holds ${fs.readdirSync(dir).join(', ')}`)
    await new Promise(resolve => setTimeout(resolve, 5))
  }
}
