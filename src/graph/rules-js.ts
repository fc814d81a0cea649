/** TypeScript, TSX and JavaScript: one set of rules over the three grammars' shared node types. */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { ImportBinding, ReferenceKind } from './facts.js'
import {
  heritageOf,
  linksIn,
  literalOf,
  MEMBER_CHAIN,
  NAME,
  NAME_OR_THIS,
  objectTypeOf,
  patternSourceOf,
  typeNameOf
} from './rules-js-types.js'
import { CALL_RESULT, INLINE_TYPE } from './facts.js'
import { constraintOf, memberPrefix, moreTypeHintsOf } from './rules-js-hints.js'
import { narrowedQualifier } from './rules-js-narrowing.js'
import {
  childrenOfType,
  field,
  isField,
  qualifierText,
  unquote,
  type LanguageRules,
  type Use
} from './rules.js'

const CLASS_LIKE: Record<string, string> = {
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  interface_declaration: 'interface',
  internal_module: 'module',
  module: 'module',
  enum_declaration: 'enum'
}
const PLAIN: Record<string, string> = {
  function_declaration: 'function',
  function_signature: 'function',
  generator_function_declaration: 'function',
  type_alias_declaration: 'type'
}
const MEMBERS: Record<string, string> = {
  method_definition: 'method',
  method_signature: 'method',
  abstract_method_signature: 'method',
  public_field_definition: 'field',
  field_definition: 'field',
  property_signature: 'field'
}
const FUNCTIONS = new Set([
  'function_declaration',
  'function_signature',
  'method_signature',
  'abstract_method_signature',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition'
])
const NAMES = new Set([
  'identifier',
  'property_identifier',
  'type_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern'
])
const IMPORTING = new Set(['import_specifier', 'import_clause', 'namespace_import', 'export_specifier'])
const LOCALS = new Set([
  'variable_declarator',
  'required_parameter',
  'optional_parameter',
  'formal_parameters',
  'catch_clause',
  'shorthand_property_identifier_pattern',
  'assignment_pattern'
])
const SIGNATURES = new Set(['property_signature', 'method_signature', 'abstract_method_signature'])
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function'])

const isExported = (node: Node): boolean => {
  const parent = node.parent
  return parent?.type === 'export_statement' || parent?.parent?.type === 'export_statement'
}

