/**
 * The walk every language's narrowing shares: from a variable up through the nodes around it to the function
 * it is in, a condition that holds where it is used (an `if`'s for its body, a conditional's for its true side,
 * a conjunction's left for its right), or an earlier `if` in the same block that leaves unless a check holds.
 * Bounded: a few levels up, a few statements back. What a node means is each language's.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { field } from './rules.js'

const LEVELS = 24
const STATEMENTS_BEFORE = 16

export interface NarrowingRules {
  /** The nodes the walk stops at: a function, a class. */
  stops: ReadonlySet<string>
  /** The nodes whose statements are read back from the one the use is in. */
  blocks: ReadonlySet<string>
  /** The condition that holds at `inner`, a child of `at`; none where `at` holds none for it. */
  conditionAt(at: Node, inner: Node): Node | null
  /** What a condition that holds says the variable `name` is. */
  checked(condition: Node, name: string): string | undefined
  /** Whether an `if`'s body always leaves the block. */
  exits(consequence: Node | null): boolean
  /** What is true when a condition is false: `!a` gives a, `!a || !b` gives a and b. */
  negated(condition: Node | null): Node[]
}

/** What the checks around `variable`, or an early exit before it, say it is. */
export function narrowedBy(variable: Node, rules: NarrowingRules): string | undefined {
  let inner: Node = variable
  let at = variable.parent
  for (let i = 0; at && i < LEVELS && !rules.stops.has(at.type); i++, inner = at, at = at.parent) {
    const condition = rules.conditionAt(at, inner)
    const narrowed = condition
      ? rules.checked(condition, variable.text)
      : rules.blocks.has(at.type)
        ? exitedUnless(inner, variable.text, rules)
        : undefined
    if (narrowed !== undefined) return narrowed
  }
  return undefined
}

/** `if (!isStore(x)) return` among the statements before `statement` in its block: past it, the check holds. */
function exitedUnless(statement: Node, name: string, rules: NarrowingRules): string | undefined {
  let before = statement.previousNamedSibling
  for (let i = 0; before && i < STATEMENTS_BEFORE; i++, before = before.previousNamedSibling) {
    if (
      before.type !== 'if_statement' ||
      field(before, 'alternative') ||
      !rules.exits(field(before, 'consequence'))
    )
      continue
    for (const held of rules.negated(field(before, 'condition'))) {
      const narrowed = rules.checked(held, name)
      if (narrowed !== undefined) return narrowed
    }
  }
  return undefined
}

/** A block's last statement, comments aside. */
export const lastStatement = (block: Node): Node | null | undefined =>
  block.namedChildren.filter(child => child?.type !== 'comment').at(-1)

/** The operator of a unary or binary expression: its first unnamed child. */
export const operatorOf = (node: Node): string | undefined =>
  node.children.find(child => child && !child.isNamed)?.type
