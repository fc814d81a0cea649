/**
 * find_references: the uses of one definition at the head, found by the code graph. Resolved references
 * (tied to the definition by the language's imports and scopes) come first; hits the parser could not tie
 * to a definition (a dynamic call, a name in a string or comment, a prose file) follow in a section of their
 * own, and never displace a resolved one under the cap. A name with several definitions and no choice among
 * them is answered in groups, one per definition.
 */
import { z } from 'zod'
import { GitError } from '../../git/git.js'
import type { Located } from '../../graph/resolve.js'
import { withoutStubs } from '../../graph/stubs.js'
import { MAX_SEARCH_CONTEXT } from './fields.js'
import { isTestPath, pathScope } from './path-scope.js'
import { privateKeyLinesOf } from './private-keys.js'
import { referenceSections, type Sections } from './reference-sections.js'
import { capped, referenceLine, type LineSource, type ListedReference } from './reference-lines.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, short, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath } from './repo-paths.js'
import {
  byPreference,
  definitionLabel,
  qualifierChooses,
  symbolField,
  symbolQuery,
  type SymbolQuery
} from './symbol-query.js'
import { splitLines } from './lines.js'

const findReferencesSchema = z
  .object({
    symbol: symbolField,
    defined_in: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe('The file of the definition meant, when the name is defined in several places.'),
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

export function findReferencesTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'find_references',
    reads: true,
    description:
      'Find the references to a definition at the pull request head, resolved by parsing: one line each, ' +
      '`path:line kind name` (kind: call, import, type, read, write, other) and its code, marked with its ' +
      'enclosing function and whether this pull request adds it. Resolved references come first; names in ' +
      'strings, comments, prose and calls the parser cannot tie follow under "Textual matches". A name ' +
      'defined in several places is answered per definition unless a qualified name (Cache.get) or ' +
      'defined_in chooses one. Use it to check the callers and implementers of a changed contract.',
    schema: findReferencesSchema,
    run: input => findReferences(repo, input)
  })
}

interface Request {
  query: SymbolQuery
  symbol: string
  definedIn: string | undefined
  inScope: (path: string) => boolean
  scopeNote: string
  context: number
}

function requestOf(input: FindReferencesInput): Request | { error: string } {
  const { path: where, context = 0, exclude_tests: excludeTests = false } = input
  let definedIn: string | undefined
  if (input.defined_in !== undefined) {
    const checked = checkRepoPath(input.defined_in)
    if (!checked.ok) return { error: checked.error }
    definedIn = checked.path
  }
  let inFolder = (_path: string): boolean => true
  if (where !== undefined) {
    const checked = checkRepoPath(where, { allowRoot: true })
    if (!checked.ok) return { error: checked.error }
    const scope = pathScope(checked.path)
    const prefix = scope?.prefix ?? ''
    inFolder = path =>
      (prefix === '' || path === prefix || path.startsWith(`${prefix}/`)) && (scope?.matches(path) ?? true)
  }
  const inScope = (path: string): boolean => inFolder(path) && !(excludeTests && isTestPath(path))
  const scopeNote = [where !== undefined ? `in ${where}` : '', excludeTests ? 'tests left out' : '']
    .filter(Boolean)
    .join(', ')
  return { query: symbolQuery(input.symbol), symbol: input.symbol, definedIn, inScope, scopeNote, context }
}

/** The definitions the question means: all of them, or those a qualified name or defined_in chooses. */
function chosenDefinitions(all: readonly Located[], request: Request): Located[] {
  const { qualifier } = request.query
  // A stub asked about by its file is itself; otherwise its implementation answers for it.
  const definitions = request.definedIn?.endsWith('.pyi') ? all : withoutStubs(all)
  return definitions
    .filter(l => request.definedIn === undefined || l.path === request.definedIn)
    .filter(l => qualifier === undefined || qualifierChooses(qualifier, l))
    .sort(byPreference(isTestPath))
}

