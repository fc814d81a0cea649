/**
 * What the proposal's pull request holds: the file, the commit message, the title and the body that says
 * what was added, changed, removed or dropped and why.
 */
import type { ProposalContent } from '../github/learned-pr.js'
import { LEARNED_RULES_PATH } from '../state/learned-file.js'
import type { Decision } from './decide.js'
import { renderPullBody } from './pr-body.js'
import type { LearnSources } from './sources.js'

/** The title counts what changes, so the list of pull requests already says it. */
export function proposalTitle(decision: Decision): string {
  const { added, changed, removed } = decision.plan.changes
  const parts = [
    ...(added.length > 0 ? [`${added.length} new`] : []),
    ...(changed.length > 0 ? [`${changed.length} with new evidence`] : []),
    ...(removed.length > 0 ? [`${removed.length} to remove`] : [])
  ]
  return `Learned review rules: ${parts.join(', ')}`
}

export function proposalContent(
  decision: Decision,
  sources: LearnSources,
  cost: string,
  evidence: { items: number; fresh: number }
): ProposalContent {
  const title = proposalTitle(decision)
  return {
    path: LEARNED_RULES_PATH,
    text: decision.plan.text,
    commitMessage: `${title}\n\nProposed by Redline from how this team reviews; merging the pull request approves it.`,
    title,
    body: renderPullBody({
      changes: decision.plan.changes,
      droppedRules: decision.droppedRules,
      droppedRemovals: decision.droppedRemovals,
      cost,
      evidence: { given: evidence.items, fresh: evidence.fresh, since: sources.current.ledger.through }
    })
  }
}
