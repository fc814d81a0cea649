import { hunkLineText, visitLineNumbers } from '../diff/hunk-lines.js'
import type { DiffFile } from '../diff/model.js'
import type { Git, GrepMatch } from '../git/git.js'
import type { Logger } from '../logger.js'
import { errorMessage } from '../errors.js'
import { privateKeyLines, PRIVATE_KEY_LINE, redactSecrets } from '../text/redact.js'
import type { FileFacts } from './facts.js'
import { factsFromBytes, type FileState } from './file-facts.js'
import { languageOf } from './languages.js'
import { parserFor } from './parser.js'
import { CodeGraph } from './graph.js'
import { callerFiles, resolvedCallers, type ResolvedCaller } from './contract-callers.js'
import { touchedDefinitions } from './changed-definitions.js'
import { declarationIn, enclosingDeclarations, indentOf, isDefinition, lineFacts } from './patterns.js'

/**
 * Which top-level symbols a change touches, and how often the rest of the repository refers to them. A
 * changed contract with many references elsewhere is where bugs outside the diff hide; counting them in code
 * costs no model turn. This is the pattern scan (see patterns.ts).
 */

export type SymbolChange = 'added' | 'changed' | 'removed'

export interface ChangedSymbol {
  name: string
  file: string
  /** Where it is declared at the head; none for a removed symbol. */
  line?: number
  change: SymbolChange
  /** Set when the declaring line itself changed: the signature before and after, each on one line. */
  signature?: { old: string; new: string }
  /** Found by the parser (not the patterns): whether it is visible outside its file. */
  exported?: boolean
}

/** A reference to a changed symbol with the lines around it at the head. */
export interface CallSite {
  file: string
  line: number
  /** The reference's line and up to CALL_SITE_CONTEXT lines either side, numbered. */
  lines: Array<{ line: number; text: string }>
}

export interface SymbolReferences extends ChangedSymbol {
  /** Whole-word matches at the head outside the diff's added lines, definitions not counted. */
  references: number
  files: number
  /** The count stopped at the search cap. */
  capped?: boolean
  /** For the top changed contracts: a few references, from files the diff leaves alone first. */
  callSites?: CallSite[]
  /**
   * For the top changed contracts the parser read: the references tied to this definition through imports
   * and scope, outside the diff's added lines (the call sites are then chosen among them).
   */
  resolvedCallers?: { count: number; files: number }
}

export const MAX_SYMBOLS = 25
/** Symbols collected from the diff before they are ranked and cut to MAX_SYMBOLS. */
const MAX_CANDIDATES = 120
const MAX_FILES_READ = 60
/** Changed files the parser reads for their symbols; the rest are read by the patterns. */
export const PARSED_CHANGED_FILES = 30
/**
 * A pull request that changes more files than this is huge: its diff alone holds most of the memory the
 * review's preparation takes, and every file parsed adds to the parser's share (at 10,000 changed files, 30
 * parsed files raised the preparation's peak by about 20 MB over the patterns alone, 5 by about 10).
 */
export const HUGE_CHANGE_FILES = 1_000
/** The changed files the parser reads in a huge pull request, for the first of its many passes. */
export const PARSED_FILES_OF_HUGE_CHANGE = 5
const MAX_MATCHES = 1000
/** Contracts shown with call sites, call sites each, and lines either side of one. */
export const CONTRACTS_WITH_CALL_SITES = 5
export const CALL_SITES_PER_CONTRACT = 3
export const CALL_SITE_CONTEXT = 2
const MAX_SIGNATURE_LINES = 4
const MAX_SIGNATURE_CHARS = 300

/** How many changed files the parser reads for the symbols of a pull request changing this many. */
export function parsedFilesFor(changedFiles: number): number {
  return changedFiles > HUGE_CHANGE_FILES ? PARSED_FILES_OF_HUGE_CHANGE : PARSED_CHANGED_FILES
}

/**
 * A declaration as one line: from `lines[at]` on until the line that opens its body (a brace, a Python
 * colon or an arrow), at most MAX_SIGNATURE_LINES lines, whitespace collapsed.
 */