function definitionOf(node: Node, inClass: string | undefined): ReturnType<LanguageRules['definitionOf']> {
  const type = node.type
  const nameNode = field(node, 'name')
  if (CLASS_LIKE[type] && nameNode)
    return {
      nameNode,
      kind: CLASS_LIKE[type],
      container: inClass,
      exported: isExported(node),
      opensClass: nameNode.text
    }
  if (PLAIN[type] && nameNode) {
    const site = { nameNode, kind: PLAIN[type] as string, container: inClass, exported: isExported(node) }
    // `type Options = { a: T }` declares members as an interface does.
    const objectType = type === 'type_alias_declaration' && field(node, 'value')?.type === 'object_type'
    return objectType ? { ...site, opensClass: nameNode.text } : site
  }
  if (MEMBERS[type] && nameNode && inClass) {
    const isPrivate = nameNode.type === 'private_property_identifier' || /^(private|#)/.test(node.text)
    const kind = nameNode.text === 'constructor' ? 'constructor' : (MEMBERS[type] as string)
    return { nameNode, kind, container: inClass, exported: !isPrivate }
  }
  if (
    inClass &&
    (type === 'enum_assignment' || (type === 'property_identifier' && node.parent?.type === 'enum_body'))
  ) {
    const name = type === 'enum_assignment' ? nameNode : node
    return name ? { nameNode: name, kind: 'constant', container: inClass, exported: true } : undefined
  }
  if (type === 'variable_declarator' && nameNode?.type === 'identifier') {
    const value = field(node, 'value')
    const declaration = node.parent
    const kind =
      value && FUNCTION_VALUES.has(value.type)
        ? 'function'
        : declaration?.text.startsWith('const')
          ? 'constant'
          : 'variable'
    return { nameNode, kind, container: inClass, exported: declaration ? isExported(declaration) : false }
  }
  return undefined
}

function memberKind(member: Node): ReferenceKind {
  const outer = member.parent
  if (outer?.type === 'call_expression' && isField(outer, 'function', member)) return 'call'
  if (outer && /assignment/.test(outer.type) && isField(outer, 'left', member)) return 'write'
  return 'read'
}

function referenceOf(node: Node): Use | readonly Use[] | undefined {
  const parent = node.parent
  if (!parent) return { kind: 'read' }
  if (parent.type === 'member_expression' && isField(parent, 'property', node))
    return { kind: memberKind(parent), qualifier: memberQualifier(field(parent, 'object')) }
  if (parent.type === 'nested_type_identifier' && isField(parent, 'name', node))
    return { kind: 'type', qualifier: parent.childForFieldName('module')?.text ?? '?' }
  // A member of an inline object type (`opts: { reset: boolean }`): whose, the tree does not say.
  if (SIGNATURES.has(parent.type) && isField(parent, 'name', node))
    return { kind: 'type', qualifier: INLINE_TYPE }
  if (parent.type === 'pair' && isField(parent, 'key', node))
    return { kind: 'write', qualifier: objectTypeOf(parent.parent) ?? '?' }
  // `{ key }` reads a variable and writes a member of the object's type, which the tree may not say.
  if (node.type === 'shorthand_property_identifier')
    return [{ kind: 'read' }, { kind: 'write', qualifier: objectTypeOf(parent) ?? '?' }]
  // A method of an object literal (`{ run() {…} }`) is a member of the object's type.
  if (
    parent.type === 'method_definition' &&
    parent.parent?.type === 'object' &&
    isField(parent, 'name', node)
  )
    return { kind: 'write', qualifier: objectTypeOf(parent.parent) ?? '?' }
  if (IMPORTING.has(parent.type) || parent.parent?.type === 'named_imports') return { kind: 'import' }
  if (node.type === 'shorthand_property_identifier_pattern' || parent.type === 'pair_pattern')
    return patternUse(node, parent)
  if (node.type === 'type_identifier') return { kind: 'type' }
  if (parent.type === 'call_expression' && isField(parent, 'function', node)) return { kind: 'call' }
  if (parent.type === 'new_expression' && isField(parent, 'constructor', node)) return { kind: 'call' }
  if (/assignment/.test(parent.type) && isField(parent, 'left', node)) return { kind: 'write' }
  if (parent.type === 'update_expression') return { kind: 'write' }
  if (parent.type === 'variable_declarator' && isField(parent, 'name', node)) return { kind: 'write' }
  if (parent.type === 'export_statement' || parent.type === 'export_clause') return { kind: 'other' }
  return { kind: 'read' }
}

/** A name in a destructuring pattern: a member of what is destructured, or a name `require` gives. */
function patternUse(node: Node, parent: Node): Use {
  const objectPattern = parent.type === 'pair_pattern' ? parent.parent : parent
  const declarator = objectPattern?.parent
  if (declarator?.type === 'variable_declarator' && requireOf(declarator, 0)) return { kind: 'import' }
  if (parent.type === 'pair_pattern' && !isField(parent, 'key', node)) return { kind: 'write' }
  return { kind: 'read', qualifier: patternSourceOf(objectPattern) ?? '?' }
}

function memberQualifier(object: Node | null): string {
  if (!object) return '?'
  if (object.type === 'this' || object.type === 'super') return object.type
  // `x!.y` is x's member; `(x as T).y` is T's.
  if (object.type === 'non_null_expression') return memberQualifier(object.namedChildren[0] ?? null)
  const inner = object.type === 'parenthesized_expression' ? object.namedChildren[0] : null
  if (inner?.type === 'as_expression' || inner?.type === 'satisfies_expression')
    return typeNameOf(inner.namedChildren[1]) ?? '?'
  // `load(x).member`: a member of what `load` returns.
  if (object.type === 'call_expression') {
    const callee = qualifierText(field(object, 'function'), MEMBER_CHAIN, NAME_OR_THIS)
    return callee === '?' ? '?' : `${CALL_RESULT}${callee}`
  }
  // `if (x instanceof Store) x.get()`, `isStore(x) && x.get()`: the narrowed type's member.
  if (object.type === 'identifier') return narrowedQualifier(object) ?? object.text
  return qualifierText(object, MEMBER_CHAIN, NAME)
}

function localsOf(node: Node): string[] {
  switch (node.type) {
    case 'variable_declarator':
    case 'required_parameter':
    case 'optional_parameter': {
      const name = field(node, 'name') ?? field(node, 'pattern')
      return name?.type === 'identifier' ? [name.text] : []
    }
    case 'formal_parameters':
      return childrenOfType(node, 'identifier').map(child => child.text)
    case 'assignment_pattern': {
      const left = field(node, 'left')
      return left?.type === 'identifier' ? [left.text] : []
    }
    case 'catch_clause': {
      const parameter = field(node, 'parameter')
      return parameter?.type === 'identifier' ? [parameter.text] : []
    }
    case 'shorthand_property_identifier_pattern':
      return [node.text]
    case 'arrow_function': {
      const parameter = field(node, 'parameter')
      return parameter ? [parameter.text] : []
    }
    default:
      return []
  }
}

function importsOf(node: Node): ImportBinding[] | undefined {
  const line = node.startPosition.row + 1
  const sourceNode = field(node, 'source')
  if (node.type === 'import_statement' && sourceNode)
    return importClause(node, unquote(sourceNode.text), line)
  if (node.type === 'export_statement' && sourceNode) return reexports(node, unquote(sourceNode.text), line)
  if (node.type === 'variable_declarator') return requireOf(node, line)
  return undefined
}

function importClause(statement: Node, source: string, line: number): ImportBinding[] {
  const bindings: ImportBinding[] = []
  const clause = childrenOfType(statement, 'import_clause')[0]
  for (const part of clause?.namedChildren ?? []) {
    if (!part) continue
    if (part.type === 'identifier') bindings.push({ local: part.text, imported: 'default', source, line })
    if (part.type === 'namespace_import') {
      const local = childrenOfType(part, 'identifier')[0]
      if (local) bindings.push({ local: local.text, imported: '*', source, line })
    }
    if (part.type === 'named_imports')
      for (const specifier of childrenOfType(part, 'import_specifier')) {
        const name = field(specifier, 'name')?.text
        if (name)
          bindings.push({ local: field(specifier, 'alias')?.text ?? name, imported: name, source, line })
      }
  }
  return bindings
}

function reexports(statement: Node, source: string, line: number): ImportBinding[] {
  const clause = childrenOfType(statement, 'export_clause')[0]
  if (!clause) {
    const namespace = childrenOfType(statement, 'namespace_export')[0]
    const local = namespace?.namedChildren[0]?.text ?? '*'
    return [{ local, imported: '*', source, line, reexport: true }]
  }
  return childrenOfType(clause, 'export_specifier').flatMap(specifier => {
    const name = field(specifier, 'name')?.text
    if (!name) return []
    const local = field(specifier, 'alias')?.text ?? name
    return [{ local, imported: name, source, line, reexport: true as const }]
  })
}

/** `const x = require('m')` and `const { a, b: c } = require('m')`. */
function requireOf(declarator: Node, line: number): ImportBinding[] | undefined {
  const value = field(declarator, 'value')
  if (value?.type !== 'call_expression' || field(value, 'function')?.text !== 'require') return undefined
  const argument = field(value, 'arguments')?.namedChildren[0]
  if (argument?.type !== 'string') return undefined
  const source = unquote(argument.text)
  const name = field(declarator, 'name')
  if (name?.type === 'identifier') return [{ local: name.text, imported: '*', source, line }]
  if (name?.type !== 'object_pattern') return undefined
  return name.namedChildren.flatMap(part => {
    if (part?.type === 'shorthand_property_identifier_pattern')
      return [{ local: part.text, imported: part.text, source, line }]
    const key = part?.type === 'pair_pattern' ? field(part, 'key') : null
    const local = part?.type === 'pair_pattern' ? field(part, 'value') : null
    return key && local ? [{ local: local.text, imported: key.text, source, line }] : []
  })
}

function typeHintOf(node: Node): [string, string] | undefined {
  const name = field(node, 'name') ?? field(node, 'pattern')
  if (!name) return undefined
  if (RETURNING.has(node.type)) {
    const returns = typeNameOf(field(node, 'return_type'))
    const callee = node.type === 'function_declaration' ? name.text : `${memberPrefix(node)}${name.text}`
    return returns ? [`${callee}()`, returns] : undefined
  }
  // An interface's member: its declared type, or the literal a discriminated union tells its parts apart by.
  if (node.type === 'property_signature') {
    const declared = field(node, 'type')?.namedChildren[0]
    const type =
      declared?.type === 'literal_type' ? literalOf(declared.namedChildren[0]) : typeNameOf(declared)
    return type ? [`.${name.text}`, type] : undefined
  }
  // A class field, or a constructor's parameter property (`constructor(private store: Store)`).
  const member =
    node.type === 'public_field_definition' ||
    node.type === 'field_definition' ||
    node.namedChildren.some(child => child?.type === 'accessibility_modifier')
  const variable = member ? `this.${name.text}` : name.type === 'identifier' ? name.text : undefined
  if (variable === undefined) return undefined
  const value = field(node, 'value')
  if (value?.type === 'new_expression') {
    const constructor = field(value, 'constructor')
    if (constructor?.type === 'identifier') return [variable, constructor.text]
  }
  const type = typeNameOf(field(node, 'type'))
  if (type) return [variable, constraintOf(node, type) ?? type]
  const call = value?.type === 'await_expression' ? value.namedChildren[0] : value
  if (call?.type !== 'call_expression') return undefined
  const callee = qualifierText(field(call, 'function'), MEMBER_CHAIN, NAME_OR_THIS)
  return callee === '?' ? undefined : [variable, `${CALL_RESULT}${callee}`]
}

const RETURNING = new Set([
  'method_definition',
  'function_declaration',
  'method_signature',
  'abstract_method_signature'
])

export const JS_RULES: LanguageRules = {
  interesting: new Set([
    ...Object.keys(CLASS_LIKE),
    ...Object.keys(PLAIN),
    ...Object.keys(MEMBERS),
    ...FUNCTIONS,
    ...NAMES,
    ...LOCALS,
    'import_statement',
    'export_statement',
    'arrow_function',
    'comment',
    'enum_assignment'
  ]),
  definitionOf,
  referenceTypes: NAMES,
  referenceOf,
  functionTypes: FUNCTIONS,
  functionName: node => (node.type.endsWith('declaration') ? field(node, 'name')?.text : undefined),
  localsOf,
  importsOf,
  typeHintOf,
  moreTypeHintsOf,
  heritageOf,
  linksIn
}
