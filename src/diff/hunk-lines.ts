import type { DiffFile, DiffLine, Hunk } from './model.js'

type NumberVisitor = (
  kind: DiffLine['kind'],
  oldLine: number | undefined,
  newLine: number | undefined,
  index: number
) => boolean | void

/** A line's kind as the store keeps it. */
export const ADD = 0
export const DEL = 1
export const CONTEXT = 2
export type LineKind = typeof ADD | typeof DEL | typeof CONTEXT

/**
 * Where each line of a hunk lies in the diff text the parser read, and its kind: a few bytes a line, where
 * a DiffLine object is several times that and is one more object for the garbage collector to copy while
 * the diff is read. On a 10 MB diff, keeping an object per line took more time than finding the lines.
 */
export class LineStore {
  count = 0
  private starts: Int32Array
  private ends: Int32Array
  private kinds: Uint8Array
  /** The texts the lines are in (a diff read in pieces has several), and the first line in each. */
  private readonly texts: string[] = []
  private readonly firstLines: number[] = []

  constructor(expected: number) {
    const capacity = Math.min(Math.max(expected, 4), 4096)
    this.starts = new Int32Array(capacity)
    this.ends = new Int32Array(capacity)
    this.kinds = new Uint8Array(capacity)
  }

  /** The lines added next are in `text`. */
  readFrom(text: string): void {
    if (this.texts[this.texts.length - 1] === text) return
    this.texts.push(text)
    this.firstLines.push(this.count)
  }

  add(kind: LineKind, start: number, end: number): void {
    if (this.count === this.starts.length) this.grow()
    this.starts[this.count] = start
    this.ends[this.count] = end
    this.kinds[this.count] = kind
    this.count++
  }

  /**
   * Calls `visit` with the first `limit` lines in order, each a new object, until it returns false. Lines
   * are numbered from the hunk's starts, as the parser numbered them.
   */
  visit(hunk: Hunk, limit: number, visit: (line: DiffLine) => boolean | void): void {
    let oldLine = hunk.oldStart
    let newLine = hunk.newStart
    const end = Math.min(limit, this.count)
    const { firstLines, texts } = this
    // A text at a time, so that a hunk in several texts takes the same steps as one in a single text: a step
    // first taken after this loop is compiled would undo the compiling. mapTexts walks them the same way.
    for (let piece = 0, i = 0; i < end; piece++) {
      const text = texts[piece] as string
      const pieceEnd = piece + 1 < firstLines.length ? Math.min(end, firstLines[piece + 1] as number) : end
      for (; i < pieceEnd; i++) {
        const kind = this.kinds[i] as LineKind
        const body = text.slice(this.starts[i], this.ends[i])
        const line: DiffLine =
          kind === ADD
            ? { kind: 'add', oldLine: undefined, newLine: newLine++, text: body }
            : kind === DEL
              ? { kind: 'del', oldLine: oldLine++, newLine: undefined, text: body }
              : { kind: 'context', oldLine: oldLine++, newLine: newLine++, text: body }
        if (visit(line) === false) return
      }
    }
  }

  /** Like visit, each line mapped by the method of its kind and added to `into`: no line is made. */
  mapTexts<T>(hunk: Hunk, limit: number, mapper: LineMapper<T>, into: T[]): void {
    let oldLine = hunk.oldStart
    let newLine = hunk.newStart
    const end = Math.min(limit, this.count)
    const { firstLines, texts } = this
    for (let piece = 0, i = 0; i < end; piece++) {
      const text = texts[piece] as string
      const pieceEnd = piece + 1 < firstLines.length ? Math.min(end, firstLines[piece + 1] as number) : end
      for (; i < pieceEnd; i++) {
        const kind = this.kinds[i] as LineKind
        const body = text.slice(this.starts[i], this.ends[i])
        into.push(
          kind === ADD
            ? mapper.add(newLine++, body)
            : kind === DEL
              ? mapper.del(oldLine++, body)
              : mapper.context(oldLine++, newLine++, body)
        )
      }
    }
  }

  /** Like visit, for the kinds and numbers alone, so that no line is made: `index` is the line's place. */
  visitNumbers(hunk: Hunk, limit: number, visit: NumberVisitor): void {
    let oldLine = hunk.oldStart
    let newLine = hunk.newStart
    const end = Math.min(limit, this.count)
    for (let i = 0; i < end; i++) {
      const kind = this.kinds[i] as LineKind
      const going =
        kind === ADD
          ? visit('add', undefined, newLine++, i)
          : kind === DEL
            ? visit('del', oldLine++, undefined, i)
            : visit('context', oldLine++, newLine++, i)
      if (going === false) return
    }
  }

  /** The text of line `index`. */
  textAt(index: number): string {
    // The last text that starts at or before the line.
    let lo = 0
    let hi = this.firstLines.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.firstLines[mid] as number) <= index) lo = mid
      else hi = mid - 1
    }
    return (this.texts[lo] as string).slice(this.starts[index], this.ends[index])
  }

  private grow(): void {
    const capacity = this.starts.length * 2
    const starts = new Int32Array(capacity)
    starts.set(this.starts)
    this.starts = starts
    const ends = new Int32Array(capacity)
    ends.set(this.ends)
    this.ends = ends
    const kinds = new Uint8Array(capacity)
    kinds.set(this.kinds)
    this.kinds = kinds
  }
}

