/**
 * The type a member is reached through, as far as the source declares it: a variable's, parameter's or
 * field's declared or constructed type, in its scope; a module-level variable another file exports; what a
 * called function or method declares it returns or takes; what a collection holds; what a guard narrows to;
 * and each further name of a chain as a field of the type before it. Pure: the facts in, a type's name out;
 * nothing is inferred that the source does not write.
 */
import {
  ARGUMENT,
  ELEMENT,
  CALL_RESULT,
  GUARDED,
  MADE,
  PICKS,
  VALUE_OF,
  typeKey,
  type FileFacts,
  type ImportBinding,
  type Reference
} from './facts.js'
import { MAX_REEXPORT_DEPTH, reexportSteps, type FilesNamedBy } from './reexports.js'

/** What the other parsed files say, for a type to be followed across them. */
export interface TypeContext {
  /** The parsed files an import in `facts` can name. */
  filesNamedBy: FilesNamedBy
  /** The declared type of a class's field or, with `()`, what its method returns (`Store.items`), from any parsed file. */
  fieldType(type: string, field: string): string | undefined
}

/** The prefixes of a type written as where it comes from. */
const WRITTEN_AS = [CALL_RESULT, ARGUMENT, GUARDED, VALUE_OF, ELEMENT]

/**
 * The type of a member's receiver: a name or a chain of names, or a type written as where it comes from (what a
 * call returns, a parameter's, a guard's: `call:load`, `arg:0:this.emit`, `is:isStore:x`).
 */
export function receiverType(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  qualifier: string
): string | undefined {
  return WRITTEN_AS.some(prefix => qualifier.startsWith(prefix))
    ? followed(reference, facts, context, qualifier, 0)
    : chainType(reference, facts, context, qualifier)
}

/** `isStore:x` of a guarded qualifier: the guard and the variable it narrows. */
function splitGuard(guard: string): [string, string] {
  const colon = guard.lastIndexOf(':')
  return [guard.slice(0, colon), guard.slice(colon + 1)]
}

/** What a class's own members are reached through. */
const SELF = new Set(['this', 'self'])

/** The first name a qualifier reaches its member through: `store` of `store.items`, `call:store.get`, `arg:0:store.set`. */
export function receiverRoot(qualifier: string): string {
  const bare = qualifier.startsWith(CALL_RESULT)
    ? qualifier.slice(CALL_RESULT.length)
    : qualifier.startsWith(ARGUMENT)
      ? qualifier.slice(ARGUMENT.length).replace(/^\d+:/, '')
      : qualifier.startsWith(GUARDED)
        ? qualifier.slice(GUARDED.length)
        : qualifier
  return bare.split(/[.;|:]/, 1)[0] as string
}

/** The type a variable is declared or constructed as, in the reference's scopes or the module's. */
function declaredType(reference: Reference, facts: FileFacts, variable: string): string | undefined {
  for (let i = reference.scopes.length - 1; i >= 0; i--) {
    const type = facts.typeOf.get(typeKey(reference.scopes[i] as number, variable))
    if (type !== undefined) return type
  }
  return facts.typeOf.get(typeKey(0, variable))
}

/**
 * The type of a name or a chain of names (`query.options`, `this.cache.config`): the longest start of it
 * with a declared type, then each further name as a field of the type before it.
 */
function chainType(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  qualifier: string,
  depth = 0
): string | undefined {
  const parts = qualifier.split('.')
  for (let take = parts.length; take >= 1; take--) {
    const start = parts.slice(0, take).join('.')
    let type =
      declaredType(reference, facts, start) ?? (take === 1 ? importedType(facts, context, start) : undefined)
    // A chain from a class's own name (`Environment.loader`, as a local's type was put in): that class's fields.
    if (type === undefined && take === 1 && parts.length > 1 && /^_*[A-Z][\w$]*$/.test(start)) type = start
    if (type !== undefined) type = depth < 3 ? followed(reference, facts, context, type, depth) : undefined
    if (type === undefined) continue
    for (const field of parts.slice(take)) {
      type = context.fieldType(type, field)
      if (type === undefined) return undefined
    }
    return type
  }
  return undefined
}

/**
 * A type written as where it comes from, followed: what a call returns (`call:`), a parameter's (`arg:`), what a
 * guard says (`is:`, else the variable's own), a value's (`value:`), what a collection holds (`elem:`). Any other
 * is a type's name already.
 */
function followed(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  type: string,
  depth: number
): string | undefined {
  if (type.startsWith(CALL_RESULT)) {
    const callee = type.slice(CALL_RESULT.length)
    return (
      calleeType(reference, facts, context, callee, '()', depth) ??
      picked(reference, facts, context, callee, depth)
    )
  }
  const argument = type.startsWith(ARGUMENT) ? /^(\d+):(.+)$/.exec(type.slice(ARGUMENT.length)) : null
  if (argument)
    return calleeType(reference, facts, context, argument[2] as string, `(${argument[1] as string})`, depth)
  if (type.startsWith(GUARDED)) {
    const [callee, variable] = splitGuard(type.slice(GUARDED.length))
    return (
      calleeType(reference, facts, context, callee, '(is)', depth) ??
      chainType(reference, facts, context, variable, depth + 1)
    )
  }
  if (type.startsWith(VALUE_OF))
    return chainType(reference, facts, context, type.slice(VALUE_OF.length), depth + 1)
  return type.startsWith(ELEMENT)
    ? elementType(reference, facts, context, type.slice(ELEMENT.length), depth)
    : type
}

