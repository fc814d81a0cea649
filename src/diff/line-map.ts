import type { DiffFile, Hunk, Side } from './model.js'

export type MappedLine = { path: string; line: number } | { deleted: true }

/**
 * Carries a position from an earlier commit to the head through the diff between them, so a comment made
 * on an earlier push can be matched with the code it was about.
 *
 * RIGHT lines follow the hunks: a line before a hunk keeps its number, a line after it moves by the lines
 * the hunk added minus those it removed, a removed line is gone. LEFT lines belong to the base of the pull
 * request, which this diff does not describe; they keep their number and only follow a rename.
 */
export class LineMap {
  private constructor(
    private readonly byOldPath: Map<string, DiffFile>,
    private readonly newPaths: Set<string>
  ) {}

  static fromFiles(files: DiffFile[]): LineMap {
    const byOldPath = new Map<string, DiffFile>()
    const newPaths = new Set<string>()
    for (const file of files) {
      // A type change lists a path twice, deleted then added: the added entry does not describe old lines.
      if (file.status !== 'added' && !byOldPath.has(file.oldPath)) byOldPath.set(file.oldPath, file)
      if (file.status !== 'deleted') newPaths.add(file.path)
    }
    return new LineMap(byOldPath, newPaths)
  }

  /** Where a path of the earlier commit is at the head; undefined when the file was deleted. */
  mapPath(path: string): string | undefined {
    const file = this.byOldPath.get(path)
    if (!file) return path
    if (file.status === 'deleted') return this.newPaths.has(path) ? path : undefined
    return file.path
  }

  mapLine(path: string, side: Side, line: number): MappedLine {
    const file = this.byOldPath.get(path)
    if (!file) return { path, line }
    if (file.status === 'deleted') return { deleted: true }
    if (side === 'LEFT') return { path: file.path, line }
    // A binary file shows no lines, so nothing in it can be followed.
    if (file.binary) return { deleted: true }
    const mapped = mapThroughHunks(file.hunks, line)
    return mapped === undefined ? { deleted: true } : { path: file.path, line: mapped }
  }
}

function mapThroughHunks(hunks: Hunk[], line: number): number | undefined {
  let shift = 0
  for (const hunk of hunks) {
    // A hunk that removes nothing inserts after oldStart; one that removes lines covers them.
    const lastOld = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart + hunk.oldLines - 1
    if (line > lastOld) {
      shift += hunk.newLines - hunk.oldLines
      continue
    }
    if (hunk.oldLines === 0 || line < hunk.oldStart) return line + shift
    for (const diffLine of hunk.lines) {
      if (diffLine.oldLine !== line) continue
      return diffLine.kind === 'context' ? diffLine.newLine : undefined
    }
    return undefined
  }
  return line + shift
}
