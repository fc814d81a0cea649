import { randomBytes } from 'node:crypto'
import type { DiffLineSet } from '../diff/line-set.js'
import { displayPath } from '../diff/paths.js'
import { findingLocation, isLineFinding, type Finding, type FindingStatus } from './finding.js'
import { fingerprintOf } from './fingerprint.js'
import { FindingPlacer, normalizeSuggestion } from './placement.js'
import { nearIdenticalTitles, similarTitles } from './similar.js'

/** What add_finding gives: the finding as the model states it, before the store assigns its bookkeeping. */
export type NewFinding = Pick<
  Finding,
  | 'severity'
  | 'category'
  | 'file'
  | 'title'
  | 'description'
  | 'startLine'
  | 'endLine'
  | 'side'
  | 'suggestion'
  | 'quote'
>

/** What update_finding may change; a field left undefined is left as it is. */
export type FindingChanges = {
  [K in 'status' | 'severity' | 'title' | 'description' | 'suggestion' | 'note']?: Finding[K] | undefined
}

/** A refusal carries a message written for the model, so it can correct the call. */
export type StoreResult = { ok: true; finding: Finding } | { ok: false; error: string }

export interface FindingsStoreOptions {
  /** Findings from earlier reviews, already mapped onto the current diff. */
  existing: Finding[]
  lines: DiffLineSet
  headSha: string
  /** The lines of a file at the head (no trailing empty line), undefined when it is not a file there. */
  readHeadLines: (path: string) => Promise<string[] | undefined>
  newId?: () => string
}

/**
 * The one evolving findings list of a pull request. Every change goes through here, so each rule (lines in
 * the diff, a verbatim quote, a suggestion that changes something, no duplicates) holds for the whole list.
 */
export class FindingsStore {
  private readonly findings: Finding[]
  private readonly touchedIds = new Set<string>()
  private readonly placer: FindingPlacer
  private readonly newId: () => string

  constructor(private readonly options: FindingsStoreOptions) {
    this.findings = options.existing.map(finding => ({ ...finding }))
    this.placer = new FindingPlacer(options.lines, options.readHeadLines)
    this.newId = options.newId ?? randomFindingId
  }

  all(): Finding[] {
    return this.findings.map(finding => ({ ...finding }))
  }

  list(status?: FindingStatus): Finding[] {
    return this.all().filter(finding => status === undefined || finding.status === status)
  }

  get(id: string): Finding | undefined {
    const finding = this.findings.find(f => f.id === id)
    return finding && { ...finding }
  }

  /** Ids of the findings added or changed during this run. */
  touched(): string[] {
    return [...this.touchedIds]
  }

