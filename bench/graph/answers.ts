/**
 * Reading the tools' answers as lists of places. Both formats are line-based and read with patterns that run
 * in linear time on any text.
 */
import type { Place } from './types.js'

/** `path:line kind name`: the contract every listed reference of the graph's find_references keeps. */
const REFERENCE = /^([^\s:]+):(\d+) (call|import|type|read|write|other) (\S+)/
/** `path:line kind Container.name`: one definition per line in find_definition's answer. */
const DEFINITION = /^([^\s:]+):(\d+) (\S+) (\S+)/

export interface ListedReferences {
  /** References the parser tied to the definition asked about. */
  resolved: Place[]
  /** Hits the parser could not tie to it: the section that starts with a `Textual matches` line. */
  textual: Place[]
}

export function graphReferences(answer: string): ListedReferences {
  const listed: ListedReferences = { resolved: [], textual: [] }
  let section = listed.resolved
  for (const line of answer.split('\n')) {
    if (line.startsWith('Textual matches')) section = listed.textual
    const match = REFERENCE.exec(line)
    if (match) section.push({ file: match[1] as string, line: Number(match[2]) })
  }
  return listed
}

/** `    used in <file> at line 3, 9 and 2 more`: the lines of the asked file that reach the definition above. */
const USED_AT = /^\s+used in \S+ at line ([\d, ]+)/

/** find_definition's definitions, best first, each with the lines of the asked file that use it. */
export function graphDefinitions(answer: string): Array<Place & { usedAt?: number[] }> {
  const out: Array<Place & { usedAt?: number[] }> = []
  for (const line of answer.split('\n')) {
    const match = DEFINITION.exec(line)
    if (match) out.push({ file: match[1] as string, line: Number(match[2]) })
    const used = USED_AT.exec(line)
    const last = out[out.length - 1]
    if (used && last) last.usedAt = (used[1] as string).split(',').map(Number)
  }
  return out
}

/** An entry of today's answer: two spaces, the line number, its marks, a colon. */
const BASELINE_ENTRY = /^ {2}(\d+)(?: \[[^\]\n]*\])?: /

/**
 * Today's answer: a `path (count):` header per file, then `  line [marks]: code` per reference; the enclosing
 * function's line (`      in N:`) and the lines around (`    N- `) are indented further and are not references.
 */
export function baselineReferences(answer: string): Place[] {
  const out: Place[] = []
  let file: string | undefined
  for (const line of answer.split('\n')) {
    if (!line.startsWith(' ') && line.endsWith('):')) {
      const open = line.lastIndexOf(' (')
      file = open > 0 ? line.slice(0, open) : undefined
      continue
    }
    const entry = BASELINE_ENTRY.exec(line)
    if (entry && file !== undefined) out.push({ file, line: Number(entry[1]) })
  }
  return out
}
