/**
 * The code graph of one commit, built lazily: a question names a word, git grep finds the files that hold
 * it, and only those (and the files their imports name, when asked) are read and parsed. Nothing is parsed
 * up front; facts are kept by blob id (file-facts.ts).
 */
import type { Git, GrepMatch } from '../git/git.js'
import { MADE, type Definition, type FileFacts, type Heritage, type Reference } from './facts.js'
import { factsFromBytes, type FileState } from './file-facts.js'
import { isProse, languageOf } from './languages.js'
import { importCanName, importPathCandidates } from './modules.js'
import { declarationIn, isDefinition } from './patterns.js'
import { receiverRoot } from './receiver-types.js'
import {
  reachOf,
  reachOfAlias,
  firstOf,
  type Located,
  type Reach,
  type Resolution,
  type ResolveContext
} from './resolve.js'

/** Whole-word hits git is asked for, and files parsed, per question. */
export const MAX_GREP_MATCHES = 4_000
export const MAX_PARSED_FILES = 400
const READ_BATCH = 50
/** Steps of `export *` followed from an import. */
const FOLLOWED_DEPTH = 4

/** Every place a word is, with what the parser made of the files that hold it. */
export interface WordSearch {
  word: string
  /** git grep's whole-word hits at the commit, in path order. */
  hits: GrepMatch[]
  /** The search stopped at MAX_GREP_MATCHES. */
  capped: boolean
  /** What became of each file with a hit in code. */
  files: Map<string, FileState>
  /** The parsed definitions of the word. */
  definitions: Located[]
  /** Definitions found by the line patterns, in files the parser did not read. */
  patternDefinitions: GrepMatch[]
}

/** A reference the parser found, with what it resolved to. */
export interface ResolvedReference {
  path: string
  reference: Reference
  resolution: Resolution
  /** Every definition it can be (several through a union of types); empty when elsewhere or undecided. */
  reach: Located[]
}

export class CodeGraph {
  private readonly states = new Map<string, FileState>()

  constructor(
    private readonly git: Git,
    readonly headSha: string
  ) {}

  /** The facts of files at the commit, reading only those not read yet, a batch at a time. */
  async load(paths: readonly string[]): Promise<Map<string, FileState>> {
    const missing = [...new Set(paths)].filter(path => !this.states.has(path))
    // In batches: only one batch's bytes are held at once, however many files a question names.
    for (let at = 0; at < missing.length; at += READ_BATCH)
      await this.read(missing.slice(at, at + READ_BATCH))
    return new Map(paths.map(path => [path, this.states.get(path) as FileState]))
  }

  private async read(paths: string[]): Promise<void> {
    let blobs = new Map<string, Buffer>()
    try {
      blobs = await this.git.readBlobs(this.headSha, paths)
    } catch {
      // Unreadable files are answered by the patterns, as a file without a grammar is.
    }
    for (const path of paths) {
      const bytes = blobs.get(path)
      this.states.set(
        path,
        bytes ? await factsFromBytes(path, bytes) : { skipped: 'not a file at this commit' }
      )
    }
  }

  factsOf(path: string): FileFacts | undefined {
    const state = this.states.get(path)
    return state && 'facts' in state ? state.facts : undefined
  }

  /** Where `word` is at the commit, and its definitions; throws git's error for the caller to word. */
  async search(word: string): Promise<WordSearch> {
    const found = await this.git.grep(this.headSha, word, {
      fixed: true,
      wordRegexp: true,
      maxCount: MAX_GREP_MATCHES
    })
    const hits = found.filter(hit => hit.kind === undefined)
    return this.searchIn(word, hits, found.length >= MAX_GREP_MATCHES, MAX_PARSED_FILES)
  }

  /**
   * The search from hits already found (one git grep for many words): the first `maxFiles` code files with
   * a hit are parsed, and `alsoParse` (the file of a definition asked about) whatever its place.
   */
  async searchIn(
    word: string,
    hits: GrepMatch[],
    capped: boolean,
    maxFiles: number,
    alsoParse: readonly string[] = []
  ): Promise<WordSearch> {
    const codePaths = [...new Set(hits.map(hit => hit.path))].filter(
      path => languageOf(path) && !isProse(path)
    )
    const files = await this.load([...new Set([...alsoParse, ...codePaths.slice(0, maxFiles)])])
    const definitions: Located[] = []
    for (const [path, state] of files)
      if ('facts' in state)
        for (const definition of uniqueDefinitions(state.facts, word)) definitions.push({ path, definition })
    for (const hit of hits) {
      const state = files.get(hit.path)
      const facts = state && 'facts' in state ? state.facts : undefined
      const unread = facts?.unreadLines.some(([first, last]) => first <= hit.line && hit.line <= last)
      const lost = unread ? unreadDefinition(hit, word) : undefined
      if (lost && !definitions.some(l => l.path === hit.path && l.definition.line === hit.line))
        definitions.push({ path: hit.path, definition: lost })
    }
    const patternDefinitions = hits
      .filter(hit => !files.has(hit.path) || !('facts' in (files.get(hit.path) as FileState)))
      .filter(hit => !isProse(hit.path) && isDefinition(hit.text, word))
    return { word, hits, capped, files, definitions, patternDefinitions }
  }

