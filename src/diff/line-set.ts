import type { DiffFile, Hunk, Side } from './model.js'

/**
 * The lines of one side of one file that lie inside hunks. Within a hunk each side's lines are
 * consecutive, so a side is a sorted list of ranges, one per hunk: a few integers per hunk however large
 * the pull request.
 */
interface SideRanges {
  starts: number[]
  ends: number[]
  hunks: Hunk[]
}

interface FileEntry {
  file: DiffFile
  RIGHT: SideRanges
  LEFT: SideRanges
}

/**
 * Every (path, side, line) GitHub accepts for an inline review comment: on the RIGHT the added and
 * context lines of the new file, on the LEFT the removed and context lines of the old file, in both cases
 * only inside hunks. Paths are the new paths, as GitHub addresses renamed files on both sides.
 */
export class DiffLineSet {
  /** Line positions inside each hunk, built on first use by lineText. */
  private readonly positions = new WeakMap<Hunk, { RIGHT: Int32Array; LEFT: Int32Array }>()

  /** Built when first asked: a review asks once the model has answered, so the index is not made before. */
  #entries: Map<string, FileEntry> | undefined

  private constructor(private readonly files: readonly DiffFile[]) {}

  static fromFiles(files: DiffFile[]): DiffLineSet {
    return new DiffLineSet([...files])
  }

  private get entries(): Map<string, FileEntry> {
    this.#entries ??= indexFiles(this.files)
    return this.#entries
  }

  canComment(path: string, side: Side, line: number): boolean {
    return this.rangeAt(path, side, line) >= 0
  }

  /** The index of the hunk holding the line, undefined when the line is outside every hunk. */
  hunkOf(path: string, side: Side, line: number): number | undefined {
    const ranges = this.entries.get(path)?.[side]
    const at = this.rangeAt(path, side, line)
    return ranges && at >= 0 ? ranges.hunks[at]?.index : undefined
  }

  /** Whether both lines are commentable and in the same hunk, as a multi-line comment requires. */
  sameHunk(path: string, side: Side, start: number, end: number): boolean {
    const ranges = this.entries.get(path)?.[side]
    const a = this.rangeAt(path, side, start)
    return ranges !== undefined && a >= 0 && ranges.hunks[a] === ranges.hunks[this.rangeAt(path, side, end)]
  }

  /** Up to `count` commentable lines nearest to `line`, by distance, the lower line first on a tie. */
  nearest(path: string, side: Side, line: number, count = 1): number[] {
    const ranges = this.entries.get(path)?.[side]
    const result: number[] = []
    if (!ranges || ranges.starts.length === 0) return result
    const { starts, ends } = ranges
    // `down` walks from the largest commentable line <= line towards 1, `up` from the smallest one above it.
    let downRange = lastStartAtOrBefore(starts, line)
    let down = downRange >= 0 ? Math.min(line, ends[downRange] as number) : -1
    let upRange = downRange
    let up = line + 1
    if (downRange < 0 || line >= (ends[downRange] as number)) {
      upRange = downRange + 1
      up = upRange < starts.length ? (starts[upRange] as number) : -1
    }
    while (result.length < count && (down >= 0 || up >= 0)) {
      if (down >= 0 && (up < 0 || line - down <= up - line)) {
        result.push(down)
        if (down > (starts[downRange] as number)) down--
        else down = --downRange >= 0 ? (ends[downRange] as number) : -1
      } else {
        result.push(up)
        if (up < (ends[upRange] as number)) up++
        else up = ++upRange < starts.length ? (starts[upRange] as number) : -1
      }
    }
    return result
  }

  /** The text of a commentable line, without its diff marker. */
  lineText(path: string, side: Side, line: number): string | undefined {
    const ranges = this.entries.get(path)?.[side]
    const at = this.rangeAt(path, side, line)
    if (!ranges || at < 0) return undefined
    const hunk = ranges.hunks[at] as Hunk
    const offsets = this.positionsOf(hunk)[side]
    const index = offsets[line - (ranges.starts[at] as number)]
    return index === undefined ? undefined : hunk.lines[index]?.text
  }

  hasFile(path: string): boolean {
    return this.entries.has(path)
  }

  paths(): string[] {
    return [...this.entries.keys()]
  }

  /** The file of a path (the first one when a type change lists a path twice). */
  file(path: string): DiffFile | undefined {
    return this.entries.get(path)?.file
  }

  private rangeAt(path: string, side: Side, line: number): number {
    const ranges = this.entries.get(path)?.[side]
    if (!ranges || !Number.isInteger(line)) return -1
    const at = lastStartAtOrBefore(ranges.starts, line)
    return at >= 0 && line <= (ranges.ends[at] as number) ? at : -1
  }

  private positionsOf(hunk: Hunk): { RIGHT: Int32Array; LEFT: Int32Array } {
    let positions = this.positions.get(hunk)
    if (!positions) {
      positions = { RIGHT: linePositions(hunk, 'newLine'), LEFT: linePositions(hunk, 'oldLine') }
      this.positions.set(hunk, positions)
    }
    return positions
  }
}

function emptyRanges(): SideRanges {
  return { starts: [], ends: [], hunks: [] }
}

function addRange(ranges: SideRanges, hunk: Hunk, side: Side): void {
  const start = side === 'RIGHT' ? hunk.newStart : hunk.oldStart
  const count = side === 'RIGHT' ? hunk.newLines : hunk.oldLines
  if (count <= 0) return
  ranges.starts.push(start)
  ranges.ends.push(start + count - 1)
  ranges.hunks.push(hunk)
}

/** Hunks arrive in order; only a path listed twice (a type change) needs sorting. */
function sortRanges(ranges: SideRanges): void {
  const { starts } = ranges
  let sorted = true
  for (let i = 1; i < starts.length && sorted; i++) sorted = (starts[i - 1] as number) < (starts[i] as number)
  if (sorted) return
  const order = starts.map((_, i) => i).sort((a, b) => (starts[a] as number) - (starts[b] as number))
  ranges.starts = order.map(i => starts[i] as number)
  ranges.ends = order.map(i => ranges.ends[i] as number)
  ranges.hunks = order.map(i => ranges.hunks[i] as Hunk)
}

function lastStartAtOrBefore(starts: number[], line: number): number {
  let lo = 0
  let hi = starts.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((starts[mid] as number) <= line) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

function linePositions(hunk: Hunk, key: 'newLine' | 'oldLine'): Int32Array {
  let first = -1
  let last = -1
  for (const line of hunk.lines) {
    const value = line[key]
    if (value === undefined) continue
    if (first < 0) first = value
    last = value
  }
  const positions = new Int32Array(first < 0 ? 0 : last - first + 1).fill(-1)
  hunk.lines.forEach((line, index) => {
    const value = line[key]
    if (value !== undefined) positions[value - first] = index
  })
  return positions
}

function indexFiles(files: readonly DiffFile[]): Map<string, FileEntry> {
  const entries = new Map<string, FileEntry>()
  for (const file of files) {
    let entry = entries.get(file.path)
    if (!entry) {
      entry = { file, RIGHT: emptyRanges(), LEFT: emptyRanges() }
      entries.set(file.path, entry)
    }
    for (const hunk of file.hunks) {
      addRange(entry.RIGHT, hunk, 'RIGHT')
      addRange(entry.LEFT, hunk, 'LEFT')
    }
  }
  for (const entry of entries.values()) {
    sortRanges(entry.RIGHT)
    sortRanges(entry.LEFT)
  }
  return entries
}
