import type { ApiFile, DiffFile, FileStatus, Hunk } from './model.js'
import { KEY_BODY_MIN_CHARS, mayHoldKeyBodyLine } from '../text/redact.js'
import { ADD, CONTEXT, DEL, hunkLineCount, type LineKind, type LineStore, ParsedHunk } from './hunk-lines.js'
import { parseBarePath, parseGitHeaderPaths, parseMarkerPath } from './paths.js'

/**
 * Parses `git diff` output into the diff model: extended headers for what GitHub needs (renames, binary
 * files, modes, quoted paths), hunks measured by their line counts.
 *
 * parse-diff is not used here. On a 100k-line diff it cost two to three times this reader, enough to miss
 * the budget against `git diff` itself, and its output needs correcting anyway: no renames or binary
 * files, a rename without edits takes its paths from the ambiguous `diff --git` line, names with spaces
 * keep git's trailing tab, `ln` is the OLD number on a deletion but the NEW one on an addition, and the
 * "\ No newline at end of file" marker comes back as a copy of the previous line. The tests compare this
 * reader with parse-diff on every fixture.
 */
export function parseUnifiedDiff(text: string): DiffFile[] {
  const files: DiffFile[] = []
  const atStart = text.startsWith('diff --git ')
  let start = atStart ? 0 : text.indexOf(FILE_MARKER)
  if (start >= 0 && !atStart) start += 1
  while (start >= 0) {
    const next = text.indexOf(FILE_MARKER, start)
    files.push(parseSection(text, start, next < 0 ? text.length : next + 1))
    start = next < 0 ? -1 : next + 1
  }
  return files
}

const FILE_MARKER = '\ndiff --git '
const FILE_HEADER = 'diff --git '

/**
 * Parses a diff handed over in pieces (see Git.streamDiff) line by line as the pieces arrive, so parsing
 * runs while git is still diffing, however large a single file's diff is; only a line cut between two
 * pieces waits for the next one. The files are those parseUnifiedDiff reads from the whole text.
 */
export class DiffStreamParser {
  private readonly files: DiffFile[] = []
  /** The file being read, from its `diff --git` line on; undefined before the first. */
  private headers: Headers | undefined
  /** Set from the file's first `@@ ` line on, after which no line is a header. */
  private hunks: HunkReader | undefined
  /** The start of a line whose end is in a later piece. */
  private partial = ''

  /** `onFile` is called with each file once its last line is read, while later ones may still be coming. */
  constructor(private readonly onFile?: (file: DiffFile) => void) {}

  push(text: string): void {
    let pos = 0
    if (this.partial !== '') {
      const newline = text.indexOf('\n')
      if (newline < 0) {
        this.partial += text
        return
      }
      // The line cut between two pieces, whole again, is read like any other: a path of its own through
      // the hunk reader would be first taken after the reader is compiled, and undo the compiling.
      this.read(this.partial + text.slice(0, newline + 1), 0)
      pos = newline + 1
    }
    this.partial = this.read(text, pos)
  }

  end(): DiffFile[] {
    if (this.partial !== '') this.read(`${this.partial}\n`, 0)
    this.partial = ''
    this.finishFile()
    return this.files
  }

  /** Reads the lines of `text` from `pos`; returns the start of a last line that has no newline yet. */
  private read(text: string, pos: number): string {
    for (;;) {
      // A hunk's body is read in one loop, which is most of a diff: a call per line cost a third more.
      if (this.hunks?.inBody()) pos = this.hunks.readBody(text, pos, text.length, false)
      const newline = text.indexOf('\n', pos)
      if (newline < 0) break
      this.line(text, pos, newline)
      pos = newline + 1
    }
    return pos < text.length ? text.slice(pos) : ''
  }

  /** The line `text[pos, end)`, without its newline. */
  private line(text: string, pos: number, end: number): void {
    if (text.startsWith(FILE_HEADER, pos)) {
      this.finishFile()
      this.headers = emptyHeaders()
      readHeader(text.slice(pos, end), this.headers)
    } else if (this.hunks) {
      this.hunks.line(text, pos, end)
    } else if (!this.headers) {
      // Anything before the first file header is not part of a file.
    } else if (text.startsWith('@@ ', pos)) {
      this.hunks = new HunkReader()
      this.hunks.line(text, pos, end)
    } else {
      readHeader(text.slice(pos, end), this.headers)
    }
  }

