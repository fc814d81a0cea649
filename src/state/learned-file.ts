/**
 * `.github/redline/learned.md`: the rules Redline learned from the team, as readable Markdown the team reviews
 * and edits like code. One `##` section per rule (its text, the paths it applies to, its evidence links), and
 * one hidden ledger line recording what Redline wrote, so that a section a person deleted is known as deleted.
 * The parse is line by line with anchored patterns: linear in the file's length, whatever a person wrote.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'

export const LEARNED_RULES_PATH = '.github/redline/learned.md'

/** Read at most this much of the file; the rest is reported, never parsed. */
export const MAX_LEARNED_FILE_CHARS = 100_000
/** At most this many sections are read: Redline writes at most 30, people may add some. */
export const MAX_LEARNED_SECTIONS = 60
export const MAX_RULE_TEXT_CHARS = 600
const MAX_TITLE_CHARS = 120

export interface LearnedRule {
  /** Redline's id for a rule it wrote; absent for a section a person wrote. */
  id?: string
  title: string
  /** What to flag or not to flag, in one or two sentences. */
  text: string
  /** Globs the rule applies to; empty for the whole repository. */
  paths: string[]
  /** The links it was drawn from. */
  evidence: string[]
  /** The section as the file has it: written back unchanged, so a person's edits stay as they are. */
  raw?: string
}

const ledgerRuleSchema = z.object({
  id: z.string().max(40),
  title: z.string().max(MAX_TITLE_CHARS),
  text: z.string().max(MAX_RULE_TEXT_CHARS),
  paths: z.array(z.string().max(300)).max(20),
  evidence: z.array(z.string().max(500)).max(50),
  /** When Redline first proposed it. */
  added: z.string()
})
const deletedRuleSchema = ledgerRuleSchema.extend({ deletedAt: z.string() })
const ledgerSchema = z.object({
  v: z.literal(1),
  /** Evidence up to this instant has been read. */
  through: z.string().nullable(),
  rules: z.array(ledgerRuleSchema).max(200),
  deleted: z.array(deletedRuleSchema).max(500)
})

export type LedgerRule = z.infer<typeof ledgerRuleSchema>
export type DeletedRule = z.infer<typeof deletedRuleSchema>
export type LearnedLedger = z.infer<typeof ledgerSchema>

export interface LearnedFile {
  /** What comes before the first rule, as written. */
  preamble: string
  rules: LearnedRule[]
  ledger: LearnedLedger
  /** What could not be read, one line each; the rest of the file is still used. */
  problems: string[]
}

export function emptyLedger(): LearnedLedger {
  return { v: 1, through: null, rules: [], deleted: [] }
}

export const DEFAULT_PREAMBLE = [
  '# Learned review rules',
  '',
  'Redline learned these rules from how this team reviews: findings dismissed with a reason, 👎 reactions,',
  "findings fixed or left open, and reviewers' own comments. Each one arrived in a pull request the team",
  'approved. Edit a rule to change it, or delete its section to unlearn it: Redline keeps these edits and does',
  'not propose a deleted rule again unless new evidence arrives.'
].join('\n')

/** A stable id from what a rule says and where: the same rule proposed twice gets the same id. */
export function ruleId(text: string, paths: readonly string[]): string {
  const normal = `${text.toLowerCase().replace(/\s+/g, ' ').trim()}\n${[...paths].sort().join('\n')}`
  return `L-${createHash('sha256').update(normal).digest('hex').slice(0, 10)}`
}

const HEADING = /^##[ \t]+(\S.*)$/
const FENCE = /^[ \t]{0,3}(```|~~~)/
const RULE_ID = /^<!--[ \t]*redline:rule[ \t]+([A-Za-z0-9-]{1,40})[ \t]*-->[ \t]*$/
const LEDGER = /^<!--[ \t]*redline:ledger[ \t]+(\{.*\})[ \t]*-->[ \t]*$/
const APPLIES = /^(?:\*\*)?Applies to:(?:\*\*)?[ \t]*(.*)$/i
const EVIDENCE = /^(?:\*\*)?Evidence:(?:\*\*)?[ \t]*$/i
const LIST_ITEM = /^[ \t]*[-*][ \t]+(.*)$/
const URL = /https?:\/\/[^\s)<>\]]+/g

const MAX_GLOB_CHARS = 200
const MAX_GLOB_WILDCARDS = 6

/**
 * A glob whose matcher could take more than linear time on a path: picomatch's regular expressions backtrack
 * over each run of wildcards, so their number and the glob's length are capped.
 */
export function globTooComplex(glob: string): boolean {
  return glob.length > MAX_GLOB_CHARS || (glob.match(/\*+|\?/g)?.length ?? 0) > MAX_GLOB_WILDCARDS
}

/** The globs of an "Applies to:" line: backticked, or comma-separated; none for the whole repository. */
export function parseAppliesTo(text: string): string[] {
  if (/whole repository/i.test(text)) return []
  const ticked = [...text.matchAll(/`([^`]+)`/g)].map(match => (match[1] as string).trim())
  const globs = ticked.length > 0 ? ticked : text.split(',').map(part => part.trim())
  return globs.filter(glob => glob !== '' && !globTooComplex(glob)).slice(0, 20)
}

