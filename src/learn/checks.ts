/**
 * The checks in code on what the model proposed. The model's word is never enough: a rule is kept only when
 * every link it cites is an item it was given, the items are enough (two pull requests, or one dismissal with a
 * reason in words), it fits the caps, it says nothing but what to flag, and it does not bring back a rule people
 * deleted from the evidence they already saw. A removal is kept only when fixed findings from two pull requests
 * after the rule was added contradict it. Each check is linear in what it reads.
 */
import picomatch from 'picomatch'
import {
  MAX_RULE_TEXT_CHARS,
  ruleId,
  type DeletedRule,
  type LearnedFile,
  type LearnedRule
} from '../state/learned-file.js'
import { cleanUntrusted } from '../text/untrusted.js'
import type { EvidenceItem, ProposedRemoval, ProposedRule } from './types.js'

/** The most rules Redline keeps in the file; a person's own sections are not counted. */
export const MAX_LEARNED_RULES = 30
export const MAX_RULE_TITLE_CHARS = 80
export const MAX_RULE_GLOBS = 10
const MAX_GLOB_CHARS = 200
const MAX_REASON_CHARS = 300
/** Word overlap above which a proposal is the same rule as one people deleted. */
const SAME_TEXT_OVERLAP = 0.8

export interface CheckContext {
  /** The items the model was given: the only links a proposal may cite. */
  evidence: readonly EvidenceItem[]
  /** The file the proposal changes. */
  current: LearnedFile
  /** Rules people deleted that this run noted, with when; the ledger's earlier ones are read from `current`. */
  deletions: readonly DeletedRule[]
  /** When the run reads the evidence (ISO 8601): a new rule's `added`. */
  now: string
  /** Ids this run proposes to remove: their places under the cap are free. */
  removing?: readonly string[]
}

/** A rule the checks kept: its id, and when Redline first proposed it. */
export interface KeptRule extends LearnedRule {
  id: string
  added: string
}

export interface DroppedRule {
  rule: ProposedRule
  reason: string
}

export interface RuleChecks {
  kept: KeptRule[]
  dropped: DroppedRule[]
}

/** A removal the checks kept, with the title of the rule it removes. */
export interface KeptRemoval extends ProposedRemoval {
  title: string
}

export interface DroppedRemoval {
  removal: ProposedRemoval
  reason: string
}

export interface RemovalChecks {
  kept: KeptRemoval[]
  dropped: DroppedRemoval[]
}

/** Milliseconds since the epoch, or NaN: every date here is compared as an instant, whatever its spelling. */
const instant = (iso: string): number => Date.parse(iso)

/** Whether `iso` is strictly later than `than`; false when either is not a date. */
export function isAfter(iso: string, than: string): boolean {
  return instant(iso) > instant(than)
}

/** Every rule people deleted: the ledger's and this run's, one per id. */
export function allDeletions(current: LearnedFile, deletions: readonly DeletedRule[]): DeletedRule[] {
  const byId = new Map<string, DeletedRule>()
  for (const deleted of [...current.ledger.deleted, ...deletions]) byId.set(deleted.id, deleted)
  return [...byId.values()]
}

/**
 * Whether an item was cited by a rule people deleted, before they deleted it: such an item is never shown to
 * the model again, since the people's deletion already answered it.
 */
export function spentOnDeletion(item: EvidenceItem, deletions: readonly DeletedRule[]): boolean {
  return deletions.some(
    deleted => deleted.evidence.includes(item.url) && !isAfter(item.createdAt, deleted.deletedAt)
  )
}

