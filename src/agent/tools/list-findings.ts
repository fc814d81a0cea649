/** list_findings: the findings, all or those of one status, one line each. */
import { z } from 'zod'
import { FINDING_STATUSES } from '../../findings/finding.js'
import type { FindingsStore } from '../../findings/store.js'
import { describeFinding } from './finding-outcome.js'
import { defineTool, type AgentTool } from './registry.js'

const listFindingsSchema = z.object({ status: z.enum(FINDING_STATUSES).optional() }).strict()

export function listFindingsTool(store: FindingsStore): AgentTool {
  return defineTool({
    name: 'list_findings',
    description: 'List the findings (all, or those with one status), one line each.',
    schema: listFindingsSchema,
    run({ status }) {
      const findings = store.list(status)
      if (findings.length === 0)
        return { content: status ? `No ${status} findings.` : 'The findings list is empty.' }
      return { content: findings.map(describeFinding).join('\n') }
    }
  })
}
