/**
 * How an imported name travels through the files that pass it on (`export { x } from`, `export * from`, and
 * Python's imports, which every module passes on): one step of the chain, shared by the resolver, which
 * follows it to a definition, and the receiver types, which follow it to a variable's declared type.
 */
import type { FileFacts, ImportBinding } from './facts.js'
import { familyOf } from './languages.js'

/** Files passed through (`export *`, `export { x } from`) from an import to what it names. */
export const MAX_REEXPORT_DEPTH = 4

/** The parsed files an import in `facts` can name. */
export type FilesNamedBy = (facts: FileFacts, source: string) => FileFacts[]

export interface ReexportStep {
  /** The file that passes the name on. */
  facts: FileFacts
  /** Its import or re-export that does. */
  next: ImportBinding
  /** The name in the module it passes it on from. */
  imported: string
}

/**
 * The re-exports, in the files `binding` names (each file once across a chain: `visited`), that can pass
 * `imported` on: those naming it first, then `export *`.
 */
export function reexportSteps(
  filesNamedBy: FilesNamedBy,
  binding: ImportBinding,
  facts: FileFacts,
  imported: string,
  visited: Set<string>
): ReexportStep[] {
  const steps: ReexportStep[] = []
  for (const other of filesNamedBy(facts, binding.source)) {
    if (visited.has(other.path)) continue
    visited.add(other.path)
    const python = familyOf(other.language) === 'python'
    for (const next of other.imports)
      if ((next.reexport || python) && next.local === imported)
        steps.unshift({ facts: other, next, imported: next.imported })
      else if (next.reexport && next.local === '*') steps.push({ facts: other, next, imported })
  }
  return steps
}
