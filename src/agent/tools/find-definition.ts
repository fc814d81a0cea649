/**
 * find_definition: where a name is defined at the head, best first. With `used_in`, the name is resolved
 * through that file's imports and scopes, and the definition it reaches comes first; without it, or where
 * that cannot be decided, every definition of the name is listed.
 */
import { z } from 'zod'
import { GitError, type GrepMatch } from '../../git/git.js'
import type { WordSearch } from '../../graph/graph.js'
import { languageOf } from '../../graph/languages.js'
import { importCanName } from '../../graph/modules.js'
import { DISCRIMINANT } from '../../graph/facts.js'
import { declarationIn } from '../../graph/patterns.js'
import type { Located } from '../../graph/resolve.js'
import { isStubOf } from '../../graph/stubs.js'
import { redactSecrets } from '../../text/redact.js'
import { clip } from './lines.js'
import { isTestPath } from './path-scope.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { fail, short, untrustedData, type RepoContext } from './repo-context.js'
import { checkRepoPath } from './repo-paths.js'
import { byPreference, definitionLabel, qualifierChooses, symbolField, symbolQuery } from './symbol-query.js'

const findDefinitionSchema = z
  .object({
    symbol: symbolField,
    used_in: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe(
        'A file that uses the name: the answer follows its imports and scopes to the definition meant.'
      ),
    line: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'With used_in, a line of it where the name is used: the definition that use reaches comes first.'
      )
  })
  .strict()

type FindDefinitionInput = z.infer<typeof findDefinitionSchema>

export function findDefinitionTool(repo: RepoContext): AgentTool {
  return defineTool({
    name: 'find_definition',
    reads: true,
    description:
      'Find where a name is defined at the pull request head, by parsing: one line per definition, ' +
      '`path:line kind Container.name`, best first, its declaring line below it. Give used_in (a file that ' +
      "uses the name) to resolve it through that file's imports and scope, and line (where it uses it) to " +
      'put the definition that use reaches first. A qualified name (Cache.get, store.get) narrows it, and ' +
      'with used_in so does a name the file reaches it through (session.request, this.cache.get).',
    schema: findDefinitionSchema,
    run: input => findDefinition(repo, input)
  })
}

async function findDefinition(repo: RepoContext, input: FindDefinitionInput): Promise<ToolOutcome> {
  let usedIn: string | undefined
  if (input.line !== undefined && input.used_in === undefined)
    return fail('line is a line of used_in: give used_in too, or leave line out.')
  if (input.used_in !== undefined) {
    const checked = checkRepoPath(input.used_in)
    if (!checked.ok) return fail(checked.error)
    usedIn = checked.path
  }
  const query = symbolQuery(input.symbol)
  let search: WordSearch
  try {
    search = await repo.graph().search(query.name)
  } catch (error) {
    if (error instanceof GitError)
      return fail(`git grep rejected the search: ${error.stderr || error.message}`)
    throw error
  }
  const { qualifier } = query
  const chosen = search.definitions.filter(l => qualifier === undefined || qualifierChooses(qualifier, l))
  // `session.request` with used_in: the name as that file reaches it through `session`, whatever its type.
  const receiver = chosen.length === 0 && usedIn !== undefined ? qualifier : undefined
  const candidates = (receiver === undefined ? chosen : search.definitions)
    .filter(l => !search.definitions.some(other => isStubOf(l, other)))
    .sort(byPreference(isTestPath))
  const at = `at head ${short(repo.headSha)}`
  if (candidates.length === 0) return patternAnswer(repo, input.symbol, search, at)
  const { used, note, nearness } = usedIn
    ? await resolvedFrom(repo, { usedIn, name: query.name, receiver, line: input.line }, candidates)
    : { used: [], note: '', nearness: () => 0 }
  const reached = used.map(use => use.located)
  const rest = candidates.filter(c => !reached.includes(c))
  const ordered = [...reached, ...rest.sort((a, b) => nearness(a) - nearness(b))]
  const languages = [...new Set(ordered.map(l => languageOf(l.path)))].sort().join(', ')
  const linesOf = new Map(used.map(use => [use.located, use.lines]))
  const lines = [
    `Definitions of ${input.symbol} ${at}, found by the parser (${languages}), best first${note}:`,
    ...ordered.flatMap(l => [
      definitionLabel(l),
      ...declaringLine(search, l),
      ...(linesOf.has(l) ? [`    used in ${usedIn} at line ${usesList(linesOf.get(l) ?? [])}`] : [])
    ])
  ]
  return untrustedData(repo, `find_definition:${input.symbol}`, lines.join('\n'))
}

const MAX_USE_LINES = 12
const usesList = (lines: number[]): string =>
  lines.length <= MAX_USE_LINES
    ? lines.join(', ')
    : `${lines.slice(0, MAX_USE_LINES).join(', ')} and ${lines.length - MAX_USE_LINES} more`

/** A definition the uses in a file reach, and the lines of those uses. */
interface Use {
  located: Located
  lines: number[]
}

/**
 * The definitions the uses of the name in `usedIn` reach, most used first, each with the lines of its uses, and
 * what the answer says about them: a file that uses one name with several meanings gets them all, by line.
 */
interface FromFile {
  used: Use[]
  note: string
  /** 0 for a definition in the file, 1 in a file it imports, 2 elsewhere: the order of the rest. */
  nearness: (located: Located) => number
}