/** Why a glob cannot be used, or undefined. Brackets, braces and parentheses must close. */
export function globProblem(glob: string): string | undefined {
  if (glob === '' || glob.trim() !== glob) return 'is empty or has spaces around it'
  if (glob.length > MAX_GLOB_CHARS) return `is longer than ${MAX_GLOB_CHARS} characters`
  if (glob.includes('..')) return 'contains ..'
  if (/[\n\r`\\]/.test(glob)) return 'contains a line break, a backtick or a backslash'
  if (glob.startsWith('/')) return 'is absolute; globs are from the repository root'
  if (picomatch.scan(glob).negated) return 'is negated'
  if (!balanced(glob)) return 'has an unclosed bracket, brace or parenthesis'
  try {
    picomatch.makeRe(glob, { dot: true })
  } catch {
    return 'is not a glob'
  }
  return undefined
}

function balanced(glob: string): boolean {
  const closers: Record<string, string> = { '[': ']', '{': '}', '(': ')' }
  const open: string[] = []
  for (const char of glob) {
    if (closers[char]) open.push(closers[char])
    else if (char === ']' || char === '}' || char === ')') {
      if (open.pop() !== char) return false
    }
  }
  return open.length === 0
}

/**
 * Text a rule may not hold: anything that is not about what to flag. Each pattern is anchored on a literal
 * word and bounded, so the scan is linear; the text is capped before it is scanned.
 */
const NOT_ABOUT_FLAGGING: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bapprov/i, 'tells the reviewer to approve'],
  [/\blgtm\b/i, 'tells the reviewer to approve'],
  [
    /\bignore\b[^.\n]{0,40}?\b(?:instructions?|prompts?|rules|guidelines|above)\b/i,
    'tells the reviewer to ignore its instructions'
  ],
  [/\b(?:previous|prior|earlier|above|all|other)\s+instructions\b/i, 'speaks of instructions'],
  [/\b(?:system|developer)\s+(?:prompt|message|instructions?)\b/i, 'speaks of the system prompt'],
  [/\byour\s+(?:tools?|instructions|task|prompt|budget|rules)\b/i, "speaks of the reviewer's tools or task"],
  [
    /\b(?:do not|don't|never|stop|skip|end|abort)\s+(?:the\s+)?review(?:ing)?\b/i,
    'tells the reviewer to stop reviewing'
  ],
  [
    /\b(?:publish_review|add_finding|update_finding|list_findings|read_file|list_directory|search_code|find_references|get_diff|propose_rules|write_description|tool_choice)\b/i,
    'names a tool'
  ],
  [/<\/?untrusted-data|<!--|-->|redline:(?:rule|ledger)/i, 'holds markup the rules file uses'],
  [
    /^[ \t]*(?:#|```|~~~|(?:\*\*)?(?:applies to|evidence):)/im,
    'holds a line the rules file reads as structure'
  ]
]

/** Why a rule's words are not a rule about what to flag, or undefined. */
export function contentProblem(title: string, text: string): string | undefined {
  for (const [pattern, why] of NOT_ABOUT_FLAGGING) {
    if (pattern.test(title) || pattern.test(text)) return `its text ${why}; a rule may only say what to flag`
  }
  return undefined
}

/** Why a proposal breaks a cap or a glob, or undefined. */
function shapeProblem(rule: ProposedRule): string | undefined {
  const title = rule.title.trim()
  const text = rule.rule.trim()
  if (title === '' || /[\r\n]/.test(title)) return 'its title is empty or more than one line'
  if (title.length > MAX_RULE_TITLE_CHARS)
    return `its title is longer than ${MAX_RULE_TITLE_CHARS} characters`
  if (text === '') return 'its text is empty'
  if (text.length > MAX_RULE_TEXT_CHARS) return `its text is longer than ${MAX_RULE_TEXT_CHARS} characters`
  if (rule.paths.length > MAX_RULE_GLOBS) return `it names more than ${MAX_RULE_GLOBS} globs`
  for (const glob of rule.paths) {
    const problem = globProblem(glob)
    if (problem) return `its glob \`${glob.slice(0, MAX_GLOB_CHARS)}\` ${problem}`
  }
  if (rule.evidence.length === 0) return 'it cites no evidence'
  return undefined
}

