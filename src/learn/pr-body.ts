/**
 * The body of the pull request that proposes the learned rules: what is added, changed or proposed for removal
 * and on what evidence, what the checks dropped and why, and which deletions Redline noted, so that a person
 * can approve it as they would review code. Every word the model or a person wrote is made inert (no mention,
 * no markup) and the body stays under GitHub's limit.
 */
import { BODY_BUDGET, inline } from '../publish/markdown.js'
import { LEARNED_RULES_PATH } from '../state/learned-file.js'
import { measure, plural } from '../text/measure.js'
import type { DroppedRemoval, DroppedRule } from './checks.js'
import type { FileChanges } from './plan.js'

export interface PullBodyInput {
  changes: FileChanges
  /** Proposals the checks dropped, with why. */
  droppedRules: readonly DroppedRule[]
  droppedRemovals: readonly DroppedRemoval[]
  /** The run's cost line, as the job summary shows it. */
  cost: string
  /** How many evidence items the model was given, how many were new, and since when. */
  evidence?: { given: number; fresh: number; since: string | null }
}

const MAX_TITLE = 100
const MAX_TEXT = 700
const MAX_REASON = 400
const MAX_LINKS_SHOWN = 10

const FOOTER = [
  '---',
  `Each rule is one \`##\` section of \`${LEARNED_RULES_PATH}\`. Edit a section's words, paths or evidence to ` +
    'change a rule, or delete the section to unlearn it: later runs keep your edits and do not propose a deleted ' +
    'rule again unless new evidence arrives after the deletion. A section you write yourself, without an id, is ' +
    'used by the reviewer and never changed by Redline. Merging this pull request is what approves the rules.'
].join('\n')

/** An id or a glob as code: it cannot mention anyone, and a backtick cannot end it early. */
const code = (text: string): string => `\`${text.replace(/`/g, '').slice(0, 300)}\``

function links(urls: readonly string[]): string {
  const shown = urls.slice(0, MAX_LINKS_SHOWN).map(url => inline(url, 500))
  const more = urls.length > shown.length ? ` and ${urls.length - shown.length} more` : ''
  return shown.length > 0 ? `${shown.join(', ')}${more}` : 'none'
}

function where(paths: readonly string[]): string {
  return paths.length > 0 ? paths.map(code).join(', ') : 'the whole repository'
}

function addedEntry(rule: FileChanges['added'][number]): string {
  return [
    `- **${inline(rule.title, MAX_TITLE)}** (${code(rule.id)}): ${inline(rule.text, MAX_TEXT)}`,
    `  Applies to: ${where(rule.paths)}. Evidence: ${links(rule.evidence)}.`
  ].join('\n')
}

function changedEntry(entry: FileChanges['changed'][number]): string {
  const { rule, newEvidence } = entry
  return `- **${inline(rule.title, MAX_TITLE)}** (${code(rule.id)}): new evidence ${links(newEvidence)}.`
}

function removedEntry(removal: FileChanges['removed'][number]): string {
  return [
    `- **${inline(removal.title, MAX_TITLE)}** (${code(removal.id)}): ${inline(removal.reason, MAX_REASON)}`,
    `  Evidence: ${links(removal.evidence)}.`
  ].join('\n')
}

function droppedEntries(input: PullBodyInput): string[] {
  return [
    ...input.droppedRules.map(
      ({ rule, reason }) => `- Rule **${inline(rule.title, MAX_TITLE)}**: ${inline(reason, MAX_REASON)}.`
    ),
    ...input.changes.dropped.map(
      ({ rule, reason }) =>
        `- New evidence for **${inline(rule.title, MAX_TITLE)}** (${code(rule.id)}): ${reason}.`
    ),
    ...input.droppedRemovals.map(
      ({ removal, reason }) => `- Removal of ${code(removal.id)}: ${inline(reason, MAX_REASON)}.`
    )
  ]
}

function deletedEntry(rule: FileChanges['deleted'][number]): string {
  return `- **${inline(rule.title, MAX_TITLE)}** (${code(rule.id)}), deleted ${inline(rule.deletedAt.slice(0, 10))}: not proposed again unless new evidence arrives.`
}

function opening(input: PullBodyInput): string {
  const { evidence } = input
  const read = evidence
    ? `Redline read ${plural(evidence.given, 'evidence item')}` +
      (evidence.since ? ` (${evidence.fresh} new since ${inline(evidence.since.slice(0, 10))})` : '') +
      ' from how this team reviews'
    : 'Redline read how this team reviews'
  return `${read} and proposes these changes to \`${LEARNED_RULES_PATH}\`. Nothing takes effect until this pull request is merged.`
}

/** Adds entries under a heading while the body fits, then says how many did not. */
function section(heading: string, entries: readonly string[], room: { left: number }): string | undefined {
  if (entries.length === 0) return undefined
  const lines = [`### ${heading}`]
  let shown = 0
  for (const entry of entries) {
    const size = measure(entry) + 2
    if (size > room.left) break
    lines.push(entry)
    room.left -= size
    shown++
  }
  if (shown < entries.length)
    lines.push(`- …and ${entries.length - shown} more, not shown here to keep this body short.`)
  room.left -= measure(lines[0] as string) + 80
  return lines.join('\n')
}

/** The pull request's body, at most GitHub's limit with a margin. */
export function renderPullBody(input: PullBodyInput): string {
  const { changes } = input
  const head = opening(input)
  const cost = `<sub>Cost of the run: ${inline(input.cost, 300)}</sub>`
  const room = { left: BODY_BUDGET - measure(head) - measure(FOOTER) - measure(cost) - 400 }
  const parts = [
    head,
    section('Added', changes.added.map(addedEntry), room),
    section('Changed', changes.changed.map(changedEntry), room),
    section('Proposed for removal', changes.removed.map(removedEntry), room),
    section('Dropped by the checks', droppedEntries(input), room),
    section('Deleted by people', changes.deleted.map(deletedEntry), room)
  ]
  const body = parts.filter((part): part is string => part !== undefined)
  if (body.length === 1)
    body.push('No rule is added, changed or removed: only the record of what was read moves.')
  return [...body, FOOTER, cost].join('\n\n')
}