/** `items.find(…)`, `byKey.get(key)`: an element of the collection, when nothing is declared for the method. */
function picked(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  callee: string,
  depth: number
): string | undefined {
  const dot = callee.lastIndexOf('.')
  if (dot < 0 || depth > 3 || !PICKS.test(callee.slice(dot + 1))) return undefined
  return elementType(reference, facts, context, callee.slice(0, dot), depth + 1)
}

/** What a collection holds, by its declared type: `items`, `this.items`, `store.items`, `call:this.all`. */
function elementType(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  collection: string,
  depth: number
): string | undefined {
  if (collection.startsWith(CALL_RESULT))
    return calleeType(reference, facts, context, collection.slice(CALL_RESULT.length), '()[]', depth)
  const own = calleeType(reference, facts, context, collection, '[]', depth)
  if (own !== undefined || collection.includes('.')) return own
  // A copy of another collection (`const items = this.items`) holds what that one holds.
  const copy = declaredType(reference, facts, collection)
  return copy?.startsWith(VALUE_OF) && depth < 3
    ? elementType(reference, facts, context, copy.slice(VALUE_OF.length), depth + 1)
    : undefined
}

/**
 * What a name or a member (`make`, `this.load`, `store.items`, `Cache.constructor`) is declared with, by the
 * suffix of its hint: `()` the type it returns, `(0)` its first parameter's, `(is)` what it guards, `[]` what
 * it holds.
 */
function calleeType(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  callee: string,
  suffix: string,
  depth: number
): string | undefined {
  const dot = callee.lastIndexOf('.')
  if (dot < 0) {
    const own = declaredType(reference, facts, `${callee}${suffix}`)
    return own === undefined
      ? importedType(facts, context, callee, suffix)
      : madeGuard(own, facts, context, depth)
  }
  const [receiver, method] = [callee.slice(0, dot), callee.slice(dot + 1)]
  const owner = ownerOf(reference, facts, context, receiver, depth)
  return owner === undefined ? undefined : context.fieldType(owner, `${method}${suffix}`)
}

/**
 * What a guard made from a class narrows to (`made:instanceGuard:,Store` is `Store` when `instanceGuard`
 * declares its guard is of its second argument's class), read in the file the guard is made in; else the type.
 */
function madeGuard(type: string, facts: FileFacts, context: TypeContext, depth: number): string | undefined {
  if (!type.startsWith(MADE) || depth > 3) return type
  const written = type.slice(MADE.length)
  const colon = written.indexOf(':')
  const atModuleLevel: Reference = { name: '', line: 0, kind: 'call', scopes: [] }
  const position = calleeType(atModuleLevel, facts, context, written.slice(0, colon), '()(is)', depth + 1)
  const argument = position?.startsWith('#')
    ? written.slice(colon + 1).split(',')[Number(position.slice(1))]
    : ''
  return argument || undefined
}

/**
 * The type whose member a receiver reaches: the class `this`/`self` is in, the receiver's type, or a class's
 * own name (`Cache.create`, `Cache.constructor`, a member of a type a local's type was put in as).
 */
function ownerOf(
  reference: Reference,
  facts: FileFacts,
  context: TypeContext,
  receiver: string,
  depth: number
): string | undefined {
  if (SELF.has(receiver)) return reference.inClass
  return (
    chainType(reference, facts, context, receiver, depth + 1) ??
    (/^_*[A-Z][\w$]*$/.test(receiver) ? receiver : undefined)
  )
}

/**
 * The declared type of a module-level variable (or, with `()`, function) another file exports to this one,
 * through the files that pass it on (`export *`, `export { x } from`).
 */
function importedType(
  facts: FileFacts,
  context: TypeContext,
  variable: string,
  suffix = ''
): string | undefined {
  const binding = facts.imports.find(
    i => i.local === variable && i.imported !== '*' && i.imported !== 'default'
  )
  return binding ? exportedType(binding, facts, context, `${binding.imported}`, suffix, new Set()) : undefined
}

function exportedType(
  binding: ImportBinding,
  facts: FileFacts,
  context: TypeContext,
  name: string,
  suffix: string,
  visited: Set<string>,
  depth = 0
): string | undefined {
  for (const other of context.filesNamedBy(facts, binding.source)) {
    const type = other.typeOf.get(typeKey(0, `${name}${suffix}`))
    if (type !== undefined) return madeGuard(type, other, context, depth)
  }
  if (depth >= MAX_REEXPORT_DEPTH) return undefined
  for (const step of reexportSteps(context.filesNamedBy, binding, facts, name, visited)) {
    const found = exportedType(step.next, step.facts, context, step.imported, suffix, visited, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}