/** Why cited links are not all items the model was given, or undefined; names the links. */
function linkProblem(links: readonly string[], given: ReadonlyMap<string, EvidenceItem>): string | undefined {
  const unknown = [...new Set(links.filter(link => !given.has(link)))]
  if (unknown.length === 0) return undefined
  const named = unknown.slice(0, 3).join(', ')
  const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''
  return `it cites ${unknown.length === 1 ? 'a link' : 'links'} not in the evidence given: ${named}${more}`
}

/** Why cited items are not enough for a rule, or undefined. */
function supportProblem(items: readonly EvidenceItem[]): string | undefined {
  if (items.some(item => item.kind === 'dismissal' && item.explicitReason)) return undefined
  const prs = new Set(items.map(item => item.pr))
  if (prs.size >= 2) return undefined
  return (
    `its evidence is ${items.length === 1 ? 'one item' : `${items.length} items`} from one pull request ` +
    'and no dismissal with a reason in words; a rule needs two pull requests, or one explicit dismissal'
  )
}

/** The lowercase words of a text, for telling whether two texts say the same. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? [])
}

/** Whether two word sets are nearly the same (Jaccard overlap). */
function sameWords(left: ReadonlySet<string>, right: ReadonlySet<string>): boolean {
  if (left.size === 0 || right.size === 0) return false
  let shared = 0
  for (const word of left) if (right.has(word)) shared++
  return shared / (left.size + right.size - shared) >= SAME_TEXT_OVERLAP
}

/** A finder of the rule among `rules` whose text says nearly the same as a given text. */
function sameTextAs<T extends { text: string }>(rules: readonly T[]): (text: string) => T | undefined {
  const known = rules.map(rule => ({ rule, words: wordsOf(rule.text) }))
  return text => {
    if (known.length === 0) return undefined
    const words = wordsOf(text)
    return known.find(entry => sameWords(entry.words, words))?.rule
  }
}

/** The rules people deleted, looked up by id, by any link they cited, and by their words. */
class DeletedIndex {
  private readonly byId = new Map<string, DeletedRule>()
  private readonly byLink = new Map<string, DeletedRule>()
  private readonly byText: (text: string) => DeletedRule | undefined

  constructor(deletions: readonly DeletedRule[]) {
    for (const rule of deletions) {
      this.byId.set(rule.id, rule)
      for (const link of rule.evidence) if (!this.byLink.has(link)) this.byLink.set(link, rule)
    }
    this.byText = sameTextAs(deletions)
  }

  /** The deleted rule a new one repeats: the same id, any link in common, or nearly the same words. */
  repeatedBy(id: string, links: readonly string[], text: string): DeletedRule | undefined {
    return this.byId.get(id) ?? links.map(link => this.byLink.get(link)).find(Boolean) ?? this.byText(text)
  }
}

/** A group of proposals that are one rule: the same id, or the same paths with evidence in common. */
interface Group {
  id: string
  title: string
  text: string
  paths: string[]
  evidence: string[]
  added: string
  /** A rule the file holds already: it passed its checks when people approved it. */
  existing: boolean
  /** The links it had before this run's proposals joined it. */
  before: ReadonlySet<string>
  proposals: ProposedRule[]
}

const pathsKey = (paths: readonly string[]): string => [...new Set(paths)].sort().join('\n')

/** Groups proposals that are one rule, starting from the rules Redline wrote that the file holds. */
class Groups {
  readonly all: Group[] = []
  private readonly byId = new Map<string, Group>()
  private readonly byPathAndLink = new Map<string, Group>()

  add(group: Group): void {
    this.all.push(group)
    this.byId.set(group.id, group)
    this.index(group, group.evidence)
  }

  /** The group a proposal joins, if any. */
  find(id: string, rule: ProposedRule): Group | undefined {
    const key = pathsKey(rule.paths)
    return (
      this.byId.get(id) ?? rule.evidence.map(link => this.byPathAndLink.get(`${key}\n${link}`)).find(Boolean)
    )
  }

