/**
 * What a learn run works with: the evidence people left in the outcome history, the rules the model proposes
 * from it, and what the checks decided about each. Shared by the evidence reader, the distillation, the
 * checks, the proposal and both front doors.
 */

/** What a person did that a rule may be drawn from. */
export type EvidenceKind =
  /** A Redline finding dismissed by a person (a resolved thread, a reply, a question answered). */
  | 'dismissal'
  /** A 👎 by a person on a Redline comment. */
  | 'thumbs-down'
  /** A Redline finding still open when its pull request was merged. */
  | 'left-open'
  /** A Redline finding the author fixed: what the team does want. */
  | 'fixed'
  /** A human reviewer's inline comment on a merged pull request: what the team itself asks for. */
  | 'human-comment'

export interface EvidenceItem {
  /** The link a rule cites: a thread, comment or pull request on GitHub. Unique among the items of a run. */
  url: string
  kind: EvidenceKind
  /** The pull request it happened in. */
  pr: number
  /** Who acted (dismissed, reacted, commented); for `fixed` and `left-open`, the pull request's author. */
  actor: string | null
  /** When it happened (ISO 8601); the pull request's merge for `left-open`. */
  createdAt: string
  path: string | null
  line: number | null
  /** The Redline finding it is about, for every kind but `human-comment`. */
  finding?: { title: string; category: string; severity: string }
  /** What the person wrote: a dismissal's reason, a reviewer's comment. Untrusted. */
  text: string | null
  /** A dismissal whose reason a person wrote in words (not a bare resolve or 👎). */
  explicitReason: boolean
}

/** A rule as the model proposes it. */
export interface ProposedRule {
  /** A short heading, a few words. */
  title: string
  /** One or two sentences: what to flag, or what not to flag. */
  rule: string
  /** Globs the rule applies to; empty for the whole repository. */
  paths: string[]
  /** Links of the evidence items it is drawn from. */
  evidence: string[]
}

/** A rule of the file the model proposes to drop: later evidence contradicts it. */
export interface ProposedRemoval {
  /** The rule's id in the file. */
  id: string
  reason: string
  /** Links of the evidence items that contradict it. */
  evidence: string[]
}

/** What the checks in code decided about one proposal. */
export type RuleVerdict<T> = { kept: true; item: T } | { kept: false; item: T; reason: string }