/**
 * A hunk the parser read. Its `lines` are made when first read, and kept: a prompt shows a few thousand
 * lines of a large pull request, and a large file's diff is one hunk cut where the prompt ends, so most
 * lines are never made (see hunkLineCount and visitHunkLines, which make none to answer).
 */
export class ParsedHunk implements Hunk {
  declare lines: DiffLine[]
  #store: LineStore | undefined
  #lines: DiffLine[] | undefined

  constructor(
    readonly index: number,
    readonly header: string,
    readonly oldStart: number,
    readonly oldLines: number,
    readonly newStart: number,
    readonly newLines: number
  ) {
    this.#store = new LineStore(oldLines + newLines)
    // An own, enumerable property, as on any other hunk: a copy ({...hunk}) or a comparison sees the lines.
    Object.defineProperty(this, 'lines', ParsedHunk.#linesProperty)
  }

  static readonly #linesProperty: PropertyDescriptor = {
    enumerable: true,
    configurable: true,
    get(this: ParsedHunk): DiffLine[] {
      if (this.#lines === undefined) {
        const lines: DiffLine[] = []
        this.#store?.visit(this, Number.POSITIVE_INFINITY, line => void lines.push(line))
        this.#lines = lines
        this.#store = undefined
      }
      return this.#lines
    },
    set(this: ParsedHunk, lines: DiffLine[]) {
      this.#lines = lines
      this.#store = undefined
    }
  }

  /**
   * The store the parser reads the hunk's lines into, and later ones read them from; undefined once `lines`
   * was made, or for a hunk made elsewhere.
   */
  static storeOf(hunk: Hunk): LineStore | undefined {
    return #store in hunk ? hunk.#store : undefined
  }
}

/** `hunk.lines.length`, without making the lines. */
export function hunkLineCount(hunk: Hunk): number {
  return ParsedHunk.storeOf(hunk)?.count ?? hunk.lines.length
}

/** Number of diff lines (added, removed and context) in a file's hunks. */
export function diffLineCount(file: DiffFile): number {
  let total = 0
  for (const hunk of file.hunks) total += hunkLineCount(hunk)
  return total
}

/** A method per kind of line, given the line's numbers and its text. */
export interface LineMapper<T> {
  add(newLine: number, text: string): T
  /** `oldLine` is unset where a DiffLine's is (see DiffLine). */
  del(oldLine: number | undefined, text: string): T
  context(oldLine: number | undefined, newLine: number, text: string): T
}

/**
 * Adds the hunk's first `limit` lines to `into`, in order, each mapped by `mapper`, and makes no line object
 * for it. A first message's diff, rendered ahead while git is still diffing, is a few thousand lines: this
 * way too few for the optimising compiler, which through visit spent 11 ms on the core git needs, more than
 * the rendering itself.
 */
export function mapHunkTexts<T>(
  hunk: Hunk,
  mapper: LineMapper<T>,
  into: T[],
  limit = Number.POSITIVE_INFINITY
): void {
  const store = ParsedHunk.storeOf(hunk)
  if (store) {
    store.mapTexts(hunk, limit, mapper, into)
    return
  }
  const { lines } = hunk
  const end = Math.min(limit, lines.length)
  for (let i = 0; i < end; i++) {
    const line = lines[i] as DiffLine
    into.push(
      line.kind === 'add'
        ? mapper.add(line.newLine as number, line.text)
        : line.kind === 'del'
          ? mapper.del(line.oldLine, line.text)
          : mapper.context(line.oldLine, line.newLine as number, line.text)
    )
  }
}

/**
 * Calls `visit` with the hunk's lines in order, the first `limit` of them at most, until it returns false.
 * A parsed hunk whose lines were not made yet hands out new objects, made for the call and kept by none.
 */
export function visitHunkLines(
  hunk: Hunk,
  visit: (line: DiffLine) => boolean | void,
  limit = Number.POSITIVE_INFINITY
): void {
  const store = ParsedHunk.storeOf(hunk)
  if (store) {
    store.visit(hunk, limit, visit)
    return
  }
  const { lines } = hunk
  const end = Math.min(limit, lines.length)
  for (let i = 0; i < end; i++) if (visit(lines[i] as DiffLine) === false) return
}

/** Like visitHunkLines, for each line's kind, numbers and place in the hunk: no line is made to answer. */
export function visitLineNumbers(hunk: Hunk, visit: NumberVisitor, limit = Number.POSITIVE_INFINITY): void {
  const store = ParsedHunk.storeOf(hunk)
  if (store) {
    store.visitNumbers(hunk, limit, visit)
    return
  }
  const { lines } = hunk
  const end = Math.min(limit, lines.length)
  for (let i = 0; i < end; i++) {
    const line = lines[i] as DiffLine
    if (visit(line.kind, line.oldLine, line.newLine, i) === false) return
  }
}

/** The text of the hunk's line at `index` (as visitLineNumbers numbers them), without making the lines. */
export function hunkLineText(hunk: Hunk, index: number): string | undefined {
  const store = ParsedHunk.storeOf(hunk)
  if (store) return index >= 0 && index < store.count ? store.textAt(index) : undefined
  return hunk.lines[index]?.text
}