async function findReferences(repo: RepoContext, input: FindReferencesInput): Promise<ToolOutcome> {
  const request = requestOf(input)
  if ('error' in request) return fail(request.error)
  const graph = repo.graph()
  let search
  try {
    search = await graph.search(request.query.name)
  } catch (error) {
    if (error instanceof GitError)
      return fail(`git grep rejected the search: ${error.stderr || error.message}`)
    throw error
  }
  const asked = request.definedIn !== undefined || request.query.qualifier !== undefined
  const targets = chosenDefinitions(search.definitions, request)
  if (asked && targets.length === 0 && search.definitions.length > 0)
    return {
      content:
        `No definition of ${request.symbol}${request.definedIn ? ` in ${request.definedIn}` : ''} at head ` +
        `${short(repo.headSha)}. The name ${request.query.name} is defined at:\n` +
        search.definitions.sort(byPreference(isTestPath)).map(definitionLabel).join('\n')
    }
  await graph.followImports([...search.files.keys()], request.query.name)
  const resolved = graph.resolveAll(search, search.definitions)
  const sections = referenceSections(search, resolved, targets, request.inScope, graph.heritageOf())
  return answer(repo, request, sections)
}

async function answer(repo: RepoContext, request: Request, sections: Sections): Promise<ToolOutcome> {
  const resolvedCount = sections.groups.reduce((n, group) => n + group.entries.length, 0)
  if (resolvedCount === 0 && sections.textual.length === 0)
    return {
      content:
        `No references to ${request.symbol} at head ${short(repo.headSha)}` +
        `${request.scopeNote ? ` (${request.scopeNote})` : ''}; ${sections.engine}.`
    }
  const flat = sections.groups.flatMap(group => group.entries)
  const kept = capped(flat, sections.textual, repo.maxResults)
  const shown = new Set<ListedReference>([...kept.resolved, ...kept.textual])
  const source = await lineSource(repo, [...shown], request.context)
  const lines = [headline(repo, request, sections, resolvedCount)]
  const grouped = sections.groups.length > 1
  for (const group of sections.groups) {
    const entries = group.entries.filter(entry => shown.has(entry))
    if (grouped) lines.push(`## ${definitionLabel(group.definition as Located)}`)
    if (grouped && group.entries.length === 0) lines.push('  (no resolved references)')
    for (const entry of entries) lines.push(...referenceLine(entry, source))
  }
  if (kept.textual.length > 0 || sections.textual.length > 0) {
    lines.push(
      `Textual matches (not tied to a definition: dynamic calls, strings, comments, prose files): ${sections.textual.length}`
    )
    for (const entry of kept.textual) lines.push(...referenceLine(entry, source))
  }
  if (kept.left > 0)
    lines.push(
      `[${kept.left} more not shown: narrow with path, exclude_tests, defined_in or a qualified name]`
    )
  return untrustedData(repo, `find_references:${request.symbol}`, lines.join('\n'))
}

function headline(repo: RepoContext, request: Request, sections: Sections, resolvedCount: number): string {
  const at = `at head ${short(repo.headSha)}${request.scopeNote ? ` (${request.scopeNote})` : ''}`
  const counts = `${resolvedCount} resolved, ${sections.textual.length} textual; ${sections.engine}.`
  if (sections.groups.length > 1)
    return (
      `${request.query.name} has ${sections.groups.length} definitions and none was chosen (give Container.name ` +
      `or defined_in to choose one), so the references ${at} are grouped under each: ${counts}`
    )
  const only = sections.groups[0]?.definition
  if (!only) return `No definition of ${request.symbol} was found ${at}: ${counts}`
  return `References to ${definitionLabel(only).replace(/^(\S+) (\S+) (\S+)$/, '$3 ($2 at $1)')} ${at}: ${counts}`
}

/** The shown lines of each listed file, read by one git process, private keys withheld. */
async function lineSource(repo: RepoContext, shown: ListedReference[], context: number): Promise<LineSource> {
  const paths = [...new Set(shown.map(entry => entry.path))]
  const blobs = await repo.git.readBlobs(repo.headSha, paths).catch(() => new Map<string, Buffer>())
  const keyLines = await privateKeyLinesOf(
    repo.git,
    repo.headSha,
    shown.map(entry => ({ path: entry.path, line: entry.line, text: '' })),
    undefined
  )
  const linesOf = new Map<string, string[]>()
  const textAt = (path: string, line: number): string | undefined => {
    let lines = linesOf.get(path)
    if (!lines) {
      const bytes = blobs.get(path)
      lines = bytes && !bytes.subarray(0, 8_000).includes(0) ? splitLines(bytes.toString('utf8')) : []
      linesOf.set(path, lines)
    }
    return lines[line - 1]
  }
  return { keyLines, textAt, isAdded: (path, line) => repo.isAdded(path, line), context }
}
