import { errorMessage } from '../errors.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { LineMap } from './line-map.js'
import type { DiffFile, Hunk } from './model.js'
import { diffFiles } from './source.js'

export interface IncrementalDiffOptions {
  git: Git
  /** The head that was reviewed last time. */
  fromSha: string
  headSha: string
  /** The pull request's whole diff at the head. */
  prFiles: DiffFile[]
  logger: Logger
}

export interface IncrementalDiff {
  /** What changed since `fromSha` that belongs to the pull request itself. */
  files: DiffFile[]
  /** From `fromSha` to the head; undefined when the earlier commit is gone and nothing can be mapped. */
  lineMap: LineMap | undefined
  /** The earlier commit could not be read; `files` is the whole pull-request diff. */
  fellBack: boolean
  notes: string[]
}

/**
 * The changes since the last reviewed push. A push that merges the base branch brings in other people's
 * changes, so only files of the pull request's own diff are kept, and in them only hunks whose added lines
 * the pull request added. The line map is built from the whole diff, so positions still move correctly
 * past the changes left out.
 */
export async function loadIncrementalDiff(options: IncrementalDiffOptions): Promise<IncrementalDiff> {
  const { git, fromSha, headSha, prFiles, logger } = options
  const notes: string[] = []
  let changed: DiffFile[]
  try {
    await git.fetchShas([fromSha, headSha], 1)
    if (!(await git.hasCommit(fromSha))) throw new Error(`commit ${fromSha} is not available`)
    changed = fromSha === headSha ? [] : await diffFiles(git, fromSha, headSha)
  } catch (error) {
    const note =
      `the previously reviewed commit ${fromSha.slice(0, 12)} cannot be read (${errorMessage(error)}); ` +
      'it was probably force-pushed away, so the whole pull request is reviewed again'
    notes.push(note)
    logger.warning(note)
    return { files: prFiles, lineMap: undefined, fellBack: true, notes }
  }

  const lineMap = LineMap.fromFiles(changed)
  const prByPath = new Map(prFiles.map(file => [file.path, file]))
  const files: DiffFile[] = []
  let outside = 0
  for (const file of changed) {
    const prFile = prByPath.get(file.path)
    if (!prFile) {
      outside++
      continue
    }
    const own = ownChanges(file, prFile)
    if (own) files.push(own)
    else outside++
  }
  if (outside > 0) {
    notes.push(
      `${outside} file(s) changed since ${fromSha.slice(0, 12)} only through the base branch; not reviewed again`
    )
  }
  logger.debug(
    `Incremental diff from ${fromSha.slice(0, 12)}: ${files.length} of ${changed.length} files kept`
  )
  return { files, lineMap, fellBack: false, notes }
}

/**
 * The part of a file's recent change that the pull request made: hunks that add a line the pull request
 * adds, or that only remove lines (which cannot be told apart and are kept). Undefined when none is left.
 */
function ownChanges(file: DiffFile, prFile: DiffFile): DiffFile | undefined {
  if (file.hunks.length === 0) return file
  const prAdded = new Set<number>()
  for (const hunk of prFile.hunks) {
    for (const line of hunk.lines) {
      if (line.kind === 'add' && line.newLine !== undefined) prAdded.add(line.newLine)
    }
  }
  const kept: Hunk[] = []
  for (const hunk of file.hunks) {
    let adds = false
    let own = false
    for (const line of hunk.lines) {
      if (line.kind !== 'add' || line.newLine === undefined) continue
      adds = true
      if (prAdded.has(line.newLine)) {
        own = true
        break
      }
    }
    if (own || !adds) kept.push({ ...hunk, index: kept.length })
  }
  if (kept.length === 0) return undefined
  if (kept.length === file.hunks.length) return file
  let additions = 0
  let deletions = 0
  for (const hunk of kept) {
    for (const line of hunk.lines) {
      if (line.kind === 'add') additions++
      else if (line.kind === 'del') deletions++
    }
  }
  return { ...file, hunks: kept, additions, deletions }
}
