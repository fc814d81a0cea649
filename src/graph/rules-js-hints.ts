/**
 * TypeScript's declared types beyond a variable's own: what a function declares its parameters as (and a
 * guard its predicate), what a collection holds (`Foo[]`, `Set<Foo>`), the variable of a callback or loop that
 * goes over a collection (`items.forEach(item => …)`, `for (const item of items)`), the parameters of a
 * function a typed literal is given, and a variable copied from another value. Read from the source as
 * written, never inferred.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { ARGUMENT, CALL_RESULT, ELEMENT, MADE, VALUE_OF } from './facts.js'
import { predicateOf } from './rules-js-narrowing.js'
import { LOOKED_AT, MEMBER_CHAIN, NAME_OR_THIS, objectTypeOf, partsOf, typeNameOf } from './rules-js-types.js'
import { childrenOfType, field, isField, qualifierText } from './rules.js'

/** `this.` for a class's member; `.` for an interface's, which `this` does not reach. */
export const memberPrefix = (node: Node): string => (node.type === 'method_signature' ? '.' : 'this.')

export function moreTypeHintsOf(node: Node): Array<[string, string]> {
  if (node.type === 'identifier') return goesOver(node)
  if (node.type === 'variable_declarator') return [...copied(node), ...elementTypesOf(node)]
  return [...parameterTypesOf(node), ...elementTypesOf(node)]
}

const SEE_THROUGH = new Set([
  'non_null_expression',
  'parenthesized_expression',
  'assignment_expression',
  'ternary_expression'
])

/** `const x = store.items[i]`, `const x = globalState.current`: a variable with no type of its own takes its value's. */
function copied(declarator: Node): Array<[string, string]> {
  const name = field(declarator, 'name')
  let value = field(declarator, 'value')
  // `const isStore = make() as (x: unknown) => x is Store`: a guard.
  const cast = value?.type === 'as_expression' ? value.namedChild(1) : null
  const guarded = cast?.type === 'function_type' ? predicateOf(field(cast, 'return_type')) : undefined
  if (guarded && name?.type === 'identifier') return [[`${name.text}(is)`, guarded]]
  if (value?.type === 'call_expression' && name?.type === 'identifier') return madeFrom(name.text, value)
  // `(a = b!)` is b's value; `c ? d : e` is d's, which the compiler makes one type with e's.
  for (let i = 0; i < 4 && value && SEE_THROUGH.has(value.type); i++)
    value =
      value.type === 'assignment_expression'
        ? field(value, 'right')
        : value.type === 'ternary_expression'
          ? field(value, 'consequence')
          : value.namedChild(0)
  if (name?.type !== 'identifier' || !value || field(declarator, 'type')) return []
  if (value.type === 'subscript_expression') {
    const collection = collectionText(field(value, 'object'))
    return collection ? [[name.text, `${ELEMENT}${collection}`]] : []
  }
  if (value.type !== 'member_expression') return []
  const chain = qualifierText(value, MEMBER_CHAIN, NAME_OR_THIS)
  return chain === '?' ? [] : [[name.text, `${VALUE_OF}${chain}`]]
}

/** `const isStore = instanceGuard('Store', Store)`: a guard if the maker's declaration says so, by its arguments. */
function madeFrom(name: string, call: Node): Array<[string, string]> {
  const callee = qualifierText(field(call, 'function'), MEMBER_CHAIN, NAME_OR_THIS)
  const written = (field(call, 'arguments')?.namedChildren ?? []).map(argument =>
    argument?.type === 'identifier' ? argument.text : ''
  )
  return callee !== '?' && written.some(argument => /^_*[A-Z]/.test(argument))
    ? [[`${name}(is)`, `${MADE}${callee}:${written.join(',')}`]]
    : []
}

/**
 * A generic function that makes a guard from a class (`instanceGuard<T>(name: string, made: new () => T): (x:
 * any) => x is T`): the position of the class among its arguments (`#1`), under `instanceGuard()(is)`.
 */
function guardMaker(node: Node, callee: string): Array<[string, string]> {
  const made = field(node, 'return_type')?.namedChild(0)
  const guarded = made?.type === 'function_type' ? predicateOf(field(made, 'return_type')) : undefined
  const typeParameters = field(node, 'type_parameters')?.namedChildren ?? []
  if (!guarded || !typeParameters.some(parameter => parameter && field(parameter, 'name')?.text === guarded))
    return []
  const position = positional(field(node, 'parameters')).findIndex(parameter => {
    const type = field(parameter, 'type')?.namedChild(0)
    return type?.type === 'constructor_type' && field(type, 'type')?.text === guarded
  })
  return position < 0 ? [] : [[`${callee}()(is)`, `#${position}`]]
}

