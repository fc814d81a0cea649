/**
 * Turns a fixture into a real pull-request repository (bare origin with GitHub's pull refs and a runner
 * checkout), and reads what the review needs from it: the PR diff-line set and head file text.
 */
import { createPrFixture, type PrFixture } from '../testing/pr-fixture.js'
import { diffFiles } from '../src/diff/source.js'
import { DiffLineSet } from '../src/diff/line-set.js'
import { createGit, type Git } from '../src/git/git.js'
import { silentLogger } from '../src/logger.js'
import type { Fixture } from './model.js'

/** A pull request the action can review, and the one later push the re-review measurement needs. */
export interface PrRepo {
  readonly fixture: PrFixture
  /** Pushes the fixture's follow-up commit; undefined when it has none. */
  pushFix?: () => string
  cleanup(): void
}

/**
 * Every built-in fixture is the same repository to the reviewer: nothing it is sent (the repository name,
 * branch names, commit messages) may name the fixture or its defect. See eval/blind.ts.
 */
export const NEUTRAL_OWNER = 'acme'
export const NEUTRAL_REPO = 'shop'
export const NEUTRAL_FIX_MESSAGE = 'Address review comments'

export function buildPr(fixture: Fixture, prNumber = 1): PrRepo {
  const files: Record<string, string | null> = { ...fixture.head }
  for (const deleted of fixture.deleted) files[deleted] = null
  const pr = createPrFixture({
    base: fixture.base,
    commits: [{ files, message: fixture.title }],
    prNumber,
    owner: NEUTRAL_OWNER,
    repo: NEUTRAL_REPO
  })
  const fix = fixture.fix
  return {
    fixture: pr,
    ...(fix ? { pushFix: () => pr.pushHead(fix.files, fix.message) } : {}),
    cleanup: () => pr.cleanup()
  }
}

export function originGit(pr: PrFixture): Git {
  return createGit(pr.originDir, silentLogger)
}

/** The PR's diff-line set at its current head: merge base against head, as the action computes it. */
export async function prLineSet(pr: PrFixture): Promise<DiffLineSet> {
  return DiffLineSet.fromFiles(await diffFiles(originGit(pr), pr.mergeBaseSha, pr.headSha))
}

/** A file's lines at a commit (without the final newline's empty line); undefined when absent. */
export async function fileLines(pr: PrFixture, sha: string, file: string): Promise<string[] | undefined> {
  const bytes = await originGit(pr).show(sha, file)
  if (bytes === undefined) return undefined
  const lines = bytes.toString('utf8').split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}
