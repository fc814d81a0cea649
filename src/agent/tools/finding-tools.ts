import { z } from 'zod'
import {
  FINDING_CATEGORIES,
  FINDING_STATUSES,
  findingLocation,
  type Finding
} from '../../findings/finding.js'
import { displayPath } from '../../diff/paths.js'
import { MAX_SUGGESTION_LINES } from '../../findings/placement.js'
import { SEVERITIES } from '../../findings/severity.js'
import type { FindingsStore, StoreResult } from '../../findings/store.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { pageFields, type PageDraft, type PageInput } from './walkthrough-fields.js'

const line = z.number().int().min(1).max(10_000_000)
const severity = z.enum(SEVERITIES)

const category = z.enum(FINDING_CATEGORIES, {
  error: () => `unknown category; use one of: ${FINDING_CATEGORIES.join(', ')}`
})

// Field order is the order the model writes them in: where and what the evidence is, then the verdict.
const addFindingSchema = z
  .object({
    file: z.string().min(1).describe('Path of a file in the diff, as shown in the diff header.'),
    start_line: line.optional().describe('First cited line. Omit for a finding about the whole file.'),
    end_line: line.optional().describe('Last cited line, in the same hunk; defaults to start_line.'),
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

const listFindingsSchema = z.object({ status: z.enum(FINDING_STATUSES).optional() }).strict()

const publishReviewSchema = z
  .object({
    summary: z
      .string()
      .min(1)
      .max(6000)
      .describe(
        'The opening text of the review: what the change does and the verdict, in a few sentences. It ' +
          'raises nothing that is not a finding. Markdown.'
      )
  })
  .strict()

/** One line per finding, the form list_findings and the re-review context share. */
export function describeFinding(finding: Finding): string {
  const extras = [
    finding.outsideDiff ? 'outside the diff' : '',
    finding.suggestion !== undefined ? 'has suggestion' : ''
  ]
    .filter(Boolean)
    .join(', ')
  return (
    `${finding.id} [${finding.status}] ${finding.severity} ${finding.category} ` +
    `${findingLocation({ ...finding, file: displayPath(finding.file) })}: ` +
    `${finding.title}${extras ? ` (${extras})` : ''}`
  )
}

function outcome(result: StoreResult, success: (finding: Finding) => string): ToolOutcome {
  return result.ok ? { content: success(result.finding) } : { content: result.error, isError: true }
}

/** The model-facing findings contract: add_finding, update_finding, list_findings, publish_review. */
export function findingTools(store: FindingsStore, page?: PageDraft): AgentTool[] {
  return [
    defineTool({
      name: 'add_finding',
      description:
        'Record one new problem in the findings list and get its id. Cite lines from the diff (RIGHT for new ' +
        'lines, LEFT for removed ones) with a quote from them, or omit start_line for a whole-file finding. ' +
        'If the problem is already listed, call update_finding instead.',
      schema: addFindingSchema,
      async run(input) {
        const result = await store.add({
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
        })
        return outcome(result, finding =>
          finding.outsideDiff
            ? `Added ${finding.id}. Its lines are outside the diff, so it will be listed in the review body, ` +
              'not posted as an inline comment.'
            : `Added ${finding.id}.`
        )
      }
    }),
    defineTool({
      name: 'update_finding',
      description:
        'Change a finding in the list: mark it resolved or dismissed (with a note saying why), reopen it, or ' +
        'revise its severity, title, description or suggestion.',
      schema: updateFindingSchema,
      async run({ id, ...changes }) {
        const result = await store.update(id, changes)
        return outcome(result, finding => `Updated: ${describeFinding(finding)}`)
      }
    }),
    defineTool({
      name: 'list_findings',
      description: 'List the findings (all, or those with one status), one line each.',
      schema: listFindingsSchema,
      run({ status }) {
        const findings = store.list(status)
        if (findings.length === 0)
          return { content: status ? `No ${status} findings.` : 'The findings list is empty.' }
        return { content: findings.map(describeFinding).join('\n') }
      }
    }),
    defineTool({
      name: 'publish_review',
      description:
        'Finish the review. The summary opens the review; the open findings are posted with it. Call it once, ' +
        'last, after every finding has been recorded.',
      schema: page ? publishReviewSchema.extend(pageFields(page.options)) : publishReviewSchema,
      endsRun: true,
      run(input) {
        const { summary, ...fields } = input as { summary: string } & PageInput
        const refused = page?.record(fields)
        if (refused !== undefined) return { content: refused, isError: true }
        return { content: 'Review recorded.', publish: { summary: summary.trim() } }
      }
    })
  ]
}
