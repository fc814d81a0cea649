/**
 * The rate-limit points GitHub charges a GraphQL query, by its documented formula: every connection (a field
 * taking `first` or `last`) costs one request per node its parent connections may return, assuming each
 * reaches its `first` or `last`; the requests summed, divided by 100 and rounded make the points, at least 1.
 * A `nodes(ids:)` list is counted as the connection of its ids, which the formula does not name: at worst.
 */
import { Kind, parse, type ArgumentNode, type SelectionSetNode, type ValueNode } from 'graphql'

type Variables = Readonly<Record<string, unknown>>

function valueOf(node: ValueNode, variables: Variables): unknown {
  if (node.kind === Kind.VARIABLE) return variables[node.name.value]
  if (node.kind === Kind.INT) return Number(node.value)
  if (node.kind === Kind.LIST) return node.values.map(value => valueOf(value, variables))
  return undefined
}

/** How many nodes a field may return when it is a connection (or a list of ids); undefined otherwise. */
function pageSize(args: readonly ArgumentNode[] | undefined, variables: Variables): number | undefined {
  for (const arg of args ?? []) {
    const value = valueOf(arg.value, variables)
    if ((arg.name.value === 'first' || arg.name.value === 'last') && typeof value === 'number') return value
    if (arg.name.value === 'ids' && Array.isArray(value)) return value.length
  }
  return undefined
}

function requestsUnder(
  selection: SelectionSetNode | undefined,
  parents: number,
  variables: Variables
): number {
  let requests = 0
  for (const node of selection?.selections ?? []) {
    if (node.kind === Kind.FRAGMENT_SPREAD) throw new Error('named fragments are not counted; inline them')
    if (node.kind === Kind.INLINE_FRAGMENT) {
      requests += requestsUnder(node.selectionSet, parents, variables)
      continue
    }
    const size = pageSize(node.arguments, variables)
    if (size === undefined) requests += requestsUnder(node.selectionSet, parents, variables)
    else requests += parents + requestsUnder(node.selectionSet, parents * size, variables)
  }
  return requests
}

/** The requests GitHub's formula counts for `query` with `variables`. */
export function graphqlRequests(query: string, variables: Variables = {}): number {
  return parse(query).definitions.reduce(
    (sum, definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? sum + requestsUnder(definition.selectionSet, 1, variables)
        : sum,
    0
  )
}

/** The points GitHub's formula charges for `query` with `variables`. */
export function graphqlPoints(query: string, variables: Variables = {}): number {
  return Math.max(1, Math.round(graphqlRequests(query, variables) / 100))
}
