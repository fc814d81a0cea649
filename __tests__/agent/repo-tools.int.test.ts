import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { ToolRegistry } from '../../src/agent/tools/registry.js'
import { repoTools } from '../../src/agent/tools/repo-tools.js'
import { toExtendedPattern } from '../../src/agent/tools/search-patterns.js'
import { diffFiles } from '../../src/diff/source.js'
import { createGit } from '../../src/git/git.js'
import { silentLogger } from '../../src/logger.js'
import { git } from '../../testing/pr-fixture.js'
import { PRIVATE_KEY_FILE, PRIVATE_KEY_SECRETS, SECRET_FORMS } from '../support/secrets.js'

/**
 * A repository with a base and a head commit, symbolic links of every kind, and files in the working tree
 * that were never committed: the tools must see the commits and nothing else.
 */
let root: string
let repo: string
let outsideSecret: string
let tools: ToolRegistry
let baseSha: string
let headSha: string

const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
  fs.writeFileSync(path.join(repo, file), content)
}

function commit(message: string): string {
  git(repo, ['add', '-A'])
  git(repo, ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', message])
  return git(repo, ['rev-parse', 'HEAD'])
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-repo-tools-'))
  repo = path.join(root, 'repo')
  outsideSecret = path.join(root, 'outside-secret.txt')
  fs.writeFileSync(outsideSecret, 'TOP SECRET outside the repository\n')
  fs.mkdirSync(repo)
  git(repo, ['init', '-q'])
  write('src/app.ts', 'export const version = 1\n')
  write('lib/util.ts', 'export function helper() {\n  return 42\n}\n')
  baseSha = commit('base')

  const numbered = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
  write('src/app.ts', `export const version = 2\nexport const token = '${GITHUB_TOKEN}'\n`)
  write('src/long.txt', numbered)
  write(
    'src/huge.txt',
    'x'.repeat(200) + '\n'.repeat(1) + Array.from({ length: 400 }, () => 'y'.repeat(100)).join('\n')
  )
  // A secret past the width at which search results are clipped: it must not come out half redacted.
  write('src/wide.ts', `const pad = '${'p'.repeat(460)}', token = '${GITHUB_TOKEN}'\n`)
  write('keys/id_rsa', PRIVATE_KEY_FILE)
  write('config/credentials.env', SECRET_FORMS.map(form => form.line).join('\n') + '\n')
  write('assets/logo.png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR')
  fs.symlinkSync(outsideSecret, path.join(repo, 'absolute-link'))
  fs.symlinkSync('../outside-secret.txt', path.join(repo, 'escaping-link'))
  fs.symlinkSync('lib', path.join(repo, 'lib-link'))
  fs.symlinkSync('util.ts', path.join(repo, 'lib/util-link.ts'))
  headSha = commit('head')

  // Present in the working tree only: never committed.
  write('untracked.ts', 'export const untracked = true\n')
  write('src/app.ts', 'export const version = "working tree edit"\n')

  const gitClient = createGit(repo, silentLogger)
  const files = await diffFiles(gitClient, baseSha, headSha)
  tools = new ToolRegistry(
    repoTools({ git: gitClient, headSha, baseSha, files, maxOutputChars: 4000, maxSearchResults: 5 })
  )
})

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true })
})

async function call(name: string, input: unknown): Promise<{ content: string; isError: boolean }> {
  const outcome = await tools.execute(name, input)
  return { content: outcome.content, isError: outcome.isError === true }
}