/** What is asked of the using file: its uses of `name`, or only those through `receiver` (`session.request`). */
interface Asked {
  usedIn: string
  name: string
  receiver?: string | undefined
  /** The line of the use meant: the definition it reaches comes first. */
  line?: number | undefined
}

async function resolvedFrom(repo: RepoContext, asked: Asked, candidates: Located[]): Promise<FromFile> {
  const { usedIn, name, receiver } = asked
  const graph = repo.graph()
  const state = (await graph.load([usedIn])).get(usedIn)
  if (!state || !('facts' in state))
    return {
      used: [],
      note: `; ${usedIn} was not parsed (${state && 'skipped' in state ? state.skipped : 'unread'}), so every definition is listed`,
      nearness: () => 0
    }
  await graph.followImports([usedIn], name)
  const { facts } = state
  const all = graph.resolveIn(facts, name, candidates)
  const resolved =
    receiver === undefined ? all : all.filter(r => r.reference.qualifier?.split(DISCRIMINANT)[0] === receiver)
  const { used, untied } = usesByDefinition(resolved, asked.line)
  const nearness = (located: Located): number =>
    located.path === usedIn
      ? 0
      : facts.imports.some(i => importCanName(facts.language, facts.path, i.source, located.path))
        ? 1
        : 2
  const through = receiver === undefined ? '' : ` through ${receiver}`
  const unsure = untied.length > 0 ? `; its uses at line ${usesList(untied)} could not be tied to one` : ''
  const atLine = lineNote(asked, used, untied)
  if (used.length === 1)
    return {
      used,
      nearness,
      note: `; the first is the one ${usedIn} uses${through}, by its imports and scope${unsure}${atLine}`
    }
  if (used.length > 1) {
    const each = `${usedIn} uses ${used.length} of them${through}, by its imports and scope, each listed with the lines of its uses`
    return { used, nearness, note: `; ${each}${unsure}${atLine}` }
  }
  const rest = `so every definition is listed, those in ${usedIn} and the files it imports first`
  if (receiver !== undefined && resolved.length === 0)
    return {
      used,
      nearness,
      note: `; ${usedIn} does not use ${name} through ${receiver}, so every definition is listed`
    }
  return {
    used,
    nearness,
    note:
      resolved.length > 0
        ? `; which one ${usedIn} uses could not be decided, ${rest}`
        : `; ${usedIn} does not use ${name}, ${rest}`
  }
}

/** What the answer says of the line asked about, when its use is not simply the first listed. */
function lineNote(asked: Asked, used: readonly Use[], untied: readonly number[]): string {
  const { line, usedIn, name } = asked
  if (line === undefined) return ''
  const reaching = used.filter(use => use.lines.includes(line)).length
  if (reaching > 1) return `; line ${line} uses ${name} ${reaching} times, for the first ${reaching} listed`
  if (reaching === 1) return used.length > 1 ? `; the first is the one line ${line} uses` : ''
  if (untied.includes(line)) return `; its use at line ${line} could not be tied to one`
  return `; line ${line} of ${usedIn} does not use ${name}, so the most used comes first`
}

/**
 * The definitions a file's uses reach, with their lines, those the asked line uses first, then the most used;
 * and the lines of uses tied to none.
 */
function usesByDefinition(
  resolved: ReadonlyArray<{ reference: { line: number }; resolution: Located | string }>,
  line: number | undefined
): { used: Use[]; untied: number[] } {
  const uses = new Map<Located, number[]>()
  const untied: number[] = []
  const atLine = (use: Use): number => (line !== undefined && use.lines.includes(line) ? 1 : 0)
  for (const { reference, resolution } of resolved) {
    if (typeof resolution !== 'object') {
      if (resolution === 'undecided' && !untied.includes(reference.line)) untied.push(reference.line)
      continue
    }
    const lines = uses.get(resolution) ?? []
    if (!lines.includes(reference.line)) lines.push(reference.line)
    uses.set(resolution, lines)
  }
  const used = [...uses.entries()]
    .map(([located, lines]) => ({ located, lines }))
    .sort((a, b) => atLine(b) - atLine(a) || b.lines.length - a.lines.length)
  return { used, untied }
}

function declaringLine(search: WordSearch, located: Located): string[] {
  const hit = search.hits.find(h => h.path === located.path && h.line === located.definition.line)
  return hit ? [`    ${clip(redactSecrets(hit.text.trim()))}`] : []
}

/** No parsed definition: the line patterns' declarations, as before there was a parser. */
function patternAnswer(repo: RepoContext, symbol: string, search: WordSearch, at: string): ToolOutcome {
  const found: GrepMatch[] = search.patternDefinitions
  if (found.length === 0)
    return { content: `No definition of ${symbol} ${at} (searched by the parser and the pattern fallback).` }
  const lines = [
    `Definitions of ${symbol} ${at}, found by the pattern fallback (no grammar parses these files):`,
    ...found.flatMap(hit => [
      `${hit.path}:${hit.line} ${declarationIn(hit.text)?.topLevel === false ? 'method' : 'definition'} ${search.word}`,
      `    ${clip(redactSecrets(hit.text.trim()))}`
    ])
  ]
  return untrustedData(repo, `find_definition:${symbol}`, lines.join('\n'))
}
