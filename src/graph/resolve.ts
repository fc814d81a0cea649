/**
 * Which definition a reference is to, by the language's import and scope rules, among the definitions of its
 * name that the graph found. Pure: the facts in, an answer out. "Elsewhere" means the reference is decided
 * and is to none of them (a local, a parameter, a package outside the repository); "undecided" means the
 * rules could not tell, and the reference belongs in the answer's textual section.
 */
import {
  CALL_RESULT,
  INLINE_TYPE,
  typeKey,
  type FileFacts,
  type Heritage,
  type Located,
  type ImportBinding,
  type Reference
} from './facts.js'
import { membersBelow, membersOfTypes } from './hierarchy.js'
import { familyOf } from './languages.js'
import { importCanName } from './modules.js'

export type { Located } from './facts.js'

export type Resolution = Located | 'elsewhere' | 'undecided'
/** Every definition a reference can be: one, or several when it is reached through a union of types. */
export type Reach = Located[] | 'elsewhere' | 'undecided'

const SELF = new Set(['this', 'self', 'cls', 'super', 'Self'])
const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const lastSegment = (text: string): string =>
  text.slice(Math.max(text.lastIndexOf('.'), text.lastIndexOf(':')) + 1)

/** What reaches every file: the definitions of the name, and each file's facts by path. */
export interface ResolveContext {
  candidates: readonly Located[]
  /** The parsed files an import in `facts` can name. */
  filesNamedBy(facts: FileFacts, source: string): FileFacts[]
  /** What a class-like name builds on, from any parsed file that declares it. */
  heritageOf(name: string): Heritage | undefined
  /** The declared type of a class's field (`Store.items`), from any parsed file. */
  fieldType(type: string, field: string): string | undefined
}

/** The first definition a reference reaches. */
export function resolveReference(
  reference: Reference,
  facts: FileFacts,
  context: ResolveContext
): Resolution {
  const reach = reachOf(reference, facts, context)
  return typeof reach === 'string' ? reach : (reach[0] as Located)
}

export function reachOf(reference: Reference, facts: FileFacts, context: ResolveContext): Reach {
  const { candidates } = context
  if (reference.defines) {
    const own = candidates.find(
      c =>
        c.path === facts.path &&
        c.definition.line <= reference.line &&
        reference.line <= c.definition.endLine &&
        c.definition.name === reference.name
    )
    return own ? [own] : 'elsewhere'
  }
  const decided =
    reference.qualifier === undefined
      ? one(resolveBare(reference, facts, context))
      : resolveMember(reference, facts, context)
  if (decided !== 'undecided') return decided
  // A name defined once, reached through something the rules cannot follow: a member of a value whose type is
  // not in view. It can only be that one definition or something outside the repository.
  const members = candidates.filter(c => c.definition.container !== undefined)
  const inline = reference.qualifier === INLINE_TYPE
  if (reference.qualifier !== undefined && !inline && candidates.length === 1 && members.length === 1)
    return [members[0] as Located]
  return 'undecided'
}

const one = (resolution: Resolution): Reach => (typeof resolution === 'string' ? resolution : [resolution])

function resolveBare(reference: Reference, facts: FileFacts, context: ResolveContext): Resolution {
  const { candidates } = context
  const { name } = reference
  if (reference.scopes.some(scope => facts.locals.get(scope)?.has(name))) return 'elsewhere'
  // Python: in a class's own body (not in its methods), a bare name is the class's own.
  if (
    familyOf(facts.language) === 'python' &&
    reference.inClass !== undefined &&
    reference.scopes.length === 0
  ) {
    const member = candidates.find(c => c.path === facts.path && c.definition.container === reference.inClass)
    if (member) return member
  }
  // `import { a as b }`, `export { a as b } from`: the `a` there is the imported name itself, whatever else
  // the file calls `a`.
  const specifier =
    reference.kind === 'import' || reference.kind === 'other'
      ? facts.imports.find(i => i.imported === name && i.local !== name && i.line <= reference.line)
      : undefined
  const topLevel = candidates.find(c => c.path === facts.path && c.definition.container === undefined)
  if (topLevel && !specifier) return topLevel
  const binding = facts.imports.find(i => i.local === name && i.imported !== '*') ?? specifier
  if (binding) return throughImport(binding, facts, context, binding.imported, new Set())
  const family = familyOf(facts.language)
  if (reference.inClass !== undefined && (family === 'java' || family === 'rust' || family === 'go')) {
    const member = candidates.find(c => c.path === facts.path && c.definition.container === reference.inClass)
    if (member) return member
  }
  if (family === 'go' || family === 'java') {
    const samePackage = candidates.filter(
      c => dirOf(c.path) === dirOf(facts.path) && (family === 'java' || c.definition.container === undefined)
    )
    if (samePackage.length === 1) return samePackage[0] as Located
  }
  for (const wildcard of facts.imports.filter(i => i.local === '*')) {
    const found = candidates.find(
      c =>
        c.definition.container === undefined &&
        importCanName(facts.language, facts.path, wildcard.source, c.path)
    )
    if (found) return found
  }
  if (family === 'python' || family === 'js') return 'elsewhere'
  return 'undecided'
}

