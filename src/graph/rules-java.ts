/** Java: types, methods, fields, and single-type and static imports. */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { Heritage, ImportBinding } from './facts.js'
import { childrenOfType, field, isField, qualifierText, type LanguageRules } from './rules.js'

const TYPES: Record<string, string> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
  annotation_type_declaration: 'annotation'
}
const FUNCTIONS = new Set(['method_declaration', 'constructor_declaration', 'lambda_expression'])
const NAMES = new Set(['identifier', 'type_identifier'])
const CHAIN = new Set(['field_access', 'scoped_identifier'])
const OBJECT_NAMES = new Set(['identifier', 'this', 'super'])

const isPublic = (node: Node): boolean => {
  const modifiers = node.namedChildren.find(child => child?.type === 'modifiers')
  return modifiers ? /\b(public|protected)\b/.test(modifiers.text) : false
}

function definitionOf(node: Node, inClass: string | undefined): ReturnType<LanguageRules['definitionOf']> {
  if (TYPES[node.type]) {
    const nameNode = field(node, 'name')
    if (!nameNode) return undefined
    return {
      nameNode,
      kind: TYPES[node.type] as string,
      container: inClass,
      exported: isPublic(node),
      opensClass: nameNode.text
    }
  }
  if (node.type === 'method_declaration' || node.type === 'constructor_declaration') {
    const nameNode = field(node, 'name')
    const kind = node.type === 'method_declaration' ? 'method' : 'constructor'
    return nameNode ? { nameNode, kind, container: inClass, exported: isPublic(node) } : undefined
  }
  if (node.type === 'variable_declarator' && node.parent?.type === 'field_declaration') {
    const nameNode = field(node, 'name')
    const constant = /\bstatic\b[^=]*\bfinal\b|\bfinal\b[^=]*\bstatic\b/.test(
      node.parent.text.split('=')[0] ?? ''
    )
    return nameNode
      ? {
          nameNode,
          kind: constant ? 'constant' : 'field',
          container: inClass,
          exported: isPublic(node.parent)
        }
      : undefined
  }
  if (node.type === 'enum_constant') {
    const nameNode = field(node, 'name')
    return nameNode ? { nameNode, kind: 'constant', container: inClass, exported: true } : undefined
  }
  return undefined
}

function referenceOf(node: Node): ReturnType<LanguageRules['referenceOf']> {
  const parent = node.parent
  if (!parent) return { kind: 'read' }
  if (parent.type === 'import_declaration' || parent.type === 'scoped_identifier') {
    if (ancestorImport(node)) return { kind: 'import' }
  }
  if (parent.type === 'method_invocation' && isField(parent, 'name', node)) {
    const object = field(parent, 'object')
    return object ? { kind: 'call', qualifier: qualifierText(object, CHAIN, OBJECT_NAMES) } : { kind: 'call' }
  }
  if (parent.type === 'field_access' && isField(parent, 'field', node))
    return { kind: 'read', qualifier: qualifierText(field(parent, 'object'), CHAIN, OBJECT_NAMES) }
  if (parent.type === 'object_creation_expression') return { kind: 'call' }
  if (node.type === 'type_identifier') return { kind: 'type' }
  if (parent.type === 'assignment_expression' && isField(parent, 'left', node)) return { kind: 'write' }
  if (parent.type === 'variable_declarator' && isField(parent, 'name', node)) return { kind: 'write' }
  return { kind: 'read' }
}

function ancestorImport(node: Node): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'import_declaration') return true
    if (at.type !== 'scoped_identifier') return false
  }
  return false
}

function localsOf(node: Node): string[] {
  if (
    node.type === 'formal_parameter' ||
    node.type === 'catch_formal_parameter' ||
    node.type === 'enhanced_for_statement'
  ) {
    const name = field(node, 'name')
    return name ? [name.text] : []
  }
  if (node.type === 'local_variable_declaration')
    return childrenOfType(node, 'variable_declarator').flatMap(
      declarator => field(declarator, 'name')?.text ?? []
    )
  return []
}

function importsOf(node: Node): ImportBinding[] | undefined {
  if (node.type !== 'import_declaration') return undefined
  const path = node.namedChildren.find(
    child => child?.type === 'scoped_identifier' || child?.type === 'identifier'
  )
  if (!path) return []
  const line = node.startPosition.row + 1
  if (node.namedChildren.some(child => child?.type === 'asterisk'))
    return [{ local: '*', imported: '*', source: path.text, line }]
  const name = path.text.slice(path.text.lastIndexOf('.') + 1)
  return [{ local: name, imported: name, source: path.text, line }]
}

function typeHintOf(node: Node): [string, string] | undefined {
  if (
    node.type !== 'local_variable_declaration' &&
    node.type !== 'field_declaration' &&
    node.type !== 'formal_parameter'
  )
    return undefined
  const type = field(node, 'type')
  if (type?.type !== 'type_identifier') return undefined
  const name = field(node, 'name') ?? field(childrenOfType(node, 'variable_declarator')[0] ?? node, 'name')
  return name ? [name.text, type.text] : undefined
}

const HERITAGE = new Set(['superclass', 'super_interfaces', 'extends_interfaces', 'type_list'])

/** The type names a heritage clause lists, type arguments left out. */
function typeNamesIn(node: Node): string[] {
  if (node.type === 'type_identifier') return [node.text]
  if (node.type === 'scoped_type_identifier') return [node.text.slice(node.text.lastIndexOf('.') + 1)]
  if (node.type === 'generic_type') return node.namedChildren[0] ? typeNamesIn(node.namedChildren[0]) : []
  if (!HERITAGE.has(node.type)) return []
  return node.namedChildren.flatMap(child => (child ? typeNamesIn(child) : []))
}

/** What a class or interface extends and implements. */
function heritageOf(node: Node): { name: string; heritage: Heritage } | undefined {
  const name = TYPES[node.type] ? field(node, 'name')?.text : undefined
  if (!name) return undefined
  const bases = node.namedChildren.flatMap(child =>
    child && HERITAGE.has(child.type) ? typeNamesIn(child) : []
  )
  return bases.length > 0 ? { name, heritage: { bases } } : undefined
}

export const JAVA_RULES: LanguageRules = {
  interesting: new Set([
    ...Object.keys(TYPES),
    ...FUNCTIONS,
    ...NAMES,
    'variable_declarator',
    'enum_constant',
    'formal_parameter',
    'catch_formal_parameter',
    'enhanced_for_statement',
    'local_variable_declaration',
    'field_declaration',
    'import_declaration',
    'package_declaration'
  ]),
  definitionOf,
  referenceTypes: NAMES,
  referenceOf,
  functionTypes: FUNCTIONS,
  localsOf,
  importsOf,
  typeHintOf,
  heritageOf,
  packageOf: node => (node.type === 'package_declaration' ? node.namedChildren[0]?.text : undefined)
}
