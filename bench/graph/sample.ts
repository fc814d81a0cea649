/** The seeded sample: which definitions and use sites are asked about, and how a model would ask. */
import { placeKey, type Definition, type DefinitionSpan, type Place, type UseSite } from './types.js'

export type Stratum = 'once' | 'several'

/** A small seeded generator (mulberry32): the same seed gives the same sample on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** How many definitions each name has in the project. */
export function definitionCounts(definitions: readonly Definition[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const d of definitions) counts.set(d.name, (counts.get(d.name) ?? 0) + 1)
  return counts
}

/** Names called by the language itself (`__init__`, `constructor`): no one asks who uses them by name. */
const isImplicit = (name: string): boolean => /^__\w+__$/.test(name) || name === 'constructor'

export const stratumOf = (counts: ReadonlyMap<string, number>, name: string): Stratum =>
  (counts.get(name) ?? 0) > 1 ? 'several' : 'once'

/** Up to `perStratum` definitions of names defined once and as many of names defined several times. */
export function sampleDefinitions(
  definitions: readonly Definition[],
  perStratum: number,
  random: () => number
): Array<{ definition: Definition; stratum: Stratum }> {
  const counts = definitionCounts(definitions)
  const taken = { once: 0, several: 0 }
  const perName = new Map<string, number>()
  const out: Array<{ definition: Definition; stratum: Stratum }> = []
  for (const definition of shuffled(definitions, random)) {
    if (isImplicit(definition.name)) continue
    const stratum = stratumOf(counts, definition.name)
    // Two at most of one name, so that a dozen `get`s do not stand for the whole stratum.
    const ofName = perName.get(definition.name) ?? 0
    if (taken[stratum] >= perStratum || ofName >= 2) continue
    perName.set(definition.name, ofName + 1)
    taken[stratum]++
    out.push({ definition, stratum })
  }
  return out
}

/**
 * Candidate use sites, shuffled, `limit` per stratum, for go-to-definition to judge (some land outside the
 * project, so more are asked than kept): one per name and file first, then other lines of those when short.
 */
export function candidateSites(
  sites: readonly UseSite[],
  counts: ReadonlyMap<string, number>,
  limit: number,
  random: () => number
): Array<{ site: UseSite; stratum: Stratum }> {
  const taken = { once: 0, several: 0 }
  const seen = new Set<string>()
  const out: Array<{ site: UseSite; stratum: Stratum }> = []
  const repeats: UseSite[] = []
  const take = (site: UseSite): void => {
    const stratum = stratumOf(counts, site.name)
    if (taken[stratum] >= limit) return
    taken[stratum]++
    out.push({ site, stratum })
  }
  for (const site of shuffled(sites, random)) {
    if (isImplicit(site.name)) continue
    const key = `${site.name}\u0000${site.file}`
    if (seen.has(key)) repeats.push(site)
    else {
      seen.add(key)
      take(site)
    }
  }
  for (const site of repeats) take(site)
  return out
}

/** The key of a definition of `name` at a place, to tell it from a parameter of another name on its line. */
export const namedPlaceKey = (place: Place, name: string): string => `${placeKey(place)} ${name}`

/**
 * A site is worth asking when go-to-definition leads to one of the definitions sampled from (module level and
 * members; not a local or a parameter of the same name, nor a library), and not to the site itself.
 */
export function isAnswerable(
  site: UseSite,
  spans: readonly DefinitionSpan[],
  definedAt: ReadonlySet<string>
): boolean {
  return (
    spans.some(s => definedAt.has(namedPlaceKey(s, site.name))) &&
    !spans.some(s => s.file === site.file && s.line === site.line)
  )
}

/** find_references as a model asks it: a bare name when it is unique, else qualified or with its file. */
export function referencesQuery(
  definition: Definition,
  definitions: readonly Definition[]
): Record<string, string> {
  const { name, container, file } = definition
  const same = definitions.filter(d => d.name === name)
  if (same.length <= 1) return { symbol: name }
  if (!container) return { symbol: name, defined_in: file }
  const qualified = `${container}.${name}`
  const sameQualified = same.filter(d => d.container === container).length
  return sameQualified <= 1 ? { symbol: qualified } : { symbol: qualified, defined_in: file }
}
