import { isKeyBodyLine, KEY_BODY_MIN_CHARS, redactSecrets } from '../text/redact.js'
import type { DiffFile, DiffLine, Hunk } from './model.js'
import { hunkLineCount, mapHunkTexts, visitHunkLines } from './hunk-lines.js'
import { hunkTextStats } from './parse.js'
import type { FileTriage, ReviewableFile, SkippedFile, TriageResult } from './triage.js'

/**
 * How the rendered diff reads, for the system prompt. Only a line that starts with a number can take a
 * RIGHT comment; a removed line starts with blanks and carries its old number in parentheses, so it can
 * never pass for one.
 */
export const DIFF_FORMAT_NOTE = [
  'Diff format: each file starts with a line "=== <path> (<status>, +<added> -<removed>)" and each hunk',
  'with its git header "@@ -<old> +<new> @@". Inside a hunk:',
  '- "  42 + text" is an added line and "  43   text" an unchanged context line. The number is the line in',
  '  the NEW file: comment on it with side RIGHT and that line number.',
  '- "     - (old 41) text" is a removed line. It has no new-file number; 41 is its line in the OLD file.',
  '  Comment on it only with side LEFT and line 41, and only when the removal itself is the problem.',
  '- "     - (not in the base) text" is a removed line that an earlier push added: it takes no comment.',
  'Lines outside the hunks shown cannot take comments. A file marked "[diff truncated]" has more lines:',
  'call get_diff with its path to read the whole diff in the same format.'
].join('\n')

/** Longer lines are cut so that one minified line cannot fill the prompt. */
const MAX_LINE_CHARS = 1000

/**
 * How much diff text the first message may hold (about 40k tokens). Past it a large pull request would fill
 * the context window and the token budget on the first turn; the files that do not fit are named, and the
 * agent reads them with get_diff.
 */
export const PROMPT_DIFF_CHARS = 160_000

/** The inventory names at most this many files of each kind; the rest are counted. */
export const INVENTORY_MAX_FILES = 400

/** What the first message shows of one file: its first `lines` diff lines, or all of them when `whole`. */
export interface ShownFile {
  path: string
  lines: number
  whole: boolean
}

export interface PromptDiffLayout {
  text: string
  shown: ShownFile[]
  /** Reviewable files that did not fit at all. */
  left: string[]
}

/** Which files the prompt's diff shows and how many lines of each, before any of it is rendered. */
interface PlannedLayout {
  picked: Array<{ entry: ReviewableFile; lines: number }>
  shown: ShownFile[]
  left: string[]
}

/**
 * The triaged diff for the prompt: each reviewable file cut at its share of lines, in order, as long as it
 * fits in `maxChars`; a file that does not fit is named with the way to read it, and smaller files after it
 * may still fit. The layout also says what was shown, which is what coverage counts.
 */
export function layoutPromptDiff(
  result: TriageResult,
  maxChars: number = PROMPT_DIFF_CHARS
): PromptDiffLayout {
  const { picked, shown, left } = planLayout(result.reviewable, maxChars)
  const parts = picked.map(({ entry, lines }) => renderEntry(entry, lines))
  if (left.length > 0) {
    const names = left.slice(0, INVENTORY_MAX_FILES).map(path => `- ${path}`)
    const more = left.length - names.length
    parts.push(
      `[${left.length} more file${left.length === 1 ? '' : 's'} to review did not fit in this message; ` +
        'read each with get_diff {"path": ...}, most important first:]\n' +
        names.join('\n') +
        (more > 0 ? `\n- … and ${more} more (see the file list)` : '')
    )
  }
  return { text: parts.join('\n\n'), shown, left }
}

/** What layoutPromptDiff shows of each file, without rendering the text. */
export function promptDiffShows(result: TriageResult, maxChars: number = PROMPT_DIFF_CHARS): ShownFile[] {
  return planLayout(result.reviewable, maxChars).shown
}

function planLayout(reviewable: readonly ReviewableFile[], maxChars: number): PlannedLayout {
  const picked: PlannedLayout['picked'] = []
  const shown: ShownFile[] = []
  const left: string[] = []
  let used = 0
  for (const entry of reviewable) {
    let lines = entry.shownLines
    let length = renderedLength(entry, lines)
    // A file alone in its message is cut to fit rather than left out.
    while (picked.length === 0 && length > maxChars && lines > 1) {
      lines = Math.max(1, Math.min(lines - 1, Math.floor((lines * maxChars) / length)))
      length = renderedLength(entry, lines)
    }
    if (used + length > maxChars) {
      left.push(entry.file.path)
      continue
    }
    picked.push({ entry, lines })
    shown.push({ path: entry.file.path, lines, whole: lines >= entry.totalLines })
    used += length + 2
  }
  return { picked, shown, left }
}