export function signatureFrom(lines: ReadonlyArray<string | undefined>, at: number): string {
  const parts: string[] = []
  let depth = 0
  for (let i = at; i < at + MAX_SIGNATURE_LINES && i < lines.length; i++) {
    const text = lines[i]
    if (text === undefined) break
    parts.push(text.trim())
    for (const c of text) depth += c === '(' ? 1 : c === ')' ? -1 : 0
    // Its parameters are closed: the rest of the line is the return type and the body's opening.
    if (depth <= 0) break
  }
  const joined = parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*\{\s*$/, '')
    .trim()
  return joined.length <= MAX_SIGNATURE_CHARS ? joined : `${joined.slice(0, MAX_SIGNATURE_CHARS - 1)}…`
}

/** A changed file with its lines at the head and, when the parser read it, its facts. */
export interface ChangedFile {
  file: DiffFile
  headLines: string[] | undefined
  facts?: FileFacts | undefined
  /** The file at the head as git gave it, for the parser. */
  bytes?: Buffer | undefined
}

/**
 * The changed symbols of the diff, from each file's lines at the head; pure. A file the parser read gives the
 * definitions its changed lines fall in; the others give the declarations the line patterns see.
 */
export function changedSymbols(files: ChangedFile[], limit = MAX_SYMBOLS): ChangedSymbol[] {
  const list = new SymbolList(limit)
  for (const { file, headLines, facts } of files) {
    if (list.full) break
    const removals = removalsOf(file)
    const declaredAtHead = new Set<string>()
    if (headLines && facts) {
      if (!addParsedDefinitions(list, file, headLines, facts, removals, declaredAtHead)) return list.symbols
    } else if (headLines) {
      if (!addChangedDeclarations(list, file, headLines, removals, declaredAtHead)) return list.symbols
      if (!addBlocksWithRemovals(list, file, headLines, removals, declaredAtHead)) return list.symbols
      for (let i = 0; i < headLines.length; i++) {
        const name = lineFacts(headLines, i).declaration?.name
        if (name) declaredAtHead.add(name)
      }
    }
    for (const name of removals.names) {
      if (!declaredAtHead.has(name)) list.push({ name, file: file.path, change: 'removed' })
    }
  }
  return list.symbols
}

/** The symbols found so far, each once, at most `limit` of them. */
class SymbolList {
  readonly symbols: ChangedSymbol[] = []
  private readonly seen = new Map<string, ChangedSymbol>()

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.symbols.length >= this.limit
  }

  push(symbol: ChangedSymbol): void {
    const known = this.seen.get(symbol.name)
    if (known) {
      // Found again at its declaring line: the signature change counts whichever line came first.
      if (symbol.signature && !known.signature && known.file === symbol.file)
        known.signature = symbol.signature
      return
    }
    if (this.full) return
    this.seen.set(symbol.name, symbol)
    this.symbols.push(symbol)
  }
}

/** What a file's diff removes: the declarations, where they were, and the old lines the hunks show. */
interface Removals {
  names: Set<string>
  /** Where each removed declaration was, by name: its old line. */
  at: Map<string, number>
  /** The old file's lines the hunks show, by old number, from the first removed declaration on. */
  oldText: Map<number, string>
  /** Old numbers of the removed lines that are indented and not blank, in order. */
  indented: number[]
}

/**
 * The lines are visited, not listed, and only removed lines' texts are read: a large file's diff is many
 * thousand lines.
 */
function removalsOf(file: DiffFile): Removals {
  const removals: Removals = { names: new Set(), at: new Map(), oldText: new Map(), indented: [] }
  for (const hunk of file.hunks) {
    visitLineNumbers(hunk, (kind, oldLine, _newLine, index) => {
      if (kind === 'add') return
      const text = hunkLineText(hunk, index) as string
      if (oldLine !== undefined && removals.at.size > 0) removals.oldText.set(oldLine, text)
      if (kind !== 'del') return
      if (oldLine !== undefined) removals.oldText.set(oldLine, text)
      const name = declarationIn(text)?.name
      if (name !== undefined) {
        removals.names.add(name)
        if (oldLine !== undefined && !removals.at.has(name)) removals.at.set(name, oldLine)
      }
      if (oldLine !== undefined && indentOf(text) > 0 && text.trim() !== '') removals.indented.push(oldLine)
    })
  }
  return removals
}

