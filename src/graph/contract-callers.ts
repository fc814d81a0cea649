/**
 * The callers of a changed definition as the graph resolves them: references in code, tied to that very
 * definition through imports and scope, so a function of the same name elsewhere is not counted. Only the
 * files git grep found the name in are parsed, and only so many of them.
 */
import type { GrepMatch } from '../git/git.js'
import type { ReferenceKind } from './facts.js'
import type { CodeGraph } from './graph.js'
import { isProse, languageOf } from './languages.js'

/** Files with the name parsed for one changed definition's callers (its own file besides). */
export const CALLER_FILES_PER_SYMBOL = 25

export interface ResolvedCaller {
  path: string
  line: number
  kind: ReferenceKind
}

const orderedHits = (hits: readonly GrepMatch[], later: (path: string) => boolean): GrepMatch[] =>
  [...hits].sort((a, b) => Number(later(a.path)) - Number(later(b.path)))

/** The files resolvedCallers parses: the definition's, then the first with the name in code. */
export function callerFiles(
  definitionFile: string,
  hits: readonly GrepMatch[],
  later: (path: string) => boolean
): string[] {
  const code = [...new Set(orderedHits(hits, later).map(hit => hit.path))].filter(
    path => languageOf(path) && !isProse(path)
  )
  return [definitionFile, ...code.slice(0, CALLER_FILES_PER_SYMBOL)]
}

/**
 * The references resolved to the definition of `name` at `file:line`, imports and the lines `excluded` says
 * (the diff's own additions) left out; files `later` names are parsed after the others.
 */
export async function resolvedCallers(
  graph: CodeGraph,
  definition: { name: string; file: string; line: number },
  hits: readonly GrepMatch[],
  later: (path: string) => boolean,
  excluded: (path: string, line: number) => boolean
): Promise<ResolvedCaller[]> {
  const search = await graph.searchIn(
    definition.name,
    orderedHits(hits, later),
    false,
    CALLER_FILES_PER_SYMBOL,
    [definition.file]
  )
  // A caller that imports the name through a barrel (`export *`) is resolved only with the barrel read.
  await graph.followImports([...search.files.keys()], definition.name)
  const isTheDefinition = (path: string, line: number): boolean =>
    path === definition.file && line === definition.line
  return graph
    .resolveAll(search, search.definitions)
    .filter(({ reference, resolution }) => {
      if (reference.defines || reference.kind === 'import' || typeof resolution !== 'object') return false
      return isTheDefinition(resolution.path, resolution.definition.line)
    })
    .filter(({ path, reference }) => !excluded(path, reference.line))
    .map(({ path, reference }) => ({ path, line: reference.line, kind: reference.kind }))
}