  join(group: Group, rule: ProposedRule): void {
    const known = new Set(group.evidence)
    const fresh = [...new Set(rule.evidence)].filter(link => !known.has(link))
    group.evidence.push(...fresh)
    group.proposals.push(rule)
    this.index(group, fresh)
  }

  private index(group: Group, links: readonly string[]): void {
    const key = pathsKey(group.paths)
    for (const link of links)
      if (!this.byPathAndLink.has(`${key}\n${link}`)) this.byPathAndLink.set(`${key}\n${link}`, group)
  }
}

/** The rules Redline wrote that the file holds, but for those people deleted on the default branch. */
function existingGroups(current: LearnedFile, deletions: readonly DeletedRule[]): Groups {
  const groups = new Groups()
  const ledger = new Map(current.ledger.rules.map(entry => [entry.id, entry]))
  const deleted = new Set(deletions.map(rule => rule.id))
  for (const rule of current.rules) {
    if (!rule.id || deleted.has(rule.id)) continue
    const entry = ledger.get(rule.id)
    const evidence = [...new Set([...rule.evidence, ...(entry?.evidence ?? [])])]
    groups.add({
      id: rule.id,
      title: entry?.title ?? rule.title,
      text: entry?.text ?? rule.text,
      paths: entry?.paths ?? rule.paths,
      evidence,
      added: entry?.added ?? '',
      existing: true,
      before: new Set(evidence),
      proposals: []
    })
  }
  return groups
}

/** Why a new rule repeats one people deleted without new evidence, or undefined. */
function deletedProblem(
  group: Group,
  deletions: DeletedIndex,
  given: ReadonlyMap<string, EvidenceItem>
): string | undefined {
  const repeated = deletions.repeatedBy(group.id, group.evidence, group.text)
  if (!repeated) return undefined
  const newer = group.evidence.some(link => {
    const item = given.get(link)
    return item !== undefined && isAfter(item.createdAt, repeated.deletedAt)
  })
  if (newer) return undefined
  return (
    `it repeats the rule "${repeated.title}" people deleted on ${repeated.deletedAt.slice(0, 10)}, ` +
    'and cites no evidence from after the deletion'
  )
}

/** Proposals that pass the checks one by one, and those that do not, with why. */
function screen(
  proposals: readonly ProposedRule[],
  given: ReadonlyMap<string, EvidenceItem>
): { passed: ProposedRule[]; dropped: DroppedRule[] } {
  const passed: ProposedRule[] = []
  const dropped: DroppedRule[] = []
  for (const rule of proposals) {
    const reason =
      shapeProblem(rule) ?? contentProblem(rule.title, rule.rule) ?? linkProblem(rule.evidence, given)
    if (reason) dropped.push({ rule, reason })
    else passed.push(rule)
  }
  return { passed, dropped }
}

/**
 * The proposed rules the checks keep, and those they drop with why. Duplicates merge into one rule (with every
 * link cited); a proposal that is a rule the file holds adds its new links to that rule.
 */
export function checkRules(proposals: readonly ProposedRule[], context: CheckContext): RuleChecks {
  const given = new Map(context.evidence.map(item => [item.url, item]))
  const { passed, dropped } = screen(proposals, given)
  const deletions = allDeletions(context.current, context.deletions)
  const groups = existingGroups(context.current, deletions)
  for (const rule of passed) {
    const clean = {
      ...rule,
      title: cleanUntrusted(rule.title).trim(),
      rule: cleanUntrusted(rule.rule).trim(),
      paths: [...new Set(rule.paths)]
    }
    const id = ruleId(clean.rule, clean.paths)
    const group = groups.find(id, clean)
    if (group) groups.join(group, clean)
    else groups.add(newGroup(id, clean, context.now))
  }
  const deletedIndex = new DeletedIndex(deletions)
  const peoplesOwn = sameTextAs(context.current.rules.filter(rule => !rule.id))
  const removing = new Set(context.removing ?? [])
  let room = MAX_LEARNED_RULES - groups.all.filter(group => group.existing && !removing.has(group.id)).length
  const kept: KeptRule[] = []
  for (const group of groups.all) {
    if (group.proposals.length === 0) continue
    if (group.existing) {
      if (group.evidence.length > group.before.size) kept.push(keptRule(group))
      continue
    }
    const items = group.evidence.flatMap(link => given.get(link) ?? [])
    const own = peoplesOwn(group.text)
    let reason =
      supportProblem(items) ??
      deletedProblem(group, deletedIndex, given) ??
      (own ? `the team's own rule "${own.title}" says this already` : undefined)
    if (!reason && room <= 0)
      reason = `the file already holds ${MAX_LEARNED_RULES} rules written by Redline, the most it keeps`
    if (reason) dropped.push(...group.proposals.map(rule => ({ rule, reason: reason as string })))
    else {
      room--
      kept.push(keptRule(group))
    }
  }
  return { kept, dropped }
}

