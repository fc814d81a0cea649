/**
 * get_related_files: the files a file imports, the files that import it, and those that call its exported
 * functions (the ones this pull request changes first), from the code graph. Only the file, the files its
 * imports can be, and the files that mention its module's name are read.
 */
import { z } from 'zod'
import { GitError } from '../../git/git.js'
import type { Definition, FileFacts } from '../../graph/facts.js'
import { familyOf } from '../../graph/languages.js'
import { importCanName, importPathCandidates, moduleWord } from '../../graph/modules.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, short, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath } from './repo-paths.js'

const MAX_LISTED = 40

const relatedFilesSchema = z
  .object({
    path: z.string().min(1).max(300).describe('A file of the repository, e.g. src/store.ts.')
  })
  .strict()

export function relatedFilesTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'get_related_files',
    reads: true,
    description:
      'List the files related to one file at the pull request head, by parsing: the files it imports, the ' +
      'files that import it, and the files that call its exported functions, those calling functions this ' +
      'pull request changes first. Use it to find what a changed file can break.',
    schema: relatedFilesSchema,
    run: input => relatedFiles(repo, input.path)
  })
}

async function relatedFiles(repo: RepoContext, input: string): Promise<ToolOutcome> {
  const checked = checkRepoPath(input)
  if (!checked.ok) return fail(checked.error)
  const path = checked.path
  const graph = repo.graph()
  const state = (await graph.load([path])).get(path)
  if (!state || ('skipped' in state && state.skipped === 'not a file at this commit'))
    return fail(`${path} is not a file at head ${short(repo.headSha)}.`)
  if ('skipped' in state)
    return {
      content: `${path} was not parsed (${state.skipped}); use search_code for the files that name it.`
    }
  let importers: FileFacts[]
  try {
    importers = await importersOf(repo, state.facts)
  } catch (error) {
    if (error instanceof GitError)
      return fail(`git grep rejected the search: ${error.stderr || error.message}`)
    throw error
  }
  const lines = [
    `Files related to ${path} at head ${short(repo.headSha)}, found by the parser (${state.facts.language}):`,
    ...(await importsSection(repo, state.facts)),
    `Imported by (${importers.length}):`,
    ...listed(importers.map(facts => `  ${facts.path}`)),
    ...callersSection(repo, state.facts, importers)
  ]
  return untrustedData(repo, `get_related_files:${path}`, lines.join('\n'))
}

const listed = (lines: string[]): string[] =>
  lines.length > MAX_LISTED ? [...lines.slice(0, MAX_LISTED), `  [${lines.length - MAX_LISTED} more]`] : lines

/** Each import as written, with the repository file it is when that can be told. */
async function importsSection(repo: RepoContext, facts: FileFacts): Promise<string[]> {
  const sources = [...new Set(facts.imports.map(binding => binding.source))]
  const candidates = sources.map(source => importPathCandidates(facts.language, facts.path, source))
  const present = await repo.git
    .readBlobs(repo.headSha, [...new Set(candidates.flat())])
    .catch(() => new Map<string, Buffer>())
  const lines = sources.map((source, i) => {
    const file = candidates[i]?.find(candidate => present.has(candidate))
    return file ? `  ${file}  (${source})` : `  ${source}  (not resolved to a file here)`
  })
  return [`Imports (${sources.length}):`, ...listed(lines)]
}

/** The parsed files whose imports can name `facts.path`; found by the module's name, then checked. */
async function importersOf(repo: RepoContext, facts: FileFacts): Promise<FileFacts[]> {
  const graph = repo.graph()
  const word =
    familyOf(facts.language) === 'go'
      ? (facts.path.split('/').slice(-2, -1)[0] ?? moduleWord(facts.path))
      : moduleWord(facts.path)
  const hits = await repo.git.grep(repo.headSha, word, { fixed: true, wordRegexp: true, maxCount: 2_000 })
  const paths = [...new Set(hits.map(hit => hit.path))].filter(p => p !== facts.path).slice(0, 300)
  const states = await graph.load(paths)
  const importers: FileFacts[] = []
  for (const state of states.values()) {
    if (!('facts' in state)) continue
    const other = state.facts
    if (other.imports.some(binding => importCanName(other.language, other.path, binding.source, facts.path)))
      importers.push(other)
  }
  return importers
}

/** The importers that call the file's exported functions, those calling a changed one first. */
function callersSection(repo: RepoContext, facts: FileFacts, importers: FileFacts[]): string[] {
  const exported = facts.definitions.filter(
    d => d.exported && (d.kind === 'function' || d.kind === 'method' || d.kind === 'class')
  )
  const changed = new Set(exported.filter(d => changesDefinition(repo, facts.path, d)).map(d => d.name))
  const callers: Array<{ path: string; names: string[] }> = []
  for (const importer of importers) {
    const names = new Set<string>()
    for (const binding of importer.imports) {
      if (!importCanName(importer.language, importer.path, binding.source, facts.path)) continue
      for (const definition of exported) {
        const local =
          binding.imported === '*'
            ? binding.local
            : binding.imported === definition.name
              ? binding.local
              : undefined
        if (local === undefined) continue
        const uses = importer.references.get(binding.imported === '*' ? definition.name : local) ?? []
        const called = uses.some(
          r =>
            r.kind === 'call' &&
            (binding.imported === '*' ? r.qualifier === local : r.qualifier === undefined)
        )
        if (called) names.add(definition.name)
      }
    }
    if (names.size > 0) callers.push({ path: importer.path, names: [...names] })
  }
  const touchesChanged = (c: { names: string[] }): number => (c.names.some(n => changed.has(n)) ? 0 : 1)
  callers.sort((a, b) => touchesChanged(a) - touchesChanged(b) || (a.path < b.path ? -1 : 1))
  const lines = callers.map(
    c => `  ${c.path}  calls ${c.names.map(n => (changed.has(n) ? `${n} (changed)` : n)).join(', ')}`
  )
  return [`Calls its exported functions (${callers.length}, changed ones first):`, ...listed(lines)]
}

function changesDefinition(repo: RepoContext, path: string, definition: Definition): boolean {
  for (let line = definition.line; line <= definition.endLine; line++)
    if (repo.isAdded(path, line)) return true
  return false
}
