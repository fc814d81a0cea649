/**
 * Which parsed definitions a file's diff touches: those whose lines hold an added line, or the place where
 * lines were removed. Pure: a diff and a file's facts in, definitions out.
 */
import { visitLineNumbers } from '../diff/hunk-lines.js'
import type { DiffFile } from '../diff/model.js'
import type { Definition, FileFacts } from './facts.js'

export interface TouchedDefinition {
  definition: Definition
  /** The diff adds the definition's first line: it is new, or its signature may have changed. */
  declarationAdded: boolean
}

/** The head's lines the diff adds, and those just after a removal (where removed lines were), in order. */
export function changedHeadLines(file: DiffFile): { added: Set<number>; all: number[] } {
  const added = new Set<number>()
  const all = new Set<number>()
  for (const hunk of file.hunks) {
    let removedBefore = false
    visitLineNumbers(hunk, (kind, _oldLine, newLine) => {
      if (kind === 'del') {
        removedBefore = true
        return
      }
      if (newLine === undefined) return
      if (kind === 'add') added.add(newLine)
      if (kind === 'add' || removedBefore) all.add(newLine)
      removedBefore = false
    })
  }
  return { added, all: [...all].sort((a, b) => a - b) }
}

/** The first index in `sorted` whose value is at least `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((sorted[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The definitions whose line range holds a changed line, in source order, containers before members. */
export function touchedDefinitions(file: DiffFile, facts: FileFacts): TouchedDefinition[] {
  const { added, all } = changedHeadLines(file)
  if (all.length === 0) return []
  return facts.definitions
    .filter(definition => {
      const at = lowerBound(all, definition.line)
      return at < all.length && (all[at] as number) <= definition.endLine
    })
    .sort((a, b) => a.line - b.line || b.endLine - a.endLine)
    .map(definition => ({ definition, declarationAdded: added.has(definition.line) }))
}