function newGroup(id: string, rule: ProposedRule, now: string): Group {
  const evidence = [...new Set(rule.evidence)]
  return {
    id,
    title: rule.title,
    text: rule.rule,
    paths: rule.paths,
    evidence,
    added: now,
    existing: false,
    before: new Set(),
    proposals: [rule]
  }
}

function keptRule(group: Group): KeptRule {
  return {
    id: group.id,
    title: group.title,
    text: group.text,
    paths: group.paths,
    evidence: group.evidence,
    added: group.added
  }
}

/** Whether an item lies where a rule applies: anywhere for a rule of the whole repository or an item with no path. */
function covers(paths: readonly string[]): (item: EvidenceItem) => boolean {
  if (paths.length === 0) return () => true
  const matches = picomatch([...paths], { dot: true })
  return item => item.path === null || matches(item.path)
}

/** Why a removal does not hold, or undefined. */
function removalProblem(
  removal: ProposedRemoval,
  context: CheckContext,
  given: ReadonlyMap<string, EvidenceItem>
): string | undefined {
  const section = context.current.rules.find(rule => rule.id === removal.id)
  if (!section) return `the file holds no rule written by Redline with the id ${removal.id}`
  const entry = context.current.ledger.rules.find(rule => rule.id === removal.id)
  if (!entry) return `the ledger does not record when ${removal.id} was added`
  if (removal.reason.trim() === '') return 'it gives no reason'
  const links = linkProblem(removal.evidence, given)
  if (links) return links
  const applies = covers(entry.paths)
  const fixed = removal.evidence.flatMap(link => {
    const item = given.get(link)
    return item && item.kind === 'fixed' && isAfter(item.createdAt, entry.added) && applies(item)
      ? [item]
      : []
  })
  const prs = new Set(fixed.map(item => item.pr)).size
  if (prs >= 2) return undefined
  return (
    `it needs findings fixed in two pull requests after the rule was added (${entry.added.slice(0, 10)}) ` +
    `where the rule applies, and cites ${prs === 0 ? 'none' : 'one'}`
  )
}

/** The proposed removals the checks keep, and those they drop with why. Removals of one id merge. */
export function checkRemovals(removals: readonly ProposedRemoval[], context: CheckContext): RemovalChecks {
  const given = new Map(context.evidence.map(item => [item.url, item]))
  const byId = new Map<string, ProposedRemoval>()
  for (const removal of removals) {
    const seen = byId.get(removal.id)
    if (seen) seen.evidence = [...new Set([...seen.evidence, ...removal.evidence])]
    else byId.set(removal.id, { ...removal, evidence: [...new Set(removal.evidence)] })
  }
  const kept: KeptRemoval[] = []
  const dropped: DroppedRemoval[] = []
  for (const removal of byId.values()) {
    const reason = removalProblem(removal, context, given)
    if (reason) {
      dropped.push({ removal, reason })
      continue
    }
    const title = context.current.rules.find(rule => rule.id === removal.id)?.title ?? removal.id
    kept.push({ ...removal, reason: removal.reason.trim().slice(0, MAX_REASON_CHARS), title })
  }
  return { kept, dropped }
}
