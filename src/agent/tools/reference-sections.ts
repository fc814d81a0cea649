/**
 * The two sections of a find_references answer, from the graph's search: resolved references grouped under
 * the definitions asked about, and the textual rest. Prose files and files the parser did not read are
 * textual, except when no file with a definition was parsed: then the pattern fallback answers as the line
 * patterns always did, and says so.
 */
import type { GrepMatch } from '../../git/git.js'
import { qualifiedName } from '../../graph/facts.js'
import { enclosingFunction, type ResolvedReference, type WordSearch } from '../../graph/graph.js'
import { redeclares, type HeritageOf } from '../../graph/hierarchy.js'
import { familyOf, isProse, languageOf } from '../../graph/languages.js'
import { isStubOf } from '../../graph/stubs.js'
import { isDefinition } from '../../graph/patterns.js'
import type { Located } from '../../graph/resolve.js'
import type { ListedReference } from './reference-lines.js'

export interface Sections {
  /** One group per definition asked about (one with no definition when none was found). */
  groups: Array<{ definition: Located | undefined; entries: ListedReference[] }>
  textual: ListedReference[]
  /** Which engine answered, in the answer's words. */
  engine: string
}

const KIND_ORDER = ['call', 'write', 'type', 'read', 'import', 'other']
const byPosition = (a: ListedReference, b: ListedReference): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line

/** One entry per line: several uses of the name on one line are one reference, its strongest kind shown. */
function addOnce(list: ListedReference[], seen: Map<string, ListedReference>, entry: ListedReference): void {
  const key = `${entry.path}:${entry.line}`
  const known = seen.get(key)
  if (!known) {
    seen.set(key, entry)
    list.push(entry)
  } else if (KIND_ORDER.indexOf(entry.kind) < KIND_ORDER.indexOf(known.kind)) known.kind = entry.kind
}

function enclosingOf(search: WordSearch, path: string, line: number): string | undefined {
  const state = search.files.get(path)
  const around = state && 'facts' in state ? enclosingFunction(state.facts, line) : undefined
  return around ? `${qualifiedName(around)} (line ${around.line})` : undefined
}

/**
 * Whether a reference that reaches `reached` belongs under `target`: the same definition, or, in TypeScript
 * and JavaScript, whose compiler counts them as one, a member redeclared along a line of inheritance.
 */
function belongsTo(
  reached: Located,
  target: Located,
  path: string,
  hierarchy: { heritageOf: HeritageOf; declaring: ReadonlySet<string> }
): boolean {
  if (reached === target || isStubOf(reached, target) || isStubOf(target, reached)) return true
  const language = languageOf(path)
  return (
    language !== undefined &&
    familyOf(language) === 'js' &&
    redeclares(reached, target, hierarchy.heritageOf, hierarchy.declaring)
  )
}

export function referenceSections(
  search: WordSearch,
  resolved: readonly ResolvedReference[],
  targets: readonly Located[],
  inScope: (path: string) => boolean,
  heritageOf: HeritageOf = () => undefined
): Sections {
  const fallback = search.definitions.length === 0 && search.patternDefinitions.length > 0
  const groups: Sections['groups'] = targets.map(definition => ({ definition, entries: [] }))
  if (groups.length === 0) groups.push({ definition: undefined, entries: [] })
  const textual: ListedReference[] = []
  const seenGroups = groups.map(() => new Map<string, ListedReference>())
  const seenTextual = new Map<string, ListedReference>()
  const referenced = new Set<string>()
  const declaring = new Set(search.definitions.flatMap(l => l.definition.container ?? []))
  const hierarchy = { heritageOf, declaring }
  for (const { path, reference, resolution, reach } of resolved) {
    referenced.add(`${path}:${reference.line}`)
    if (!inScope(path)) continue
    const entry = (): ListedReference => {
      const listed: ListedReference = {
        path,
        line: reference.line,
        kind: reference.defines ? 'other' : reference.kind,
        name: reference.name,
        enclosing: reference.defines ? undefined : enclosingOf(search, path, reference.line)
      }
      const declared = reference.defines ? reach[0] : undefined
      if (declared)
        listed.redeclaredAs = `${qualifiedName(declared.definition)}${declared.path.endsWith('.pyi') ? ' (type stub)' : ''}`
      return listed
    }
    if (resolution === 'undecided' && !reference.defines)
      addOnce(textual, seenTextual, { ...entry(), untied: true })
    groups.forEach((group, index) => {
      const target = group.definition
      if (!target) return
      // A declaration is listed only as another type's redeclaration, never its own (or a getter's setter).
      const own =
        reach[0]?.path === target.path && reach[0].definition.container === target.definition.container
      if (reference.defines && own) return
      if (reach.some(reached => belongsTo(reached, target, path, hierarchy)))
        addOnce(group.entries, seenGroups[index] as Map<string, ListedReference>, entry())
    })
  }
  for (const hit of search.hits) {
    if (!inScope(hit.path) || referenced.has(`${hit.path}:${hit.line}`)) continue
    const entry = unparsedEntry(search, hit)
    const parsed = 'facts' in (search.files.get(hit.path) ?? {})
    if (fallback && !parsed && !isProse(hit.path) && groups[0])
      addOnce(groups[0].entries, seenGroups[0] as Map<string, ListedReference>, entry)
    else addOnce(textual, seenTextual, entry)
  }
  for (const group of groups) group.entries.sort(byPosition)
  // Under the cap, the likeliest uses first: untied uses in code, then strings and comments, then prose.
  const rank = (entry: ListedReference): number => (entry.untied ? 0 : isProse(entry.path) ? 2 : 1)
  textual.sort((a, b) => rank(a) - rank(b) || byPosition(a, b))
  return { groups, textual, engine: engineOf(search, fallback) }
}

/** A hit the parser has no reference for: a string, a comment, prose, or a file it did not read. */
function unparsedEntry(search: WordSearch, hit: GrepMatch): ListedReference {
  const entry: ListedReference = { path: hit.path, line: hit.line, kind: 'other', name: search.word }
  if (
    !isProse(hit.path) &&
    !('facts' in (search.files.get(hit.path) ?? {})) &&
    isDefinition(hit.text, search.word)
  )
    entry.definition = true
  return entry
}

function engineOf(search: WordSearch, fallback: boolean): string {
  const parsed = new Set<string>()
  const skipped = new Set<string>()
  for (const [path, state] of search.files) {
    if ('facts' in state) parsed.add(state.facts.language)
    else skipped.add(`${path}: ${state.skipped}`)
  }
  const parts = [
    fallback
      ? 'by the pattern fallback (no file with a grammar defines it)'
      : parsed.size > 0
        ? `by the parser (${[...parsed].sort().join(', ')})`
        : 'by the pattern fallback (no file here has a grammar)'
  ]
  if (skipped.size > 0) {
    const listed = [...skipped].slice(0, 3).join('; ')
    parts.push(`not parsed, so textual: ${listed}${skipped.size > 3 ? ` and ${skipped.size - 3} more` : ''}`)
  }
  if (search.capped) parts.push(`the search stopped at ${search.hits.length} lines`)
  return parts.join('; ')
}
