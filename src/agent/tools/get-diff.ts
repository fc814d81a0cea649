/** get_diff: one changed file's whole diff, for when the diff in the first message was cut. */
import { z } from 'zod'
import { renderFileDiff } from '../../diff/prompt-diff.js'
import { cleanUntrusted } from '../../text/untrusted.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath } from './repo-paths.js'

const getDiffSchema = z.object({ path: z.string().describe('Path of a changed file.') }).strict()

export function getDiffTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'get_diff',
    reads: true,
    description:
      "One changed file's whole diff, in the same format as the diff above (use it when that was truncated).",
    schema: getDiffSchema,
    run: input => getDiff(repo, input.path)
  })
}

function getDiff(repo: RepoContext, input: string): ToolOutcome {
  const checked = checkRepoPath(input)
  if (!checked.ok) return fail(checked.error)
  const { files } = repo
  const file = files.find(f => f.path === checked.path) ?? files.find(f => f.oldPath === checked.path)
  if (!file) return fail(`${checked.path} is not one of the files this pull request changes.`)
  const diff = cleanUntrusted(renderFileDiff(file), { invisible: 'show' })
  // A diff cut at the output cap was not seen whole; the rest is read with read_file.
  if (diff.length <= repo.maxChars) repo.coverage?.offerWholeDiff(file.path)
  return untrustedData(repo, `get_diff:${file.path}`, diff)
}
