/** Python: functions, classes, module and class attributes, imports and `self.` members. */
import type { Node } from '@vscode/tree-sitter-wasm'
import { CALL_RESULT, VALUE_OF, type Heritage, type ImportBinding, type ReferenceKind } from './facts.js'
import { annotationClass, moreTypeHintsOf } from './rules-python-types.js'
import { isinstanceNarrowing } from './rules-python-narrowing.js'
import { ancestorOf, childrenOfType, field, isField, qualifierText, type LanguageRules } from './rules.js'

const FUNCTIONS = new Set(['function_definition', 'lambda'])
const IMPORTS = new Set(['import_statement', 'import_from_statement', 'future_import_statement'])
const PARAMETERS = new Set([
  'parameters',
  'lambda_parameters',
  'default_parameter',
  'typed_parameter',
  'typed_default_parameter',
  'list_splat_pattern',
  'dictionary_splat_pattern'
])
const CHAIN = new Set(['attribute'])
const NAMES = new Set(['identifier'])

const isPublic = (name: string): boolean => !name.startsWith('_') || /^__\w+__$/.test(name)

function definitionOf(node: Node, inClass: string | undefined): ReturnType<LanguageRules['definitionOf']> {
  const nameNode = field(node, 'name')
  if (node.type === 'class_definition' && nameNode)
    return {
      nameNode,
      kind: 'class',
      container: inClass,
      exported: isPublic(nameNode.text),
      opensClass: nameNode.text
    }
  if (node.type === 'function_definition' && nameNode)
    return {
      nameNode,
      kind: inClass ? 'method' : 'function',
      container: inClass,
      exported: isPublic(nameNode.text)
    }
  if (node.type === 'assignment' && node.parent?.type === 'expression_statement') {
    const left = field(node, 'left')
    if (left?.type !== 'identifier') return undefined
    const kind = /^[A-Z][A-Z0-9_]*$/.test(left.text) ? 'constant' : inClass ? 'field' : 'variable'
    return { nameNode: left, kind, container: inClass, exported: isPublic(left.text) }
  }
  return undefined
}

function attributeKind(attribute: Node): ReferenceKind {
  const outer = attribute.parent
  if (outer?.type === 'call' && isField(outer, 'function', attribute)) return 'call'
  if (outer && /assignment/.test(outer.type) && isField(outer, 'left', attribute)) return 'write'
  if (outer?.type === 'type' || outer?.parent?.type === 'type') return 'type'
  return 'read'
}

function referenceOf(node: Node): ReturnType<LanguageRules['referenceOf']> {
  const parent = node.parent
  if (!parent) return { kind: 'read' }
  if (parent.type === 'attribute' && isField(parent, 'attribute', node))
    return { kind: attributeKind(parent), qualifier: attributeQualifier(field(parent, 'object')) }
  if (parent.type === 'keyword_argument' && isField(parent, 'name', node)) return undefined
  if (ancestorOf(node, IMPORTS, 3)) return { kind: 'import' }
  if (parent.type === 'call' && isField(parent, 'function', node)) return { kind: 'call' }
  if (parent.type === 'decorator') return { kind: 'call' }
  if (/assignment/.test(parent.type) && isField(parent, 'left', node)) return { kind: 'write' }
  if (parent.type === 'for_statement' && isField(parent, 'left', node)) return { kind: 'write' }
  if (parent.type === 'type' || parent.parent?.type === 'type') return { kind: 'type' }
  if (PARAMETERS.has(parent.type) && !isField(parent, 'value', node)) return { kind: 'write' }
  return { kind: 'read' }
}

/** `super()` reads as `super`, so the resolver looks in the bases; the rest as a name or a chain. */
function attributeQualifier(object: Node | null): string {
  if (object?.type === 'call') {
    const callee = qualifierText(field(object, 'function'), CHAIN, NAMES)
    if (callee === 'super') return 'super'
    // `Session().send`: a member of what the call makes or returns.
    return callee === '?' ? '?' : `${CALL_RESULT}${callee}`
  }
  // `if isinstance(x, Store): x.get()`: the checked class's member.
  if (object?.type === 'identifier' && object.text !== 'self')
    return isinstanceNarrowing(object) ?? object.text
  return qualifierText(object, CHAIN, NAMES)
}

/** A class's bases: `class A(B, mod.C, metaclass=M)` builds on B and C. */
function heritageOf(node: Node): { name: string; heritage: Heritage } | undefined {
  const name = field(node, 'name')?.text
  const superclasses = node.type === 'class_definition' ? field(node, 'superclasses') : null
  if (!name || !superclasses) return undefined
  const bases = superclasses.namedChildren.flatMap(base => {
    if (base?.type === 'identifier') return [base.text]
    if (base?.type === 'attribute') return [field(base, 'attribute')?.text ?? ''].filter(Boolean)
    return []
  })
  return bases.length > 0 ? { name, heritage: { bases } } : undefined
}

