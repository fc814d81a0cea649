/**
 * Python's `isinstance` narrowing as the source writes it: inside `if isinstance(x, Store):` (or `elif`), the true side of
 * `… if isinstance(x, Store) else …`, the right of `isinstance(x, Store) and …`, and after
 * `if not isinstance(x, Store): return` in the same block, a member of `x` is Store's. Read from the tree,
 * bounded: the check must be within a few levels around the use, or a few statements before it, in the same
 * function.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { field, isField } from './rules.js'

const LEVELS = 24
const STATEMENTS_BEFORE = 16
const FUNCTIONS = new Set(['function_definition', 'lambda', 'class_definition'])
const BLOCKS = new Set(['block', 'module'])
const EXITS = new Set(['return_statement', 'raise_statement', 'continue_statement', 'break_statement'])

/** The class an `isinstance` check around `variable` narrows it to. */
export function isinstanceNarrowing(variable: Node): string | undefined {
  let inner: Node = variable
  let at = variable.parent
  for (let i = 0; at && i < LEVELS && !FUNCTIONS.has(at.type); i++, inner = at, at = at.parent) {
    const condition =
      (at.type === 'if_statement' || at.type === 'elif_clause') && isField(at, 'consequence', inner)
        ? field(at, 'condition')
        : at.type === 'conditional_expression' && at.namedChild(0)?.startIndex === inner.startIndex
          ? at.namedChild(1)
          : at.type === 'boolean_operator' && operatorOf(at) === 'and' && isField(at, 'right', inner)
            ? field(at, 'left')
            : null
    const narrowed = condition
      ? classChecked(condition, variable.text, 0)
      : BLOCKS.has(at.type)
        ? exitedUnless(inner, variable.text)
        : undefined
    if (narrowed !== undefined) return narrowed
  }
  return undefined
}

const operatorOf = (node: Node): string | undefined =>
  node.children.find(child => child && !child.isNamed)?.type

/** The class `isinstance(name, Class)` in a condition (or a conjunction's parts) checks for. */
function classChecked(condition: Node, name: string, depth: number): string | undefined {
  if (depth > 4) return undefined
  if (condition.type === 'parenthesized_expression') {
    const inner = condition.namedChild(0)
    return inner ? classChecked(inner, name, depth + 1) : undefined
  }
  if (condition.type === 'boolean_operator') {
    if (operatorOf(condition) !== 'and') return undefined
    const [left, right] = [field(condition, 'left'), field(condition, 'right')]
    return (
      (left && classChecked(left, name, depth + 1)) ??
      (right ? classChecked(right, name, depth + 1) : undefined)
    )
  }
  if (condition.type !== 'call' || field(condition, 'function')?.text !== 'isinstance') return undefined
  const [checked, type] = field(condition, 'arguments')?.namedChildren ?? []
  if (checked?.type !== 'identifier' || checked.text !== name) return undefined
  if (type?.type === 'identifier') return type.text
  return type?.type === 'attribute' ? field(type, 'attribute')?.text : undefined
}

/** `if not isinstance(x, Store): return` (or `raise`, `continue`, `break`) among the statements before. */
function exitedUnless(statement: Node, name: string): string | undefined {
  let before = statement.previousNamedSibling
  for (let i = 0; before && i < STATEMENTS_BEFORE; i++, before = before.previousNamedSibling) {
    if (
      before.type !== 'if_statement' ||
      field(before, 'alternative') ||
      !exits(field(before, 'consequence'))
    )
      continue
    const condition = field(before, 'condition')
    const checked = condition?.type === 'not_operator' ? field(condition, 'argument') : null
    const narrowed = checked ? classChecked(checked, name, 0) : undefined
    if (narrowed !== undefined) return narrowed
  }
  return undefined
}

/** A block that ends by leaving. */
function exits(block: Node | null): boolean {
  const last = block?.namedChildren.filter(child => child?.type !== 'comment').at(-1)
  return last ? EXITS.has(last.type) : false
}
