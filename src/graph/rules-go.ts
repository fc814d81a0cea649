/** Go: functions, methods by receiver, types, package-level names, imports by package name. */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { ImportBinding } from './facts.js'
import { childrenOfType, field, isField, unquote, type LanguageRules } from './rules.js'

const FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal'])
const NAMES = new Set(['identifier', 'type_identifier', 'field_identifier'])
const isExported = (name: string): boolean => /^[A-Z]/.test(name)

/** The type a method's receiver names: `(s *Server)` → Server. */
function receiverType(method: Node): string | undefined {
  const declaration = field(method, 'receiver')?.namedChildren[0]
  let type = declaration ? field(declaration, 'type') : null
  while (type && type.type !== 'type_identifier') type = type.namedChildren[0] ?? null
  return type?.text
}

function definitionOf(node: Node, inClass: string | undefined): ReturnType<LanguageRules['definitionOf']> {
  const nameNode = field(node, 'name')
  if (!nameNode) return undefined
  const exported = isExported(nameNode.text)
  switch (node.type) {
    case 'function_declaration':
      return { nameNode, kind: 'function', exported }
    case 'method_declaration':
      return { nameNode, kind: 'method', container: receiverType(node), exported }
    case 'type_spec': {
      const body = field(node, 'type')?.type
      const kind = body === 'struct_type' ? 'struct' : body === 'interface_type' ? 'interface' : 'type'
      return { nameNode, kind, exported, opensClass: nameNode.text }
    }
    case 'method_elem':
    case 'method_spec':
      return { nameNode, kind: 'method', container: inClass, exported }
    case 'field_declaration':
      return inClass ? { nameNode, kind: 'field', container: inClass, exported } : undefined
    case 'const_spec':
    case 'var_spec':
      return { nameNode, kind: node.type === 'const_spec' ? 'constant' : 'variable', exported }
    default:
      return undefined
  }
}

function referenceOf(node: Node): ReturnType<LanguageRules['referenceOf']> {
  const parent = node.parent
  if (!parent) return { kind: 'read' }
  if (parent.type === 'selector_expression' && isField(parent, 'field', node)) {
    const operand = field(parent, 'operand')
    const qualifier = operand?.type === 'identifier' ? operand.text : '?'
    const outer = parent.parent
    const call = outer?.type === 'call_expression' && isField(outer, 'function', parent)
    return { kind: call ? 'call' : 'read', qualifier }
  }
  if (parent.type === 'qualified_type' && isField(parent, 'name', node))
    return { kind: 'type', qualifier: field(parent, 'package')?.text ?? '?' }
  if (parent.type === 'keyed_element' || parent.type === 'literal_element')
    return { kind: 'write', qualifier: '?' }
  if (node.type === 'type_identifier') return { kind: 'type' }
  if (parent.type === 'call_expression' && isField(parent, 'function', node)) return { kind: 'call' }
  if (parent.type === 'expression_list' && /assignment|short_var/.test(parent.parent?.type ?? '')) {
    if (isField(parent.parent, 'left', parent)) return { kind: 'write' }
  }
  return { kind: 'read' }
}

function localsOf(node: Node): string[] {
  if (node.type === 'parameter_declaration' || node.type === 'variadic_parameter_declaration')
    return childrenOfType(node, 'identifier').map(child => child.text)
  if (node.type === 'short_var_declaration' || node.type === 'range_clause') {
    const left = field(node, 'left')
    return left ? childrenOfType(left, 'identifier').map(child => child.text) : []
  }
  if (node.type === 'var_spec' || node.type === 'const_spec')
    return childrenOfType(node, 'identifier').map(child => child.text)
  return []
}

function importsOf(node: Node): ImportBinding[] | undefined {
  if (node.type !== 'import_spec') return undefined
  const path = field(node, 'path')
  if (!path) return []
  const source = unquote(path.text)
  const alias = field(node, 'name')?.text
  const local = alias ?? source.slice(source.lastIndexOf('/') + 1)
  return [{ local, imported: '*', source, line: node.startPosition.row + 1 }]
}

/** `(c *Cache)`, `c Cache`: the parameter's class, for `c.items`. */
function typeHintOf(node: Node): [string, string] | undefined {
  if (node.type !== 'parameter_declaration') return undefined
  const name = field(node, 'name')
  let type = field(node, 'type')
  while (type && type.type !== 'type_identifier') type = type.namedChildren[0] ?? null
  return name && type ? [name.text, type.text] : undefined
}

export const GO_RULES: LanguageRules = {
  interesting: new Set([
    'function_declaration',
    'method_declaration',
    'type_spec',
    'method_elem',
    'method_spec',
    'field_declaration',
    'const_spec',
    'var_spec',
    'parameter_declaration',
    'variadic_parameter_declaration',
    'short_var_declaration',
    'range_clause',
    'import_spec',
    'package_clause',
    ...FUNCTIONS,
    ...NAMES
  ]),
  definitionOf,
  referenceTypes: NAMES,
  referenceOf,
  functionTypes: FUNCTIONS,
  localsOf,
  importsOf,
  typeHintOf,
  packageOf: node => (node.type === 'package_clause' ? node.namedChildren[0]?.text : undefined)
}