function localsOf(node: Node): string[] {
  if (node.type === 'parameters' || node.type === 'lambda_parameters')
    return childrenOfType(node, 'identifier').map(child => child.text)
  if (PARAMETERS.has(node.type)) {
    const name = field(node, 'name') ?? node.namedChildren.find(child => child?.type === 'identifier')
    return name?.type === 'identifier' ? [name.text] : []
  }
  if (node.type === 'assignment' || node.type === 'augmented_assignment' || node.type === 'for_statement') {
    const left = field(node, 'left')
    if (left?.type === 'identifier') return [left.text]
    if (left?.type === 'pattern_list' || left?.type === 'tuple_pattern')
      return childrenOfType(left, 'identifier').map(child => child.text)
  }
  if (node.type === 'as_pattern_target' || node.type === 'global_statement') return []
  return []
}

function importsOf(node: Node): ImportBinding[] | undefined {
  const line = node.startPosition.row + 1
  if (node.type === 'import_statement')
    return node.namedChildren.flatMap(part => {
      if (part?.type === 'dotted_name') return [{ local: part.text, imported: '*', source: part.text, line }]
      const name = part?.type === 'aliased_import' ? field(part, 'name')?.text : undefined
      const alias = part ? field(part, 'alias')?.text : undefined
      return name && alias ? [{ local: alias, imported: '*', source: name, line }] : []
    })
  if (node.type !== 'import_from_statement') return undefined
  const moduleNode = field(node, 'module_name')
  if (!moduleNode) return []
  const source = moduleNode.text
  return node.namedChildren.flatMap(part => {
    if (!part || part.startIndex === moduleNode.startIndex) return []
    if (part.type === 'wildcard_import') return [{ local: '*', imported: '*', source, line }]
    if (part.type === 'dotted_name') return [{ local: part.text, imported: part.text, source, line }]
    const name = part.type === 'aliased_import' ? field(part, 'name')?.text : undefined
    const alias = field(part, 'alias')?.text
    return name && alias ? [{ local: alias, imported: name, source, line }] : []
  })
}

/** `with Session() as s`: s is what the call makes. */
function withTarget(node: Node): [string, string] | undefined {
  const call = node.namedChildren[0]
  const target = node.namedChildren[1]?.namedChildren[0]
  const callee = call?.type === 'call' ? field(call, 'function') : null
  if (node.parent?.type !== 'with_item' || target?.type !== 'identifier' || !callee) return undefined
  const name = callee.text.slice(callee.text.lastIndexOf('.') + 1)
  return /^_*[A-Z]/.test(name) && /^[\w.]+$/.test(callee.text) ? [target.text, name] : undefined
}

function typeHintOf(node: Node): [string, string] | undefined {
  if (node.type === 'as_pattern') return withTarget(node)
  if (node.type === 'assignment') {
    const left = field(node, 'left')
    const right = field(node, 'right')
    const callee = right?.type === 'call' ? field(right, 'function') : null
    if (
      left &&
      (left.type === 'identifier' || left.type === 'attribute') &&
      callee?.type === 'identifier' &&
      /^_*[A-Z]/.test(callee.text)
    )
      return [left.text, callee.text]
    const annotated = annotationClass(field(node, 'type'))
    if (left?.type === 'identifier' && annotated) return [left.text, annotated]
    // `self.env = env`, `node = self.node`: the value's type, when it has one.
    const copied = right && VALUE_NAMES.has(right.type) && /^[\w.]{1,200}$/.test(right.text)
    if (left && (left.type === 'identifier' || left.type === 'attribute') && copied)
      return [left.text, `${VALUE_OF}${right.text}`]
    // `self.stream = env.tokenize(…)`: what it returns; `x = mod.Session()`: what the class makes.
    const called = callee && VALUE_NAMES.has(callee.type) && /^[\w.]{1,200}$/.test(callee.text)
    if (left && (left.type === 'identifier' || left.type === 'attribute') && called) {
      const last = callee.text.slice(callee.text.lastIndexOf('.') + 1)
      return [left.text, /^_*[A-Z]/.test(last) ? last : `${CALL_RESULT}${callee.text}`]
    }
  }
  if (node.type === 'typed_parameter' || node.type === 'typed_default_parameter') {
    const name = field(node, 'name') ?? node.namedChildren.find(child => child?.type === 'identifier')
    const annotated = annotationClass(field(node, 'type'))
    if (name && annotated) return [name.text, annotated]
  }
  return undefined
}

const VALUE_NAMES = new Set(['identifier', 'attribute'])
export const PYTHON_RULES: LanguageRules = {
  interesting: new Set([
    'class_definition',
    'function_definition',
    'assignment',
    'augmented_assignment',
    'for_statement',
    'for_in_clause',
    'as_pattern',
    'identifier',
    ...FUNCTIONS,
    ...IMPORTS,
    ...PARAMETERS
  ]),
  definitionOf,
  referenceTypes: NAMES,
  referenceOf,
  functionTypes: FUNCTIONS,
  functionName: node => (node.type === 'function_definition' ? field(node, 'name')?.text : undefined),
  localsOf,
  importsOf,
  typeHintOf,
  moreTypeHintsOf,
  heritageOf
}
