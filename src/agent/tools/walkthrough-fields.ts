/**
 * publish_review's page fields: the walkthrough, its diagram and, for a pull request opened without one, its
 * description. They come with the review from the same model run, so they cost no extra call. What the model
 * gives is checked here: a path that is not a file of the pull request is refused with a tool error the
 * model can act on; a diagram that does not parse is left out, never posted broken.
 */
import { z } from 'zod'
import {
  MAX_EFFORT,
  MIN_EFFORT,
  repeatedPaths,
  unknownPaths,
  type Walkthrough,
  type WalkthroughRow
} from '../../findings/walkthrough.js'
import { checkSequenceDiagram, MAX_DIAGRAM_CHARS } from '../../text/sequence-diagram.js'

/** Which fields publish_review offers, and the files a walkthrough may name. */
export interface PageFieldOptions {
  walkthrough: boolean
  diagrams: boolean
  /** The pull request has no description and Redline writes one (describe: on-open). */
  description: boolean
  prPaths: ReadonlySet<string>
}

export const MAX_DESCRIPTION_CHARS = 6_000

const walkthroughSchema = z
  .object({
    summary: z
      .string()
      .min(1)
      .max(1000)
      .describe(
        'Two or three sentences on what the whole pull request does, for someone about to review it.'
      ),
    files: z
      .array(
        z
          .object({
            paths: z
              .array(z.string().min(1))
              .min(1)
              .max(50)
              .describe('Changed files, as in the diff headers: one, or a group changed for one reason.'),
            change: z.string().min(1).max(300).describe('One line on what changed in them.')
          })
          .strict()
      )
      .max(400)
      .describe(
        'One row per changed file or group of files. On a re-review, rows only for the files changed since ' +
          'the last review: the other rows are kept.'
      ),
    effort: z
      .number()
      .int()
      .min(MIN_EFFORT)
      .max(MAX_EFFORT)
      .describe('Effort to review the whole pull request, 1 (minutes) to 5 (hours).'),
    effort_reason: z.string().min(1).max(200).describe('One line on why.')
  })
  .strict()

/** The extra properties of publish_review's input. */
export function pageFields(options: PageFieldOptions): z.ZodRawShape {
  return {
    ...(options.walkthrough
      ? {
          walkthrough: walkthroughSchema
            .optional()
            .describe('The map of the pull request that opens the review.')
        }
      : {}),
    ...(options.walkthrough && options.diagrams
      ? {
          diagram: z
            .string()
            .max(MAX_DIAGRAM_CHARS)
            .optional()
            .describe(
              'Only when the change adds or alters a flow across two or more modules: a Mermaid ' +
                'sequenceDiagram of it (plain participants, messages, notes, loop/alt/opt blocks), without a ' +
                'code fence. Leave it out otherwise.'
            )
        }
      : {}),
    ...(options.description
      ? {
          description: z
            .string()
            .min(1)
            .max(MAX_DESCRIPTION_CHARS)
            .describe(
              'The pull request has no description: write one for it (what it changes and why, as its author ' +
                'would). Markdown, no headings above ###.'
            )
        }
      : {})
  }
}

/** What the page fields of publish_review may hold, as zod leaves them. */
export interface PageInput {
  walkthrough?: z.infer<typeof walkthroughSchema>
  diagram?: string
  description?: string
}

/** What the model gave across its publish_review calls (one per pass), checked. */
export class PageDraft {
  walkthrough?: Walkthrough
  description?: string
  /** The run's instructions (system prompt, tools), which a description posted from it must not repeat. */
  instructions: readonly string[] = []
  /** Why a diagram was left out, for the log. */
  readonly notes: string[] = []

  constructor(readonly options: PageFieldOptions) {}

  /** Records the page fields of one call; returns the tool error when the call must be made again. */
  record(input: PageInput): string | undefined {
    const given = input.walkthrough
    if (given) {
      const rows: WalkthroughRow[] = given.files.map(row => ({
        paths: [...new Set(row.paths.map(path => path.trim()))],
        change: row.change.trim()
      }))
      const unknown = unknownPaths(rows, this.options.prPaths)
      if (unknown.length > 0) {
        return (
          `Not recorded: the walkthrough names ${unknown.map(path => `"${path}"`).join(', ')}, which ` +
          `${unknown.length === 1 ? 'is not a file' : 'are not files'} of this pull request. Use the paths ` +
          'of the diff headers, then call publish_review again.'
        )
      }
      const repeated = repeatedPaths(rows)
      if (repeated.length > 0) {
        return (
          `Not recorded: the walkthrough gives ${repeated.map(path => `"${path}"`).join(', ')} more than ` +
          'one row. Give each file one row, then call publish_review again.'
        )
      }
      this.walkthrough = this.merged({
        summary: given.summary.trim(),
        rows,
        effort: given.effort,
        effortReason: given.effort_reason.trim()
      })
    }
    if (input.diagram !== undefined && this.walkthrough) this.recordDiagram(input.diagram)
    if (input.description !== undefined && input.description.trim() !== '')
      this.description = input.description.trim()
    return undefined
  }

  /** A later pass's rows are added to the earlier passes'; its summary and effort stand for the whole. */
  private merged(next: Walkthrough): Walkthrough {
    const earlier = this.walkthrough
    if (!earlier) return next
    const described = new Set(next.rows.flatMap(row => row.paths))
    const kept = earlier.rows.filter(row => !row.paths.some(path => described.has(path)))
    return {
      ...next,
      rows: [...kept, ...next.rows],
      effort: Math.max(earlier.effort, next.effort),
      ...(earlier.diagram !== undefined ? { diagram: earlier.diagram } : {})
    }
  }

  private recordDiagram(text: string): void {
    const unfenced = text
      .trim()
      .replace(/^```(?:mermaid)?[ \t]*\n/, '')
      .replace(/\n```$/, '')
    const checked = checkSequenceDiagram(unfenced)
    if (checked.ok && this.walkthrough) this.walkthrough = { ...this.walkthrough, diagram: checked.diagram }
    else if (!checked.ok) this.notes.push(`The diagram was left out: it does not parse (${checked.reason}).`)
  }
}