describe('read_file', () => {
  it('returns numbered lines of the head commit, not of the working tree', async () => {
    const result = await call('read_file', { path: 'src/long.txt', start_line: 3, end_line: 5 })
    expect(result.isError).toBe(false)
    expect(result.content).toContain('<untrusted-data source="read_file:src/long.txt@head">')
    expect(result.content).toContain('lines 3-5 of 40')
    expect(result.content).toMatch(/\n3\tline 3\n4\tline 4\n5\tline 5\n/)
    expect(result.content).not.toContain('line 6')

    const app = await call('read_file', { path: 'src/app.ts' })
    expect(app.content).toContain('export const version = 2')
    expect(app.content).not.toContain('working tree edit')
  })

  it('reads the base revision on request', async () => {
    const result = await call('read_file', { path: 'src/app.ts', ref: 'base' })
    expect(result.content).toContain('export const version = 1')
    expect(result.content).toContain(`at base ${baseSha.slice(0, 7)}`)
  })

  it('does not see files that exist only in the working tree', async () => {
    const result = await call('read_file', { path: 'untracked.ts' })
    expect(result).toEqual({
      isError: true,
      content: `untracked.ts does not exist at the head (${headSha.slice(0, 7)}).`
    })
    expect(fs.existsSync(path.join(repo, 'untracked.ts'))).toBe(true)
  })

  it('redacts secrets from what it returns', async () => {
    const result = await call('read_file', { path: 'src/app.ts' })
    expect(result.content).not.toContain(GITHUB_TOKEN)
    expect(result.content).toContain("2\texport const token = '[REDACTED GitHub token]'")
  })

  it('cuts long output and says where to continue', async () => {
    const result = await call('read_file', { path: 'src/huge.txt' })
    expect(result.content.length).toBeLessThan(4200)
    const next = /call read_file with start_line (\d+) to continue/.exec(result.content)
    expect(next).not.toBeNull()
    const continued = await call('read_file', { path: 'src/huge.txt', start_line: Number(next![1]) })
    expect(continued.content).toMatch(new RegExp(`\\n *${next![1]}\\ty{100}`))

    const past = await call('read_file', { path: 'src/long.txt', start_line: 41 })
    expect(past).toEqual({
      isError: true,
      content: 'src/long.txt has 40 lines; start_line 41 is past the end.'
    })
  })

  it.each([
    ['/etc/passwd', /is absolute/],
    ['/home/runner/.ssh/id_rsa', /is absolute/],
    ['C:\\Windows\\win.ini', /is absolute/],
    ['src\\..\\..\\x', /backslash/],
    ['../outside-secret.txt', /contains '\.\.'/],
    ['src/../../outside-secret.txt', /contains '\.\.'/],
    ['.git/config', /points into \.git/],
    ['lib/../.git/HEAD', /contains '\.\.'/],
    ['absolute-link', /symbolic link to an absolute path outside the repository/],
    ['escaping-link', /symbolic link that leads outside the repository/]
  ])('refuses %s', async (requested, message) => {
    const result = await call('read_file', { path: requested })
    expect(result.isError).toBe(true)
    expect(result.content).toMatch(message)
    expect(result.content).not.toContain('TOP SECRET')
  })

  it('follows symbolic links that stay inside the repository', async () => {
    const viaDirectory = await call('read_file', { path: 'lib-link/util.ts' })
    expect(viaDirectory.isError).toBe(false)
    expect(viaDirectory.content).toContain('via symbolic link to lib/util.ts')
    expect(viaDirectory.content).toContain('2\t  return 42')
    const viaFile = await call('read_file', { path: 'lib/util-link.ts' })
    expect(viaFile.content).toContain('2\t  return 42')
  })
})

describe('search_code patterns', () => {
  it('reads Perl-style classes as meant, with -P or translated, and refuses what it cannot read', async () => {
    const gitClient = createGit(repo, silentLogger)
    const files = await diffFiles(gitClient, baseSha, headSha)
    const extended = new ToolRegistry(repoTools({ git: gitClient, headSha, baseSha, files, perl: false }))
    for (const registry of [tools, extended]) {
      const digits = await registry.execute('search_code', { pattern: 'version = \\d+', path: 'src' })
      expect(digits.content).toContain('src/app.ts:1: export const version = 2')
      const words = await registry.execute('search_code', { pattern: '\\bhelper\\(\\)\\s\\{', path: 'lib' })
      expect(words.content).toContain('lib/util.ts:1: export function helper() {')
      const bracket = await registry.execute('search_code', {
        pattern: 'line [\\d]{2}$',
        path: 'src/long.txt'
      })
      expect(bracket.content).toContain('src/long.txt:10: line 10')
    }
    const lookbehind = await extended.execute('search_code', { pattern: '(?<=return )42' })
    expect(lookbehind).toMatchObject({ isError: true })
    expect(lookbehind.content).toContain('lookbehind')
    expect(lookbehind.content).not.toContain('No matches')
    const broken = await tools.execute('search_code', { pattern: 'helper\\' })
    expect(broken).toMatchObject({ isError: true })
    expect(broken.content).not.toContain('No matches')
  })

  it('translates the shorthands and names what has no extended form', () => {
    expect(toExtendedPattern('MAX_\\w+ = \\d')).toEqual({ ok: true, pattern: 'MAX_[[:alnum:]_]+ = [0-9]' })
    expect(toExtendedPattern('[^\\s\\d]\\S\\D\\W(?:a|b)+?')).toEqual({
      ok: true,
      pattern: '[^[:space:]0-9][^[:space:]][^0-9][^[:alnum:]_](a|b)+'
    })
    for (const [pattern, named] of [
      ['a(?=b)', 'lookahead'],
      ['\\p{L}', 'Unicode property'],
      ['[\\W]', 'inside a bracket'],
      ['a++', 'possessive']
    ] as const) {
      const result = toExtendedPattern(pattern)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error).toContain(named)
    }
  })
})

