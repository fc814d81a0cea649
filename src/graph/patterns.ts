/**
 * The pattern fallback: declarations recognised by line patterns common to the usual languages, not by
 * parsing. It answers for a language without a grammar, and for the changed files the first message does not
 * parse; a miss only leaves a symbol out.
 */

const NAME = '([A-Za-z_$][\\w$]*)'

/** Declarations that start a top-level block (at column 0, after an optional export). */
export const TOP_LEVEL_DECLARATIONS: readonly RegExp[] = [
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

const STARTS_LOWER = /^[a-z]/
const STARTS_BLANK = /^\s/
const ENDS_WITH_BRACE = /\{\s*$/

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

export const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0

/** The symbol a line declares, if it is a recognised declaration. */
export function declarationIn(line: string): Declaration | undefined {
  // Every top-level pattern starts with a lower-case keyword and every method pattern with indentation, and
  // a method with a body ends in a brace or is a Python def: most lines of code are none of these.
  if (STARTS_LOWER.test(line)) {
    for (const pattern of TOP_LEVEL_DECLARATIONS) {
      const name = pattern.exec(line)?.[1]
      if (name) return { name, indent: 0, topLevel: true }
    }
    return undefined
  }
  if (!STARTS_BLANK.test(line) || !(ENDS_WITH_BRACE.test(line) || line.includes('def'))) return undefined
  return methodIn(line)
}

/** A method or member function declared on `line`, if any. */
export function methodIn(line: string): Declaration | undefined {
  for (const pattern of METHOD) {
    const name = pattern.exec(line)?.[1]
    if (name && !NOT_METHODS.has(name) && !name.startsWith('_')) {
      return { name, indent: indentOf(line), topLevel: false }
    }
  }
  return undefined
}

/** What the walk up from a changed line needs of each line it passes. */
interface LineFacts {
  /** Leading whitespace, or -1 for a blank line. */
  indent: number
  declaration: Declaration | undefined
}

/**
 * The facts of line `i` of a file, worked out once per line: the walks up from every added line of a file
 * cross the same lines, and in a file of indented code each walk goes to the top.
 */
const factsOf = new WeakMap<readonly string[], LineFacts[]>()

export function lineFacts(lines: readonly string[], i: number): LineFacts {
  let known = factsOf.get(lines)
  if (!known) {
    known = []
    factsOf.set(lines, known)
  }
  let facts = known[i]
  if (!facts) {
    const text = lines[i] ?? ''
    facts =
      text.trim() === ''
        ? { indent: -1, declaration: undefined }
        : { indent: indentOf(text), declaration: declarationIn(text) }
    known[i] = facts
  }
  return facts
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
 * Per line of a file: the nearest line at or above it that is at column 0 and not blank, and the nearest
 * method; worked out from the top as far as it has been asked for.
 */
interface Outline {
  columnZero: Int32Array
  method: Int32Array
  /** Lines worked out so far. */
  known: number
}

const outlines = new WeakMap<readonly string[], Outline>()

function outlineTo(lines: readonly string[], index: number): Outline {
  let outline = outlines.get(lines)
  if (!outline) {
    outline = { columnZero: new Int32Array(lines.length), method: new Int32Array(lines.length), known: 0 }
    outlines.set(lines, outline)
  }
  for (let i = outline.known; i <= index; i++) {
    const { indent, declaration } = lineFacts(lines, i)
    const above = i > 0
    outline.columnZero[i] = indent === 0 ? i : above ? (outline.columnZero[i - 1] as number) : -1
    outline.method[i] =
      declaration && !declaration.topLevel ? i : above ? (outline.method[i - 1] as number) : -1
  }
  outline.known = Math.max(outline.known, index + 1)
  return outline
}

/**
 * The declarations that enclose line `n` (1-based) of a file: the nearest top-level one, and the nearest
 * method above it when the line is indented deeper than that method. Reading up from the line, the first
 * line at column 0 ends the search (a closing bracket there is the end of the line's own block and is passed
 * over); the outline jumps there and from method to method, so a file's added lines cost no more than its
 * lines, however deeply its code is indented.
 */
export function enclosingDeclarations(lines: string[], n: number): Array<Declaration & { line: number }> {
  const found: Array<Declaration & { line: number }> = []
  const last = n - 1
  const start = Math.min(last, lines.length - 1)
  if (start < 0) return found
  const outline = outlineTo(lines, start)
  const targetIndent = indentOf(lines[last] ?? '')
  let boundary = outline.columnZero[start] as number
  if (
    boundary === last &&
    !lineFacts(lines, last).declaration?.topLevel &&
    /^[)\]}]/.test(lines[last] ?? '')
  ) {
    boundary = last > 0 ? (outline.columnZero[last - 1] as number) : -1
  }
  for (
    let at = outline.method[start] as number;
    at > boundary;
    at = at > 0 ? (outline.method[at - 1] as number) : -1
  ) {
    const method = lineFacts(lines, at).declaration as Declaration
    if (at === last || targetIndent > method.indent) {
      found.push({ ...method, line: at + 1 })
      break
    }
  }
  const top = boundary >= 0 ? lineFacts(lines, boundary).declaration : undefined
  if (top?.topLevel) found.push({ ...top, line: boundary + 1 })
  return found.reverse()
}