  private finishFile(): void {
    if (this.headers) {
      const file = buildFile(this.headers, this.hunks?.result ?? noHunks())
      this.files.push(file)
      this.onFile?.(file)
    }
    this.headers = undefined
    this.hunks = undefined
  }
}

/** One file's `patch` from the pull-request files API: hunks only, paths and status from the API. */
export function parseApiPatch(file: ApiFile): DiffFile {
  const deleted = file.status === 'removed'
  const renamed = file.status === 'renamed' && !!file.previous_filename
  const { hunks, ...counts } = file.patch ? parseHunks(file.patch) : noHunks()
  // The API omits the patch of binary files and of very large ones; only the latter has line counts.
  const patchMissing = file.patch === undefined
  const binary = patchMissing && file.additions === 0 && file.deletions === 0 && file.status !== 'renamed'
  let status: FileStatus = deleted
    ? 'deleted'
    : file.status === 'added'
      ? 'added'
      : renamed
        ? 'renamed'
        : 'modified'
  if (binary && !deleted) status = 'binary'
  return {
    path: file.filename,
    oldPath: renamed ? (file.previous_filename as string) : file.filename,
    status,
    binary,
    hunks,
    additions: patchMissing ? file.additions : counts.additions,
    deletions: patchMissing ? file.deletions : counts.deletions,
    ...(patchMissing && !binary ? { patchMissing: true } : {})
  }
}

interface Headers {
  oldPath?: string
  newPath?: string
  renameFrom?: string
  renameTo?: string
  oldMode?: string
  newMode?: string
  added: boolean
  deleted: boolean
  binary: boolean
  submodule: boolean
}

const SUBMODULE_MODE = '160000'

function emptyHeaders(): Headers {
  return { added: false, deleted: false, binary: false, submodule: false }
}

function noHunks(): ParsedHunks {
  return { hunks: [], additions: 0, deletions: 0 }
}

function parseSection(text: string, start: number, end: number): DiffFile {
  const headers = emptyHeaders()
  let pos = start
  let hunkStart = -1
  while (pos < end) {
    const newline = text.indexOf('\n', pos)
    const lineEnd = newline < 0 || newline > end ? end : newline
    const line = text.slice(pos, lineEnd)
    if (line.startsWith('@@ ')) {
      hunkStart = pos
      break
    }
    readHeader(line, headers)
    pos = lineEnd + 1
  }
  const parsed = hunkStart < 0 ? noHunks() : parseHunks(text, hunkStart, end)
  return buildFile(headers, parsed)
}

function readHeader(line: string, headers: Headers): void {
  if (line.startsWith('diff --git ')) {
    const paths = parseGitHeaderPaths(line.slice('diff --git '.length))
    if (paths) {
      headers.oldPath = paths.oldPath
      headers.newPath = paths.newPath
    }
  } else if (line.startsWith('--- ')) {
    const marker = parseMarkerPath(line.slice(4))
    if (marker !== undefined) headers.oldPath = marker
  } else if (line.startsWith('+++ ')) {
    const marker = parseMarkerPath(line.slice(4))
    if (marker !== undefined) headers.newPath = marker
  } else if (line.startsWith('rename from ')) {
    headers.renameFrom = parseBarePath(line.slice('rename from '.length))
  } else if (line.startsWith('rename to ')) {
    headers.renameTo = parseBarePath(line.slice('rename to '.length))
  } else if (line.startsWith('new file mode ')) {
    headers.added = true
    headers.newMode = line.slice('new file mode '.length)
  } else if (line.startsWith('deleted file mode ')) {
    headers.deleted = true
    headers.oldMode = line.slice('deleted file mode '.length)
  } else if (line.startsWith('old mode ')) {
    headers.oldMode = line.slice('old mode '.length)
  } else if (line.startsWith('new mode ')) {
    headers.newMode = line.slice('new mode '.length)
  } else if (line.startsWith('index ')) {
    // "index <old>..<new> <mode>" names the mode when it did not change.
    if (line.endsWith(` ${SUBMODULE_MODE}`)) headers.submodule = true
  } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
    headers.binary = true
  }
  if (headers.oldMode === SUBMODULE_MODE || headers.newMode === SUBMODULE_MODE) headers.submodule = true
}

