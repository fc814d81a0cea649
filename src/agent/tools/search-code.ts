/** search_code: git grep over the head, Perl-style patterns read as meant or refused, secrets withheld. */
import { z } from 'zod'
import { GitError, type GrepMatch, type GrepOptions } from '../../git/git.js'
import { MAX_SEARCH_CONTEXT } from './fields.js'
import { privateKeyLinesOf, shownLine } from './private-keys.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath } from './repo-paths.js'
import { lacksPerl, notePerl, perlKnown, toExtendedPattern, toPerlPattern } from './search-patterns.js'

const searchCodeSchema = z
  .object({
    pattern: z
      .string()
      .min(1)
      .max(300)
      .describe(
        'Regular expression, Perl-style: \\d, \\w, \\s, \\b and their negations work (or literal text ' +
          'with fixed: true). A pattern this git cannot read as written is refused with an error, never ' +
          'answered "No matches".'
      ),
    path: z.string().optional().describe('Limit the search to this file or directory.'),
    fixed: z.boolean().optional().describe('Match the pattern as literal text.'),
    context: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_CONTEXT)
      .optional()
      .describe(`Lines to show before and after each match, 0-${MAX_SEARCH_CONTEXT} (default 0).`),
    ignore_case: z.boolean().optional().describe('Match letters in either case.')
  })
  .strict()

type SearchCodeInput = z.infer<typeof searchCodeSchema>

export function searchCodeTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'search_code',
    reads: true,
    description:
      'Search the files at the pull request head with git grep. Returns path:line: text for each match, ' +
      `at most ${repo.maxResults}; with context, the lines around it as path-line- text.`,
    schema: searchCodeSchema,
    run: input => searchCode(repo, input)
  })
}

async function searchCode(repo: RepoContext, input: SearchCodeInput): Promise<ToolOutcome> {
  let path: string | undefined
  if (input.path !== undefined) {
    const checked = checkRepoPath(input.path, { allowRoot: true })
    if (!checked.ok) return fail(checked.error)
    path = checked.path || undefined
  }
  const common: GrepOptions = {
    ...(path ? { path } : {}),
    ...(input.context ? { context: input.context } : {}),
    ...(input.ignore_case ? { ignoreCase: true } : {}),
    maxCount: repo.maxResults + 1
  }
  const searched = await grepPattern(repo, input, common)
  if ('outcome' in searched) return searched.outcome
  const { matches } = searched
  if (matches.length === 0) return { content: `No matches for ${JSON.stringify(input.pattern)}.` }
  return untrustedData(repo, `search_code:${input.pattern}`, await matchLines(repo, matches, path))
}

/**
 * The matches of the pattern: literal, or with git grep -P where this git has it, or translated to an
 * extended pattern where it has not. A pattern git cannot read is an error, never "No matches".
 */
async function grepPattern(
  repo: RepoContext,
  input: SearchCodeInput,
  common: GrepOptions
): Promise<{ matches: GrepMatch[] } | { outcome: ToolOutcome }> {
  const { git, headSha } = repo
  try {
    if (input.fixed === true)
      return { matches: await git.grep(headSha, input.pattern, { ...common, fixed: true }) }
    const perl = await grepPerl(repo, input.pattern, common)
    if (perl) return { matches: perl }
    const extended = toExtendedPattern(input.pattern)
    if (!extended.ok) return { outcome: fail(extended.error) }
    return { matches: await git.grep(headSha, extended.pattern, common) }
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    const said = error.stderr || error.message
    return { outcome: fail(`git grep could not read the pattern, so nothing was searched: ${said}`) }
  }
}

/** The matches with git grep -P, or undefined when this git has no PCRE (remembered for the next search). */
async function grepPerl(
  repo: RepoContext,
  pattern: string,
  common: GrepOptions
): Promise<GrepMatch[] | undefined> {
  const { git } = repo
  if ((repo.perl ?? perlKnown(git)) === false) return undefined
  try {
    const matches = await git.grep(repo.headSha, toPerlPattern(pattern), { ...common, perl: true })
    if (repo.perl === undefined) notePerl(git, true)
    return matches
  } catch (error) {
    if (!lacksPerl(error)) throw error
    notePerl(git, false)
    return undefined
  }
}

/** path:line: text per match (path-line- text around it), capped at maxResults matches, keys withheld. */
async function matchLines(
  repo: RepoContext,
  matches: GrepMatch[],
  path: string | undefined
): Promise<string> {
  const { maxResults } = repo
  const found = matches.filter(m => m.kind === undefined)
  const kept = found.length > maxResults ? matches.slice(0, matches.indexOf(found[maxResults]!)) : matches
  const keyLines = await privateKeyLinesOf(repo.git, repo.headSha, kept, path)
  const lines = kept.flatMap(m => {
    const sep = m.kind === 'context' ? '-' : ':'
    const text = `${m.path}${sep}${m.line}${sep} ${shownLine(keyLines, m.path, m.line, m.text)}`
    return m.groupStart ? ['--', text] : [text]
  })
  if (found.length > maxResults)
    lines.push(`[more than ${maxResults} matches; narrow the pattern or the path]`)
  return lines.join('\n')
}