/**
 * Lengths of rendered file diffs, by entry and line count. A batch plan and the layout of each pass measure
 * the same files; remembering the numbers, not the text, keeps a large pull request's memory flat.
 */
const renderedLengths = new WeakMap<ReviewableFile, Map<number, number>>()

/** measureEntry(entry, lines), worked out at most once per entry and line count. */
export function renderedLength(entry: ReviewableFile, lines: number): number {
  let byLines = renderedLengths.get(entry)
  if (!byLines) {
    byLines = new Map()
    renderedLengths.set(entry, byLines)
  }
  let length = byLines.get(lines)
  if (length === undefined) {
    length = measureEntry(entry, lines)
    byLines.set(lines, length)
  }
  return length
}

/**
 * `renderEntry(entry, lines).length` counted without building the text: sizing every file of a large pull
 * request would otherwise render its whole diff once more than the prompt shows. A line of a key's body in
 * a hunk the parser read and that is shown whole counts at its own length, more than its marker takes (see
 * measureWholeHunk): a size can be too large, never too small.
 */
export function measureEntry(entry: ReviewableFile, lines: number): number {
  const { file } = entry
  let length = fileHeaderLength(file)
  const hidden = entry.totalLines - lines
  if (hidden > 0) {
    length +=
      1 +
      `[diff truncated: ${hidden} more diff line${hidden === 1 ? '' : 's'} not shown; `.length +
      `call get_diff {"path": ${JSON.stringify(file.path)}} to read the whole file diff]`.length
  }
  if (file.patchMissing) return length + 1 + PATCH_MISSING.length
  if (file.hunks.length === 0) return length + 1 + (file.binary ? BINARY : NO_LINE_CHANGES).length
  const width = String(maxNewLine(file)).length
  let shown = 0
  for (const hunk of file.hunks) {
    if (shown >= lines) break
    length += 1 + hunkHeaderLength(hunk.header)
    const count = hunkLineCount(hunk)
    const shownWhole = shown + count <= lines
    const whole = shownWhole ? measureWholeHunk(hunk, width) : undefined
    if (whole !== undefined) {
      length += whole
      shown += count
      continue
    }
    const keyLike = mayHoldKeyBody(hunk, shownWhole)
    const limit = lines - shown
    visitHunkLines(hunk, line => void (length += 1 + measureLine(line, width, keyLike)), limit)
    shown += Math.min(limit, count)
  }
  return length
}

/**
 * The rendered lines of a whole hunk, each with its newline, from what the parser counted: a line renders as
 * its text behind a fixed prefix, unless it is cut, and then the lines are measured one by one. A key's body,
 * shown as a marker shorter than any of its lines, is counted as the line: telling it apart would scan the
 * text of every hunk of the pull request, where only the hunks shown are scanned, as they are rendered.
 */
function measureWholeHunk(hunk: Hunk, width: number): number | undefined {
  const stats = hunkTextStats(hunk)
  if (!stats || stats.longestLine > MAX_LINE_CHARS) return undefined
  // "\n  42 + text" and "\n  " + blank + " - (old 41) text"
  const kept = stats.lines - stats.removed
  return kept * (6 + width) + stats.removed * (13 + width) + stats.removedNumberDigits + stats.textChars
}

/** The length of the line renderLines makes of `line`. */
function measureLine(line: DiffLine, width: number, keyLike: boolean): number {
  const text = lineTextLength(line.text, keyLike)
  if (line.kind === 'del') {
    const where = line.oldLine === undefined ? 'not in the base'.length : 4 + decimalLength(line.oldLine)
    return 8 + width + where + text
  }
  return 5 + Math.max(width, decimalLength(line.newLine)) + text
}

/** `String(n).length`, without making the string for the line numbers of a whole diff. */
function decimalLength(n: number | undefined): number {
  if (n === undefined || !Number.isSafeInteger(n) || n < 0) return String(n).length
  let digits = 1
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++
  return digits
}

function lineTextLength(text: string, keyLike: boolean): number {
  if (keyLike && isKeyBodyLine(text)) return KEY_LINE.length
  if (text.length <= MAX_LINE_CHARS) return text.length
  return clip(redactSecrets(text)).length
}

