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
  try {
    const early = options.mergeBaseSha ? diffEarly(git, options.mergeBaseSha, options.headSha) : undefined
    // Started now, the check below costs no spawn once the diff's output fills the heap, which slows it. It
    // answers for both commits too, so that fetchShas below starts no process when they are present.
    const commits = options.mergeBaseSha ? [options.mergeBaseSha, options.headSha] : []
    if (!(await git.isRepository(commits))) throw new Error(`${git.workspaceDir} is not a git repository`)
    const mergeBase = options.mergeBaseSha ?? (await findMergeBase(options, notes))
    const fetched = await git.fetchShas([mergeBase, options.headSha], 1)
    const files =
      early && fetched.length === 0 ? await early : await diffFiles(git, mergeBase, options.headSha)
    logger.debug(
      `Diff ${mergeBase.slice(0, 12)}...${options.headSha.slice(0, 12)}: ${files.length} files from git`
    )
    return { files, source: 'git', notes }
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
export async function diffFiles(git: Git, from: string, to: string, paths?: string[]): Promise<DiffFile[]> {
  const parser = new DiffStreamParser()
  await git.streamDiff(from, to, text => parser.push(text), paths)
  return parser.end()
}

/**
 * With the merge base known the diff starts at once, alongside the checks that the repository holds both
 * commits, which cost about as much as a small diff. Its result counts only once they pass without a fetch;
 * until then a failure is held back, as the checks decide what is reported.
 */
function diffEarly(git: Git, from: string, to: string): Promise<DiffFile[]> {
  const diffing = diffFiles(git, from, to)
  diffing.catch(() => undefined)
  return diffing
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
