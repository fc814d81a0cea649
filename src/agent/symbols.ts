import type { DiffFile } from '../diff/model.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { errorMessage } from '../errors.js'

/**
 * Which top-level symbols a change touches, and how often the rest of the repository refers to them. A
 * changed contract with many references elsewhere is where bugs outside the diff hide; counting them in code
 * costs no model turn. Declarations are recognised by line patterns common to the usual languages, not by
 * parsing: a miss only leaves a symbol out of the list.
 */

const NAME = '([A-Za-z_$][\\w$]*)'

/** Declarations that start a top-level block (at column 0, after an optional export). */
const TOP_LEVEL = [
  new RegExp(
    '^(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?' +
      `(?:function\\s*\\*?|class|interface|type|enum|const|let|var|namespace)\\s+${NAME}`
  ),
  new RegExp(`^(?:async\\s+)?(?:def|class)\\s+${NAME}`),
  new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${NAME}`),
  new RegExp(
    `^(?:pub(?:\\([^)]*\\))?\\s+)?(?:async\\s+)?(?:unsafe\\s+)?(?:fn|struct|enum|trait|mod|static|const|type)\\s+${NAME}`
  ),
  new RegExp(`^(?:module|class|def)\\s+(?:self\\.)?${NAME}`)
]

/** Methods inside a class: indented, not private, with a body or a Python def. */
const METHOD = [
  new RegExp(
    `^\\s+(?:(?:public|protected|static|async|override|readonly|get|set)\\s+)*\\*?${NAME}\\s*(?:<[^>]*>)?\\([^)]*\\)?[^;]*\\{\\s*$`
  ),
  new RegExp(`^\\s+(?:async\\s+)?def\\s+${NAME}`)
]

const NOT_METHODS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'with',
  'elif',
  'else',
  'constructor',
  'super',
  'new',
  'await',
  'typeof'
])

export interface Declaration {
  name: string
  /** Leading whitespace of the declaring line. */
  indent: number
  topLevel: boolean
}

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0

/** The symbol a line declares, if it is a recognised declaration. */
export function declarationIn(line: string): Declaration | undefined {
  for (const pattern of TOP_LEVEL) {
    const name = pattern.exec(line)?.[1]
    if (name) return { name, indent: 0, topLevel: true }
  }
  for (const pattern of METHOD) {
    const name = pattern.exec(line)?.[1]
    if (name && !NOT_METHODS.has(name) && !name.startsWith('_')) {
      return { name, indent: indentOf(line), topLevel: false }
    }
  }
  return undefined
}

/** Whether a line declares `symbol` (rather than using it). */
export function isDefinition(line: string, symbol: string): boolean {
  if (declarationIn(line)?.name === symbol) return true
  const escaped = symbol.replace(/[$]/g, '\\$')
  // Object members and assignments of functions: `symbol: (…) =>`, `symbol = function`, `def symbol`.
  return new RegExp(
    `(?:^|[\\s,{])${escaped}\\s*(?:[:=]\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*=>|[A-Za-z_$][\\w$]*\\s*=>))`
  ).test(line)
}

/**
 * The declarations that enclose line `n` (1-based) of a file: the nearest top-level one, and the nearest
 * method above it when the line is indented deeper than that method.
 */
export function enclosingDeclarations(lines: string[], n: number): Array<Declaration & { line: number }> {
  const found: Array<Declaration & { line: number }> = []
  const target = lines[n - 1] ?? ''
  let method = false
  for (let i = n - 1; i >= 0; i--) {
    const text = lines[i] ?? ''
    if (text.trim() === '') continue
    const declaration = declarationIn(text)
    if (
      declaration &&
      !declaration.topLevel &&
      !method &&
      (i === n - 1 || indentOf(target) > declaration.indent)
    ) {
      found.push({ ...declaration, line: i + 1 })
      method = true
      continue
    }
    if (indentOf(text) > 0) continue
    if (declaration?.topLevel) found.push({ ...declaration, line: i + 1 })
    // A closing line at column 0 belongs to the block above it; any other column-0 line ends the search.
    else if (i === n - 1 && /^[)\]}]/.test(text)) continue
    break
  }
  return found.reverse()
}

export type SymbolChange = 'added' | 'changed' | 'removed'

export interface ChangedSymbol {
  name: string
  file: string
  /** Where it is declared at the head; none for a removed symbol. */
  line?: number
  change: SymbolChange
}

export interface SymbolReferences extends ChangedSymbol {
  /** Whole-word matches at the head outside the diff's added lines, definitions not counted. */
  references: number
  files: number
  /** The count stopped at the search cap. */
  capped?: boolean
}

export const MAX_SYMBOLS = 25
const MAX_FILES_READ = 40
const MAX_MATCHES = 1000

/** The changed symbols of the diff, from each file's lines at the head; pure. */
export function changedSymbols(
  files: Array<{ file: DiffFile; headLines: string[] | undefined }>,
  limit = MAX_SYMBOLS
): ChangedSymbol[] {
  const out: ChangedSymbol[] = []
  const seen = new Set<string>()
  const push = (symbol: ChangedSymbol): void => {
    if (seen.has(symbol.name) || out.length >= limit) return
    seen.add(symbol.name)
    out.push(symbol)
  }
  for (const { file, headLines } of files) {
    const added = file.hunks.flatMap(h => h.lines.filter(l => l.kind === 'add' && l.newLine !== undefined))
    const removed = file.hunks.flatMap(h => h.lines.filter(l => l.kind === 'del'))
    const removedNames = new Set(removed.flatMap(l => declarationIn(l.text)?.name ?? []))
    const declaredAtHead = new Set<string>()
    if (headLines) {
      for (const line of added) {
        for (const declaration of enclosingDeclarations(headLines, line.newLine as number)) {
          declaredAtHead.add(declaration.name)
          const isNew = declaration.line === line.newLine && !removedNames.has(declaration.name)
          push({
            name: declaration.name,
            file: file.path,
            line: declaration.line,
            change: isNew ? 'added' : 'changed'
          })
        }
      }
      // A removed line inside a block changes the block's symbol; one at column 0 is a declaration (counted
      // below when it is gone) or ends a block.
      for (const line of removed) {
        if (indentOf(line.text) === 0 || line.text.trim() === '') continue
        const n = line.oldLine === undefined ? undefined : nearestNewLine(file, line.oldLine)
        if (n === undefined) continue
        for (const declaration of enclosingDeclarations(headLines, n)) {
          if (declaration.line > n) continue
          declaredAtHead.add(declaration.name)
          push({ name: declaration.name, file: file.path, line: declaration.line, change: 'changed' })
        }
      }
      for (const text of headLines) {
        const name = declarationIn(text)?.name
        if (name) declaredAtHead.add(name)
      }
    }
    for (const name of removedNames) {
      if (!declaredAtHead.has(name)) push({ name, file: file.path, change: 'removed' })
    }
  }
  return out
}

/** The new-file line just after a removed line: where the removal happened at the head. */
function nearestNewLine(file: DiffFile, oldLine: number): number | undefined {
  for (const hunk of file.hunks) {
    const at = hunk.lines.findIndex(line => line.kind === 'del' && line.oldLine === oldLine)
    if (at < 0) continue
    return hunk.lines.slice(at + 1).find(line => line.newLine !== undefined)?.newLine
  }
  return undefined
}

/**
 * The changed symbols of a diff with their reference counts at the head. Reads at most MAX_FILES_READ files
 * and runs one `git grep -w` per symbol; a failure leaves the symbol out and is logged, never thrown.
 */
export async function symbolReferences(
  git: Git,
  headSha: string,
  files: DiffFile[],
  logger: Logger
): Promise<SymbolReferences[]> {
  const withLines: Array<{ file: DiffFile; headLines: string[] | undefined }> = []
  for (const file of files.slice(0, MAX_FILES_READ)) {
    if (file.binary || file.hunks.length === 0) continue
    let headLines: string[] | undefined
    if (file.status !== 'deleted') {
      try {
        const bytes = await git.show(headSha, file.path)
        if (bytes && !bytes.subarray(0, 8000).includes(0)) headLines = bytes.toString('utf8').split(/\r?\n/)
      } catch (error) {
        logger.debug(`Could not read ${file.path} for its symbols: ${errorMessage(error)}`)
      }
    }
    withLines.push({ file, headLines })
  }
  const addedLines = new Set(
    files.flatMap(file =>
      file.hunks.flatMap(h => h.lines.flatMap(l => (l.kind === 'add' ? [`${file.path}:${l.newLine}`] : [])))
    )
  )
  const result: SymbolReferences[] = []
  for (const symbol of changedSymbols(withLines)) {
    try {
      const matches = await git.grep(headSha, symbol.name, {
        fixed: true,
        wordRegexp: true,
        maxCount: MAX_MATCHES
      })
      const outside = matches.filter(
        m => !addedLines.has(`${m.path}:${m.line}`) && !isDefinition(m.text, symbol.name)
      )
      const entry: SymbolReferences = {
        ...symbol,
        references: outside.length,
        files: new Set(outside.map(m => m.path)).size
      }
      if (matches.length >= MAX_MATCHES) entry.capped = true
      result.push(entry)
    } catch (error) {
      logger.debug(`Could not count the references to ${symbol.name}: ${errorMessage(error)}`)
    }
  }
  return result
}
