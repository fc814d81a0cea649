import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ConfigurationError } from '../errors.js'

const run = promisify(execFile)

/** A few questions to git about the repository the CLI runs in; the review itself goes through src/git. */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' }
  })
  return stdout.trim()
}

export interface LocalBranch {
  root: string
  gitDir: string
  /** The branch name, or `HEAD` when detached. */
  branch: string
  headSha: string
  baseSha: string
  mergeBaseSha: string
  /** Subject and body of each commit from the merge base to HEAD, oldest first. */
  commits: string
  author: string
  repository: string
  dirty: boolean
}

export async function readBranch(cwd: string, base: string): Promise<LocalBranch> {
  let root: string
  try {
    root = await git(cwd, ['rev-parse', '--show-toplevel'])
  } catch {
    throw new ConfigurationError(`${cwd} is not inside a git repository; run redline review in one.`)
  }
  const gitDir = await git(root, ['rev-parse', '--absolute-git-dir'])
  const headSha = await git(root, ['rev-parse', '--verify', 'HEAD^{commit}']).catch(() => {
    throw new ConfigurationError('The repository has no commit yet; commit the changes to review first.')
  })
  const baseSha = await git(root, ['rev-parse', '--verify', '--end-of-options', `${base}^{commit}`]).catch(
    () => {
      throw new ConfigurationError(`--base '${base}' is not a branch or commit of this repository.`)
    }
  )
  const mergeBaseSha = await git(root, ['merge-base', baseSha, headSha]).catch(() => {
    throw new ConfigurationError(`HEAD and '${base}' have no common history; pick the branch HEAD came from.`)
  })
  const branch = await git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => 'HEAD')
  const [commits, author, status, remote] = await Promise.all([
    git(root, ['log', '--reverse', '--format=%s%n%n%b', `${mergeBaseSha}..${headSha}`]),
    git(root, ['log', '-1', '--format=%an', headSha]),
    git(root, ['status', '--porcelain', '--untracked-files=no']),
    git(root, ['config', '--get', 'remote.origin.url']).catch(() => '')
  ])
  const repository =
    /[:/]([^/:]+\/[^/]+?)(?:\.git)?$/.exec(remote)?.[1] ?? root.split('/').pop() ?? 'repository'
  return {
    root,
    gitDir,
    branch,
    headSha,
    baseSha,
    mergeBaseSha,
    commits,
    author,
    repository,
    dirty: status !== ''
  }
}
