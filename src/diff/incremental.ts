import { errorMessage } from '../errors.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { LineMap } from './line-map.js'
import type { DiffFile, DiffLine, Hunk } from './model.js'
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
    if (own) files.push(withBaseNumbers(own, prFile))
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

/**
 * The incremental diff numbers removed lines in the previously reviewed commit, but a LEFT comment is
 * placed on the pull request's diff, numbered in the merge base. A removed line takes the number of the
 * line with the same text that the pull request's diff removes between the same two head lines; one with
 * no such line was added by an earlier push and never existed in the base, so it gets no number. The lines
 * are copied: the line map reads the original numbers.
 */
function withBaseNumbers(file: DiffFile, prFile: DiffFile): DiffFile {
  const baseRemoved = new Map<number, DiffLine[]>()
  forEachRemoved(prFile.hunks, (line, gap) => {
    const inGap = baseRemoved.get(gap)
    if (inGap) inGap.push(line)
    else baseRemoved.set(gap, [line])
  })
  const hunks = file.hunks.map(hunk => {
    const renumbered = new Map<DiffLine, number | undefined>()
    forEachRemoved([hunk], (line, gap) => {
      const candidates = baseRemoved.get(gap) ?? []
      const match = candidates.findIndex(candidate => candidate.text === line.text)
      renumbered.set(line, match < 0 ? undefined : candidates.splice(match, 1)[0]?.oldLine)
    })
    if (renumbered.size === 0) return hunk
    const lines = hunk.lines.map(line =>
      renumbered.has(line) ? { ...line, oldLine: renumbered.get(line) } : line
    )
    return { ...hunk, lines }
  })
  return { ...file, hunks }
}

/** Calls `visit` with each removed line and the head line it follows (0 before the first line). */
function forEachRemoved(hunks: Hunk[], visit: (line: DiffLine, gap: number) => void): void {
  for (const hunk of hunks) {
    // A hunk without new lines names the line it follows; otherwise its first line.
    let gap = hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1
    for (const line of hunk.lines) {
      if (line.newLine !== undefined) gap = line.newLine
      else if (line.kind === 'del') visit(line, gap)
    }
  }
}
