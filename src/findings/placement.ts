import type { DiffLineSet } from '../diff/line-set.js'
import type { Side } from '../diff/model.js'
import { cleanUntrusted, wrapUntrusted } from '../text/untrusted.js'
import { compactRanges, locateQuote, quoteMatches } from './quote.js'
import type { Severity } from './severity.js'

/** Longer suggestions are rarely exact; a fix that big belongs in the description. */
export const MAX_SUGGESTION_LINES = 12

/** How many cited lines a wrong-quote refusal shows, so the model can correct itself in one call. */
const MAX_SHOWN_LINES = 20
const MAX_SHOWN_LINE_CHARS = 300

/**
 * What every refusal of a place outside the diff asks for instead. It never names a severity that would get
 * through: a refusal that did would teach the model to inflate severities.
 */
const CITE_THE_CAUSE =
  'Cite the changed line that causes the problem and name the affected code in the description.'

/** Where a new finding asks to sit. */
export interface PlacementRequest {
  severity: Severity
  file: string
  startLine?: number
  endLine?: number
  side?: Side
  suggestion?: string
  quote?: string
}

/** The location fields of an accepted finding. */
export interface Placement {
  startLine?: number
  endLine?: number
  side?: Side
  quote?: string
  suggestion?: string
  outsideDiff?: true
}

export type PlacementResult = { ok: true; placement: Placement } | { ok: false; error: string }

/**
 * The rules for where a finding may sit: lines in one hunk of the diff (or existing lines of the head file,
 * listed in the review body as outside the diff), a quote that appears in them, and a suggestion that changes
 * them. Each refusal says what would be accepted instead.
 */
export class FindingPlacer {
  private readonly headLines = new Map<string, Promise<string[] | undefined>>()

  constructor(
    private readonly lines: DiffLineSet,
    private readonly readHead: (path: string) => Promise<string[] | undefined>
  ) {}

  async place(request: PlacementRequest): Promise<PlacementResult> {
    const error =
      request.startLine === undefined
        ? await this.fileLevel(request)
        : await this.lineLevel(request, request.startLine)
    return typeof error === 'string' ? { ok: false, error } : { ok: true, placement: error }
  }