const SIGNED = new Set([
  'method_definition',
  'method_signature',
  'abstract_method_signature',
  'function_declaration',
  'function_signature'
])

const FUNCTION_MEMBERS = new Set(['property_signature', 'public_field_definition'])

/**
 * The types a function or method declares its parameters as, by position (a `this` parameter is none); and
 * a member whose type is a function's (`onFetch: (context: FetchContext) => void`), by the same keys.
 */
function parameterTypesOf(node: Node): Array<[string, string]> {
  const name = field(node, 'name')?.text
  const parameters = name ? parameterListOf(node) : null
  if (!name || !parameters) return []
  return positional(parameters).flatMap((parameter, position): Array<[string, string]> => {
    const type = typeNameOf(field(parameter, 'type'))
    return type ? [[`${calleeOf(node, name)}(${position})`, constraintOf(parameter, type) ?? type]] : []
  })
}

/** A parameter list's parameters that calls give arguments for, in order: a `this` parameter is none. */
function positional(parameters: Node | null | undefined): Node[] {
  return (parameters?.namedChildren ?? []).filter(
    (parameter): parameter is Node =>
      parameter !== null &&
      parameter.type.endsWith('_parameter') &&
      field(parameter, 'pattern')?.type !== 'this'
  )
}

/** A function's or method's parameter list, or that of the function type a member is declared as. */
function parameterListOf(node: Node): Node | null {
  if (SIGNED.has(node.type)) return field(node, 'parameters')
  if (!FUNCTION_MEMBERS.has(node.type)) return null
  const type = field(node, 'type')?.namedChild(0)
  return type?.type === 'function_type' ? field(type, 'parameters') : null
}

const calleeOf = (node: Node, name: string): string =>
  node.type === 'property_signature'
    ? `.${name}`
    : node.type.includes('method') || node.type === 'public_field_definition'
      ? `${memberPrefix(node)}${name}`
      : name

const HOLDING = new Set(['variable_declarator', 'required_parameter', 'optional_parameter'])
const MEMBER_FIELDS = new Set(['public_field_definition', 'field_definition'])

/** What a declared collection holds: `items[]`, `this.items[]`, `.items[]`, `this.all()[]`. */
function elementTypesOf(node: Node): Array<[string, string]> {
  const name = field(node, 'name') ?? field(node, 'pattern')
  if (!name) return []
  if (SIGNED.has(node.type)) {
    const callee = calleeOf(node, name.text)
    const element = elementOf(field(node, 'return_type'))
    const guarded = predicateOf(field(node, 'return_type'))
    return [
      ...(element ? [[`${callee}()[]`, element] as [string, string]] : []),
      ...(guarded ? [[`${callee}(is)`, guarded] as [string, string]] : []),
      ...guardMaker(node, callee)
    ]
  }
  const element = elementOf(field(node, 'type'))
  if (!element) return []
  if (node.type === 'property_signature') return [[`.${name.text}[]`, element]]
  const member =
    MEMBER_FIELDS.has(node.type) || node.namedChildren.some(child => child?.type === 'accessibility_modifier')
  if (member) return [[`this.${name.text}[]`, element]]
  return HOLDING.has(node.type) && name.type === 'identifier' ? [[`${name.text}[]`, element]] : []
}

const COLLECTIONS = /^(?:Array|ReadonlyArray|Set|ReadonlySet|Iterable|IterableIterator)$/
const MAPS = /^(?:Map|ReadonlyMap|WeakMap)$/

/** The class-like type a collection type holds: `Foo[]`, `Array<Foo>`, `Set<Foo>`, a Map's values. */
function elementOf(type: Node | null | undefined): string | undefined {
  if (!type) return undefined
  if (type.type === 'type_annotation' || type.type === 'parenthesized_type' || type.type === 'readonly_type')
    return elementOf(type.namedChild(0))
  if (type.type === 'array_type') return typeNameOf(type.namedChild(0))
  if (type.type === 'union_type') {
    const named = partsOf(type)
    return named.length === 1 ? elementOf(named[0]) : undefined
  }
  if (type.type !== 'generic_type') return undefined
  const name = field(type, 'name')?.text ?? ''
  const argumentsOf = field(type, 'type_arguments')
  if (COLLECTIONS.test(name)) return typeNameOf(argumentsOf?.namedChild(0))
  return MAPS.test(name) ? typeNameOf(argumentsOf?.namedChild(1)) : undefined
}

/** Array and Set methods whose callback's first parameter is an element. */
const VISITORS = /^(?:forEach|map|filter|find|findLast|findIndex|some|every|flatMap)$/

