/**
 * Python's `isinstance` narrowing as the source writes it: inside `if isinstance(x, Store):` (or `elif`), the
 * true side of `… if isinstance(x, Store) else …`, the right of `isinstance(x, Store) and …`, and after
 * `if not isinstance(x, Store): return` in the same block, a member of `x` is Store's.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { lastStatement, narrowedBy, operatorOf, type NarrowingRules } from './narrowing.js'
import { field, isField } from './rules.js'

const EXITS = new Set(['return_statement', 'raise_statement', 'continue_statement', 'break_statement'])

const PYTHON: NarrowingRules = {
  stops: new Set(['function_definition', 'lambda', 'class_definition']),
  blocks: new Set(['block', 'module']),
  conditionAt: (at, inner) =>
    (at.type === 'if_statement' || at.type === 'elif_clause') && isField(at, 'consequence', inner)
      ? field(at, 'condition')
      : at.type === 'conditional_expression' && at.namedChild(0)?.startIndex === inner.startIndex
        ? at.namedChild(1)
        : at.type === 'boolean_operator' && operatorOf(at) === 'and' && isField(at, 'right', inner)
          ? field(at, 'left')
          : null,
  checked: (condition, name) => classChecked(condition, name, 0),
  exits: block => (block ? EXITS.has(lastStatement(block)?.type ?? '') : false),
  negated: condition => {
    const argument = condition?.type === 'not_operator' ? field(condition, 'argument') : null
    return argument ? [argument] : []
  }
}

/** The class an `isinstance` check around `variable` narrows it to. */
export const isinstanceNarrowing = (variable: Node): string | undefined => narrowedBy(variable, PYTHON)

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