  /** Undefined when `suggestion` may replace lines start..end of the new file. */
  async checkSuggestion(
    file: string,
    start: number,
    end: number,
    suggestion: string
  ): Promise<string | undefined> {
    // What the model was shown has secrets and invisible characters replaced by markers; a suggestion that
    // copies a marker would commit it into the code in place of the real text.
    if (/\[REDACTED [^\]]*\]|<U\+[0-9A-F]{4,6}>/.test(suggestion)) {
      return (
        'The suggestion contains a display marker ([REDACTED …] or <U+XXXX>) standing for text you were not ' +
        'shown; applying it would write the marker into the code. Describe the fix in the description instead.'
      )
    }
    const current = await this.citedText(file, 'RIGHT', start, end)
    const replacement = normalizeSuggestion(suggestion)
    if (replacement === current.join('\n')) {
      return `The suggestion is identical to the current text of lines ${start}-${end}; a suggestion must change them.`
    }
    const lines = replacement.split('\n')
    if (lines.length > MAX_SUGGESTION_LINES) {
      return (
        `The suggestion has ${lines.length} lines; at most ${MAX_SUGGESTION_LINES} are accepted. Cite a ` +
        'narrower range with a shorter suggestion, or describe the fix in the description instead.'
      )
    }
    return this.repeatsNeighbour(file, start, end, lines)
  }

  /**
   * A suggestion replaces exactly start..end. When its first line equals the line just above the range (or its
   * last line the one just below), applying it would leave that line twice: the range or the text is off.
   */
  private async repeatsNeighbour(
    file: string,
    start: number,
    end: number,
    lines: string[]
  ): Promise<string | undefined> {
    const same = (a: string | undefined, b: string | undefined): boolean =>
      a !== undefined && b !== undefined && a.trim() !== '' && a.trim() === b.trim()
    const before = start > 1 ? (await this.citedText(file, 'RIGHT', start - 1, start - 1))[0] : undefined
    const head = await this.headFile(file)
    const after = head && end < head.length ? head[end] : undefined
    const range = start === end ? `line ${start}` : `lines ${start}-${end}`
    if (same(lines[0], before)) {
      return (
        `The suggestion replaces exactly ${range}, and its first line repeats line ${start - 1}, just above ` +
        `the range: applying it would duplicate that line. Drop that line from the suggestion, or start the ` +
        `range at line ${start - 1}.`
      )
    }
    if (same(lines[lines.length - 1], after)) {
      return (
        `The suggestion replaces exactly ${range}, and its last line repeats line ${end + 1}, just below the ` +
        `range: applying it would duplicate that line. Drop that line from the suggestion, or end the range ` +
        `at line ${end + 1}.`
      )
    }
    return undefined
  }

  /**
   * Why lines start..end (RIGHT) of a finding from an earlier review can no longer take a suggestion, or
   * undefined when they still can: they must still be diff lines of one hunk and still hold the quote, or
   * the suggestion would replace code the finding never cited.
   */
  async checkCarriedLines(
    file: string,
    start: number,
    end: number,
    quote: string | undefined
  ): Promise<string | undefined> {
    const range = start === end ? `${start}` : `${start}-${end}`
    for (let line = start; line <= end; line++) {
      if (!this.lines.canComment(file, 'RIGHT', line))
        return `its lines ${file}:${range} are not in the diff now`
    }
    if (!this.lines.sameHunk(file, 'RIGHT', start, end))
      return `its lines ${file}:${range} now span more than one hunk of the diff`
    if (quote !== undefined && !quoteMatches(quote, await this.citedText(file, 'RIGHT', start, end)))
      return `its lines ${file}:${range} no longer contain its quote`
    return undefined
  }

  private async fileLevel(request: PlacementRequest): Promise<Placement | string> {
    const stray = (['endLine', 'side', 'suggestion', 'quote'] as const).filter(
      key => request[key] !== undefined
    )
    if (stray.length > 0) {
      const names = stray.map(key => key.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`)).join(', ')
      return (
        `A finding without start_line is about the whole file and takes no ${names}. ` +
        'Give start_line (and a quote) to cite lines.'
      )
    }
    if (this.lines.hasFile(request.file)) return {}
    if ((await this.headFile(request.file)) !== undefined) return { outsideDiff: true }
    return this.notInDiff(request.file)
  }

  private async lineLevel(request: PlacementRequest, start: number): Promise<Placement | string> {
    const { file, quote, suggestion } = request
    const end = request.endLine ?? start
    const side = request.side ?? 'RIGHT'
    if (end < start) return `end_line (${end}) is before start_line (${start}).`
    if (quote === undefined || quote.trim() === '') {
      return 'A finding that cites lines needs a quote: a verbatim excerpt of the cited lines, which shows they were read.'
    }
    const range = start === end ? `${start}` : `${start}-${end}`
    const cited = Array.from({ length: end - start + 1 }, (_, i) => start + i)
    const commentable = cited.filter(line => this.lines.canComment(file, side, line))
    const placement: Placement = { startLine: start, endLine: end, side, quote: quote.trim() }

    let text: string[]
    if (commentable.length === cited.length) {
      if (!this.lines.sameHunk(file, side, start, end)) {
        return `Lines ${range} of ${file} span more than one hunk of the diff; cite lines within a single hunk.`
      }
      text = await this.citedText(file, side, start, end)
    } else if (commentable.length > 0) {
      return (
        `Only some of lines ${range} (${side}) of ${file} are in the diff: ${compactRanges(commentable)}. ` +
        'Narrow the range to lines in the diff.'
      )
    } else {
      const outside = await this.outsideDiffText(request, side, start, end)
      if (typeof outside === 'string') return outside
      if (suggestion !== undefined) {
        return 'A suggestion can only replace lines in the diff; these lines are outside it. Remove the suggestion.'
      }
      text = outside
      placement.outsideDiff = true
    }
    if (!quoteMatches(quote, text)) return this.quoteError(quote, file, side, start, end)

    if (suggestion !== undefined) {
      if (side !== 'RIGHT') return 'A suggestion replaces lines of the new file, so it needs side RIGHT.'
      const suggestionError = await this.checkSuggestion(file, start, end, suggestion)
      if (suggestionError) return suggestionError
      placement.suggestion = normalizeSuggestion(suggestion)
    }
    return placement
  }

  /** The text of lines outside the diff when the finding may cite them, or why it may not. */
  private async outsideDiffText(
    request: PlacementRequest,
    side: Side,
    start: number,
    end: number
  ): Promise<string[] | string> {
    const { file } = request
    const range = start === end ? `line ${start}` : `lines ${start}-${end}`
    const near = this.lines.nearest(file, side, start, 6).sort((a, b) => a - b)
    const nearText =
      near.length > 0 ? ` The nearest ${side} lines in the diff are ${compactRanges(near)}.` : ''
    const head = await this.headFile(file)
    if (!this.lines.hasFile(file) && !head) return this.notInDiff(file)
    if (side === 'LEFT') {
      return `${file} ${range} (${side}) is not part of the diff, so it cannot be commented on.${nearText} ${CITE_THE_CAUSE}`
    }
    if (!head || end > head.length) {
      return `${file} has ${head?.length ?? 0} lines at the head; ${range} does not exist.${nearText}`
    }
    return head.slice(start - 1, end)
  }

  private async citedText(file: string, side: Side, start: number, end: number): Promise<string[]> {
    const head = side === 'RIGHT' ? await this.headFile(file) : undefined
    const text: string[] = []
    for (let line = start; line <= end; line++) {
      text.push(head?.[line - 1] ?? this.lines.lineText(file, side, line) ?? '')
    }
    return text
  }

  private async quoteError(
    quote: string,
    file: string,
    side: Side,
    start: number,
    end: number
  ): Promise<string> {
    const range = start === end ? `${start}` : `${start}-${end}`
    const headLines = await this.headFile(file)
    const diffFiles = this.lines.paths().flatMap(path => this.lines.file(path) ?? [])
    const places = locateQuote(quote, headLines ? { file, headLines } : { file }, diffFiles)
    const shownEnd = Math.min(end, start + MAX_SHOWN_LINES - 1)
    const cited = (await this.citedText(file, side, start, shownEnd)).map((text, i) => {
      const clean = cleanUntrusted(text, { invisible: 'show' })
      const clipped = clean.length > MAX_SHOWN_LINE_CHARS ? `${clean.slice(0, MAX_SHOWN_LINE_CHARS)}…` : clean
      return `${start + i}\t${clipped}`
    })
    if (shownEnd < end) cited.push(`[${end - shownEnd} more lines not shown]`)
    return (
      `The quote does not appear in ${file} ${range} (${side}).` +
      (places.length > 0
        ? ` It appears at ${places.join(', ')}: cite those lines instead, or quote the cited lines.`
        : ' It appears nowhere in the file or the diff: quote the cited lines.') +
      ` The cited lines read:\n${wrapUntrusted(`cited-lines:${file}`, cited.join('\n'))}`
    )
  }

  private notInDiff(file: string): string {
    const name = file.slice(file.lastIndexOf('/') + 1)
    const similar = this.lines.paths().filter(path => path.endsWith(`/${name}`) || path === name)
    const changed = this.lines.paths()
    const listed =
      changed.length === 0
        ? ''
        : ` Files in the diff: ${changed.slice(0, 8).join(', ')}${changed.length > 8 ? ', …' : ''}.`
    return (
      `${file} is not among the files this pull request changes, so it cannot be commented on.` +
      (similar.length > 0 ? ` Did you mean ${similar.slice(0, 3).join(', ')}?` : '') +
      `${listed} ${CITE_THE_CAUSE}`
    )
  }

  private headFile(path: string): Promise<string[] | undefined> {
    let lines = this.headLines.get(path)
    if (!lines) {
      lines = this.readHead(path).catch(() => undefined)
      this.headLines.set(path, lines)
    }
    return lines
  }
}

export function normalizeSuggestion(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '')
}
