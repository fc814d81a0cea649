/**
 * What TypeScript's declared types say, as far as a syntax tree shows them: the class or interface a
 * variable, a parameter or an object literal is declared as, what a class or interface extends, and the
 * names a documentation comment links to. Nothing here infers a type; it reads what the source wrote.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { Heritage } from './facts.js'
import { field, qualifierText, type Use } from './rules.js'

const WRAPPERS = new Set(['parenthesized_type', 'readonly_type'])
const NOTHING = new Set(['literal_type', 'predefined_type', 'undefined', 'null'])

/** The one class-like name a type annotation (or type) names: `Foo`, `Foo<T>`, `ns.Foo`, `Foo | undefined`. */
export function typeNameOf(type: Node | null | undefined): string | undefined {
  if (!type) return undefined
  switch (type.type) {
    case 'type_annotation':
    case 'opting_type_annotation':
    case 'omitting_type_annotation':
      return typeNameOf(type.namedChildren[0])
    case 'type_identifier':
      return type.text
    case 'generic_type': {
      const name = typeNameOf(field(type, 'name'))
      return name && KEEPS_MEMBERS.test(name)
        ? (typeNameOf(field(type, 'type_arguments')?.namedChildren[0]) ?? name)
        : name
    }
    case 'nested_type_identifier':
      return field(type, 'name')?.text
    case 'union_type': {
      const named = type.namedChildren.filter(part => part && !NOTHING.has(part.type))
      return named.length === 1 ? typeNameOf(named[0]) : undefined
    }
    default:
      return WRAPPERS.has(type.type) ? typeNameOf(type.namedChildren[0]) : undefined
  }
}

const HERITAGE_PARTS = new Set([
  'class_heritage',
  'extends_clause',
  'implements_clause',
  'extends_type_clause',
  'union_type',
  'intersection_type',
  'parenthesized_type'
])

/** Generic types whose first argument's members they keep: the utility types, and `WithRequired`-like helpers. */
const KEEPS_MEMBERS = /^(?:Omit|Pick|Partial|Required|Readonly|NonNullable|Exclude|Extract|With[A-Z]\w*)$/

/** Every class-like name a heritage clause or a union names, type arguments left out. */
function typeNamesIn(node: Node | null): string[] {
  if (!node) return []
  if (node.type === 'type_identifier' || node.type === 'identifier') return [node.text]
  if (node.type === 'nested_type_identifier') return [field(node, 'name')?.text ?? ''].filter(Boolean)
  if (node.type === 'member_expression') return [field(node, 'property')?.text ?? ''].filter(Boolean)
  if (node.type === 'generic_type') {
    const name = typeNamesIn(field(node, 'name'))
    const kept = name[0] !== undefined && KEEPS_MEMBERS.test(name[0])
    return kept ? [...name, ...typeNamesIn(field(node, 'type_arguments')?.namedChildren[0] ?? null)] : name
  }
  if (!HERITAGE_PARTS.has(node.type)) return []
  return node.namedChildren.flatMap(child => (child ? typeNamesIn(child) : []))
}

/** What a class, an interface or a type alias builds on. */
export function heritageOf(node: Node): { name: string; heritage: Heritage } | undefined {
  const name = field(node, 'name')?.text
  if (!name) return undefined
  let bases: string[] = []
  let alias = false
  if (
    node.type === 'class_declaration' ||
    node.type === 'abstract_class_declaration' ||
    node.type === 'class'
  )
    bases = node.namedChildren.flatMap(child => (child?.type === 'class_heritage' ? typeNamesIn(child) : []))
  else if (node.type === 'interface_declaration')
    bases = node.namedChildren.flatMap(child =>
      child?.type === 'extends_type_clause' ? typeNamesIn(child) : []
    )
  else if (node.type === 'type_alias_declaration') {
    bases = typeNamesIn(field(node, 'value'))
    alias = true
  }
  bases = [...new Set(bases)].filter(base => base !== name)
  if (bases.length === 0) return undefined
  return { name, heritage: alias ? { bases, alias: true } : { bases } }
}

const FUNCTION_NODES = new Set([
  'arrow_function',
  'function_declaration',
  'function_expression',
  'function',
  'method_definition',
  'generator_function_declaration'
])

/** The type an object literal is declared as: `const x: T = {…}`, `{…} as T`, a function's return type. */
export function objectTypeOf(object: Node | null): string | undefined {
  if (object?.type !== 'object') return undefined
  let at = object.parent
  if (at?.type === 'parenthesized_expression') at = at.parent
  if (!at) return undefined
  if (at.type === 'variable_declarator') return typeNameOf(field(at, 'type'))
  if (at.type === 'as_expression' || at.type === 'satisfies_expression')
    return typeNameOf(at.namedChildren[1])
  if (at.type === 'arrow_function') return typeNameOf(field(at, 'return_type'))
  if (at.type === 'return_statement') {
    let fn = at.parent
    for (let i = 0; fn && i < 12 && !FUNCTION_NODES.has(fn.type); i++) fn = fn.parent
    return fn && FUNCTION_NODES.has(fn.type) ? typeNameOf(field(fn, 'return_type')) : undefined
  }
  return undefined
}

const SOURCE_CHAIN = new Set(['member_expression'])
const SOURCE_NAMES = new Set(['identifier', 'this'])

/**
 * What a destructuring pattern takes apart: the declared type of a parameter or variable, else the value's
 * name (`const { a } = store` is `store.a`), for the resolver to look up.
 */
export function patternSourceOf(pattern: Node | null): string | undefined {
  const owner = pattern?.parent
  if (!owner || pattern?.type !== 'object_pattern') return undefined
  const declared = typeNameOf(field(owner, 'type'))
  if (declared) return declared
  if (owner.type !== 'variable_declarator') return undefined
  const value = field(owner, 'value')
  const text = qualifierText(value, SOURCE_CHAIN, SOURCE_NAMES)
  return text === '?' ? undefined : text
}

const LINK = /\{@link(?:code|plain)?\s+([A-Za-z_$][\w$]*)(?:[#.]([A-Za-z_$][\w$]*))?/g

/** `{@link Name}` and `{@link Name#member}` in a documentation comment: references the compiler resolves. */
export function linksIn(node: Node): Array<Use & { name: string; line: number }> {
  if (node.type !== 'comment' || !node.text.startsWith('/**') || !node.text.includes('@link')) return []
  const text = node.text
  const links: Array<Use & { name: string; line: number }> = []
  let line = node.startPosition.row + 1
  let counted = 0
  for (const match of text.matchAll(LINK)) {
    for (; counted < match.index; counted++) if (text.charCodeAt(counted) === 10) line++
    const [, name, member] = match as unknown as [string, string, string | undefined]
    links.push({ name, line, kind: 'other' })
    if (member) links.push({ name: member, line, kind: 'other', qualifier: name })
  }
  return links
}