/** A use of a name imported under another (`import { a as b }`, then `b()`): what the import names. */
export function reachOfAlias(
  reference: Reference,
  binding: ImportBinding,
  facts: FileFacts,
  context: ResolveContext
): Reach {
  if (reference.scopes.some(scope => facts.locals.get(scope)?.has(reference.name))) return 'elsewhere'
  return one(throughImport(binding, facts, context, binding.imported, new Set()))
}

const MAX_REEXPORT_DEPTH = 4

/** The definition an imported name is, through re-exports (`export *` barrels included) a few files deep. */
function throughImport(
  binding: ImportBinding,
  facts: FileFacts,
  context: ResolveContext,
  imported: string,
  visited: Set<string>,
  depth = 0
): Resolution {
  const { candidates } = context
  const inTarget = candidates.filter(c => importCanName(facts.language, facts.path, binding.source, c.path))
  const direct = inTarget.find(c => c.definition.name === imported && c.definition.container === undefined)
  if (direct) return direct
  // Python: `from pkg import mod` names a module; `from . import name` a submodule or a name of __init__.py.
  if (familyOf(facts.language) === 'python') {
    const submodule = candidates.find(c =>
      importCanName(facts.language, facts.path, `${binding.source}.${imported}`, c.path)
    )
    if (submodule && submodule.definition.name === imported) return submodule
  }
  if (depth < MAX_REEXPORT_DEPTH)
    for (const step of reexportSteps(binding, facts, context, imported, visited)) {
      const found = throughImport(step.next, step.facts, context, step.imported, visited, depth + 1)
      if (typeof found === 'object') return found
    }
  return isRelative(binding.source) || inTarget.length > 0 ? 'undecided' : 'elsewhere'
}

const isRelative = (source: string): boolean => source.startsWith('.') || /^[@~]\//.test(source)

