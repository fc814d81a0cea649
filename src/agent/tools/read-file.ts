/** read_file: a file at the head (or the base) with line numbers, from git objects only. */
import { z } from 'zod'
import { cleanUntrusted, wrapUntrusted } from '../../text/untrusted.js'
import { lineNumber } from './fields.js'
import { clip, splitLines } from './lines.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, short, type RepoContext } from './repo-context.js'
import { checkRepoPath, resolveAtCommit } from './repo-paths.js'

const readFileSchema = z
  .object({
    path: z.string().describe('File path from the repository root, e.g. src/index.ts.'),
    start_line: lineNumber.optional().describe('First line to return (default 1).'),
    end_line: lineNumber.optional().describe('Last line to return (default: as many as fit).'),
    ref: z
      .enum(['head', 'base'])
      .optional()
      .describe('head (default): the pull request version. base: the version before the change.')
  })
  .strict()

type ReadFileInput = z.infer<typeof readFileSchema>

export function readFileTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'read_file',
    reads: true,
    description:
      'Read a file of the repository at the pull request head (or at the base), with line numbers. Use it ' +
      'for context the diff does not show: callers, definitions, tests.',
    schema: readFileSchema,
    run: input => readFile(repo, input)
  })
}

async function readFile(repo: RepoContext, input: ReadFileInput): Promise<ToolOutcome> {
  const checked = checkRepoPath(input.path)
  if (!checked.ok) return fail(checked.error)
  const ref = input.ref ?? 'head'
  const sha = ref === 'head' ? repo.headSha : repo.baseSha
  const file = await fileLines(repo, sha, ref, checked.path)
  if (!file.ok) return file.outcome
  const { lines, via } = file
  if (lines.length === 0) return { content: `${checked.path} is empty at the ${ref} (${short(sha)}).` }
  const start = input.start_line ?? 1
  const end = Math.min(input.end_line ?? lines.length, lines.length)
  if (start > lines.length) {
    return fail(`${checked.path} has ${lines.length} lines; start_line ${start} is past the end.`)
  }
  if (end < start) return fail(`end_line (${input.end_line}) is before start_line (${start}).`)
  const header = `${checked.path}${via} at ${ref} ${short(sha)}, lines ${start}-${end} of ${lines.length}:`
  const view = numbered(header, lines, start, end, repo.maxChars)
  if (ref === 'head' && view.lastShown >= start)
    repo.coverage?.offerHeadLines(checked.path, start, view.lastShown)
  return { content: wrapUntrusted(`read_file:${checked.path}@${ref}`, view.text) }
}

type FileLines = { ok: true; lines: string[]; via: string } | { ok: false; outcome: ToolOutcome }

/** The text lines of a file at a commit, through a symbolic link inside the repository; or why not. */
async function fileLines(repo: RepoContext, sha: string, ref: string, path: string): Promise<FileLines> {
  const refused = (content: string): FileLines => ({ ok: false, outcome: fail(content) })
  const resolved = await resolveAtCommit(repo.git, sha, path)
  if (!resolved.ok) return refused(resolved.error)
  if (resolved.kind === undefined) return refused(`${path} does not exist at the ${ref} (${short(sha)}).`)
  if (resolved.kind === 'tree') return refused(`${path} is a directory; use list_directory.`)
  if (resolved.kind === 'submodule') return refused(`${path} is a submodule; its files are not available.`)
  const bytes = await repo.git.show(sha, resolved.path)
  if (!bytes) return refused(`${path} could not be read at the ${ref} (${short(sha)}).`)
  if (bytes.subarray(0, 8000).includes(0)) return refused(`${path} is a binary file (${bytes.length} bytes).`)
  const lines = splitLines(cleanUntrusted(bytes.toString('utf8'), { invisible: 'show' }))
  const via = resolved.path === path ? '' : ` (via symbolic link to ${resolved.path})`
  return { ok: true, lines, via }
}

/** Numbered lines up to the size cap; a cut says which start_line continues it. */
function numbered(
  header: string,
  lines: string[],
  start: number,
  end: number,
  maxChars: number
): { text: string; lastShown: number } {
  const out = [header]
  let lastShown = start - 1
  let size = header.length
  const width = String(end).length
  for (let n = start; n <= end; n++) {
    const text = `${String(n).padStart(width)}\t${clip(lines[n - 1] ?? '')}`
    if (size + text.length + 1 > maxChars) {
      out.push(`[truncated: lines ${n}-${end} not shown; call read_file with start_line ${n} to continue]`)
      break
    }
    out.push(text)
    size += text.length + 1
    lastShown = n
  }
  return { text: out.join('\n'), lastShown }
}
