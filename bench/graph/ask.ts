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

/** The three tools, when this tree has the code graph's; find_references alone is not enough to tell. */
export interface GraphTools {
  findReferences: ToolFactory
  findDefinition: ToolFactory
}

const TOOLS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/agent/tools')

/** The graph's tools, or why they cannot be had (a tree from before the code graph). */
export async function loadGraphTools(): Promise<GraphTools | { missing: string }> {
  const load = async (file: string): Promise<Record<string, unknown>> =>
    (await import(pathToFileURL(path.join(TOOLS, file)).href)) as Record<string, unknown>
  try {
    const definition = await load('find-definition.js')
    const references = await load('find-references.js')
    return {
      findReferences: references.findReferencesTool as ToolFactory,
      findDefinition: definition.findDefinitionTool as ToolFactory
    }
  } catch (error) {
    return {
      missing: `src/agent/tools/find-definition.ts cannot be loaded (${String(error).split('\n')[0]})`
    }
  }
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
