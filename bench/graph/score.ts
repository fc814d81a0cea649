/** Scoring at (file, line): what was listed against what the compiler says, the definition's own lines left out. */
import { placeKey, type DefinitionSpan, type Place } from './types.js'

/** Pooled counts: precision is hits / listed, recall is hits / truth. */
export interface Tally {
  listed: number
  truth: number
  hits: number
}

export const emptyTally = (): Tally => ({ listed: 0, truth: 0, hits: 0 })

export function addTally(into: Tally, more: Tally): void {
  into.listed += more.listed
  into.truth += more.truth
  into.hits += more.hits
}

export function scoreReferences(
  truth: readonly Place[],
  listed: readonly Place[],
  own: readonly Place[]
): Tally {
  const ownKeys = new Set(own.map(placeKey))
  const truthKeys = new Set(truth.map(placeKey).filter(k => !ownKeys.has(k)))
  const listedKeys = new Set(listed.map(placeKey).filter(k => !ownKeys.has(k)))
  let hits = 0
  for (const key of listedKeys) if (truthKeys.has(key)) hits++
  return { listed: listedKeys.size, truth: truthKeys.size, hits }
}

/** The places listed that the compiler does not name, and the compiler's that were not listed. */
export function differences(
  truth: readonly Place[],
  listed: readonly Place[],
  own: readonly Place[]
): { extra: Place[]; missed: Place[] } {
  const ownKeys = new Set(own.map(placeKey))
  const truthKeys = new Set(truth.map(placeKey))
  const listedKeys = new Set(listed.map(placeKey))
  return {
    extra: listed.filter(p => !truthKeys.has(placeKey(p)) && !ownKeys.has(placeKey(p))),
    missed: truth.filter(p => !listedKeys.has(placeKey(p)) && !ownKeys.has(placeKey(p)))
  }
}

/**
 * Whether the first definition listed is one go-to-definition gives: same file, on a line from the declaration's
 * first (decorators, modifiers) to its name's.
 */
export function firstIsRight(listed: readonly Place[], truth: readonly DefinitionSpan[]): boolean {
  const first = listed[0]
  if (!first) return false
  return truth.some(t => t.file === first.file && first.line >= t.startLine && first.line <= t.line)
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '  n/a' : `${((100 * part) / whole).toFixed(0).padStart(4)}%`
}
