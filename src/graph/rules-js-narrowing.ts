/**
 * Narrowing as the source writes it: inside `if (x instanceof Store)`, `if (isStore(x))`, the true side of
 * `isStore(x) ? … : …`, the right of `isStore(x) && …`, and after `if (!isStore(x)) return` in the same block,
 * a member of `x` is the narrowed type's. A guard function's predicate (`x is Store`) is looked up when the
 * member is resolved. Read from the tree, bounded: the guard must be within a few levels around the use, or a
 * few statements before it, in the same function.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { GUARDED } from './facts.js'
import { FUNCTION_NODES, LOOKED_AT, MEMBER_CHAIN, NAME, typeNameOf } from './rules-js-types.js'
import { field, isField, qualifierText } from './rules.js'

const LEVELS = 24

/** The qualifier a narrowing guard around `variable` gives it: a class's name, or `is:isStore:x`. */
export function narrowedQualifier(variable: Node): string | undefined {
  let inner: Node = variable
  let at = variable.parent
  for (let i = 0; at && i < LEVELS && !FUNCTION_NODES.has(at.type); i++, inner = at, at = at.parent) {
    const condition =
      at.type === 'if_statement' && isField(at, 'consequence', inner)
        ? field(at, 'condition')
        : at.type === 'ternary_expression' && isField(at, 'consequence', inner)
          ? field(at, 'condition')
          : at.type === 'binary_expression' && operatorOf(at) === '&&' && isField(at, 'right', inner)
            ? field(at, 'left')
            : null
    const guard = condition
      ? guardOf(condition, variable.text, 0)
      : BLOCKS.has(at.type)
        ? exitedUnless(inner, variable.text)
        : undefined
    if (guard !== undefined) return guard
  }
  return undefined
}

const BLOCKS = new Set(['statement_block', 'program'])
const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement'])

/**
 * `if (!isStore(x)) return` (or `throw`, `continue`, `break`; `!a || !b` too) among the statements before
 * `statement` in its block: past it, the guard holds.
 */
function exitedUnless(statement: Node, name: string): string | undefined {
  let before = statement.previousNamedSibling
  for (let i = 0; before && i < LOOKED_AT; i++, before = before.previousNamedSibling) {
    if (
      before.type !== 'if_statement' ||
      field(before, 'alternative') ||
      !exits(field(before, 'consequence'))
    )
      continue
    for (const held of negatedParts(field(before, 'condition'), 0)) {
      const guard = guardOf(held, name, 0)
      if (guard !== undefined) return guard
    }
  }
  return undefined
}

/** A statement that leaves the block, or a block that ends by leaving. */
function exits(statement: Node | null): boolean {
  if (!statement) return false
  if (statement.type !== 'statement_block') return EXITS.has(statement.type)
  const last = statement.namedChildren.filter(child => child?.type !== 'comment').at(-1)
  return last ? EXITS.has(last.type) : false
}

/** What a condition says is false when it is false: `!a` is a, `!a || !b` is a and b. */
function negatedParts(condition: Node | null, depth: number): Node[] {
  if (!condition || depth > 4) return []
  if (condition.type === 'parenthesized_expression') return negatedParts(condition.namedChild(0), depth + 1)
  if (condition.type === 'unary_expression' && operatorOf(condition) === '!') {
    const argument = field(condition, 'argument')
    return argument ? [argument] : []
  }
  if (condition.type !== 'binary_expression' || operatorOf(condition) !== '||') return []
  return [
    ...negatedParts(field(condition, 'left'), depth + 1),
    ...negatedParts(field(condition, 'right'), depth + 1)
  ]
}

const operatorOf = (node: Node): string | undefined =>
  node.children.find(child => child && !child.isNamed)?.type

/** What a condition (or a conjunction's parts) says `name` is. */
function guardOf(condition: Node, name: string, depth: number): string | undefined {
  if (depth > 4) return undefined
  if (condition.type === 'parenthesized_expression') {
    const inner = condition.namedChild(0)
    return inner ? guardOf(inner, name, depth + 1) : undefined
  }
  if (condition.type === 'binary_expression') {
    const operator = operatorOf(condition)
    const [left, right] = [field(condition, 'left'), field(condition, 'right')]
    if (operator === 'instanceof')
      return left?.type === 'identifier' && left.text === name && right?.type === 'identifier'
        ? right.text
        : undefined
    if (operator !== '&&') return undefined
    return (left && guardOf(left, name, depth + 1)) ?? (right ? guardOf(right, name, depth + 1) : undefined)
  }
  if (condition.type !== 'call_expression') return undefined
  const argument = field(condition, 'arguments')?.namedChild(0)
  if (argument?.type !== 'identifier' || argument.text !== name) return undefined
  const callee = qualifierText(field(condition, 'function'), MEMBER_CHAIN, NAME)
  return callee === '?' ? undefined : `${GUARDED}${callee}:${name}`
}

/** The type a guard's declared predicate (`x is Store`) says, in a return type or a function type. */
export function predicateOf(returnType: Node | null | undefined): string | undefined {
  const predicate =
    returnType?.type === 'type_predicate'
      ? returnType
      : returnType?.type === 'type_predicate_annotation' || returnType?.type === 'asserts_annotation'
        ? returnType.namedChild(0)
        : null
  return predicate?.type === 'type_predicate' ? typeNameOf(field(predicate, 'type')) : undefined
}
