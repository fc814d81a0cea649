import type { AgentRun, EndBudget, Usage } from '../agent/index.js'
import type { TriageResult } from '../diff/triage.js'
import type { EvidenceReport } from '../evidence/index.js'
import type { Finding } from '../findings/finding.js'
import type { ReviewCoverage } from '../publish/body.js'

/**
 * Every way a run ends. What each one posts, remembers and exits with:
 *
 *   skipped      nothing to do (closed PR, head already reviewed, nothing new)   nothing    untouched   success
 *   completed    the model published, or ended its turn                          review     head        success
 *   budget       a budget ran out                                                 review     head, uncovered files pending   success
 *   fatal        the model failed before any finding, or a step broke             nothing    untouched   failure
 *   interrupted  the model failed after findings were made                       review (says so)  every file of this run pending   failure
 */
export type RunEnd =
  /** `unreviewed`: the head is left unreviewed on purpose (automatic reviews paused); a gate must not pass it. */
  | { kind: 'skipped'; reason: string; unreviewed?: true }
  | { kind: 'completed' }
  | { kind: 'budget'; budget: EndBudget }
  | { kind: 'fatal'; error: Error }
  | { kind: 'interrupted'; error: Error }

/** Everything one run produced, whether or not it published; each front door reports it in its own way. */
export interface ReviewOutcome<Delivered> {
  end: RunEnd
  headSha?: string
  /** Every finding at the head: as published when publishing worked, else as the run left them. */
  findings: Finding[]
  usage: Usage
  notes: string[]
  /** The review's opening paragraph, when the run got as far as writing one. */
  overview?: string
  /** What the model saw of this run's reviewable files; absent when no review was attempted. */
  coverage?: ReviewCoverage
  triage?: TriageResult
  /** The changes since this commit were reviewed, rather than the whole pull request. */
  sinceSha?: string
  agent?: AgentRun
  /** The host's record of what it published (or, on a skip, of what an earlier run published). */
  delivered?: Delivered
  /** Publishing failed; the findings are still here. */
  publishError?: { message: string; status?: number }
  /** Each evidence file and check with how it fared. */
  evidence?: EvidenceReport[]
}
