/**
 * The read tools, in the order the model is offered them: read-only views of the repository at the reviewed
 * commit, taken from git objects so that nothing the workflow left in the working tree (or anything outside
 * the repository) can be read. Each tool is a module of its own.
 */
import { findDefinitionTool } from './find-definition.js'
import { findReferencesTool } from './find-references.js'
import { relatedFilesTool } from './get-related-files.js'
import { getDiffTool } from './get-diff.js'
import { listDirectoryTool } from './list-directory.js'
import { readFileTool } from './read-file.js'
import type { AgentTool } from './registry.js'
import { repoContext, type RepoToolsOptions } from './repo-context.js'
import { searchCodeTool } from './search-code.js'

// Where the answer-in-thread door has always found it.
export { readLinesAt } from './lines.js'

export function repoTools(options: RepoToolsOptions): AgentTool[] {
  const repo = repoContext(options)
  return [
    readFileTool,
    listDirectoryTool,
    searchCodeTool,
    findDefinitionTool,
    findReferencesTool,
    relatedFilesTool,
    getDiffTool
  ].map(tool => tool(repo))
}