  /** Every parsed reference to the word, each resolved among `candidates`. */
  resolveAll(search: WordSearch, candidates: readonly Located[]): ResolvedReference[] {
    const context = this.contextOf(candidates)
    const resolved: ResolvedReference[] = []
    for (const [path, state] of search.files) {
      if (!('facts' in state)) continue
      for (const reference of state.facts.references.get(search.word) ?? [])
        resolved.push(resolvedAs(path, reference, reachOf(reference, state.facts, context)))
      for (const binding of state.facts.imports) {
        if (binding.imported !== search.word || binding.local === search.word || binding.local === '*')
          continue
        for (const reference of state.facts.references.get(binding.local) ?? [])
          if (!reference.defines && reference.kind !== 'import')
            resolved.push(resolvedAs(path, reference, reachOfAlias(reference, binding, state.facts, context)))
      }
    }
    return resolved
  }

  /** The uses of `word` in one parsed file, each with what it resolves to among `candidates`. */
  resolveIn(
    facts: FileFacts,
    word: string,
    candidates: readonly Located[]
  ): Array<{ reference: Reference; resolution: Resolution }> {
    const context = this.contextOf(candidates)
    return (facts.references.get(word) ?? [])
      .filter(reference => !reference.defines)
      .map(reference => ({ reference, resolution: firstOf(reachOf(reference, facts, context)) }))
  }

  /** What a class-like name builds on, from the parsed files that declare it. */
  heritageOf(): (name: string) => Heritage | undefined {
    // Files are only ever added, so the map is made again only when more have been read.
    if (this.heritage?.files !== this.states.size) {
      const known = new Map<string, Heritage>()
      for (const state of this.states.values())
        if ('facts' in state)
          for (const [name, heritage] of state.facts.heritage) if (!known.has(name)) known.set(name, heritage)
      this.heritage = { files: this.states.size, known }
    }
    const { known } = this.heritage
    return name => known.get(name)
  }

  private heritage: { files: number; known: Map<string, Heritage> } | undefined