/** The lines of one section: its id, paths, evidence and the words between. */
function readSection(title: string, lines: readonly string[]): LearnedRule {
  let id: string | undefined
  let paths: string[] = []
  const evidence: string[] = []
  const words: string[] = []
  let inEvidence = false
  for (const line of lines) {
    const idMatch = RULE_ID.exec(line)
    const applies = APPLIES.exec(line)
    const item = LIST_ITEM.exec(line)
    if (idMatch) id = idMatch[1]
    else if (applies) paths = parseAppliesTo(applies[1] as string)
    else if (EVIDENCE.test(line)) inEvidence = true
    else if (inEvidence && item) evidence.push(...((item[1] as string).match(URL) ?? []))
    else {
      if (line.trim() !== '') inEvidence = false
      words.push(line)
    }
  }
  const text = words.join('\n').trim().slice(0, MAX_RULE_TEXT_CHARS)
  const raw = [`## ${title}`, ...lines].join('\n').trimEnd()
  return { ...(id ? { id } : {}), title: title.slice(0, MAX_TITLE_CHARS), text, paths, evidence, raw }
}

function readLedger(json: string, problems: string[]): LearnedLedger {
  try {
    const parsed = ledgerSchema.safeParse(JSON.parse(json))
    if (parsed.success) return parsed.data
    problems.push(
      `the ledger line is not one Redline wrote (${parsed.error.issues[0]?.message ?? 'bad shape'})`
    )
  } catch {
    problems.push('the ledger line is not JSON')
  }
  return emptyLedger()
}

/** Splits the file into its preamble, its sections and the ledger. Never throws. */
export function parseLearnedFile(source: string): LearnedFile {
  const problems: string[] = []
  const text = source.length > MAX_LEARNED_FILE_CHARS ? source.slice(0, MAX_LEARNED_FILE_CHARS) : source
  if (text.length < source.length)
    problems.push(`only the first ${MAX_LEARNED_FILE_CHARS} characters are read`)
  const preamble: string[] = []
  const sections: Array<{ title: string; lines: string[] }> = []
  let ledger: LearnedLedger | undefined
  let fenced = false
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced
    const heading = fenced ? null : HEADING.exec(line)
    const ledgerLine = fenced ? null : LEDGER.exec(line)
    if (ledgerLine) ledger = readLedger(ledgerLine[1] as string, problems)
    else if (heading) sections.push({ title: (heading[1] as string).trim(), lines: [] })
    else (sections.at(-1)?.lines ?? preamble).push(line)
  }
  if (sections.length > MAX_LEARNED_SECTIONS)
    problems.push(`only the first ${MAX_LEARNED_SECTIONS} of ${sections.length} rules are read`)
  const rules = sections
    .slice(0, MAX_LEARNED_SECTIONS)
    .map(section => readSection(section.title, section.lines))
    .filter(rule => rule.text !== '')
  return { preamble: preamble.join('\n').trim(), rules, ledger: ledger ?? emptyLedger(), problems }
}

/** A rule's section as Redline writes it. */
export function renderRule(rule: LearnedRule): string {
  const paths =
    rule.paths.length > 0 ? rule.paths.map(glob => `\`${glob}\``).join(', ') : 'the whole repository'
  const lines = [`## ${rule.title}`]
  if (rule.id) lines.push(`<!-- redline:rule ${rule.id} -->`)
  lines.push('', rule.text, '', `**Applies to:** ${paths}`)
  if (rule.evidence.length > 0) lines.push('', '**Evidence:**', ...rule.evidence.map(url => `- ${url}`))
  return lines.join('\n')
}

/** The ledger as one line a Markdown viewer hides; `<`, `>` and `&` escaped so no text can end the comment. */
function ledgerLine(ledger: LearnedLedger): string {
  const json = JSON.stringify(ledger).replace(
    /[<>&]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
  return `<!-- redline:ledger ${json} -->`
}

/** The whole file: sections read from the file are written back as they were. */
export function renderLearnedFile(file: Omit<LearnedFile, 'problems'>): string {
  const preamble = file.preamble.trim() === '' ? DEFAULT_PREAMBLE : file.preamble.trim()
  const sections = file.rules.map(rule => rule.raw ?? renderRule(rule))
  return `${[preamble, ...sections, ledgerLine(file.ledger)].join('\n\n')}\n`
}

/** The rules Redline wrote that are no longer in the file: a person deleted them. */
export function deletedByPeople(file: LearnedFile): LedgerRule[] {
  const present = new Set(file.rules.flatMap(rule => (rule.id ? [rule.id] : [])))
  return file.ledger.rules.filter(entry => !present.has(entry.id))
}
