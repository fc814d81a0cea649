import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { ToolRegistry } from '../../../../src/agent/tools/registry.js'
import { repoTools } from '../../../../src/agent/tools/repo-tools.js'
import { diffFiles } from '../../../../src/diff/source.js'
import { createGit } from '../../../../src/git/git.js'
import { silentLogger } from '../../../../src/logger.js'
import { git } from '../../../../testing/pr-fixture.js'
import { PRIVATE_KEY_FILE, SECRET_FORMS } from '../../../support/secrets.js'

export const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`

/**
 * A repository with a base and a head commit, symbolic links of every kind, and files in the working tree
 * that were never committed: the tools must see the commits and nothing else.
 */
export interface RepoWorld {
  root: string
  repo: string
  baseSha: string
  headSha: string
  /** The read tools over the repository, with small caps: 4,000 characters, 5 search results. */
  tools: ToolRegistry
  call(name: string, input: unknown): Promise<{ content: string; isError: boolean }>
  cleanup(): void
}

export async function createRepoWorld(): Promise<RepoWorld> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-repo-tools-'))
  const repo = path.join(root, 'repo')
  const write = (file: string, content: string): void => {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
    fs.writeFileSync(path.join(repo, file), content)
  }
  const commit = (message: string): string => {
    git(repo, ['add', '-A'])
    git(repo, ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', message])
    return git(repo, ['rev-parse', 'HEAD'])
  }
  const outsideSecret = path.join(root, 'outside-secret.txt')
  fs.writeFileSync(outsideSecret, 'TOP SECRET outside the repository\n')
  fs.mkdirSync(repo)
  git(repo, ['init', '-q'])
  write('src/app.ts', 'export const version = 1\n')
  write('lib/util.ts', 'export function helper() {\n  return 42\n}\n')
  const baseSha = commit('base')

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
  const headSha = commit('head')

  // Present in the working tree only: never committed.
  write('untracked.ts', 'export const untracked = true\n')
  write('src/app.ts', 'export const version = "working tree edit"\n')

  const gitClient = createGit(repo, silentLogger)
  const files = await diffFiles(gitClient, baseSha, headSha)
  const tools = new ToolRegistry(
    repoTools({ git: gitClient, headSha, baseSha, files, maxOutputChars: 4000, maxSearchResults: 5 })
  )
  return {
    root,
    repo,
    baseSha,
    headSha,
    tools,
    async call(name, input) {
      const outcome = await tools.execute(name, input)
      return { content: outcome.content, isError: outcome.isError === true }
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true })
  }
}