/** The signature before and after, when a declaration's own line changed it. */
export function signatureChange(
  removals: Removals,
  headLines: string[],
  name: string,
  headLine: number
): ChangedSymbol['signature'] {
  const old = removals.at.get(name)
  if (old === undefined) return undefined
  const before = signatureFrom(
    Array.from({ length: MAX_SIGNATURE_LINES }, (_, i) => removals.oldText.get(old + i)),
    0
  )
  const after = signatureFrom(headLines, headLine - 1)
  return before !== after ? { old: before, new: after } : undefined
}

/** The parsed definitions the diff touches: added, or changed (with their signature). False once full. */
function addParsedDefinitions(
  list: SymbolList,
  file: DiffFile,
  headLines: string[],
  facts: FileFacts,
  removals: Removals,
  declaredAtHead: Set<string>
): boolean {
  for (const definition of facts.definitions) declaredAtHead.add(definition.name)
  for (const { definition, declarationAdded } of touchedDefinitions(file, facts)) {
    if (list.full) return false
    const isNew = declarationAdded && !removals.names.has(definition.name)
    const signature =
      declarationAdded && !isNew
        ? signatureChange(removals, headLines, definition.name, definition.line)
        : undefined
    list.push({
      name: definition.name,
      file: file.path,
      line: definition.line,
      change: isNew ? 'added' : 'changed',
      ...(signature ? { signature } : {}),
      exported: definition.exported
    })
  }
  return true
}

/** The declarations around each added line: added, or changed (with their signature). False once full. */
function addChangedDeclarations(
  list: SymbolList,
  file: DiffFile,
  headLines: string[],
  removals: Removals,
  declaredAtHead: Set<string>
): boolean {
  for (const hunk of file.hunks) {
    visitLineNumbers(hunk, (kind, _oldLine, newLine) => {
      if (list.full) return false
      if (kind !== 'add' || newLine === undefined) return true
      for (const declaration of enclosingDeclarations(headLines, newLine)) {
        declaredAtHead.add(declaration.name)
        const atDeclaration = declaration.line === newLine
        const isNew = atDeclaration && !removals.names.has(declaration.name)
        const signature =
          atDeclaration && !isNew
            ? signatureChange(removals, headLines, declaration.name, newLine)
            : undefined
        list.push({
          name: declaration.name,
          file: file.path,
          line: declaration.line,
          change: isNew ? 'added' : 'changed',
          ...(signature ? { signature } : {})
        })
      }
      return true
    })
    if (list.full) return false
  }
  return true
}

/**
 * A removed line inside a block changes the block's symbol; one at column 0 is a declaration (counted as
 * removed when it is gone) or ends a block. False once full.
 */
function addBlocksWithRemovals(
  list: SymbolList,
  file: DiffFile,
  headLines: string[],
  removals: Removals,
  declaredAtHead: Set<string>
): boolean {
  const afterRemoved = newLinesAfterRemovals(file)
  for (const oldLine of removals.indented) {
    if (list.full) return false
    const n = afterRemoved.get(oldLine)
    if (n === undefined) continue
    for (const declaration of enclosingDeclarations(headLines, n)) {
      if (declaration.line > n) continue
      declaredAtHead.add(declaration.name)
      list.push({ name: declaration.name, file: file.path, line: declaration.line, change: 'changed' })
    }
  }
  return true
}

/**
 * For each removed line, by its old number, the new-file line just after it in its hunk: where the removal
 * happened at the head. One pass over the file, however many lines it removes.
 */
function newLinesAfterRemovals(file: DiffFile): Map<number, number> {
  const after = new Map<number, number>()
  for (const hunk of file.hunks) {
    let waiting: number[] = []
    visitLineNumbers(hunk, (kind, oldLine, newLine) => {
      if (kind === 'del') {
        if (oldLine !== undefined && !after.has(oldLine)) waiting.push(oldLine)
      } else if (newLine !== undefined && waiting.length > 0) {
        for (const removed of waiting) after.set(removed, newLine)
        waiting = []
      }
    })
  }
  return after
}

/**
 * The changed symbols of a diff with their reference counts at the head. Reads at most MAX_FILES_READ files
 * with one `git cat-file --batch` and counts every symbol's references with one whole-word `git grep` (see
 * Git.grepWords); a failure leaves the symbols out and is logged, never thrown. The first `parsedFiles`
 * changed files with a grammar are parsed (0: the pattern scan alone; by default, see parsedFilesFor).
 */
