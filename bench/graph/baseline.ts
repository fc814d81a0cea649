/**
 * Today's find_references, kept to be replayed beside the graph's: every whole-word `git grep` hit of a name
 * at the head, by file, with its enclosing function. A copy of the engine as it stood before the code graph.
 */
import { z } from 'zod'
import { GitError, type GrepMatch } from '../../src/git/git.js'
import { cleanUntrusted } from '../../src/text/untrusted.js'
import { declarationIn, isDefinition } from '../../src/graph/patterns.js'
import { MAX_SEARCH_CONTEXT } from '../../src/agent/tools/fields.js'
import { splitLines } from '../../src/agent/tools/lines.js'
import { isTestPath, pathScope, type PathScope } from '../../src/agent/tools/path-scope.js'
import { privateKeyLinesOf, shownLine, type KeyLines } from '../../src/agent/tools/private-keys.js'
import { defineTool, type AgentTool, type ToolOutcome } from '../../src/agent/tools/registry.js'
import { fail, short, untrustedData, type RepoContext } from '../../src/agent/tools/repo-context.js'
import { checkRepoPath } from '../../src/agent/tools/repo-paths.js'

/** How many matches a find_references filtered in code (by glob or tests) asks git for. */
const FILTERED_GREP_MATCHES = 2000

const findReferencesSchema = z
  .object({
    symbol: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_$][\w$]*$/, {
        message: 'one identifier (letters, digits, _ or $), e.g. parseConfig; for Foo.bar give bar'
      })
      .describe('An identifier, e.g. a function, class, method or constant name.'),
    path: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe('Only references under this folder, or in files matching this glob (e.g. src/**/*.ts).'),
    context: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_CONTEXT)
      .optional()
      .describe(`Lines to show before and after each reference, 0-${MAX_SEARCH_CONTEXT} (default 0).`),
    exclude_tests: z
      .boolean()
      .optional()
      .describe('Leave out test files (__tests__/, test/, *.test.*, *.spec.*, *_test.*, test_*.py).')
  })
  .strict()

type FindReferencesInput = z.infer<typeof findReferencesSchema>

export function baselineFindReferencesTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'find_references',
    reads: true,
    description:
      'Find every whole-word use of a symbol at the pull request head, grouped by file, each with the ' +
      'line that starts its enclosing function; definitions and lines this pull request adds are marked. ' +
      'Use it to check the callers and implementers of a changed function, type or constant.',
    schema: findReferencesSchema,
    run: input => findReferences(repo, input)
  })
}

/** One search as asked: the symbol, where, how much around each reference. */
interface Search {
  symbol: string
  scope: PathScope | undefined
  context: number
  excludeTests: boolean
  /** What narrowed the search, for the answer's first line. */
  scopeNote: string
}

async function findReferences(repo: RepoContext, input: FindReferencesInput): Promise<ToolOutcome> {
  const search = await searchOf(input)
  if ('error' in search) return fail(search.error)
  const found = await grepReferences(repo, search)
  if ('outcome' in found) return found.outcome
  const { matches } = found
  const hits = matches.filter(m => m.kind === undefined)
  const { symbol, scopeNote } = search
  if (hits.length === 0)
    return {
      content:
        `No references to ${symbol} at head ${short(repo.headSha)} (whole-word search` +
        `${scopeNote ? `, ${scopeNote}` : ''}).`
    }
  const shown = hits.slice(0, repo.maxResults)
  const keyLines = await privateKeyLinesOf(repo.git, repo.headSha, matches, search.scope?.prefix || undefined)
  const around = await contextReader(repo, search.context, shown, keyLines)
  const byFile = referencesByFile(repo, search, matches, new Set(shown), { keyLines, around })
  const fileCount = byFile.size
  const lines = [
    `References to ${symbol} at head ${short(repo.headSha)}${scopeNote ? ` (${scopeNote})` : ''}: ` +
      `${shown.length}${hits.length > repo.maxResults ? '+' : ''} in ${fileCount} file${fileCount === 1 ? '' : 's'}.`
  ]
  for (const [file, entries] of byFile)
    lines.push(`${file} (${entries.filter(e => !e.startsWith('    ')).length}):`, ...entries)
  if (hits.length > repo.maxResults)
    lines.push(`[more than ${repo.maxResults} references; use search_code with a path to narrow them]`)
  return untrustedData(repo, `find_references:${symbol}`, lines.join('\n'))
}

