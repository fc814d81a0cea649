import type Anthropic from '@anthropic-ai/sdk'
import { z } from 'zod'
import { errorMessage } from '../../errors.js'

/** What a tool hands back to the model. */
export interface ToolOutcome {
  content: string
  isError?: boolean
  /** Set by publish_review: the run ends once the current turn's calls are answered. */
  publish?: { summary: string }
}

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>

/** One model-facing tool: its input is validated by `schema` (a strict object) before `run` sees it. */
export interface AgentTool<S extends AnyObjectSchema = AnyObjectSchema> {
  name: string
  description: string
  schema: S
  /** A call that finishes the review: never refused for budget, since refusing it would lose the summary. */
  endsRun?: boolean
  /** A repository read: limited by the tool-call budget. Finding tools are not, so recording always works. */
  reads?: boolean
  run(input: z.infer<S>): Promise<ToolOutcome> | ToolOutcome
}

/** Keeps the generic input type of a tool definition while storing tools side by side. */
export function defineTool<S extends AnyObjectSchema>(tool: AgentTool<S>): AgentTool {
  return tool as unknown as AgentTool
}

/** One call the registry ran, in order; what the verifier shows as the code the model read. */
export interface ToolCallRecord {
  name: string
  input: unknown
  content: string
  isError: boolean
  reads: boolean
}

export const EPHEMERAL_CACHE = Object.freeze({ type: 'ephemeral' as const })

/**
 * The fixed, ordered set of tools a run offers. Definitions are built once, so every request carries the
 * same bytes and the cache breakpoint on the last one covers them all.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, AgentTool>()
  private readonly defs: Anthropic.Messages.Tool[]
  private readonly calls: ToolCallRecord[] = []

  constructor(tools: AgentTool[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Duplicate tool name: ${tool.name}`)
      this.byName.set(tool.name, tool)
    }
    this.defs = tools.map((tool, i) => {
      const def: Anthropic.Messages.Tool = {
        name: tool.name,
        description: tool.description,
        input_schema: inputSchema(tool.schema)
      }
      if (i === tools.length - 1) def.cache_control = { ...EPHEMERAL_CACHE }
      return def
    })
  }

  names(): string[] {
    return [...this.byName.keys()]
  }

  endsRun(name: string): boolean {
    return this.byName.get(name)?.endsRun === true
  }

  reads(name: string): boolean {
    return this.byName.get(name)?.reads === true
  }

  /** The same array on every call: nothing about it may change within a run. */
  definitions(): Anthropic.Messages.Tool[] {
    return this.defs
  }

  /** Every call run so far, oldest first. */
  history(): readonly ToolCallRecord[] {
    return this.calls
  }

  /** Runs one call. Never throws: every failure becomes an error result the model can act on. */
  async execute(name: string, input: unknown): Promise<ToolOutcome> {
    return this.record(name, input, await this.run(name, input))
  }

  /**
   * Runs one call without adding it to the history: for calls run side by side, which the caller then
   * records in the order the model made them. Never throws.
   */
  outcome(name: string, input: unknown): Promise<ToolOutcome> {
    return this.run(name, input)
  }

  /** Adds a call run with `outcome` to the history and hands its outcome back. */
  record(name: string, input: unknown, outcome: ToolOutcome): ToolOutcome {
    this.calls.push({
      name,
      input,
      content: outcome.content,
      isError: outcome.isError === true,
      reads: this.reads(name)
    })
    return outcome
  }

  private async run(name: string, input: unknown): Promise<ToolOutcome> {
    const tool = this.byName.get(name)
    if (!tool) {
      return {
        isError: true,
        content: `Unknown tool '${name}'. Available tools: ${this.names().join(', ')}.`
      }
    }
    const parsed = tool.schema.safeParse(input)
    if (!parsed.success) {
      const fields = Object.keys(tool.schema.shape).join(', ')
      return {
        isError: true,
        content:
          `Invalid arguments for ${name}: ${describeIssues(parsed.error)}. ` +
          `Accepted fields: ${fields}. Nothing was done; call ${name} again with corrected arguments.`
      }
    }
    try {
      return await tool.run(parsed.data)
    } catch (error) {
      return { isError: true, content: `${name} failed: ${errorMessage(error)}` }
    }
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(issue => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(arguments)'
      return `${where}: ${issue.message}`
    })
    .join('; ')
}

function inputSchema(schema: AnyObjectSchema): Anthropic.Messages.Tool.InputSchema {
  const json = z.toJSONSchema(schema) as Record<string, unknown>
  delete json.$schema
  return json as Anthropic.Messages.Tool.InputSchema
}
