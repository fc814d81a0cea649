import type { ApiFile, DiffFile, FileStatus, Hunk } from './model.js'
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
  let start = text.startsWith('diff --git ') ? 0 : text.indexOf(FILE_MARKER)
  if (start > 0) start += 1
  while (start >= 0) {
    const next = text.indexOf(FILE_MARKER, start)
    files.push(parseSection(text, start, next < 0 ? text.length : next + 1))
    start = next < 0 ? -1 : next + 1
  }
  return files
}

const FILE_MARKER = '\ndiff --git '

/**
 * Parses a diff handed over in pieces (see Git.streamDiff): every file section that is complete is parsed
 * as soon as the next one starts, so on a large pull request parsing runs while git is still diffing.
 */
export class DiffStreamParser {
  private readonly files: DiffFile[] = []
  private pending: string[] = []
  /** The end of the pending text, to find a marker split across two pieces. */
  private tail = ''

  push(text: string): void {
    const probe = this.tail + text
    const found = probe.lastIndexOf(FILE_MARKER)
    if (found < 0) {
      this.pending.push(text)
      this.tail = probe.slice(1 - FILE_MARKER.length)
      return
    }
    // Where the next section starts, counted in `text`; negative when its newline ended the previous piece.
    const cut = found + 1 - (probe.length - text.length)
    let complete: string
    let rest: string
    if (cut >= 0) {
      this.pending.push(text.slice(0, cut))
      complete = this.pending.join('')
      rest = text.slice(cut)
    } else {
      const joined = this.pending.join('')
      complete = joined.slice(0, joined.length + cut)
      rest = joined.slice(joined.length + cut) + text
    }
    this.pending = [rest]
    this.tail = rest.slice(1 - FILE_MARKER.length)
    for (const file of parseUnifiedDiff(complete)) this.files.push(file)
  }

  end(): DiffFile[] {
    for (const file of parseUnifiedDiff(this.pending.join(''))) this.files.push(file)
    this.pending = []
    return this.files
  }
}

/** One file's `patch` from the pull-request files API: hunks only, paths and status from the API. */
export function parseApiPatch(file: ApiFile): DiffFile {
  const deleted = file.status === 'removed'
  const renamed = file.status === 'renamed' && !!file.previous_filename
  const { hunks, ...counts } = file.patch ? parseHunks(file.patch) : { hunks: [], additions: 0, deletions: 0 }
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

function parseSection(text: string, start: number, end: number): DiffFile {
  const headers: Headers = { added: false, deleted: false, binary: false, submodule: false }
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
  const parsed = hunkStart < 0 ? { hunks: [], additions: 0, deletions: 0 } : parseHunks(text, hunkStart, end)
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
  const result: ParsedHunks = { hunks: [], additions: 0, deletions: 0 }
  let hunk: Hunk | undefined
  let oldLine = 0
  let newLine = 0
  let oldLeft = 0
  let newLeft = 0
  let pos = start
  while (pos < end) {
    let lineEnd = text.indexOf('\n', pos)
    if (lineEnd < 0 || lineEnd > end) lineEnd = end
    const marker = text.charCodeAt(pos)
    if (hunk && (oldLeft > 0 || newLeft > 0) && marker !== BACKSLASH) {
      // A CRLF file's lines end in \r; the text drops it, the numbering is unaffected.
      const textEnd = lineEnd > pos && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd
      const body = text.slice(pos + 1, textEnd)
      if (marker === PLUS) {
        hunk.lines.push({ kind: 'add', oldLine: undefined, newLine: newLine++, text: body })
        newLeft--
        result.additions++
      } else if (marker === MINUS) {
        hunk.lines.push({ kind: 'del', oldLine: oldLine++, newLine: undefined, text: body })
        oldLeft--
        result.deletions++
      } else {
        // A space, or nothing at all when diff.suppressBlankEmpty shortens an empty context line.
        hunk.lines.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text: body })
        oldLeft--
        newLeft--
      }
    } else if (marker === AT) {
      const header = text.slice(pos, lineEnd)
      const match = HUNK_HEADER.exec(header)
      if (match) {
        hunk = {
          index: result.hunks.length,
          header,
          oldStart: Number(match[1]),
          oldLines: match[2] === undefined ? 1 : Number(match[2]),
          newStart: Number(match[3]),
          newLines: match[4] === undefined ? 1 : Number(match[4]),
          lines: []
        }
        result.hunks.push(hunk)
        oldLine = hunk.oldStart
        newLine = hunk.newStart
        oldLeft = hunk.oldLines
        newLeft = hunk.newLines
      }
    }
    pos = lineEnd + 1
  }
  return result
}