export async function symbolReferences(
  git: Git,
  headSha: string,
  files: DiffFile[],
  logger: Logger,
  parsedFiles = parsedFilesFor(files.length)
): Promise<SymbolReferences[]> {
  const read = files.slice(0, MAX_FILES_READ).filter(file => !file.binary && file.hunks.length > 0)
  const found = await candidatesWithMatches(git, headSha, read, logger, parsedFiles)
  if (!found) return []
  const { candidates, matchesOf } = found
  const byPath = new Map(files.map(file => [file.path, file]))
  const isAdded = addedLineTest(byPath)
  const outsideOf = new Map<string, GrepMatch[]>()
  const counted = candidates.map(symbol => {
    const matches = matchesOf.get(symbol.name) ?? []
    const outside = matches.filter(m => !isAdded(m.path, m.line) && !isDefinition(m.text, symbol.name))
    outsideOf.set(symbol.name, outside)
    const entry: SymbolReferences = {
      ...symbol,
      references: outside.length,
      files: new Set(outside.map(m => m.path)).size
    }
    if (matches.length >= MAX_MATCHES) entry.capped = true
    return entry
  })
  const ranked = rankSymbols(counted).slice(0, MAX_SYMBOLS)
  const graph = new CodeGraph(git, headSha)
  const callersOf = (symbol: SymbolReferences): Promise<ResolvedCaller[]> =>
    resolvedCallers(
      graph,
      { name: symbol.name, file: symbol.file, line: symbol.line as number },
      matchesOf.get(symbol.name) ?? [],
      path => byPath.has(path),
      isAdded
    )
  // The files of every contract to resolve are read by one git process, not one each.
  const resolvable = ranked
    .filter(s => s.references > 0 && s.change !== 'added' && s.exported !== undefined)
    .slice(0, CONTRACTS_WITH_CALL_SITES)
  await graph.load(
    resolvable.flatMap(s => callerFiles(s.file, matchesOf.get(s.name) ?? [], path => byPath.has(path)))
  )
  const chosen = await chooseCallSites(ranked, outsideOf, byPath, callersOf)
  await addCallSites(git, headSha, chosen, logger)
  return ranked
}

/**
 * The changed symbols and every whole-word match of their names. git grep starts on the names the patterns
 * see while the changed files are parsed, and is asked again only for names the parse adds. Undefined when
 * there are none, or git failed (logged).
 */
async function candidatesWithMatches(
  git: Git,
  headSha: string,
  read: DiffFile[],
  logger: Logger,
  parsedFiles: number
): Promise<{ candidates: ChangedSymbol[]; matchesOf: Map<string, GrepMatch[]> } | undefined> {
  const headFiles = await withHeadLines(git, headSha, read, logger, parsedFiles)
  const grep = (names: string[]): Promise<Map<string, GrepMatch[]>> =>
    names.length === 0 ? Promise.resolve(new Map()) : git.grepWords(headSha, names, MAX_MATCHES)
  const patternNames = new Set(changedSymbols(headFiles, MAX_CANDIDATES).map(symbol => symbol.name))
  const grepping = grep([...patternNames])
  // A failure is read below, once the parse is done; until then it must not go unhandled.
  grepping.catch(() => undefined)
  const candidates = changedSymbols(await withFacts(headFiles, parsedFiles), MAX_CANDIDATES)
  if (candidates.length === 0) return undefined
  try {
    const matchesOf = await grepping
    const added = await grep(candidates.map(symbol => symbol.name).filter(name => !patternNames.has(name)))
    for (const [name, matches] of added) matchesOf.set(name, matches)
    return { candidates, matchesOf }
  } catch (error) {
    logger.debug(`Could not count the references to the changed symbols: ${errorMessage(error)}`)
    return undefined
  }
}

/**
 * The first `parsedFiles` changed files with a grammar, with their facts: a pull request that changes every
 * file is read by the patterns past them, so the first message stays about as quick as the pattern scan.
 */
async function withFacts(files: ChangedFile[], parsedFiles: number): Promise<ChangedFile[]> {
  let parsed = 0
  const withParsed: ChangedFile[] = []
  for (const changed of files) {
    const { file, bytes } = changed
    if (changed.headLines === undefined || !bytes || !languageOf(file.path) || parsed >= parsedFiles) {
      withParsed.push(changed)
      continue
    }
    parsed++
    // Between files, git's output is read, so git grep is not held up on a full pipe.
    await new Promise(resolve => setImmediate(resolve))
    const state = await factsFromBytes(file.path, bytes)
    withParsed.push(readsCleanly(state) ? { ...changed, facts: state.facts } : changed)
  }
  return withParsed
}