/** Whole-file diffs rendered while git was still diffing (see renderAhead), by the file they show. */
const renderedAhead = new WeakMap<DiffFile, string>()

/**
 * A listener for loadPullDiff's `onFile` that renders each reviewable file's whole diff as it is read, up to
 * `maxChars` in all. On two cores the renderer then runs while git writes the later files, and a first
 * message that shows these files whole, built once the diff is complete, only joins their texts. The first
 * files git writes, in path order, are those a pull request's first batch holds (see planPasses).
 */
export function renderAhead(decide: FileTriage, maxChars: number = PROMPT_DIFF_CHARS) {
  let room = maxChars
  return (file: DiffFile): void => {
    if (room <= 0) return
    const entry = decide(file)
    if ('reason' in entry || entry.truncated || measureEntry(entry, entry.totalLines) > room) return
    const text = renderEntry(entry, entry.totalLines)
    renderedAhead.set(file, text)
    room -= text.length
  }
}

/** One file's first `lines` diff lines, with a note on how to read the rest. */
function renderEntry(entry: ReviewableFile, lines: number): string {
  const hidden = entry.totalLines - lines
  const ahead = hidden <= 0 ? renderedAhead.get(entry.file) : undefined
  if (ahead !== undefined) return ahead
  const text = renderLines(entry.file, lines)
  if (hidden > 0) {
    text.push(
      `[diff truncated: ${hidden} more diff line${hidden === 1 ? '' : 's'} not shown; ` +
        `call get_diff {"path": ${JSON.stringify(entry.file.path)}} to read the whole file diff]`
    )
  }
  return text.join('\n')
}

export function renderDiff(result: TriageResult, maxChars: number = PROMPT_DIFF_CHARS): string {
  return layoutPromptDiff(result, maxChars).text
}

/** One file's whole diff, for the get_diff tool. */
export function renderFileDiff(file: DiffFile): string {
  return renderLines(file, Number.POSITIVE_INFINITY).join('\n')
}

/** Every file of the pull request with its size, and why each skipped file is not shown. */
export function renderInventory(result: TriageResult): string {
  const lines: string[] = []
  const total = result.reviewable.length + result.skipped.length
  lines.push(
    `Files changed: ${total} (${result.reviewable.length} to review, ${result.skipped.length} skipped)`
  )
  for (const { file, truncated, shownLines, totalLines } of result.reviewable.slice(0, INVENTORY_MAX_FILES)) {
    const cut = truncated ? `, diff truncated to ${shownLines} of ${totalLines} lines` : ''
    lines.push(`- ${file.path} (${statusLabel(file)}, ${counts(file)}${cut})`)
  }
  if (result.reviewable.length > INVENTORY_MAX_FILES) {
    lines.push(`- … and ${result.reviewable.length - INVENTORY_MAX_FILES} more files to review`)
  }
  if (result.skipped.length > 0) {
    lines.push('Skipped (diff not shown; read the files with the tools if they matter):')
    for (const file of result.skipped.slice(0, INVENTORY_MAX_FILES)) {
      lines.push(`- ${file.path} (${file.status}, ${counts(file)}): ${skipText(file)}`)
    }
    const rest = result.skipped.slice(INVENTORY_MAX_FILES)
    if (rest.length > 0) {
      const byReason = new Map<string, number>()
      for (const file of rest) byReason.set(skipText(file), (byReason.get(skipText(file)) ?? 0) + 1)
      const counted = [...byReason].map(([reason, count]) => `${count} ${reason}`).join(', ')
      lines.push(`- … and ${rest.length} more skipped files (${counted})`)
    }
  }
  return lines.join('\n')
}

const PATCH_MISSING = '[the diff of this file is not available; read the file itself]'
const BINARY = '[binary file]'
const NO_LINE_CHANGES = '[no line changes]'
const KEY_LINE = '[REDACTED private key]'