async function searchOf(input: FindReferencesInput): Promise<Search | { error: string }> {
  const { symbol, path: where, context = 0, exclude_tests: excludeTests = false } = input
  let scope: PathScope | undefined
  if (where !== undefined) {
    const checked = checkRepoPath(where, { allowRoot: true })
    if (!checked.ok) return { error: checked.error }
    scope = pathScope(checked.path)
  }
  const scopeNote = [where !== undefined ? `in ${where}` : '', excludeTests ? 'tests left out' : '']
    .filter(Boolean)
    .join(', ')
  return { symbol, scope, context, excludeTests, scopeNote }
}

/** The symbol's whole-word matches with their functions' lines, filtered by glob and tests in code. */
async function grepReferences(
  repo: RepoContext,
  search: Search
): Promise<{ matches: GrepMatch[] } | { outcome: ToolOutcome }> {
  const { scope, excludeTests } = search
  const filtered = excludeTests || scope?.matches !== undefined
  let matches
  try {
    matches = await repo.git.grep(repo.headSha, search.symbol, {
      fixed: true,
      wordRegexp: true,
      showFunction: true,
      // Filtered in code: ask for more so that the kept ones still reach the cap.
      maxCount: filtered ? FILTERED_GREP_MATCHES : repo.maxResults + 1,
      ...(scope?.prefix ? { path: scope.prefix } : {})
    })
  } catch (error) {
    if (error instanceof GitError)
      return { outcome: fail(`git grep rejected the search: ${error.stderr || error.message}`) }
    throw error
  }
  if (!filtered) return { matches }
  return {
    matches: matches.filter(m => (scope?.matches(m.path) ?? true) && !(excludeTests && isTestPath(m.path)))
  }
}

type ContextLines = (m: { path: string; line: number }) => string[]

/** The lines around a reference, read once per file (none when no context was asked for). */
async function contextReader(
  repo: RepoContext,
  context: number,
  shown: GrepMatch[],
  keyLines: KeyLines
): Promise<ContextLines> {
  if (context <= 0) return () => []
  const fileBytes = await repo.git
    .readBlobs(repo.headSha, [...new Set(shown.map(m => m.path))])
    .catch(() => new Map<string, Buffer>())
  const linesOf = new Map<string, string[]>()
  return m => {
    const bytes = fileBytes.get(m.path)
    if (!bytes) return []
    let lines = linesOf.get(m.path)
    if (!lines) {
      lines = splitLines(bytes.toString('utf8'))
      linesOf.set(m.path, lines)
    }
    const out: string[] = []
    const from = Math.max(1, m.line - context)
    const to = Math.min(lines.length, m.line + context)
    for (let n = from; n <= to; n++) {
      if (n === m.line) continue
      const text = cleanUntrusted(lines[n - 1] ?? '', { invisible: 'show' })
      out.push(`    ${n}${n < m.line ? '-' : '+'} ${shownLine(keyLines, m.path, n, text)}`)
    }
    return out
  }
}

/** Each file's entries: the reference with its marks, the line of its enclosing function, the lines around. */
function referencesByFile(
  repo: RepoContext,
  search: Search,
  matches: GrepMatch[],
  matched: Set<GrepMatch>,
  { keyLines, around }: { keyLines: KeyLines; around: ContextLines }
): Map<string, string[]> {
  const { symbol } = search
  const masked = (m: { path: string; line: number; text: string }): string =>
    shownLine(keyLines, m.path, m.line, m.text.trim())
  const byFile = new Map<string, string[]>()
  let enclosing: { path: string; text: string; line: number } | undefined
  for (const m of matches) {
    if (m.kind === 'function') {
      enclosing = { path: m.path, text: m.text, line: m.line }
      continue
    }
    if (!matched.has(m)) continue
    const marks = [
      isDefinition(m.text, symbol) ? 'definition' : '',
      repo.isAdded(m.path, m.line) ? 'added by this pull request' : ''
    ].filter(Boolean)
    const entries = byFile.get(m.path) ?? []
    entries.push(`  ${m.line}${marks.length > 0 ? ` [${marks.join(', ')}]` : ''}: ${masked(m)}`)
    if (enclosing?.path === m.path && enclosing.line < m.line && !isDefinition(m.text, symbol))
      entries.push(`      in ${enclosing.line}: ${masked(enclosing)}`)
    entries.push(...around(m))
    byFile.set(m.path, entries)
    // git names a function once for all the matches in it, and a match at column 0 starts one itself.
    if (declarationIn(m.text)) enclosing = { path: m.path, text: m.text, line: m.line }
  }
  return byFile
}
