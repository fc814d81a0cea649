/** Rust: items, methods by impl and trait, and the names `use` brings in. */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { ImportBinding } from './facts.js'
import { childrenOfType, field, isField, type LanguageRules } from './rules.js'

const ITEMS: Record<string, string> = {
  struct_item: 'struct',
  enum_item: 'enum',
  union_item: 'union',
  type_item: 'type',
  const_item: 'constant',
  static_item: 'constant',
  mod_item: 'module',
  macro_definition: 'macro'
}
const FUNCTIONS = new Set(['function_item', 'closure_expression'])
const NAMES = new Set(['identifier', 'type_identifier', 'field_identifier'])

const isPublic = (node: Node): boolean =>
  node.namedChildren.some(child => child?.type === 'visibility_modifier')

/** The type an impl block is for: `impl<T> Display for Wrapper<T>` → Wrapper. */
function implType(node: Node): string | undefined {
  let type = field(node, 'type')
  while (type && type.type !== 'type_identifier') type = field(type, 'type') ?? type.namedChildren[0] ?? null
  return type?.text
}

function definitionOf(node: Node, inClass: string | undefined): ReturnType<LanguageRules['definitionOf']> {
  const nameNode = field(node, 'name')
  if (!nameNode) return undefined
  if (node.type === 'trait_item')
    return { nameNode, kind: 'trait', exported: isPublic(node), opensClass: nameNode.text }
  if (node.type === 'function_item' || node.type === 'function_signature_item')
    return {
      nameNode,
      kind: inClass ? 'method' : 'function',
      container: inClass,
      exported: isPublic(node) || node.type === 'function_signature_item'
    }
  if (ITEMS[node.type]) {
    const opensClass = node.type === 'struct_item' || node.type === 'enum_item' ? nameNode.text : undefined
    return {
      nameNode,
      kind: ITEMS[node.type] as string,
      container: inClass,
      exported: isPublic(node),
      ...(opensClass ? { opensClass } : {})
    }
  }
  if ((node.type === 'field_declaration' || node.type === 'enum_variant') && inClass)
    return {
      nameNode,
      kind: node.type === 'enum_variant' ? 'variant' : 'field',
      container: inClass,
      exported: true
    }
  return undefined
}

function referenceOf(node: Node): ReturnType<LanguageRules['referenceOf']> {
  const parent = node.parent
  if (!parent) return { kind: 'read' }
  if (inUse(node)) return { kind: 'import' }
  if (parent.type === 'field_expression' && isField(parent, 'field', node)) {
    const value = field(parent, 'value')
    const qualifier = value?.type === 'self' || value?.type === 'identifier' ? value.text : '?'
    const outer = parent.parent
    return {
      kind: outer?.type === 'call_expression' && isField(outer, 'function', parent) ? 'call' : 'read',
      qualifier
    }
  }
  if (
    (parent.type === 'scoped_identifier' || parent.type === 'scoped_type_identifier') &&
    isField(parent, 'name', node)
  ) {
    const outer = parent.parent
    const call = outer?.type === 'call_expression' && isField(outer, 'function', parent)
    return {
      kind: call ? 'call' : node.type === 'type_identifier' ? 'type' : 'read',
      qualifier: field(parent, 'path')?.text ?? '?'
    }
  }
  if (node.type === 'type_identifier') return { kind: 'type' }
  if (parent.type === 'call_expression' && isField(parent, 'function', node)) return { kind: 'call' }
  if (parent.type === 'macro_invocation') return { kind: 'call' }
  if (parent.type === 'let_declaration' && isField(parent, 'pattern', node)) return { kind: 'write' }
  if (parent.type === 'assignment_expression' && isField(parent, 'left', node)) return { kind: 'write' }
  if (parent.type === 'field_initializer' || parent.type === 'shorthand_field_initializer')
    return { kind: 'write', qualifier: '?' }
  return { kind: 'read' }
}

function inUse(node: Node): boolean {
  for (let at = node.parent, i = 0; at && i < 8; at = at.parent, i++)
    if (at.type === 'use_declaration') return true
  return false
}

function localsOf(node: Node): string[] {
  if (node.type === 'parameter' || node.type === 'let_declaration') {
    const pattern = field(node, 'pattern')
    return pattern?.type === 'identifier' ? [pattern.text] : []
  }
  if (node.type === 'closure_parameters') return childrenOfType(node, 'identifier').map(child => child.text)
  return []
}

/** The names one `use` tree brings in, with the path before them. */
function useBindings(tree: Node, prefix: string, line: number): ImportBinding[] {
  if (tree.type === 'identifier' || tree.type === 'self')
    return [{ local: tree.text, imported: tree.text, source: prefix, line }]
  if (tree.type === 'scoped_identifier') {
    const path = field(tree, 'path')?.text
    const name = field(tree, 'name')?.text ?? ''
    return [{ local: name, imported: name, source: [prefix, path].filter(Boolean).join('::'), line }]
  }
  if (tree.type === 'use_as_clause') {
    const path = field(tree, 'path')
    const alias = field(tree, 'alias')?.text
    const inner = path ? useBindings(path, prefix, line)[0] : undefined
    return inner && alias ? [{ ...inner, local: alias }] : []
  }
  if (tree.type === 'use_wildcard') {
    const path = tree.namedChildren[0]?.text
    return [{ local: '*', imported: '*', source: [prefix, path].filter(Boolean).join('::'), line }]
  }
  if (tree.type === 'scoped_use_list') {
    const path = field(tree, 'path')?.text
    const list = field(tree, 'list')
    const next = [prefix, path].filter(Boolean).join('::')
    return list ? useBindings(list, next, line) : []
  }
  if (tree.type === 'use_list')
    return tree.namedChildren.flatMap(child => (child ? useBindings(child, prefix, line) : []))
  return []
}

export const RUST_RULES: LanguageRules = {
  interesting: new Set([
    ...Object.keys(ITEMS),
    ...FUNCTIONS,
    ...NAMES,
    'trait_item',
    'impl_item',
    'function_signature_item',
    'field_declaration',
    'enum_variant',
    'parameter',
    'let_declaration',
    'closure_parameters',
    'use_declaration'
  ]),
  definitionOf,
  classScopeOf: node => (node.type === 'impl_item' ? implType(node) : undefined),
  referenceTypes: NAMES,
  referenceOf,
  functionTypes: FUNCTIONS,
  localsOf,
  importsOf: node => {
    if (node.type !== 'use_declaration') return undefined
    const argument = field(node, 'argument')
    return argument ? useBindings(argument, '', node.startPosition.row + 1) : []
  }
}
