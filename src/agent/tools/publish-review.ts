/**
 * publish_review: ends the review with its summary. Its schema is the one place the review's closing fields
 * are declared; the loop hands what the call carries to the engine through `ToolOutcome.publish`.
 */
import { z } from 'zod'
import { defineTool, type AgentTool } from './registry.js'

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

export function publishReviewTool(): AgentTool {
  return defineTool({
    name: 'publish_review',
    description:
      'Finish the review. The summary opens the review; the open findings are posted with it. Call it once, ' +
      'last, after every finding has been recorded.',
    schema: publishReviewSchema,
    endsRun: true,
    run({ summary }) {
      return { content: 'Review recorded.', publish: { summary: summary.trim() } }
    }
  })
}