  async add(input: NewFinding): Promise<StoreResult> {
    const file = this.resolvePath(input.file.replace(/^\.\//, ''))
    const placed = await this.placer.place({ ...input, file })
    if (!placed.ok) return placed
    const draft: Finding = {
      id: '',
      severity: input.severity,
      category: normalizeCategory(input.category),
      file,
      title: input.title.trim(),
      description: input.description.trim(),
      ...placed.placement,
      status: 'open',
      firstSeenSha: this.options.headSha,
      lastConfirmedSha: this.options.headSha,
      fingerprint: ''
    }
    const duplicate = this.findings.find(existing => isDuplicate(existing, draft))
    if (duplicate) {
      return refuse(
        `Not added: ${duplicate.id} is already an open finding at ` +
          `${findingLocation(duplicate)} ("${duplicate.title}"). Use update_finding with id ${duplicate.id} ` +
          'to revise it instead of adding a second one.'
      )
    }
    const closed = this.findings.find(existing => reRaises(existing, draft))
    if (closed) return refuse(closedRefusal(closed))
    draft.id = this.uniqueId()
    draft.fingerprint = fingerprintOf(draft)
    this.findings.push(draft)
    this.touchedIds.add(draft.id)
    return { ok: true, finding: { ...draft } }
  }

  async update(id: string, changes: FindingChanges): Promise<StoreResult> {
    const finding = this.findings.find(f => f.id === id)
    if (!finding) {
      const known = this.findings.map(f => f.id)
      return refuse(
        `No finding has id '${id}'. ` +
          (known.length > 0 ? `Known ids: ${known.join(', ')}.` : 'The list is empty.')
      )
    }
    if (Object.values(changes).every(value => value === undefined)) {
      return refuse(
        'Nothing to update: give at least one of status, severity, title, description, suggestion, note.'
      )
    }
    if (changes.status === 'open' && finding.status !== 'open' && changes.note === undefined) {
      return refuse(
        `${id} is ${finding.status}. Reopen it only when the problem is back, with a note saying what brought ` +
          'it back.'
      )
    }
    const severity = changes.severity ?? finding.severity
    let suggestion: string | undefined
    if (changes.suggestion !== undefined) {
      if (!isLineFinding(finding) || finding.outsideDiff || (finding.side ?? 'RIGHT') !== 'RIGHT') {
        return refuse(
          `${id} cannot carry a suggestion: only a finding on diff lines of the new file (RIGHT side) can.`
        )
      }
      const { file, startLine, endLine } = finding
      const moved = await this.placer.checkCarriedLines(file, startLine, endLine, finding.quote)
      if (moved) {
        return refuse(
          `${id} cannot take a suggestion: ${moved}. Resolve or dismiss ${id} with a note, then add a new ` +
            'finding on the current lines.'
        )
      }
      const suggestionError = await this.placer.checkSuggestion(file, startLine, endLine, changes.suggestion)
      if (suggestionError) return refuse(suggestionError)
      suggestion = normalizeSuggestion(changes.suggestion)
    }

    if (changes.status !== undefined) finding.status = changes.status
    finding.severity = severity
    if (changes.title !== undefined) finding.title = changes.title.trim()
    if (changes.description !== undefined) finding.description = changes.description.trim()
    if (suggestion !== undefined) finding.suggestion = suggestion
    if (changes.note !== undefined) finding.note = changes.note.trim()
    else if (changes.status === 'resolved') finding.note = `resolved at ${this.options.headSha.slice(0, 7)}`
    if (finding.status === 'open') finding.lastConfirmedSha = this.options.headSha
    this.touchedIds.add(id)
    return { ok: true, finding: { ...finding } }
  }

  /** The real path of a file the model names as it was shown, with control characters escaped. */
  private resolvePath(file: string): string {
    if (this.options.lines.hasFile(file)) return file
    return this.options.lines.paths().find(path => path !== file && displayPath(path) === file) ?? file
  }

  private uniqueId(): string {
    for (;;) {
      const id = this.newId()
      if (!this.findings.some(f => f.id === id)) return id
    }
  }
}

export function randomFindingId(): string {
  const bytes = randomBytes(6)
  let id = ''
  for (const byte of bytes) id += (byte % 36).toString(36)
  return `f_${id}`
}

function refuse(error: string): StoreResult {
  return { ok: false, error }
}

function normalizeCategory(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, '-')
}

/**
 * A problem someone dismissed, or that was fixed, is not raised again as new: the same fingerprint (the same
 * quoted code and category, wherever the lines moved) under a similar title, or an overlapping location with
 * a near-identical title. A different problem on those lines is new. Reopening a closed one is a deliberate
 * act (update_finding with status open).
 */
function reRaises(existing: Finding, draft: Finding): boolean {
  if (existing.status === 'open' || existing.file !== draft.file) return false
  if (
    existing.fingerprint !== '' &&
    existing.fingerprint === fingerprintOf(draft) &&
    similarTitles(existing.title, draft.title)
  )
    return true
  return samePlace(existing, draft) && nearIdenticalTitles(existing.title, draft.title)
}

function closedRefusal(closed: Finding): string {
  const how = closed.status === 'dismissed' ? 'was dismissed' : 'was resolved'
  const why = closed.note ? ` (${closed.note})` : ''
  return (
    `Not added: this is the same issue as ${closed.id} at ${findingLocation(closed)} ("${closed.title}"), which ${how}${why}. ` +
    `A closed finding is not raised again as new. Only if the problem is back, reopen it: call update_finding ` +
    `with id ${closed.id}, status "open" and a note saying what brought it back.`
  )
}

/** The same place: overlapping lines on one side, or both about the whole file. */
function samePlace(existing: Finding, draft: Finding): boolean {
  if (existing.file !== draft.file || existing.gone) return false
  if (!isLineFinding(existing) || draft.startLine === undefined || draft.endLine === undefined) {
    return !isLineFinding(existing) && draft.startLine === undefined
  }
  return (
    (existing.side ?? 'RIGHT') === (draft.side ?? 'RIGHT') &&
    existing.startLine <= draft.endLine &&
    draft.startLine <= existing.endLine
  )
}

/**
 * A second filing of an open finding: the same place and a similar title, whatever the category (the same
 * problem filed as correctness and as data is one problem). A different problem on the same lines is not one.
 */
function isDuplicate(existing: Finding, draft: Finding): boolean {
  return (
    existing.status === 'open' && samePlace(existing, draft) && similarTitles(existing.title, draft.title)
  )
}
