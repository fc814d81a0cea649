/** Commits and refs: which commits are present, fetching more from origin, and merge bases. */
import { objectId, revision } from './arguments.js'
import type { GitRunner } from './runner.js'

/** Whether each line of `cat-file --batch-check` output names a commit, in the order asked. */
export function commitAnswers(output: string): boolean[] {
  const lines = output.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.map(line => / commit \d+$/.test(line))
}

export function isObjectId(sha: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha)
}

/**
 * Commits found, or being looked for: a commit once present stays so for the run, and a check started early
 * (see loadPullDiff) answers later ones without another process. One found missing is asked again, as a
 * fetch may bring it.
 */
export class CommitChecks {
  private readonly checks = new Map<string, Promise<boolean>>()

  constructor(private readonly runner: GitRunner) {}

  hasCommit(sha: string): Promise<boolean> {
    return this.checks.get(sha) ?? this.keep(sha, this.checkCommit(sha))
  }

  /** Commits a command has just shown to be present (a diff of them succeeded). */
  present(shas: readonly string[]): void {
    for (const sha of shas)
      if (isObjectId(sha) && !this.checks.has(sha)) this.keep(sha, Promise.resolve(true))
  }

  /**
   * `cat-file --batch-check` answers for each commit and fails outside a repository, so one process does
   * what `rev-parse --git-dir` and a `cat-file -e` per commit would do.
   */
  async isRepositoryWith(commits: readonly string[]): Promise<boolean> {
    const asked = [...new Set(commits)].filter(sha => isObjectId(sha) && !this.checks.has(sha))
    const answered = this.runner.run(['cat-file', '--batch-check'], {
      okCodes: [128],
      input: asked.map(sha => `${sha}^{commit}\n`).join('')
    })
    asked.forEach((sha, i) =>
      this.keep(
        sha,
        answered.then(result => result.exitCode === 0 && (commitAnswers(result.stdout)[i] ?? false))
      )
    )
    try {
      return (await answered).exitCode === 0
    } catch {
      return false
    }
  }

  private keep(sha: string, check: Promise<boolean>): Promise<boolean> {
    this.checks.set(sha, check)
    check.then(
      found => void (found || this.checks.delete(sha)),
      () => void this.checks.delete(sha)
    )
    return check
  }

  private async checkCommit(sha: string): Promise<boolean> {
    const result = await this.runner.run(['cat-file', '-e', `${revision(sha)}^{commit}`], {
      okCodes: [1, 128]
    })
    return result.exitCode === 0
  }
}

const FETCH = ['fetch', '--no-tags', '--no-recurse-submodules']

/** Fetches the commits not present yet, all at once after one check each; returns those fetched. */
export async function fetchShas(
  runner: GitRunner,
  commits: CommitChecks,
  shas: string[],
  depth = 1
): Promise<string[]> {
  const unique = [...new Set(shas)]
  const present = await Promise.all(unique.map(sha => commits.hasCommit(objectId(sha))))
  const missing = unique.filter((_, i) => !present[i])
  if (missing.length === 0) return missing
  await runner.run([...FETCH, `--depth=${depth}`, 'origin', ...missing])
  return missing
}

export async function fetchRef(runner: GitRunner, ref: string, depth = 1): Promise<void> {
  if (!/^refs\/[A-Za-z0-9._/-]+$/.test(ref) || ref.includes('..')) {
    throw new Error(`Invalid ref: ${JSON.stringify(ref)}`)
  }
  await runner.run([...FETCH, `--depth=${depth}`, 'origin', ref])
}

export async function deepen(runner: GitRunner, shas: string[], by: number): Promise<void> {
  await runner.run([...FETCH, `--deepen=${by}`, 'origin', ...shas.map(objectId)])
}

export async function mergeBase(runner: GitRunner, a: string, b: string): Promise<string | undefined> {
  const result = await runner.run(['merge-base', revision(a), revision(b)], { okCodes: [1] })
  const sha = result.stdout.trim()
  return result.exitCode === 0 && sha ? sha : undefined
}
