/**
 * Classes and interfaces by what they build on: where a member reached through a type is declared (the
 * type's own, else its nearest base's), and which members of one name redeclare each other along a line of
 * inheritance. Pure: names in, names out; a name declared in no parsed file simply has no bases.
 */
import type { Heritage, Located } from './facts.js'
import { withoutStubs } from './stubs.js'

/** How far a search of bases goes: past this many types a hierarchy is not followed further. */
const MAX_TYPES = 40

export type HeritageOf = (name: string) => Heritage | undefined

/**
 * The members among `candidates` that a member access on a value of the `start` types reaches: each type's
 * own, else, for that type alone, its bases' (a union's parts, an alias's target), nearest first; a type
 * stub's member only where its implementation is not in view.
 */
export function membersOfTypes(
  start: readonly string[],
  candidates: readonly Located[],
  heritageOf: HeritageOf
): Located[] {
  const found: Located[] = []
  const seen = new Set<string>()
  let level = [...start]
  while (level.length > 0 && seen.size < MAX_TYPES) {
    const next: string[] = []
    for (const type of level) {
      if (seen.has(type)) continue
      seen.add(type)
      const own = candidates.filter(c => c.definition.container === type)
      if (own.length > 0) found.push(...own)
      else next.push(...(heritageOf(type)?.bases ?? []))
    }
    level = next
  }
  return withoutStubs(found)
}

/** Every class and interface `type` extends or implements, however far up (type aliases not followed). */
export function ancestorsOf(type: string, heritageOf: HeritageOf): Set<string> {
  const found = new Set<string>()
  let level = [type]
  while (level.length > 0 && found.size < MAX_TYPES) {
    const next: string[] = []
    for (const name of level) {
      const heritage = heritageOf(name)
      if (!heritage || heritage.alias) continue
      for (const base of heritage.bases)
        if (!found.has(base) && base !== type) {
          found.add(base)
          next.push(base)
        }
    }
    level = next
  }
  return found
}

/**
 * Whether two members of one name are one member redeclared along lines of inheritance: both containers are,
 * or build on, one type that declares it (`declaring`: the containers with a member of that name). This is
 * how TypeScript's compiler counts them: a member and every redeclaration of it below the types declaring it.
 */
export function redeclares(
  a: Located,
  b: Located,
  heritageOf: HeritageOf,
  declaring: ReadonlySet<string>
): boolean {
  const [ca, cb] = [a.definition.container, b.definition.container]
  if (a.definition.name !== b.definition.name || ca === undefined || cb === undefined) return false
  if (ca === cb) return true
  const lineageOfA = ancestorsOf(ca, heritageOf).add(ca)
  for (const type of ancestorsOf(cb, heritageOf).add(cb))
    if (lineageOfA.has(type) && declaring.has(type)) return true
  return false
}

/** The candidates declared in types that build on `type`: what a member of a base reaches in TypeScript. */
export function membersBelow(
  type: string,
  candidates: readonly Located[],
  heritageOf: HeritageOf
): Located[] {
  return candidates.filter(c => {
    const container = c.definition.container
    return container !== undefined && ancestorsOf(container, heritageOf).has(type)
  })
}