/** The re-exports, in the files an import names, that can pass the name on: by name first, then `*`. */
function reexportSteps(
  binding: ImportBinding,
  facts: FileFacts,
  context: ResolveContext,
  imported: string,
  visited: Set<string>
): Array<{ facts: FileFacts; next: ImportBinding; imported: string }> {
  const steps: Array<{ facts: FileFacts; next: ImportBinding; imported: string }> = []
  for (const other of context.filesNamedBy(facts, binding.source)) {
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
  context: ResolveContext,
  qualifier: string,
  depth = 0
): string | undefined {
  const parts = qualifier.split('.')
  for (let take = parts.length; take >= 1; take--) {
    const start = parts.slice(0, take).join('.')
    let type =
      declaredType(reference, facts, start) ?? (take === 1 ? importedType(facts, context, start) : undefined)
    if (type?.startsWith(CALL_RESULT))
      type =
        depth < 3 ? returnType(reference, facts, context, type.slice(CALL_RESULT.length), depth) : undefined
    if (type === undefined) continue
    for (const field of parts.slice(take)) {
      type = context.fieldType(type, field)
      if (type === undefined) return undefined
    }
    return type
  }
  return undefined
}

/** What a call returns, by the return type its function or method declares: `this.load`, `store.get`, `make`. */
function returnType(
  reference: Reference,
  facts: FileFacts,
  context: ResolveContext,
  callee: string,
  depth: number
): string | undefined {
  const dot = callee.lastIndexOf('.')
  if (dot < 0)
    return facts.typeOf.get(typeKey(0, `${callee}()`)) ?? importedType(facts, context, callee, '()')
  const [receiver, method] = [callee.slice(0, dot), callee.slice(dot + 1)]
  const owner =
    receiver === 'this' ? reference.inClass : chainType(reference, facts, context, receiver, depth + 1)
  return owner === undefined ? undefined : context.fieldType(owner, `${method}()`)
}

/**
 * The declared type of a module-level variable (or, with `()`, function) another file exports to this one,
 * through the files that pass it on (`export *`, `export { x } from`).
 */
function importedType(
  facts: FileFacts,
  context: ResolveContext,
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
  context: ResolveContext,
  name: string,
  suffix: string,
  visited: Set<string>,
  depth = 0
): string | undefined {
  for (const other of context.filesNamedBy(facts, binding.source)) {
    if (visited.has(other.path)) continue
    visited.add(other.path)
    const type = other.typeOf.get(typeKey(0, `${name}${suffix}`))
    if (type !== undefined) return type
    if (depth >= MAX_REEXPORT_DEPTH) continue
    for (const next of other.imports) {
      if (!next.reexport || (next.local !== name && next.local !== '*')) continue
      const imported = next.local === '*' ? name : next.imported
      const found = exportedType(next, other, context, imported, suffix, visited, depth + 1)
      if (found !== undefined) return found
    }
  }
  return undefined
}

function resolveMember(reference: Reference, facts: FileFacts, context: ResolveContext): Reach {
  const { candidates } = context
  const qualifier = reference.qualifier as string
  if (qualifier === '?' || qualifier === INLINE_TYPE) return 'undecided'
  if (SELF.has(qualifier)) return ownMember(reference, facts, context)
  const module = facts.imports.find(i => i.local === qualifier && i.imported === '*')
  if (module) {
    const found = candidates.find(
      c =>
        c.definition.container === undefined &&
        importCanName(facts.language, facts.path, module.source, c.path)
    )
    return found ? [found] : 'elsewhere'
  }
  const declared = qualifier.startsWith(CALL_RESULT)
    ? returnType(reference, facts, context, qualifier.slice(CALL_RESULT.length), 0)
    : chainType(reference, facts, context, qualifier)
  const className = declared ?? (/^[A-Z]/.test(lastSegment(qualifier)) ? lastSegment(qualifier) : undefined)
  if (className !== undefined) {
    const importedAs = facts.imports.find(i => i.local === className)?.imported
    const container = importedAs && importedAs !== '*' && importedAs !== 'default' ? importedAs : className
    let members = visibleFrom(facts, membersOfTypes([container], candidates, context.heritageOf))
    // TypeScript counts a use through a base type (`Set`, an interface) as a use of its implementations here.
    if (members.length === 0 && familyOf(facts.language) === 'js')
      members = membersBelow(container, candidates, context.heritageOf)
    if (members.length > 0) {
      const sameContainer = new Set(members.map(c => c.definition.container)).size === members.length
      return sameContainer ? members : 'undecided'
    }
    // A module of Rust or Go reached by its path: `store::get`.
    const inModule = candidates.find(
      c => c.definition.container === undefined && c.path.includes(`${lastSegment(qualifier)}.`)
    )
    if (inModule) return [inModule]
    return declared !== undefined ? 'elsewhere' : 'undecided'
  }
  const inModule = candidates.find(
    c => c.definition.container === undefined && endsWithModule(c.path, lastSegment(qualifier))
  )
  return inModule ? [inModule] : 'undecided'
}

/**
 * Of members found by their containers' names, those the file can see when one name is a class in several
 * files: the file's own, else those in files it imports.
 */
function visibleFrom(facts: FileFacts, members: Located[]): Located[] {
  const byContainer = new Map<string | undefined, Located[]>()
  for (const member of members)
    byContainer.set(member.definition.container, [
      ...(byContainer.get(member.definition.container) ?? []),
      member
    ])
  return [...byContainer.values()].flatMap(group => {
    if (group.length === 1) return group
    const here = group.filter(c => c.path === facts.path)
    if (here.length > 0) return here
    const imported = group.filter(c =>
      facts.imports.some(i => importCanName(facts.language, facts.path, i.source, c.path))
    )
    return imported.length > 0 ? imported : group
  })
}

/** `this.x`, `self.x`, `super().x`: the class's own member, else the nearest base's. */
function ownMember(reference: Reference, facts: FileFacts, context: ResolveContext): Reach {
  const inClass = reference.inClass
  if (inClass === undefined) return 'undecided'
  const start = reference.qualifier === 'super' ? (context.heritageOf(inClass)?.bases ?? []) : [inClass]
  const members = membersOfTypes(start, context.candidates, context.heritageOf)
  const here = members.filter(c => c.path === facts.path)
  if (here.length > 0 && here[0]?.definition.container === inClass) return here.slice(0, 1)
  // Python: `self.x = …` in a subclass gives its instances an attribute of their own.
  if (reference.kind === 'write' && familyOf(facts.language) === 'python' && reference.qualifier !== 'super')
    return 'elsewhere'
  if (here.length > 0) return here.slice(0, 1)
  // Several bases with the member: the first in declaration order wins (Python's method order, roughly);
  // two classes of one name in different files cannot be told apart.
  const containers = new Set(members.map(c => c.definition.container))
  return members.length > 0 && containers.size === members.length ? members.slice(0, 1) : 'undecided'
}

const endsWithModule = (path: string, module: string): boolean => {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return (
    name.replace(/\.[^.]*$/, '') === module || dirOf(path).endsWith(`/${module}`) || dirOf(path) === module
  )
}
