/**
 * The tools asked exactly as the model's calls are run: the input checked by the tool's schema, then `run`, over
 * a RepoContext of the project's HEAD with the action's default caps.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AgentTool, ToolOutcome } from '../../src/agent/tools/registry.js'
import { repoContext, type RepoContext } from '../../src/agent/tools/repo-context.js'
import { createGit } from '../../src/git/git.js'
import { silentLogger } from '../../src/logger.js'
import { baselineFindReferencesTool } from './baseline.js'

type ToolFactory = (repo: RepoContext) => AgentTool

/** The code graph's tools, as far as this tree has them. */
export interface GraphTools {
  findReferences: ToolFactory
  /** Missing from a tree that has the graph's find_references and not yet its find_definition. */
  findDefinition?: ToolFactory
}

const TOOLS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/agent/tools')

async function load(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(pathToFileURL(path.join(TOOLS, file)).href)) as Record<string, unknown>
  } catch {
    return undefined
  }
}

/**
 * The graph's tools, or why they cannot be had. The graph's find_references is told from today's by its
 * `defined_in` field; today's has none.
 */
export async function loadGraphTools(repoOf: () => RepoContext): Promise<GraphTools | { missing: string }> {
  const references = (await load('find-references.js'))?.findReferencesTool as ToolFactory | undefined
  if (!references || !('defined_in' in references(repoOf()).schema.shape))
    return { missing: "this tree's find_references is today's (it has no defined_in field)" }
  const definition = (await load('find-definition.js'))?.findDefinitionTool as ToolFactory | undefined
  return { findReferences: references, ...(definition ? { findDefinition: definition } : {}) }
}

/** A read-only view of the project's HEAD, as the action builds it for a review of that commit. */
export function projectRepo(dir: string): RepoContext {
  const headSha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim()
  return repoContext({ git: createGit(dir, silentLogger), headSha, baseSha: headSha, files: [] })
}

/** One call as the registry makes it: a schema error is the model's error, not a crash. */
export async function ask(tool: AgentTool, input: Record<string, unknown>): Promise<ToolOutcome> {
  const parsed = tool.schema.safeParse(input)
  if (!parsed.success) return { isError: true, content: `invalid input: ${parsed.error.message}` }
  try {
    return await tool.run(parsed.data)
  } catch (error) {
    return { isError: true, content: `${tool.name} failed: ${String(error)}` }
  }
}

export const baselineTool = (repo: RepoContext): AgentTool => baselineFindReferencesTool(repo)
