import { hunkLineCount, visitHunkLines } from '../diff/hunk-lines.js'
import type { DiffFile, DiffLine } from '../diff/model.js'

/**
 * Which reviewable files' changes the model has actually had in front of it. A view is only offered when a
 * tool answers (or the first message is built); it counts once a model reply to a request carrying it has
 * arrived, so a diff fetched in the turn that also published, or sent in a request that failed, counts for
 * nothing.
 */
export class Coverage {
  /**
   * Per file, the changed lines not yet seen: N for new line N, -N for old line N (numbers, not strings,
   * as a large pull request has a key per changed line).
   */
  private readonly unseen = new Map<string, Set<number> | Unread>()
  private readonly byPath = new Map<string, DiffFile>()
  private readonly byOldPath = new Map<string, string>()
  private offered: Array<() => void> = []

  constructor(files: readonly DiffFile[]) {
    for (const file of files) {
      // Each pass of a large pull request has its own coverage of every file, but shows only some of them.
      this.unseen.set(file.path, { unread: file })
      if (!this.byPath.has(file.path)) this.byPath.set(file.path, file)
      if (file.oldPath !== file.path) this.byOldPath.set(file.oldPath, file.path)
    }
  }

  /** The changed lines of `path` not yet seen, listed on first use. */
  private unseenOf(path: string): Set<number> | undefined {
    const entry = this.unseen.get(path)
    if (entry === undefined || entry instanceof Set) return entry
    const keys = new Set(changedKeys(entry.unread))
    this.unseen.set(path, keys)
    return keys
  }

  private unseenCount(entry: Set<number> | Unread): number {
    return entry instanceof Set ? entry.size : hasChangedKey(entry.unread) ? 1 : 0
  }

  private file(path: string): DiffFile | undefined {
    const name = this.unseen.has(path) ? path : this.byOldPath.get(path)
    return name === undefined ? undefined : this.byPath.get(name)
  }

  /** The whole diff of `path` was shown. */
  offerWholeDiff(path: string): void {
    const file = this.file(path)
    if (file) this.offered.push(() => this.unseenOf(file.path)?.clear())
  }

  /** The first `count` diff lines of `path` (hunk lines in order, context included) were shown. */
  offerDiffLines(path: string, count: number): void {
    const file = this.file(path)
    if (!file) return
    const keys: number[] = []
    let left = count
    for (const hunk of file.hunks) {
      if (left <= 0) break
      visitHunkLines(
        hunk,
        line => {
          const key = keyOf(line)
          if (key) keys.push(key)
        },
        left
      )
      left -= hunkLineCount(hunk)
    }
    this.offered.push(() => this.remove(file.path, keys))
  }

  /** Lines `start`..`end` of `path` at the head were shown: its added lines there are seen. */
  offerHeadLines(path: string, start: number, end: number): void {
    const file = this.file(path)
    if (!file) return
    const keys: number[] = []
    for (let n = Math.max(1, start); n <= end; n++) keys.push(n)
    this.offered.push(() => this.remove(file.path, keys))
  }

  /** A model reply arrived: everything offered before it was seen. */
  commit(): void {
    for (const apply of this.offered) apply()
    this.offered = []
  }

  covered(): string[] {
    return [...this.unseen].filter(([, keys]) => this.unseenCount(keys) === 0).map(([path]) => path)
  }

  uncovered(): string[] {
    return [...this.unseen].filter(([, keys]) => this.unseenCount(keys) > 0).map(([path]) => path)
  }

  get total(): number {
    return this.unseen.size
  }

  private remove(path: string, keys: readonly number[]): void {
    const unseen = this.unseenOf(path)
    if (!unseen) return
    for (const key of keys) unseen.delete(key)
  }
}

/** A file none of whose lines has been seen yet, its keys not listed. */
interface Unread {
  unread: DiffFile
}

/** Line numbers start at 1, so N and -N never meet. */
function keyOf(line: Pick<DiffLine, 'kind' | 'newLine' | 'oldLine'>): number | undefined {
  if (line.kind === 'add' && line.newLine !== undefined) return line.newLine
  // A removed line the merge base never had (an earlier push's line) is not the PR's change.
  if (line.kind === 'del') return line.oldLine === undefined ? undefined : -line.oldLine
  return undefined
}

function changedKeys(file: DiffFile): number[] {
  const keys: number[] = []
  for (const hunk of file.hunks) {
    visitHunkLines(hunk, line => {
      const key = keyOf(line)
      if (key) keys.push(key)
    })
  }
  return keys
}

function hasChangedKey(file: DiffFile): boolean {
  let found = false
  for (const hunk of file.hunks) {
    visitHunkLines(hunk, line => !(found = keyOf(line) !== undefined))
    if (found) return true
  }
  return false
}