describe('list_directory, search_code and get_diff', () => {
  it('lists a directory at the head', async () => {
    const result = await call('list_directory', { path: '.' })
    expect(result.isError).toBe(false)
    expect(result.content).toMatch(/\nlib\/\n/)
    expect(result.content).toContain('escaping-link (symbolic link)')
    expect(result.content).not.toContain('untracked.ts')
    expect((await call('list_directory', { path: '.git' })).isError).toBe(true)
  })

  it('searches the head with capped results', async () => {
    const one = await call('search_code', { pattern: 'return 42', fixed: true })
    expect(one.content).toContain('lib/util.ts:2:   return 42')
    const many = await call('search_code', { pattern: '^line [0-9]+$', path: 'src' })
    expect(many.content.match(/^src\/long\.txt:\d+:/gm)).toHaveLength(5)
    expect(many.content).toContain('[more than 5 matches; narrow the pattern or the path]')
    const untracked = await call('search_code', { pattern: 'untracked', fixed: true })
    expect(untracked.content).toBe('No matches for "untracked".')
    const bad = await call('search_code', { pattern: '(' })
    expect(bad.isError).toBe(true)
  })

  it('masks every line of a committed private key, even when the match is a body line alone', async () => {
    const result = await call('search_code', { pattern: '[A-Za-z0-9+/]{60,}', path: 'keys' })
    expect(result.content).toContain('keys/id_rsa:2: [REDACTED private key]')
    for (const body of PRIVATE_KEY_SECRETS) expect(result.content).not.toContain(body.slice(0, 20))
    const begin = await call('search_code', { pattern: 'BEGIN', fixed: true })
    expect(begin.content).toContain('keys/id_rsa:1: [REDACTED private key]')
  })

  it('redacts every credential form in search results and in read_file', async () => {
    const read = await call('read_file', { path: 'config/credentials.env' })
    for (const form of SECRET_FORMS) {
      const found = await call('search_code', { pattern: form.secret, fixed: true })
      // The first line echoes the pattern the model asked for; the results follow it.
      const results = found.content.slice(found.content.indexOf('\n'))
      expect(results).toContain('config/credentials.env:')
      expect(results).not.toContain(form.secret)
      expect(read.content).not.toContain(form.secret)
    }
  })

  it('shows context lines around matches and matches either case on request', async () => {
    const around = await call('search_code', {
      pattern: 'line 20',
      fixed: true,
      path: 'src/long.txt',
      context: 2
    })
    expect(around.content).toContain(
      'src/long.txt-18- line 18\nsrc/long.txt-19- line 19\nsrc/long.txt:20: line 20\nsrc/long.txt-21- line 21\n'
    )
    const groups = await call('search_code', { pattern: '^line (3|9)$', path: 'src/long.txt', context: 1 })
    expect(groups.content).toContain(
      'src/long.txt-4- line 4\n--\nsrc/long.txt-8- line 8\nsrc/long.txt:9: line 9'
    )
    const many = await call('search_code', { pattern: '^line [0-9]+$', path: 'src', context: 5 })
    expect(many.content.match(/^src\/long\.txt:\d+:/gm)).toHaveLength(5)
    expect(many.content).toContain('[more than 5 matches; narrow the pattern or the path]')
    const exact = await call('search_code', { pattern: 'RETURN 42', fixed: true })
    expect(exact.content).toMatch(/^No matches/)
    const either = await call('search_code', { pattern: 'RETURN 42', fixed: true, ignore_case: true })
    expect(either.content).toContain('lib/util.ts:2:   return 42')
    const tooWide = await call('search_code', { pattern: 'x', context: 6 })
    expect(tooWide.isError).toBe(true)
    expect(tooWide.content).toContain('context')
  })

  it('redacts a secret in a match before clipping the line', async () => {
    const result = await call('search_code', { pattern: 'const pad', fixed: true })
    expect(result.content).toContain('src/wide.ts:1: ')
    expect(result.content).not.toContain(GITHUB_TOKEN.slice(0, 12))
    expect(result.content).toContain("token = '[REDACTED")
  })

  it('passes a pattern that starts with a dash, and a path with pathspec magic, to git as plain text', async () => {
    const marker = path.join(root, 'pager-ran')
    const option = await call('search_code', { pattern: `--open-files-in-pager=touch ${marker}` })
    expect(option).toEqual({ isError: false, content: expect.stringMatching(/^No matches for/) })
    expect(fs.existsSync(marker)).toBe(false)
    const dash = await call('search_code', { pattern: '-', fixed: true, path: 'src/app.ts' })
    expect(dash.isError).toBe(false)
    expect(dash.content).toMatch(/^No matches/)
    for (const magic of [':(top)', ':!src', ':(exclude)src', '*']) {
      const result = await call('search_code', { pattern: 'return 42', fixed: true, path: magic })
      expect(result.content).toBe('No matches for "return 42".')
    }
  })

  it('refuses a binary file and lists the root', async () => {
    const binary = await call('read_file', { path: 'assets/logo.png' })
    expect(binary.isError).toBe(true)
    expect(binary.content).toMatch(/^assets\/logo\.png is a binary file \(\d+ bytes\)\.$/)
    const root = await call('list_directory', { path: '' })
    expect(root.content).toContain(`. at head ${headSha.slice(0, 7)}:`)
    expect(root.content).toMatch(/\nassets\/\n/)
  })

  it("returns one file's whole diff", async () => {
    const result = await call('get_diff', { path: 'src/app.ts' })
    expect(result.isError).toBe(false)
    expect(result.content).toContain('=== src/app.ts (modified')
    expect(result.content).toContain('- (old 1) export const version = 1')
    const missing = await call('get_diff', { path: 'lib/util.ts' })
    expect(missing).toEqual({
      isError: true,
      content: 'lib/util.ts is not one of the files this pull request changes.'
    })
  })
})
