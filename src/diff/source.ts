import { errorMessage } from '../errors.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import type { ApiFileList, DiffFile } from './model.js'
import { DiffStreamParser, parseApiPatch } from './parse.js'

export interface PullDiff {
  files: DiffFile[]
  source: 'git' | 'api'
  /** What a reader of the log should know about how the diff was obtained. */
  notes: string[]
}

export interface LoadPullDiffOptions {
  git: Git
  headSha: string
  baseSha: string
  /** From the compare API; without it the merge base is searched in fetched history. */
  mergeBaseSha?: string
  logger: Logger
  /** The pull-request files API, used when git cannot produce the diff. */
  fallback: () => Promise<ApiFileList>
  /**
   * Called with each file of a git diff as soon as it is read, while git writes the rest (see renderAhead).
   * A diff that fails has passed some files already; those of the files API are not passed.
   */
  onFile?: (file: DiffFile) => void
}

/** History fetched to find a merge base when the compare API did not give one: 50, then 250 more, ... */
const MERGE_BASE_DEPTHS = [50, 250, 1000]

/**
 * The pull request's diff as GitHub shows it: the merge base against the head (a three-dot diff). The
 * runner's checkout holds only the merge commit at depth 1, so the two commits are fetched by id; a
 * tree diff needs nothing else. When git cannot do it the pull-request files API stands in.
 */
export async function loadPullDiff(options: LoadPullDiffOptions): Promise<PullDiff> {
  const { git, logger } = options
  const notes: string[] = []
  const warn = (note: string): void => {
    notes.push(note)
    logger.warning(note)
  }
  const fromGit = (mergeBase: string, files: DiffFile[]): PullDiff => {
    logger.debug(
      `Diff ${mergeBase.slice(0, 12)}...${options.headSha.slice(0, 12)}: ${files.length} files from git`
    )
    return { files, source: 'git', notes }
  }
  try {
    if (options.mergeBaseSha) {
      // A diff that succeeds shows that both commits are here, and then no check is needed, whose git
      // process would start while git diffs, on a core git needs. A failure, as in a shallow checkout that
      // lacks them, says nothing yet: the checks below fetch what is missing and decide what is reported.
      const files = await diffFiles(
        git,
        options.mergeBaseSha,
        options.headSha,
        undefined,
        options.onFile
      ).catch(() => undefined)
      if (files) return fromGit(options.mergeBaseSha, files)
    }
    const commits = options.mergeBaseSha ? [options.mergeBaseSha, options.headSha] : []
    if (!(await git.isRepository(commits))) throw new Error(`${git.workspaceDir} is not a git repository`)
    const mergeBase = options.mergeBaseSha ?? (await findMergeBase(options, notes))
    await git.fetchShas([mergeBase, options.headSha], 1)
    return fromGit(mergeBase, await diffFiles(git, mergeBase, options.headSha, undefined, options.onFile))
  } catch (error) {
    warn(`git could not produce the diff (${errorMessage(error)}); using the pull-request files API`)
  }
  const api = await options.fallback()
  const files = api.files.map(parseApiPatch)
  if (api.cappedAt !== undefined) {
    warn(`the files API lists at most ${api.cappedAt} files; later files of this pull request are missing`)
  }
  const missing = files.filter(file => file.patchMissing).map(file => file.path)
  if (missing.length > 0) {
    warn(`the files API gave no patch for ${missing.length} file(s): ${summarize(missing)}`)
  }
  return { files, source: 'api', notes }
}

/** Parses while git is still writing, which keeps a large diff close to the cost of git alone. */
export async function diffFiles(
  git: Git,
  from: string,
  to: string,
  paths?: string[],
  onFile?: (file: DiffFile) => void
): Promise<DiffFile[]> {
  const parser = new DiffStreamParser(onFile)
  await git.streamDiff(from, to, text => parser.push(text), paths)
  return parser.end()
}

async function findMergeBase(options: LoadPullDiffOptions, notes: string[]): Promise<string> {
  const { git, headSha, baseSha } = options
  const shas = [headSha, baseSha]
  const found = await git.mergeBase(headSha, baseSha).catch(() => undefined)
  if (found) return found
  for (const [round, depth] of MERGE_BASE_DEPTHS.entries()) {
    if (round === 0) await git.fetchShas(shas, depth)
    else await git.deepen(shas, depth)
    const base = await git.mergeBase(headSha, baseSha)
    if (base) {
      notes.push(`merge base ${base.slice(0, 12)} found after fetching history`)
      return base
    }
  }
  throw new Error(`no merge base of ${headSha.slice(0, 12)} and ${baseSha.slice(0, 12)} in fetched history`)
}

function summarize(paths: string[]): string {
  const shown = paths.slice(0, 10).join(', ')
  return paths.length > 10 ? `${shown} and ${paths.length - 10} more` : shown
}
