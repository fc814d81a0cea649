/**
 * A symbol as the model names it (`get`, `Cache.get`, `store.get`, `store::get`) and the definitions it
 * chooses: shared by find_definition and find_references, so both read a qualified name alike.
 */
import { z } from 'zod'
import { qualifiedName } from '../../graph/facts.js'
import type { Located } from '../../graph/resolve.js'
import { moduleWord } from '../../graph/modules.js'

const IDENTIFIER = '[A-Za-z_$][\\w$]*'

export const symbolField = z
  .string()
  .min(1)
  .max(200)
  .regex(new RegExp(`^${IDENTIFIER}(?:(?:\\.|::)${IDENTIFIER})*$`), {
    message: 'an identifier (letters, digits, _ or $), or a qualified name such as Cache.get or store.get'
  })
  .describe('A name (get), or a qualified name: Container.name (Cache.get) or module.name (store.get).')

export interface SymbolQuery {
  /** The last name: what is searched for. */
  name: string
  /** What comes before it, when qualified. */
  qualifier: string | undefined
}

export function symbolQuery(symbol: string): SymbolQuery {
  const parts = symbol.split(/\.|::/)
  const name = parts.pop() as string
  return { name, qualifier: parts.length > 0 ? parts.join('.') : undefined }
}

/** Whether a definition is the one a qualifier names: its container, or its module (the file's name). */
export function qualifierChooses(qualifier: string, located: Located): boolean {
  const container = located.definition.container
  const last = qualifier.slice(qualifier.lastIndexOf('.') + 1)
  if (
    container !== undefined &&
    (container === qualifier || container === last || container.endsWith(`.${last}`))
  )
    return true
  const module = moduleWord(located.path)
  return (
    module === last ||
    located.path
      .replace(/\.[^./]+$/, '')
      .replace(/\//g, '.')
      .endsWith(qualifier)
  )
}

/** `path:line kind Container.name`: how every answer names a definition. */
export const definitionLabel = (located: Located): string =>
  `${located.path}:${located.definition.line} ${located.definition.kind} ${qualifiedName(located.definition)}`

/** Best first: visible outside its file before private, code before type stubs and tests, then by path. */
export function byPreference(isTest: (path: string) => boolean): (a: Located, b: Located) => number {
  const rank = (l: Located): number =>
    (l.definition.exported ? 0 : 1) + (l.path.endsWith('.pyi') ? 1 : 0) + (isTest(l.path) ? 2 : 0)
  return (a, b) =>
    rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.definition.line - b.definition.line)
}