function buildFile(headers: Headers, { hunks, additions, deletions }: ParsedHunks): DiffFile {
  const oldPath = headers.renameFrom ?? headers.oldPath ?? headers.newPath ?? ''
  const newPath = headers.renameTo ?? headers.newPath ?? oldPath
  const renamed = !headers.added && !headers.deleted && oldPath !== newPath
  let status: FileStatus = headers.added
    ? 'added'
    : headers.deleted
      ? 'deleted'
      : renamed
        ? 'renamed'
        : 'modified'
  if (headers.binary && !headers.deleted) status = 'binary'
  const file: DiffFile = {
    path: headers.deleted ? oldPath : newPath,
    oldPath: headers.added ? newPath : oldPath,
    status,
    binary: headers.binary,
    hunks,
    additions,
    deletions
  }
  if (
    !headers.added &&
    !headers.deleted &&
    headers.oldMode &&
    headers.newMode &&
    headers.oldMode !== headers.newMode
  ) {
    file.modeChange = { oldMode: headers.oldMode, newMode: headers.newMode }
  }
  if (headers.submodule) file.submodule = true
  return file
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/
const PLUS = 43
const MINUS = 45
const AT = 64
const BACKSLASH = 92
const CR = 13
const D = 100

interface ParsedHunks {
  hunks: Hunk[]
  additions: number
  deletions: number
}

/**
 * Reads the hunks in `text` from `start` to `end`. Each hunk's header says how many old and new lines
 * follow, and the body is read by those counts, so a body line that looks like a header (`--- x`, `+++ y`)
 * is still a line; the "\ No newline at end of file" marker is not a line and is not counted.
 */
function parseHunks(text: string, start = 0, end = text.length): ParsedHunks {
  const reader = new HunkReader()
  let pos = start
  while (pos < end) {
    let lineEnd = text.indexOf('\n', pos)
    if (lineEnd < 0 || lineEnd > end) lineEnd = end
    reader.line(text, pos, lineEnd)
    pos = lineEnd + 1
  }
  return reader.result
}

/**
 * Facts about a hunk's line texts, counted as they are read, so that sizing a large pull request's prompt
 * does not walk every line again (see measureEntry).
 */
export interface HunkTextStats {
  lines: number
  /** The lengths of the lines' texts, added up. */
  textChars: number
  /** Removed lines, and the decimal digits of their old line numbers added up. */
  removed: number
  removedNumberDigits: number
  longestLine: number
  /**
   * Some line may be a private key's body (see mayBeKeyBodyLine). Worked out when first asked, from the parts
   * of the diff text that hold a line long enough: only the hunks a prompt shows whole ask (see mayHoldKeyBody
   * in prompt-diff.ts), a few of a large pull request's, and a large file's diff is one hunk, shown in part.
   */
  readonly keyBodyLike: boolean
}

const textStats = new WeakMap<Hunk, HunkTextStats>()

/** A hunk's stats as the reader counts them. */
class ReadStats implements HunkTextStats {
  lines = 0
  textChars = 0
  removed = 0
  removedNumberDigits = 0
  longestLine = 0
  /** Each span of lines read that holds a line long enough to be a key's body. */
  #spans: Array<{ text: string; start: number; end: number }> = []
  #keyBodyLike: boolean | undefined

  get keyBodyLike(): boolean {
    if (this.#keyBodyLike === undefined) {
      this.#keyBodyLike = this.#spans.some(({ text, start, end }) => mayHoldKeyBodyLine(text, start, end))
      this.#spans = []
    }
    return this.#keyBodyLike
  }

  /** Lines read from `text[start, end)`, one of them at least KEY_BODY_MIN_CHARS long. */
  addLongSpan(text: string, start: number, end: number): void {
    this.#spans.push({ text, start, end })
  }
}

/**
 * The stats of a hunk as this module read it; undefined for a hunk made elsewhere or whose lines changed
 * since (a changed count is how that shows: nothing in the diff model edits a line in place).
 */
export function hunkTextStats(hunk: Hunk): HunkTextStats | undefined {
  const stats = textStats.get(hunk)
  return stats && hunkLineCount(hunk) === stats.lines ? stats : undefined
}

/** The hunks of one file, read a line at a time (see parseHunks). */
class HunkReader {
  readonly result: ParsedHunks = noHunks()
  private hunk: ParsedHunk | undefined
  private stats = new ReadStats()
  private oldLine = 0
  private newLine = 0
  private oldLeft = 0
  private newLeft = 0

  /** The line `text[pos, lineEnd)`, without its newline. */
  line(text: string, pos: number, lineEnd: number): void {
    const marker = text.charCodeAt(pos)
    if (this.inBody()) {
      this.readBody(text, pos, lineEnd, true)
    } else if (marker === AT) {
      const header = text.slice(pos, lineEnd)
      const match = HUNK_HEADER.exec(header)
      if (!match) return
      const next = new ParsedHunk(
        this.result.hunks.length,
        header,
        Number(match[1]),
        match[2] === undefined ? 1 : Number(match[2]),
        Number(match[3]),
        match[4] === undefined ? 1 : Number(match[4])
      )
      this.result.hunks.push(next)
      this.hunk = next
      this.stats = new ReadStats()
      textStats.set(next, this.stats)
      this.oldLine = next.oldStart
      this.newLine = next.newStart
      this.oldLeft = next.oldLines
      this.newLeft = next.newLines
    }
  }

  /** Whether the hunk being read still expects lines. */
  inBody(): boolean {
    return this.hunk !== undefined && (this.oldLeft > 0 || this.newLeft > 0)
  }

  /**
   * Reads the hunk's lines from `text[pos, end)` while it expects more, each ending at a newline, the last
   * at `end` when `lastEndsAtEnd`. Stops before a line that is not complete, and before a file header, which
   * ends the file even when a hunk's count says otherwise. Returns where it stopped.
   */
  readBody(text: string, pos: number, end: number, lastEndsAtEnd: boolean): number {
    const store = ParsedHunk.storeOf(this.hunk as ParsedHunk) as LineStore
    store.readFrom(text)
    const stats = this.stats
    let { oldLine, newLine, oldLeft, newLeft } = this
    let { textChars, removedNumberDigits } = stats
    const spanStart = pos
    let longestHere = 0
    let read = 0
    let added = 0
    let removed = 0
    // The digits of oldLine, kept as it counts up rather than worked out for every removed line.
    let oldDigits = String(oldLine).length
    let nextDigitAt = 10 ** oldDigits
    // The loop has no branch that only some diffs take (a CRLF line, a number gaining a digit, a kind not
    // seen yet): the compiler leaves out operations that never ran, and the first to run afterwards throws
    // the compiled loop away, to be compiled again on the core git is diffing on.
    while (oldLeft > 0 || newLeft > 0) {
      let lineEnd = text.indexOf('\n', pos)
      if (lineEnd < 0 || lineEnd >= end) {
        if (!lastEndsAtEnd || pos >= end) break
        lineEnd = end
      }
      const marker = text.charCodeAt(pos)
      if (marker === D && text.startsWith(FILE_HEADER, pos)) break
      if (marker !== BACKSLASH) {
        // A CRLF file's lines end in \r; the text drops it, the numbering is unaffected.
        const textEnd = lineEnd - (lineEnd > pos && text.charCodeAt(lineEnd - 1) === CR ? 1 : 0)
        const length = textEnd > pos ? textEnd - pos - 1 : 0
        read++
        textChars += length
        if (length > longestHere) longestHere = length
        // A space marks context, as does nothing at all when diff.suppressBlankEmpty shortens an empty line.
        const kind: LineKind = marker === PLUS ? ADD : marker === MINUS ? DEL : CONTEXT
        store.add(kind, pos + 1, pos + 1 + length)
        const inOld = kind === ADD ? 0 : 1
        const isRemoved = kind === DEL ? 1 : 0
        const gained = oldLine >= nextDigitAt ? 1 : 0
        oldDigits += gained
        nextDigitAt += gained * 9 * nextDigitAt
        removedNumberDigits += isRemoved * oldDigits
        removed += isRemoved
        added += 1 - inOld
        oldLine += inOld
        oldLeft -= inOld
        newLine += 1 - isRemoved
        newLeft -= 1 - isRemoved
      }
      pos = lineEnd + 1
    }
    // Scanned for a key's body when asked, in one scan rather than a probe of each line: the probe, compiled
    // into this loop, made its optimisation cost several times more, on the core git was diffing on.
    if (longestHere >= KEY_BODY_MIN_CHARS) stats.addLongSpan(text, spanStart, pos)
    this.oldLine = oldLine
    this.newLine = newLine
    this.oldLeft = oldLeft
    this.newLeft = newLeft
    stats.lines += read
    stats.textChars = textChars
    if (longestHere > stats.longestLine) stats.longestLine = longestHere
    stats.removed += removed
    stats.removedNumberDigits = removedNumberDigits
    this.result.additions += added
    this.result.deletions += removed
    return pos
  }
}
