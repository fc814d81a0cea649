/** The model-facing findings contract, in the order the model is offered it; each tool is a module of its own. */
import type { FindingsStore } from '../../findings/store.js'
import { addFindingTool } from './add-finding.js'
import { listFindingsTool } from './list-findings.js'
import { publishReviewTool } from './publish-review.js'
import type { AgentTool } from './registry.js'
import { updateFindingTool } from './update-finding.js'
import type { PageDraft } from './walkthrough-fields.js'

export { describeFinding } from './finding-outcome.js'

export function findingTools(store: FindingsStore, page?: PageDraft): AgentTool[] {
  return [addFindingTool(store), updateFindingTool(store), listFindingsTool(store), publishReviewTool(page)]
}
