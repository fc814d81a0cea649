/**
 * Which definition a reference is to, by the language's import and scope rules, among the definitions of its
 * name that the graph found. Pure: the facts in, an answer out. "Elsewhere" means the reference is decided
 * and is to none of them (a local, a parameter, a package outside the repository); "undecided" means the
 * rules could not tell, and the reference belongs in the answer's textual section.
 */
import {
  DISCRIMINANT,
  INLINE_TYPE,
  UNION,
  type FileFacts,
  type Heritage,
  type Located,
  type ImportBinding,
  type Reference
} from './facts.js'
import { membersBelow, membersOfTypes } from './hierarchy.js'
import { receiverType, type TypeContext } from './receiver-types.js'
import { MAX_REEXPORT_DEPTH, reexportSteps } from './reexports.js'
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
export interface ResolveContext extends TypeContext {
  candidates: readonly Located[]
  /** What a class-like name builds on, from any parsed file that declares it. */
  heritageOf(name: string): Heritage | undefined
}

/** The first definition of a reach, or why there is none. */
export const firstOf = (reach: Reach): Resolution =>
  typeof reach === 'string' ? reach : (reach[0] as Located)

/** Every definition a reference can be, by the language's import, scope and type rules, or why none. */
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
    for (const step of reexportSteps(context.filesNamedBy, binding, facts, imported, visited)) {
      const found = throughImport(step.next, step.facts, context, step.imported, visited, depth + 1)
      if (typeof found === 'object') return found
    }
  return isRelative(binding.source) || inTarget.length > 0 ? 'undecided' : 'elsewhere'
}

const isRelative = (source: string): boolean => source.startsWith('.') || /^[@~]\//.test(source)

function resolveMember(reference: Reference, facts: FileFacts, context: ResolveContext): Reach {
  const { candidates } = context
  const [qualifier, ...tests] = (reference.qualifier as string).split(DISCRIMINANT) as [string, ...string[]]
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
  const declared = receiverType(reference, facts, context, qualifier)
  const className = declared ?? (/^_*[A-Z]/.test(lastSegment(qualifier)) ? lastSegment(qualifier) : undefined)
  if (className !== undefined) {
    const containers = className.split(UNION).map(name => {
      const importedAs = facts.imports.find(i => i.local === name)?.imported
      return importedAs && importedAs !== '*' && importedAs !== 'default' ? importedAs : name
    })
    let members = visibleFrom(facts, membersOfTypes(containers, candidates, context.heritageOf))
    // TypeScript counts a use through a base type (`Set`, an interface) as a use of its implementations here.
    if (members.length === 0 && familyOf(facts.language) === 'js' && containers.length === 1)
      members = membersBelow(containers[0] as string, candidates, context.heritageOf)
    if (tests.length > 0 && members.length > 1) {
      members = members.filter(member => discriminatedAs(member, tests, context))
      if (members.length === 0) return 'undecided'
    }
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

/** Whether a union's part can be an object literal's type: it declares no other literal for the literal's members. */
function discriminatedAs(member: Located, tests: readonly string[], context: ResolveContext): boolean {
  const container = member.definition.container
  if (container === undefined) return true
  return tests.every(test => {
    const [key, literal] = test.split('=') as [string, string]
    const declared = context.fieldType(container, key)
    return declared === undefined || !declared.startsWith("'") || declared === literal
  })
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
