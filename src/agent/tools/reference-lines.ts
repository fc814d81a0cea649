/**
 * The lines of a find_references answer. Every listed reference is one line, `path:line kind name`, two
 * spaces and its code, marks after it; context lines and anything else start with whitespace or a word, so
 * a reader can pick the references out by their shape alone.
 */
import type { ReferenceKind } from '../../graph/facts.js'
import { cleanUntrusted } from '../../text/untrusted.js'
import { shownLine, type KeyLines } from './private-keys.js'

export interface ListedReference {
  path: string
  line: number
  kind: ReferenceKind
  name: string
  /** The enclosing function, as `Container.name (line n)`. */
  enclosing?: string | undefined
  definition?: boolean
  /** A use in code the parser found but could not tie to a definition (a dynamic call), not a string or comment. */
  untied?: true
  /** A declaration of the same member in another type (`Container.name`): a redeclaration or a stub. */
  redeclaredAs?: string
}

export interface LineSource {
  keyLines: KeyLines
  /** A file's line at the head (1-based), or undefined when it was not read. */
  textAt(path: string, line: number): string | undefined
  isAdded(path: string, line: number): boolean
  context: number
}

export function referenceLine(entry: ListedReference, source: LineSource): string[] {
  const code = shownLine(
    source.keyLines,
    entry.path,
    entry.line,
    (source.textAt(entry.path, entry.line) ?? '').trim()
  )
  const marks = [
    entry.definition ? 'definition' : '',
    entry.redeclaredAs ? `redeclared as ${entry.redeclaredAs}` : '',
    entry.enclosing ? `in ${entry.enclosing}` : '',
    source.isAdded(entry.path, entry.line) ? 'added by this pull request' : ''
  ].filter(Boolean)
  const lines = [
    `${entry.path}:${entry.line} ${entry.kind} ${entry.name}  ${code}${marks.length > 0 ? `  [${marks.join('; ')}]` : ''}`
  ]
  if (source.context > 0) lines.push(...contextLines(entry, source))
  return lines
}

function contextLines(entry: ListedReference, source: LineSource): string[] {
  const out: string[] = []
  for (let n = Math.max(1, entry.line - source.context); n <= entry.line + source.context; n++) {
    if (n === entry.line) continue
    const text = source.textAt(entry.path, n)
    if (text === undefined) continue
    const shown = shownLine(source.keyLines, entry.path, n, cleanUntrusted(text, { invisible: 'show' }))
    out.push(`    ${n}${n < entry.line ? '-' : '+'} ${shown}`)
  }
  return out
}

/** Resolved entries first, up to the cap; textual ones only in what room is left. */
export function capped<T>(
  resolved: T[],
  textual: T[],
  cap: number
): { resolved: T[]; textual: T[]; left: number } {
  const keptResolved = resolved.slice(0, cap)
  const keptTextual = textual.slice(0, Math.max(0, cap - keptResolved.length))
  return {
    resolved: keptResolved,
    textual: keptTextual,
    left: resolved.length - keptResolved.length + textual.length - keptTextual.length
  }
}
