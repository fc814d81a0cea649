import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Real repositories in the shape a pull-request workflow sees: an `origin` bare repository that serves any
 * commit by id (as GitHub does), a `dev` clone where the test writes commits, and a `workspace` made the
 * way actions/checkout makes it by default: the pull request's merge commit alone, fetched at depth 1.
 */
export interface CheckoutFixture {
  root: string
  origin: string
  dev: string
  /** Runs git in a directory with a fixed identity and dates; returns trimmed stdout. */
  git(cwd: string, ...args: string[]): string
  /** Writes (string) or deletes (null) files in `dev` and commits them; returns the new commit id. */
  commit(files: Record<string, string | null>, message?: string): string
  /** Pushes `dev`'s `from` (a commit or branch) to origin's `to` ref. */
  push(from: string, to: string): void
  /** A workspace holding only `sha`, fetched at depth 1 from origin, as actions/checkout leaves it. */
  checkout(sha: string): string
  cleanup(): void
}

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.com',
  GIT_COMMITTER_NAME: 'fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0'
}

export function createCheckoutFixture(): CheckoutFixture {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-git-'))
  const origin = path.join(root, 'origin.git')
  const dev = path.join(root, 'dev')
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd, env: ENV, encoding: 'utf8' }).trim()

  git(root, 'init', '-q', '--bare', '-b', 'main', origin)
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true')
  git(root, 'init', '-q', '-b', 'main', dev)
  git(dev, 'remote', 'add', 'origin', pathToUrl(origin))

  let workspaces = 0
  return {
    root,
    origin,
    dev,
    git,
    commit(files, message = 'change') {
      for (const [name, content] of Object.entries(files)) {
        const full = path.join(dev, name)
        if (content === null) {
          fs.rmSync(full, { force: true })
        } else {
          fs.mkdirSync(path.dirname(full), { recursive: true })
          fs.writeFileSync(full, content)
        }
      }
      git(dev, 'add', '-A')
      git(dev, 'commit', '-q', '--allow-empty', '-m', message)
      return git(dev, 'rev-parse', 'HEAD')
    },
    push(from, to) {
      git(dev, 'push', '-q', '--force', 'origin', `${from}:${to}`)
    },
    checkout(sha) {
      const workspace = path.join(root, `workspace-${++workspaces}`)
      git(root, 'init', '-q', workspace)
      git(workspace, 'remote', 'add', 'origin', pathToUrl(origin))
      git(workspace, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', `+${sha}:refs/remotes/pull/1/merge`)
      git(workspace, 'checkout', '-q', '--force', 'refs/remotes/pull/1/merge')
      return workspace
    },
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true })
    }
  }
}

/** A file:// URL, because git ignores --depth for a plain local path. */
function pathToUrl(dir: string): string {
  return `file://${dir}`
}

/** Lines "1" .. "n", each followed by a newline, with some replaced. */
export function numbered(n: number, replace: Record<number, string> = {}): string {
  let text = ''
  for (let i = 1; i <= n; i++) text += `${replace[i] ?? `line ${i}`}\n`
  return text
}
