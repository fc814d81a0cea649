import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import * as fs from 'node:fs'
import * as path from 'node:path'
import { createRepoWorld, GITHUB_TOKEN, type RepoWorld } from './support/repo-world.js'

let world: RepoWorld
let repo: string, baseSha: string, headSha: string
beforeAll(async () => {
  world = await createRepoWorld()
  ;({ repo, baseSha, headSha } = world)
})
afterAll(() => world.cleanup())
const call: RepoWorld['call'] = (name, input) => world.call(name, input)

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

  it('refuses a binary file', async () => {
    const binary = await call('read_file', { path: 'assets/logo.png' })
    expect(binary.isError).toBe(true)
    expect(binary.content).toMatch(/^assets\/logo\.png is a binary file \(\d+ bytes\)\.$/)
  })
})
