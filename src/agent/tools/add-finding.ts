/** add_finding: records one new problem, cited by lines of the diff with a quote from them. */
import { z } from 'zod'
import { FINDING_CATEGORIES } from '../../findings/finding.js'
import { MAX_SUGGESTION_LINES } from '../../findings/placement.js'
import type { FindingsStore } from '../../findings/store.js'
import { lineNumber, severity } from './fields.js'
import { storeOutcome } from './finding-outcome.js'
import { defineTool, type AgentTool } from './registry.js'

const category = z.enum(FINDING_CATEGORIES, {
  error: () => `unknown category; use one of: ${FINDING_CATEGORIES.join(', ')}`
})

// Field order is the order the model writes them in: where and what the evidence is, then the verdict.
const addFindingSchema = z
  .object({
    file: z.string().min(1).describe('Path of a file in the diff, as shown in the diff header.'),
    start_line: lineNumber.optional().describe('First cited line. Omit for a finding about the whole file.'),
    end_line: lineNumber.optional().describe('Last cited line, in the same hunk; defaults to start_line.'),
    side: z
      .enum(['RIGHT', 'LEFT'])
      .optional()
      .describe(
        'RIGHT (default): line numbers of the new file. LEFT: numbers of removed lines in the old file.'
      ),
    quote: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe('Required with start_line: text copied from the cited lines ("…" may stand for a gap).'),
    title: z
      .string()
      .min(1)
      .max(120)
      .describe('A short headline of the problem, not a copy of the description.'),
    description: z
      .string()
      .min(1)
      .max(4000)
      .describe(
        'The input or state that triggers the problem, the wrong outcome that follows, and how to fix it. ' +
          'One issue only. Markdown.'
      ),
    category: category.describe('The kind of problem.'),
    severity: severity.describe('informational < low < medium < high < critical'),
    suggestion: z
      .string()
      .max(8000)
      .optional()
      .describe(
        `Replacement text for exactly start_line..end_line (RIGHT side only, at most ${MAX_SUGGESTION_LINES} ` +
          'lines), without diff markers. Only when the fix is complete and exact.'
      )
  })
  .strict()

type AddFindingInput = z.infer<typeof addFindingSchema>

export function addFindingTool(store: FindingsStore): AgentTool {
  return defineTool({
    name: 'add_finding',
    description:
      'Record one new problem in the findings list and get its id. Cite lines from the diff (RIGHT for new ' +
      'lines, LEFT for removed ones) with a quote from them, or omit start_line for a whole-file finding. ' +
      'If the problem is already listed, call update_finding instead.',
    schema: addFindingSchema,
    async run(input) {
      const result = await store.add(newFinding(input))
      return storeOutcome(result, finding =>
        finding.outsideDiff
          ? `Added ${finding.id}. Its lines are outside the diff, so it will be listed in the review body, ` +
            'not posted as an inline comment.'
          : `Added ${finding.id}.`
      )
    }
  })
}

function newFinding(input: AddFindingInput): Parameters<FindingsStore['add']>[0] {
  return {
    severity: input.severity,
    category: input.category,
    file: input.file,
    title: input.title,
    description: input.description,
    ...(input.start_line !== undefined ? { startLine: input.start_line } : {}),
    ...(input.end_line !== undefined ? { endLine: input.end_line } : {}),
    ...(input.side !== undefined ? { side: input.side } : {}),
    ...(input.suggestion !== undefined ? { suggestion: input.suggestion } : {}),
    ...(input.quote !== undefined ? { quote: input.quote } : {})
  }
}
