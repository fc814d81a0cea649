/**
 * A copy of the head commit's files, outside the workspace, for checks to run in: `git archive` of the commit
 * unpacked by `tar`. It holds no `.git`, so no credentials, remotes or hooks; the workspace is never touched.
 */
import { spawn } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { minimalEnvironment } from '../child-env.js'

const ARCHIVE_TIMEOUT_MS = 120_000

function commitId(sha: string): string {
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha))
    throw new Error(`Invalid commit id: ${JSON.stringify(sha)}`)
  return sha
}

/** Unpacks the files of `headSha` (a commit of the repository at `workspace`) into `dir`. */
export async function copyHeadTree(workspace: string, headSha: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  await new Promise<void>((resolve, reject) => {
    // Neither process gets the action's secrets: every process of the same user can read its environment.
    const env = minimalEnvironment()
    const gitEnv = { ...env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' }
    const git = spawn(
      'git',
      ['-c', 'core.hooksPath=/dev/null', 'archive', '--format=tar', `${commitId(headSha)}^{tree}`],
      { cwd: workspace, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    const tar = spawn('tar', ['-x', '-f', '-', '-C', dir], { env, stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    const failed = new Set<string>()
    let open = 2
    const timer = setTimeout(() => {
      git.kill('SIGKILL')
      tar.kill('SIGKILL')
    }, ARCHIVE_TIMEOUT_MS)
    const done = (name: string) => (code: number | null) => {
      if (code !== 0) failed.add(name)
      if (--open > 0) return
      clearTimeout(timer)
      if (failed.size === 0) resolve()
      else reject(new Error(`${[...failed].join(' and ')} failed: ${stderr.trim().slice(0, 500)}`))
    }
    git.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    git.stdout.pipe(tar.stdin)
    tar.stdin.on('error', () => undefined)
    git.on('error', error => reject(error))
    tar.on('error', error => reject(error))
    git.on('close', done('git archive'))
    tar.on('close', done('tar'))
  })
}