/**
 * A parse that recovered from a syntax error is not trusted for the changed symbols: with a function left
 * open, its locals come out as top-level definitions, common names each grepped across the whole head. The
 * patterns go by indentation and read such a file as they always did.
 */
function readsCleanly(state: FileState): state is { facts: FileFacts } {
  return 'facts' in state && !state.facts.syntaxErrors
}

/** Each file with its lines at the head, all read by one git process; none for a deleted or binary file. */
async function withHeadLines(
  git: Git,
  headSha: string,
  read: DiffFile[],
  logger: Logger,
  parsedFiles: number
): Promise<ChangedFile[]> {
  // The grammars load while git reads the files.
  const parsedLanguages = new Set(
    read
      .map(file => languageOf(file.path))
      .filter(language => language !== undefined)
      .slice(0, parsedFiles)
  )
  for (const language of parsedLanguages) void parserFor(language)
  let blobs = new Map<string, Buffer>()
  try {
    blobs = await git.readBlobs(
      headSha,
      read.filter(file => file.status !== 'deleted').map(file => file.path)
    )
  } catch (error) {
    logger.debug(`Could not read the changed files for their symbols: ${errorMessage(error)}`)
  }
  return read.map(file => {
    const bytes = file.status === 'deleted' ? undefined : blobs.get(file.path)
    const text = bytes && !bytes.subarray(0, 8000).includes(0) ? bytes.toString('utf8') : undefined
    return { file, headLines: text?.split(/\r?\n/), ...(text !== undefined ? { bytes } : {}) }
  })
}

/** Whether the diff adds a line. Only the files asked about have their added lines listed. */
function addedLineTest(byPath: ReadonlyMap<string, DiffFile>): (path: string, line: number) => boolean {
  const addedLines = new Map<string, Set<number>>()
  return (path, line) => {
    let added = addedLines.get(path)
    if (!added) {
      const lines = new Set<number>()
      for (const hunk of byPath.get(path)?.hunks ?? []) {
        visitLineNumbers(hunk, (kind, _oldLine, newLine) => {
          if (kind === 'add' && newLine !== undefined) lines.add(newLine)
        })
      }
      addedLines.set(path, lines)
      added = lines
    }
    return added.has(line)
  }
}

/**
 * Where the contract bugs are likely: changed signatures (and removed symbols) that code outside the diff
 * refers to, then changed bodies with references, most referenced first; then what nothing else refers to.
 * An added symbol with no references tells the model nothing and is left out.
 */
export function rankSymbols(symbols: readonly SymbolReferences[]): SymbolReferences[] {
  const group = (symbol: SymbolReferences): number => {
    const contract = symbol.signature !== undefined || symbol.change === 'removed'
    if (symbol.references > 0) return contract ? 0 : symbol.change === 'changed' ? 1 : 2
    return contract ? 3 : 4
  }
  return symbols
    .filter(symbol => !(symbol.change === 'added' && symbol.references === 0))
    .map((symbol, at) => ({ symbol, at }))
    .sort(
      (a, b) => group(a.symbol) - group(b.symbol) || b.symbol.references - a.symbol.references || a.at - b.at
    )
    .map(({ symbol }) => symbol)
}

