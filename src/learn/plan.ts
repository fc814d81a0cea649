/**
 * The new `.github/redline/learned.md` from the current one and what the checks kept. People own the file: every
 * section is written back exactly as it stands (their edits, their own rules), and Redline only appends its new
 * rules, adds new evidence to a section still exactly as it wrote it, drops the sections it proposes to remove
 * and those people deleted on the default branch, and keeps its ledger.
 */
import {
  renderLearnedFile,
  renderRule,
  type DeletedRule,
  type LearnedFile,
  type LearnedLedger,
  type LearnedRule,
  type LedgerRule
} from '../state/learned-file.js'
import type { KeptRemoval, KeptRule } from './checks.js'

/** Links a section lists at most; the ledger holds no more than this either. */
export const MAX_RULE_EVIDENCE = 20
/** The ledger remembers at most this many deleted rules, the latest ones. */
const MAX_DELETED_REMEMBERED = 500

export interface FileChanges {
  /** Rules new to the file. */
  added: KeptRule[]
  /** Rules Redline wrote that gained evidence, with the links that are new. */
  changed: Array<{ rule: KeptRule; newEvidence: string[] }>
  /** Rules this proposal removes, with the model's reason. */
  removed: KeptRemoval[]
  /** Rules the checks kept that are not written, with why: their section was edited by people. */
  dropped: Array<{ rule: KeptRule; reason: string }>
  /** Rules people deleted, noted in the ledger for the first time. */
  deleted: DeletedRule[]
}

export interface FilePlan {
  /** The whole new file. */
  text: string
  changes: FileChanges
  /** False when the text is byte for byte the current file's: then nothing is written. */
  changed: boolean
}

export interface PlanOptions {
  /** The current file's text as read; without it, the current file as Redline would render it. */
  source?: string
}

function ledgerOf(rule: KeptRule): LedgerRule {
  const { id, title, text, paths, added } = rule
  return { id, title, text, paths, evidence: rule.evidence.slice(0, MAX_RULE_EVIDENCE), added }
}

/** The section Redline wrote for a ledger entry: a section equal to it has not been touched by people. */
function asWritten(entry: LedgerRule): string {
  return renderRule({
    id: entry.id,
    title: entry.title,
    text: entry.text,
    paths: entry.paths,
    evidence: entry.evidence
  })
}

/** What a kept rule whose id the file holds does to its section: new evidence, or nothing. */
function evidenceUpdate(
  section: LearnedRule,
  entry: LedgerRule | undefined,
  kept: KeptRule
): { section?: LearnedRule; entry?: LedgerRule; newEvidence?: string[]; dropped?: string } {
  const known = new Set([...(entry?.evidence ?? []), ...section.evidence])
  const fresh = kept.evidence.filter(link => !known.has(link))
  if (fresh.length === 0) return {}
  if (!entry) return { dropped: 'the ledger has no record of its section, so it is left as it stands' }
  if (section.raw !== asWritten(entry))
    return { dropped: 'its section was edited by people, so it is left as they wrote it' }
  const evidence = [...entry.evidence, ...fresh].slice(0, MAX_RULE_EVIDENCE)
  const added = evidence.filter(link => fresh.includes(link))
  if (added.length === 0) return { dropped: `its section lists the most links it may (${MAX_RULE_EVIDENCE})` }
  const updated: LedgerRule = { ...entry, evidence }
  const { id, title, text, paths } = updated
  return { section: { id, title, text, paths, evidence }, entry: updated, newEvidence: added }
}

interface Working {
  sections: LearnedRule[]
  ledger: Map<string, LedgerRule>
  changes: FileChanges
}

/** Sections written back: those removed or deleted by people left out, the rest exactly as they stand. */
function keptSections(current: LearnedFile, gone: ReadonlySet<string>): LearnedRule[] {
  return current.rules.filter(rule => !rule.id || !gone.has(rule.id))
}

function applyKept(work: Working, kept: readonly KeptRule[]): void {
  for (const rule of kept) {
    const at = work.sections.findIndex(section => section.id === rule.id)
    if (at === -1) {
      work.sections.push({
        id: rule.id,
        title: rule.title,
        text: rule.text,
        paths: rule.paths,
        evidence: rule.evidence.slice(0, MAX_RULE_EVIDENCE)
      })
      work.ledger.set(rule.id, ledgerOf(rule))
      work.changes.added.push(rule)
      continue
    }
    const update = evidenceUpdate(work.sections[at] as LearnedRule, work.ledger.get(rule.id), rule)
    if (update.dropped) work.changes.dropped.push({ rule, reason: update.dropped })
    if (update.section && update.entry && update.newEvidence) {
      work.sections[at] = update.section
      work.ledger.set(rule.id, update.entry)
      work.changes.changed.push({
        rule: { ...rule, evidence: update.entry.evidence },
        newEvidence: update.newEvidence
      })
    }
  }
}

/** The ledger's deleted rules: the earlier ones, the newly noted ones, less any this run brings back. */
function deletedLedger(current: LearnedFile, deletions: readonly DeletedRule[], back: ReadonlySet<string>) {
  const byId = new Map(current.ledger.deleted.map(rule => [rule.id, rule]))
  const noted: DeletedRule[] = []
  for (const rule of deletions) {
    if (!byId.has(rule.id)) noted.push(rule)
    byId.set(rule.id, rule)
  }
  for (const id of back) byId.delete(id)
  const deleted = [...byId.values()].slice(-MAX_DELETED_REMEMBERED)
  return { deleted, noted: noted.filter(rule => !back.has(rule.id)) }
}

/**
 * The new file, what it changes, and whether it differs from the current one. `through` is the instant the
 * evidence was read up to; a new rule's ledger entry records the `added` the checks gave it.
 */
export function planFile(
  current: LearnedFile,
  kept: readonly KeptRule[],
  removals: readonly KeptRemoval[],
  deletions: readonly DeletedRule[],
  through: string,
  options: PlanOptions = {}
): FilePlan {
  const removedIds = new Set(removals.map(removal => removal.id))
  const deletedIds = new Set(deletions.map(rule => rule.id))
  const gone = new Set([...removedIds, ...deletedIds])
  const work: Working = {
    sections: keptSections(current, gone),
    ledger: new Map(
      current.ledger.rules.filter(entry => !gone.has(entry.id)).map(entry => [entry.id, entry])
    ),
    changes: { added: [], changed: [], removed: [...removals], dropped: [], deleted: [] }
  }
  applyKept(
    work,
    kept.filter(rule => !removedIds.has(rule.id))
  )
  const back = new Set(work.changes.added.map(rule => rule.id))
  const { deleted, noted } = deletedLedger(current, deletions, back)
  work.changes.deleted = noted
  const ledger: LearnedLedger = { v: 1, through, rules: [...work.ledger.values()], deleted }
  const text = renderLearnedFile({ preamble: current.preamble, rules: work.sections, ledger })
  const before = options.source ?? renderLearnedFile(current)
  return { text, changes: work.changes, changed: text !== before }
}
