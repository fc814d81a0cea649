/**
 * From the model's proposals to the new file: the checks in code decide what is kept, the plan writes the
 * file around people's sections. Pure: everything it needs comes in, so a test can state what each case
 * decides without GitHub or a model.
 */
import type { DeletedRule, LearnedFile } from '../state/learned-file.js'
import {
  checkRemovals,
  checkRules,
  isAfter,
  type DroppedRemoval,
  type DroppedRule,
  type KeptRemoval,
  type KeptRule
} from './checks.js'
import { planFile, type FilePlan } from './plan.js'
import type { EvidenceItem, ProposedRemoval, ProposedRule } from './types.js'

export interface Decision {
  plan: FilePlan
  kept: KeptRule[]
  droppedRules: DroppedRule[]
  removals: KeptRemoval[]
  droppedRemovals: DroppedRemoval[]
  /** The instant the evidence given is read through. */
  through: string
}

export interface DecideInput {
  current: LearnedFile
  /** The current file's text as read, when there is one: the plan compares with it byte for byte. */
  currentText?: string
  deletions: readonly DeletedRule[]
  /** The items the model was given: the only links a rule may cite. */
  given: readonly EvidenceItem[]
  rules: readonly ProposedRule[]
  removals: readonly ProposedRemoval[]
  /** When the run reads the evidence (ISO 8601). */
  now: string
}

/**
 * The instant the evidence is read through: the newest item given, never earlier than the ledger's. An item
 * that reaches the history late with an earlier date is still new to a later run only if it is newer than
 * everything this run saw, so no clock of this machine is trusted for it.
 */
export function readThrough(given: readonly EvidenceItem[], previous: string | null): string | null {
  let through = previous
  for (const item of given) if (through === null || isAfter(item.createdAt, through)) through = item.createdAt
  return through
}

export function decide(input: DecideInput): Decision {
  const context = {
    evidence: input.given,
    current: input.current,
    deletions: input.deletions,
    now: input.now
  }
  const removals = checkRemovals(input.removals, context)
  const rules = checkRules(input.rules, { ...context, removing: removals.kept.map(removal => removal.id) })
  const through = readThrough(input.given, input.current.ledger.through) ?? input.now
  const plan = planFile(input.current, rules.kept, removals.kept, input.deletions, through, {
    ...(input.currentText !== undefined ? { source: input.currentText } : {})
  })
  return {
    plan,
    kept: rules.kept,
    droppedRules: rules.dropped,
    removals: removals.kept,
    droppedRemovals: removals.dropped,
    through
  }
}

/** Whether the plan changes a rule: a file that moves only its hidden record asks people to approve nothing. */
export function changesRules(plan: FilePlan): boolean {
  const { added, changed, removed } = plan.changes
  return plan.changed && added.length + changed.length + removed.length > 0
}
