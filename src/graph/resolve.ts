/**
 * Which definition a reference is to, by the language's import and scope rules, among the definitions of its
 * name that the graph found. Pure: the facts in, an answer out. "Elsewhere" means the reference is decided
 * and is to none of them (a local, a parameter, a package outside the repository); "undecided" means the
 * rules could not tell, and the reference belongs in the answer's textual section.
 */
import type { Definition, FileFacts, ImportBinding, Reference } from './facts.js'
import { familyOf } from './languages.js'
import { importCanName } from './modules.js'

export interface Located {
  path: string
  definition: Definition
}

export type Resolution = Located | 'elsewhere' | 'undecided'

const SELF = new Set(['this', 'self', 'cls', 'super', 'Self'])
const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const lastSegment = (text: string): string =>
  text.slice(Math.max(text.lastIndexOf('.'), text.lastIndexOf(':')) + 1)

/** What reaches every file: the definitions of the name, and each file's facts by path. */
export interface ResolveContext {
  candidates: readonly Located[]
  /** The parsed files an import in `facts` can name. */
  filesNamedBy(facts: FileFacts, source: string): FileFacts[]
}

export function resolveReference(
  reference: Reference,
  facts: FileFacts,
  context: ResolveContext
): Resolution {
  const { candidates } = context
  if (reference.defines) {
    const own = candidates.find(
      c =>
        c.path === facts.path &&
        c.definition.line <= reference.line &&
        reference.line <= c.definition.endLine &&
        c.definition.name === reference.name
    )
    return own ?? 'elsewhere'
  }
  const decided =
    reference.qualifier === undefined
      ? resolveBare(reference, facts, context)
      : resolveMember(reference, facts, context)
  if (decided !== 'undecided') return decided
  // A name defined once, reached through something the rules cannot follow: a member of a value whose type is
  // not in view. It can only be that one definition or something outside the repository.
  const members = candidates.filter(c => c.definition.container !== undefined)
  if (reference.qualifier !== undefined && candidates.length === 1 && members.length === 1)
    return members[0] as Located
  return 'undecided'
}

function resolveBare(reference: Reference, facts: FileFacts, context: ResolveContext): Resolution {
  const { candidates } = context
  const { name } = reference
  if (reference.scopes.some(scope => facts.locals.get(scope)?.has(name))) return 'elsewhere'
  const topLevel = candidates.find(c => c.path === facts.path && c.definition.container === undefined)
  if (topLevel) return topLevel
  const binding = facts.imports.find(i => i.local === name && i.imported !== '*')
  if (binding) return throughImport(binding, facts, context, name === binding.local ? binding.imported : name)
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

/** The definition an imported name is, through re-exports up to a few files deep. */
function throughImport(
  binding: ImportBinding,
  facts: FileFacts,
  context: ResolveContext,
  imported: string,
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
  if (depth < 3) {
    const through = reexportingFile(binding, facts, context, imported)
    if (through) return throughImport(through.next, through.facts, context, through.imported, depth + 1)
  }
  return isRelative(binding.source) || inTarget.length > 0 ? 'undecided' : 'elsewhere'
}

const isRelative = (source: string): boolean => source.startsWith('.') || /^[@~]\//.test(source)

/** A file the import names that re-exports the name from another module. */
function reexportingFile(
  binding: ImportBinding,
  facts: FileFacts,
  context: ResolveContext,
  imported: string
): { facts: FileFacts; next: ImportBinding; imported: string } | undefined {
  for (const other of context.filesNamedBy(facts, binding.source)) {
    const next =
      other.imports.find(i => i.reexport && (i.local === imported || i.local === '*')) ??
      other.imports.find(i => i.local === imported && familyOf(other.language) === 'python')
    if (next) return { facts: other, next, imported: next.imported === '*' ? imported : next.imported }
  }
  return undefined
}

function resolveMember(reference: Reference, facts: FileFacts, context: ResolveContext): Resolution {
  const { candidates } = context
  const qualifier = reference.qualifier as string
  if (qualifier === '?') return 'undecided'
  if (SELF.has(qualifier)) {
    const own = candidates.filter(c => c.definition.container === reference.inClass)
    return own.find(c => c.path === facts.path) ?? (own.length === 1 ? (own[0] as Located) : 'undecided')
  }
  const module = facts.imports.find(i => i.local === qualifier && i.imported === '*')
  if (module) {
    const found = candidates.find(
      c =>
        c.definition.container === undefined &&
        importCanName(facts.language, facts.path, module.source, c.path)
    )
    return found ?? 'elsewhere'
  }
  const className =
    facts.typeOf.get(qualifier) ??
    (/^[A-Z]/.test(lastSegment(qualifier)) ? lastSegment(qualifier) : undefined)
  if (className !== undefined) {
    const importedAs = facts.imports.find(i => i.local === className)?.imported
    const container = importedAs && importedAs !== '*' && importedAs !== 'default' ? importedAs : className
    const members = candidates.filter(c => c.definition.container === container)
    if (members.length === 1) return members[0] as Located
    if (members.length > 1) return members.find(c => c.path === facts.path) ?? 'undecided'
    // A module of Rust or Go reached by its path: `store::get`.
    const inModule = candidates.find(
      c => c.definition.container === undefined && c.path.includes(`${lastSegment(qualifier)}.`)
    )
    if (inModule) return inModule
    return facts.typeOf.has(qualifier) ? 'elsewhere' : 'undecided'
  }
  const inModule = candidates.find(
    c => c.definition.container === undefined && endsWithModule(c.path, lastSegment(qualifier))
  )
  return inModule ?? 'undecided'
}

const endsWithModule = (path: string, module: string): boolean => {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return (
    name.replace(/\.[^.]*$/, '') === module || dirOf(path).endsWith(`/${module}`) || dirOf(path) === module
  )
}