const IMPORT_LINE =
  /^\s*(?:import\b|export\s*(?:\*|\{)|from\s+\S+\s+import\b|#include\b|using\b|use\s)|\brequire\(/

/**
 * Up to CALL_SITES_PER_CONTRACT references for each of the first CONTRACTS_WITH_CALL_SITES changed symbols
 * with references, those in files the diff does not touch first, each with CALL_SITE_CONTEXT lines either
 * side: the code the first turns of a contract check would read. One git process reads the files.
 */
async function addCallSites(
  git: Git,
  headSha: string,
  chosen: ReadonlyMap<SymbolReferences, Site[]>,
  logger: Logger
): Promise<void> {
  if (chosen.size === 0) return
  let blobs: Map<string, Buffer>
  try {
    blobs = await git.readBlobs(headSha, [...new Set([...chosen.values()].flat().map(m => m.path))])
  } catch (error) {
    logger.debug(`Could not read the call sites of the changed symbols: ${errorMessage(error)}`)
    return
  }
  const lines = maskedLines(blobs)
  for (const [symbol, sites] of chosen) {
    const callSites: CallSite[] = []
    for (const site of sites) {
      const text = lines(site.path)
      if (!text) continue
      const from = Math.max(1, site.line - CALL_SITE_CONTEXT)
      const to = Math.min(text.length, site.line + CALL_SITE_CONTEXT)
      const shown: CallSite['lines'] = []
      for (let n = from; n <= to; n++) shown.push({ line: n, text: text[n - 1] ?? '' })
      callSites.push({ file: site.path, line: site.line, lines: shown })
    }
    if (callSites.length > 0) symbol.callSites = callSites
  }
}

type Site = Pick<GrepMatch, 'path' | 'line'>

/**
 * The call sites of the first CONTRACTS_WITH_CALL_SITES changed symbols with references. A symbol the parser
 * found gets its resolved callers (and their count); the others, the whole-word matches.
 */
async function chooseCallSites(
  ranked: SymbolReferences[],
  outsideOf: ReadonlyMap<string, GrepMatch[]>,
  changed: ReadonlyMap<string, DiffFile>,
  callersOf: (symbol: SymbolReferences) => Promise<ResolvedCaller[]>
): Promise<Map<SymbolReferences, Site[]>> {
  const chosen = new Map<SymbolReferences, Site[]>()
  let resolvedSymbols = 0
  for (const symbol of ranked) {
    if (chosen.size >= CONTRACTS_WITH_CALL_SITES) break
    if (symbol.references === 0 || symbol.change === 'added') continue
    let sites: Site[]
    if (symbol.exported !== undefined && symbol.line !== undefined) {
      // Each is a parse of up to CALLER_FILES_PER_SYMBOL files: as many as call sites are shown for, at most.
      if (resolvedSymbols++ >= CONTRACTS_WITH_CALL_SITES) continue
      const callers = await callersOf(symbol)
      symbol.resolvedCallers = { count: callers.length, files: new Set(callers.map(c => c.path)).size }
      sites = pickSites(callers, caller => (caller.kind === 'call' ? 0 : 1), changed)
    } else {
      const uses = (outsideOf.get(symbol.name) ?? []).filter(m => !IMPORT_LINE.test(m.text))
      const call = new RegExp(`${symbol.name.replace(/[$]/g, '\\$')}\\s*[(<]`)
      sites = pickSites(uses, m => (call.test(m.text) ? 0 : 1), changed)
    }
    if (sites.length > 0) chosen.set(symbol, sites)
  }
  return chosen
}

/**
 * The references worth showing for one symbol: calls before other uses, files the diff does not touch first,
 * one per file before a second from any (three files say more than three lines of one).
 */
function pickSites<T extends Site>(
  uses: readonly T[],
  callRank: (use: T) => number,
  changed: ReadonlyMap<string, DiffFile>
): T[] {
  const order = (m: T): number => (changed.has(m.path) ? 2 : 0) + callRank(m)
  const candidates = uses
    .map((m, at) => ({ m, at }))
    .sort((a, b) => order(a.m) - order(b.m) || a.at - b.at)
    .map(({ m }) => m)
  const sites: T[] = []
  for (const match of candidates) {
    if (sites.length >= CALL_SITES_PER_CONTRACT) break
    if (!sites.some(site => site.path === match.path)) sites.push(match)
  }
  for (const match of candidates) {
    if (sites.length >= CALL_SITES_PER_CONTRACT) break
    if (!sites.includes(match)) sites.push(match)
  }
  return sites.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
}

/**
 * A file's lines read once, secrets masked, and every line of a private key, which carries no marker of its
 * own; undefined for a file missing or binary.
 */
function maskedLines(blobs: ReadonlyMap<string, Buffer>): (path: string) => string[] | undefined {
  const linesOf = new Map<string, string[] | undefined>()
  return path => {
    if (!linesOf.has(path)) {
      const bytes = blobs.get(path)
      const text = bytes && !bytes.subarray(0, 8000).includes(0) ? bytes.toString('utf8') : undefined
      const keys = text === undefined ? new Set<number>() : privateKeyLines(text)
      linesOf.set(
        path,
        text?.split(/\r?\n/).map((line, i) => (keys.has(i + 1) ? PRIVATE_KEY_LINE : redactSecrets(line)))
      )
    }
    return linesOf.get(path)
  }
}
