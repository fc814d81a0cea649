/** list_directory: the entries directly inside a directory at the head. */
import { z } from 'zod'
import type { TreeEntry } from '../../git/git.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, short, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath, resolveAtCommit } from './repo-paths.js'

const MAX_DIRECTORY_ENTRIES = 500

const listDirectorySchema = z
  .object({ path: z.string().describe("Directory from the repository root; '' or '.' for the root.") })
  .strict()

export function listDirectoryTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'list_directory',
    reads: true,
    description: 'List the files and directories directly inside a directory at the pull request head.',
    schema: listDirectorySchema,
    run: input => listDirectory(repo, input.path)
  })
}

async function listDirectory(repo: RepoContext, input: string): Promise<ToolOutcome> {
  const checked = checkRepoPath(input, { allowRoot: true })
  if (!checked.ok) return fail(checked.error)
  const resolved = await resolveAtCommit(repo.git, repo.headSha, checked.path)
  if (!resolved.ok) return fail(resolved.error)
  if (resolved.kind !== 'tree') {
    return fail(
      resolved.kind === undefined
        ? `${checked.path} does not exist at the head.`
        : `${checked.path} is not a directory.`
    )
  }
  const entries = (await repo.git.lsTree(repo.headSha, resolved.path)) ?? []
  const shown = entries.slice(0, MAX_DIRECTORY_ENTRIES).map(entryName)
  if (entries.length > shown.length) shown.push(`[${entries.length - shown.length} more entries not shown]`)
  const title = `${checked.path || '.'} at head ${short(repo.headSha)}: ${entries.length} entries`
  return untrustedData(repo, `list_directory:${checked.path || '.'}`, [title, ...shown].join('\n'))
}

function entryName(entry: TreeEntry): string {
  if (entry.kind === 'tree') return `${entry.name}/`
  if (entry.kind === 'symlink') return `${entry.name} (symbolic link)`
  if (entry.kind === 'submodule') return `${entry.name} (submodule)`
  return entry.name
}
