/**
 * Narrowing as the source writes it: inside `if (x instanceof Store)`, `if (isStore(x))`, the true side of
 * `isStore(x) ? … : …`, the right of `isStore(x) && …`, and after `if (!isStore(x)) return` in the same block,
 * a member of `x` is the narrowed type's. A guard function's predicate (`x is Store`) is looked up when the
 * member is resolved.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { GUARDED } from './facts.js'
import { lastStatement, narrowedBy, operatorOf, type NarrowingRules } from './narrowing.js'
import { FUNCTION_NODES, MEMBER_CHAIN, NAME, typeNameOf } from './rules-js-types.js'
import { field, isField, qualifierText } from './rules.js'

const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement'])

const TYPESCRIPT: NarrowingRules = {
  stops: FUNCTION_NODES,
  blocks: new Set(['statement_block', 'program']),
  conditionAt: (at, inner) =>
    (at.type === 'if_statement' || at.type === 'ternary_expression') && isField(at, 'consequence', inner)
      ? field(at, 'condition')
      : at.type === 'binary_expression' && operatorOf(at) === '&&' && isField(at, 'right', inner)
        ? field(at, 'left')
        : null,
  checked: (condition, name) => guardOf(condition, name, 0),
  exits: statement =>
    statement?.type === 'statement_block'
      ? EXITS.has(lastStatement(statement)?.type ?? '')
      : EXITS.has(statement?.type ?? ''),
  negated: condition => negatedParts(condition, 0)
}

/** The qualifier a narrowing guard around `variable` gives it: a class's name, or `is:isStore:x`. */
export const narrowedQualifier = (variable: Node): string | undefined => narrowedBy(variable, TYPESCRIPT)

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
