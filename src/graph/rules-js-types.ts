/**
 * What TypeScript's declared types say, as far as a syntax tree shows them: the class or interface a
 * variable, a parameter or an object literal is declared as, what a class or interface extends, and the
 * names a documentation comment links to. Nothing here infers a type; it reads what the source wrote.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { ARGUMENT, DISCRIMINANT, UNION, type Heritage } from './facts.js'
import { field, qualifierText, unquote, type Use } from './rules.js'

const WRAPPERS = new Set(['parenthesized_type', 'readonly_type'])
const NOTHING = new Set(['literal_type', 'predefined_type', 'undefined', 'null'])

/**
 * The class-like name a type annotation (or type) names: `Foo`, `Foo<T>`, `ns.Foo`, `Foo | undefined`; for an
 * inline union of names, each of them: `Circle|Square`.
 */
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
      const named = partsOf(type)
      if (named.length === 1) return typeNameOf(named[0])
      // An inline union of named types (`a: Circle | Square`) is each of them, as a union alias's parts are.
      const names = named.length <= 8 && named.every(part => part.type === 'type_identifier')
      return names ? named.map(part => part.text).join(UNION) : undefined
    }
    default:
      return WRAPPERS.has(type.type) ? typeNameOf(type.namedChildren[0]) : undefined
  }
}

/** A union's parts that name something, nested unions flattened (`undefined | null | Foo` is `Foo`). */
export function partsOf(union: Node, depth = 0): Node[] {
  return union.namedChildren.flatMap(part => {
    if (!part || NOTHING.has(part.type)) return []
    return part.type === 'union_type' && depth < 8 ? partsOf(part, depth + 1) : [part]
  })
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

export const FUNCTION_NODES = new Set([
  'arrow_function',
  'function_declaration',
  'function_expression',
  'function',
  'method_definition',
  'generator_function_declaration'
])

/**
 * What an object literal's members belong to, as a qualifier: the type it is declared as (`const x: T = {…}`,
 * `{…} as T`, a function's return type), what it is assigned to (`this.state = {…}`), or the parameter it is
 * passed as (`arg:0:this.notify`).
 */
export function objectTypeOf(object: Node | null): string | undefined {
  if (object?.type !== 'object') return undefined
  const owner = ownerOf(object)
  return owner === undefined ? undefined : `${owner}${discriminantsOf(object)}`
}

function ownerOf(object: Node): string | undefined {
  let at = object.parent
  if (at?.type === 'parenthesized_expression') at = at.parent
  if (!at) return undefined
  if (at.type === 'arguments') return argumentOf(at, object)
  if (at.type === 'assignment_expression' && field(at, 'right')?.startIndex === object.startIndex) {
    const target = qualifierText(field(at, 'left'), MEMBER_CHAIN, NAME)
    return target === '?' ? undefined : target
  }
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

/** What `qualifierText` reads a TypeScript chain with: member accesses, from a name (or also from `this`). */
export const MEMBER_CHAIN = new Set(['member_expression'])
export const NAME = new Set(['identifier'])
export const NAME_OR_THIS = new Set(['identifier', 'this'])

/** How far into a literal or a list the rules look, so that a long one costs no more per name. */
export const LOOKED_AT = 16

/**
 * The literal values a literal gives its members (`type: 'pause'`), by which TypeScript tells the parts of a
 * discriminated union apart: `;type='pause'`.
 */
function discriminantsOf(object: Node): string {
  let tests = ''
  for (let i = 0; i < Math.min(object.namedChildCount, LOOKED_AT); i++) {
    const pair = object.namedChild(i)
    const key = pair?.type === 'pair' ? field(pair, 'key') : null
    let value = pair?.type === 'pair' ? field(pair, 'value') : null
    if (value?.type === 'as_expression') value = value.namedChild(0)
    const literal = literalOf(value)
    if (key?.type === 'property_identifier' && literal) tests += `${DISCRIMINANT}${key.text}=${literal}`
  }
  return tests
}

/** A string literal, as the graph keeps a literal type or value: `'pause'`. */
export function literalOf(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'string') return undefined
  const text = unquote(node.text)
  return /^[\w$.:/ -]{0,64}$/.test(text) ? `'${text}'` : undefined
}

/** `f({…})`, `this.store.set(k, {…})`, `new Cache({…})`: the callee's parameter at the literal's position. */
function argumentOf(list: Node, object: Node): string | undefined {
  const call = list.parent
  let position = -1
  for (let i = 0; i < Math.min(list.namedChildCount, LOOKED_AT) && position < 0; i++)
    if (list.namedChild(i)?.startIndex === object.startIndex) position = i
  if (!call || position < 0) return undefined
  if (call.type === 'new_expression') {
    const made = field(call, 'constructor')
    return made?.type === 'identifier' ? `${ARGUMENT}${position}:${made.text}.constructor` : undefined
  }
  if (call.type !== 'call_expression') return undefined
  const callee = qualifierText(field(call, 'function'), MEMBER_CHAIN, NAME_OR_THIS)
  return callee === '?' ? undefined : `${ARGUMENT}${position}:${callee}`
}

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
  const text = qualifierText(value, MEMBER_CHAIN, NAME_OR_THIS)
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