  /** The declared types of classes' fields, `Store.items`, from every parsed file. */
  private fieldTypes(): (type: string, field: string) => string | undefined {
    let known: Map<string, string> | undefined
    return (type, field) => {
      if (!known) {
        known = new Map()
        for (const state of this.states.values())
          if ('facts' in state)
            for (const [key, value] of state.facts.typeOf)
              if (
                /^0:[A-Z][\w$]*\.[\w$#]+(?:\((?:\d*|is)\))?(?:\[\])?$/.test(key) &&
                !known.has(key.slice(2))
              )
                known.set(key.slice(2), value)
      }
      return known.get(`${type}.${field}`)
    }
  }

  /**
   * Reads the files that the imports of `word` in the parsed files name, and, where those pass names on with
   * `export *`, the files they pass on from, a few steps deep: a barrel that re-exports everything never
   * holds the word itself, so a search alone does not find it.
   */
  async followImports(paths: readonly string[], word: string): Promise<void> {
    const visited = new Set(paths)
    let frontier = paths.map(path => this.factsOf(path)).filter((f): f is FileFacts => f !== undefined)
    let loaded = 0
    for (let depth = 0; depth < FOLLOWED_DEPTH && frontier.length > 0; depth++) {
      const known: FileFacts[] = []
      const wanted = new Set<string>()
      for (const facts of frontier)
        for (const source of this.sourcesToFollow(facts, word, depth)) {
          const spellings = importPathCandidates(facts.language, facts.path, source)
          // An import whose file is read already names it; the other spellings it could have are not looked for.
          const read = spellings.filter(path => this.factsOf(path) !== undefined)
          for (const path of read.filter(path => !visited.has(path))) {
            visited.add(path)
            known.push(this.factsOf(path) as FileFacts)
          }
          if (read.length === 0) for (const path of spellings) if (!this.states.has(path)) wanted.add(path)
        }
      const batch = [...wanted].slice(0, Math.max(0, MAX_PARSED_FILES - loaded))
      loaded += batch.length
      const fresh = [...(await this.load(batch)).entries()].flatMap(([path, state]) => {
        if (!('facts' in state) || visited.has(path)) return []
        visited.add(path)
        return [state.facts]
      })
      frontier = [...known, ...fresh]
    }
  }

  /**
   * The modules a file's imports of `word` name, and of the values the word is reached through (`state.get`,
   * for their declared types), and of the functions its guards are made by; past the first step, the modules a
   * file passes on with `export *`.
   */
  private sourcesToFollow(facts: FileFacts, word: string, depth: number): string[] {
    const through = new Set(
      (facts.references.get(word) ?? []).flatMap(r =>
        r.qualifier === undefined ? [] : [receiverRoot(r.qualifier)]
      )
    )
    const makers = new Set(
      [...facts.typeOf.values()].flatMap(type =>
        type.startsWith(MADE) ? [receiverRoot(type.slice(MADE.length))] : []
      )
    )
    return facts.imports
      .filter(
        binding =>
          binding.local === word ||
          binding.imported === word ||
          makers.has(binding.local) ||
          (depth === 0 && through.has(binding.local)) ||
          (depth > 0 && binding.reexport === true && binding.local === '*')
      )
      .map(binding => binding.source)
  }

  private contextOf(candidates: readonly Located[]): ResolveContext {
    return {
      candidates,
      filesNamedBy: (facts, source) =>
        [...this.states.entries()].flatMap(([path, state]) =>
          'facts' in state && importCanName(facts.language, facts.path, source, path) ? [state.facts] : []
        ),
      heritageOf: this.heritageOf(),
      fieldType: this.fieldTypes()
    }
  }
}

const resolvedAs = (path: string, reference: Reference, reach: Reach): ResolvedReference => ({
  path,
  reference,
  resolution: firstOf(reach),
  reach: typeof reach === 'string' ? [] : reach
})

const KEYWORD_KINDS: Record<string, string> = {
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  function: 'function',
  def: 'function',
  const: 'constant',
  let: 'variable',
  var: 'variable'
}

/**
 * A top-level declaration the patterns see in text the parser could not read (a grammar's gap: error recovery
 * can swallow the declarations after it), so a name is not lost with it.
 */
function unreadDefinition(hit: GrepMatch, word: string): Definition | undefined {
  const declared = declarationIn(hit.text)
  if (declared?.name !== word || !declared.topLevel) return undefined
  const keyword = /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(\w+)/.exec(
    hit.text
  )?.[1]
  const kind = (keyword && KEYWORD_KINDS[keyword]) ?? 'definition'
  return { name: word, kind, line: hit.line, endLine: hit.line, exported: !word.startsWith('_') }
}

/**
 * The definitions named `word`, one per name at one level: a name assigned twice, a getter and its setter, a
 * function's overloads are one definition. The first is kept, as TypeScript's compiler points to the first
 * overload; in Python the last `def` is the one that holds (after `@overload` stubs, or a redefinition).
 */
function uniqueDefinitions(facts: FileFacts, word: string): Definition[] {
  const chosen = new Map<string, Definition>()
  const kept: Definition[] = []
  for (const definition of facts.definitions) {
    if (definition.name !== word) continue
    const repeatable = ['variable', 'constant', 'field', 'method', 'function'].includes(definition.kind)
    if (!repeatable) {
      kept.push(definition)
      continue
    }
    const key = `${definition.container ?? ''}.${definition.name}`
    const known = chosen.get(key)
    const later =
      facts.language === 'python' && (definition.kind === 'method' || definition.kind === 'function')
    if (known && !later) continue
    if (known) kept.splice(kept.indexOf(known), 1)
    chosen.set(key, definition)
    kept.push(definition)
  }
  return kept.sort((a, b) => a.line - b.line)
}

/** The innermost function or method whose lines hold `line`. */
export function enclosingFunction(facts: FileFacts, line: number): Definition | undefined {
  let best: Definition | undefined
  for (const definition of facts.definitions) {
    if (definition.kind !== 'function' && definition.kind !== 'method' && definition.kind !== 'constructor')
      continue
    if (definition.line <= line && line <= definition.endLine && (!best || definition.line >= best.line))
      best = definition
  }
  return best
}
