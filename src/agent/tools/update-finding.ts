/** update_finding: resolves, dismisses, reopens or revises a finding already in the list. */
import { z } from 'zod'
import { FINDING_STATUSES } from '../../findings/finding.js'
import type { FindingsStore } from '../../findings/store.js'
import { severity } from './fields.js'
import { describeFinding, storeOutcome } from './finding-outcome.js'
import { defineTool, type AgentTool } from './registry.js'

const updateFindingSchema = z
  .object({
    id: z.string().min(1).describe('The id of the finding, e.g. f_k3x9q2.'),
    status: z
      .enum(FINDING_STATUSES)
      .optional()
      .describe(
        'resolved: fixed by the change; dismissed: not a problem after all; open: reopen a closed finding ' +
          'whose problem is back (with a note saying what brought it back).'
      ),
    severity: severity.optional(),
    title: z.string().min(1).max(120).optional(),
    description: z.string().min(1).max(4000).optional(),
    suggestion: z.string().max(8000).optional().describe('A new full replacement text for the cited lines.'),
    note: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('Why it changed, e.g. "fixed by the null check in abc1234".')
  })
  .strict()

export function updateFindingTool(store: FindingsStore): AgentTool {
  return defineTool({
    name: 'update_finding',
    description:
      'Change a finding in the list: mark it resolved or dismissed (with a note saying why), reopen it, or ' +
      'revise its severity, title, description or suggestion.',
    schema: updateFindingSchema,
    async run({ id, ...changes }) {
      const result = await store.update(id, changes)
      return storeOutcome(result, finding => `Updated: ${describeFinding(finding)}`)
    }
  })
}