/** `items.forEach(item => …)`, `for (const item of this.items)`: the variable is an element of the collection. */
function goesOver(name: Node): Array<[string, string]> {
  const parent = name.parent
  if (parent?.type === 'for_in_statement' && isField(parent, 'left', name)) {
    const isOf = parent.children.some(child => child?.type === 'of')
    const collection = isOf ? collectionText(field(parent, 'right')) : undefined
    return collection ? [[name.text, `${ELEMENT}${collection}`]] : []
  }
  return callbackParameter(name)
}

const CALLBACKS = new Set(['arrow_function', 'function_expression', 'function', 'method_definition'])

/**
 * An untyped parameter of a function whose place says its type: the first of a callback over a collection
 * (`items.forEach(item => …)`), or any of a function given as a member of a typed object literal
 * (`{ onFetch: (context) => … }` where the type declares `onFetch: (context: FetchContext) => void`).
 */
function callbackParameter(name: Node): Array<[string, string]> {
  const parent = name.parent
  let callback: Node | null = null
  let position = 0
  if (parent?.type === 'arrow_function' && isField(parent, 'parameter', name)) callback = parent
  else if (
    parent?.type === 'required_parameter' &&
    isField(parent, 'pattern', name) &&
    !field(parent, 'type')
  ) {
    position = positionOf(parent)
    callback = parent.parent?.type === 'formal_parameters' ? parent.parent.parent : null
  }
  if (!callback || position < 0 || !CALLBACKS.has(callback.type)) return []
  const type = (position === 0 ? visitedElement(callback) : undefined) ?? memberParameter(callback, position)
  return type ? [[name.text, type]] : []
}

/** A parameter's place among its function's parameters, a `this` parameter not counted; -1 past the first few. */
function positionOf(parameter: Node): number {
  const list = parameter.parent
  let position = 0
  for (let i = 0; list && i < Math.min(list.namedChildCount, LOOKED_AT); i++) {
    const each = list.namedChild(i)
    if (each?.startIndex === parameter.startIndex) return position
    if (each?.type.endsWith('_parameter') && field(each, 'pattern')?.type !== 'this') position++
  }
  return -1
}

/** The element a callback over a collection is given: `items.forEach(item => …)`. */
function visitedElement(callback: Node): string | undefined {
  const list = callback.parent
  const call =
    list?.type === 'arguments' && list.namedChild(0)?.startIndex === callback.startIndex ? list.parent : null
  const callee = call?.type === 'call_expression' ? field(call, 'function') : null
  const method = callee?.type === 'member_expression' ? field(callee, 'property')?.text : undefined
  if (!callee || !method || !VISITORS.test(method)) return undefined
  const collection = collectionText(field(callee, 'object'))
  return collection ? `${ELEMENT}${collection}` : undefined
}

/** A function given as a member of a typed object literal: the type its member declares the parameter as. */
function memberParameter(callback: Node, position: number): string | undefined {
  const pair = callback.parent?.type === 'pair' ? callback.parent : null
  const key = pair
    ? field(pair, 'key')
    : callback.type === 'method_definition'
      ? field(callback, 'name')
      : null
  const object = pair ? pair.parent : callback.parent
  if (key?.type !== 'property_identifier' || object?.type !== 'object') return undefined
  const owner = objectTypeOf(object)
  return owner && /^[\w$.#]+$/.test(owner) ? `${ARGUMENT}${position}:${owner}.${key.text}` : undefined
}

/** A collection as a chain of names (`this.items`, `item.children!`) or what a call returns (`call:this.all`). */
function collectionText(node: Node | null): string | undefined {
  if (node?.type === 'non_null_expression' || node?.type === 'parenthesized_expression')
    return collectionText(node.namedChild(0))
  if (node?.type === 'call_expression') {
    const callee = qualifierText(field(node, 'function'), MEMBER_CHAIN, NAME_OR_THIS)
    return callee === '?' ? undefined : `${CALL_RESULT}${callee}`
  }
  const text = qualifierText(node, MEMBER_CHAIN, NAME_OR_THIS)
  return text === '?' || text === 'this' ? undefined : text
}

/** A parameter typed by its function's type parameter (`o: T`, `<T extends Options>`): the constraint. */
export function constraintOf(parameter: Node, type: string): string | undefined {
  const fn = parameter.parent?.type === 'formal_parameters' ? parameter.parent.parent : null
  const parameters = fn ? field(fn, 'type_parameters') : null
  for (const declared of parameters?.namedChildren ?? [])
    if (declared && field(declared, 'name')?.text === type) {
      const constraint = childrenOfType(declared, 'constraint')[0]
      return typeNameOf(constraint?.namedChildren[0])
    }
  return undefined
}