function renderLines(file: DiffFile, limit: number): string[] {
  const out = [fileHeader(file)]
  if (file.patchMissing) {
    out.push(PATCH_MISSING)
    return out
  }
  if (file.hunks.length === 0) {
    out.push(file.binary ? BINARY : NO_LINE_CHANGES)
    return out
  }
  const width = String(maxNewLine(file)).length
  const blank = ' '.repeat(width)
  let shown = 0
  for (const hunk of file.hunks) {
    if (shown >= limit) break
    out.push(renderHunkHeader(hunk.header))
    const count = hunkLineCount(hunk)
    const keyLike = mayHoldKeyBody(hunk, shown + count <= limit)
    // A long line is redacted before it is cut: a secret cut in two would no longer match its pattern. A
    // hunk can show a key's body without its BEGIN line, and then only the line itself tells.
    const shownText = (text: string): string =>
      keyLike && isKeyBodyLine(text)
        ? KEY_LINE
        : clip(text.length > MAX_LINE_CHARS ? redactSecrets(text) : text)
    mapHunkTexts(
      hunk,
      {
        add: (newLine, text) => `  ${String(newLine).padStart(width)} + ${shownText(text)}`,
        del: (oldLine, text) =>
          `  ${blank} - (${oldLine === undefined ? 'not in the base' : `old ${oldLine}`}) ${shownText(text)}`,
        context: (_oldLine, newLine, text) => `  ${String(newLine).padStart(width)}   ${shownText(text)}`
      },
      out,
      limit - shown
    )
    shown += Math.min(limit - shown, count)
  }
  return out
}

/** Git ends a hunk header with the nearest line above the hunk, which can be a line of a key's body. */
function renderHunkHeader(header: string): string {
  const end = header.indexOf('@@', 2)
  if (end < 0) return header
  const context = header.slice(end + 2)
  return isKeyBodyLine(context) ? `${header.slice(0, end + 2)}${REDACTED_HUNK_CONTEXT}` : header
}

const REDACTED_HUNK_CONTEXT = ' [REDACTED private key]'

/** renderHunkHeader(header).length; the context is cut out only when it is long enough to be a key's body. */
function hunkHeaderLength(header: string): number {
  const end = header.indexOf('@@', 2)
  if (end < 0 || header.length - end - 2 < KEY_BODY_MIN_CHARS) return header.length
  return isKeyBodyLine(header.slice(end + 2)) ? end + 2 + REDACTED_HUNK_CONTEXT.length : header.length
}

/**
 * Whether some line of the hunk may be a key's body. The parser knows of the hunks it read, most of which
 * have none; of any other hunk each line is asked, and so is each line shown of a hunk shown in part, as
 * the parser's answer reads the whole hunk: a large file's diff is cut in one hunk, whose text is megabytes.
 */
function mayHoldKeyBody(hunk: Hunk, whole: boolean): boolean {
  return !whole || (hunkTextStats(hunk)?.keyBodyLike ?? true)
}

function fileHeader(file: DiffFile): string {
  const mode = file.modeChange ? `, mode ${file.modeChange.oldMode} -> ${file.modeChange.newMode}` : ''
  return `=== ${file.path} (${statusLabel(file)}${mode}, ${counts(file)})`
}

/** fileHeader(file).length, counted: sizing a large pull request asks it of every file. */
function fileHeaderLength(file: DiffFile): number {
  const { modeChange } = file
  const mode = modeChange ? ', mode  -> '.length + modeChange.oldMode.length + modeChange.newMode.length : 0
  const counts = '+ -'.length + String(file.additions).length + String(file.deletions).length
  return '===  (, )'.length + file.path.length + statusLabel(file).length + mode + counts
}

function statusLabel(file: DiffFile): string {
  if (file.status === 'renamed') return `renamed from ${file.oldPath}`
  if (file.oldPath !== file.path && file.status !== 'added') {
    return `${file.status}, renamed from ${file.oldPath}`
  }
  return file.status
}

function counts(file: { additions: number; deletions: number }): string {
  return `+${file.additions} -${file.deletions}`
}

function skipText(file: SkippedFile): string {
  switch (file.reason) {
    case 'deleted':
      return 'deleted'
    case 'binary':
      return 'binary'
    case 'submodule':
      return 'submodule pointer'
    case 'no-line-changes':
      return 'no line changes (rename, mode change or empty file)'
    case 'lockfile':
      return 'lockfile'
    case 'vendored':
      return 'vendored code'
    case 'generated':
      return 'generated'
    case 'documentation':
      return 'documentation'
    case 'excluded':
      return 'excluded by the workflow configuration'
  }
}

function maxNewLine(file: DiffFile): number {
  let max = 1
  for (const hunk of file.hunks) max = Math.max(max, hunk.newStart + hunk.newLines)
  return max
}

function clip(text: string): string {
  if (text.length <= MAX_LINE_CHARS) return text
  return `${text.slice(0, MAX_LINE_CHARS)}… [${text.length - MAX_LINE_CHARS} more characters]`
}
