import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import * as fs from 'node:fs'
import * as path from 'node:path'
import { ToolRegistry } from '../../../src/agent/tools/registry.js'
import { repoTools } from '../../../src/agent/tools/repo-tools.js'
import { toExtendedPattern } from '../../../src/agent/tools/search-patterns.js'
import { diffFiles } from '../../../src/diff/source.js'
import { createGit } from '../../../src/git/git.js'
import { silentLogger } from '../../../src/logger.js'
import { PRIVATE_KEY_SECRETS, SECRET_FORMS } from '../../support/secrets.js'
import { createRepoWorld, GITHUB_TOKEN, type RepoWorld } from './support/repo-world.js'

let world: RepoWorld
let root: string, repo: string, baseSha: string, headSha: string, tools: ToolRegistry
beforeAll(async () => {
  world = await createRepoWorld()
  ;({ root, repo, baseSha, headSha, tools } = world)
})
afterAll(() => world.cleanup())
const call: RepoWorld['call'] = (name, input) => world.call(name, input)

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

describe('search_code', () => {
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
})
