/**
 * publish_review: ends the review with its summary. Its schema is the one place the review's closing fields
 * are declared; the loop hands what the call carries to the engine through `ToolOutcome.publish`.
 */
import { z } from 'zod'
import { defineTool, type AgentTool } from './registry.js'
import { pageFields, type PageDraft, type PageInput } from './walkthrough-fields.js'

export const publishReviewSchema = z
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

/** publish_review; with a page draft it also takes the walkthrough (and description) fields and checks them. */
export function publishReviewTool(page?: PageDraft): AgentTool {
  return defineTool({
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
}
