/** What the walk asks of a language: the shape its extraction rules take, and helpers they share. */
import type { Node } from '@vscode/tree-sitter-wasm'
import type { Heritage, ImportBinding, ReferenceKind } from './facts.js'

export interface DefinitionSite {
  nameNode: Node
  kind: string
  container?: string | undefined
  exported: boolean
  /** Its body's members belong to this name (a class, an interface, an impl's type, a namespace). */
  opensClass?: string
}

export interface LanguageRules {
  /** Node types worth materialising; the walk passes every other node by its type alone. */
  interesting: ReadonlySet<string>
  /** A definition this node declares (at module or class level; locals are scope names). */
  definitionOf(node: Node, inClass: string | undefined): DefinitionSite | undefined
  /** A class-like scope that declares no definition of its own (Rust's impl). */
  classScopeOf?(node: Node): string | undefined
  /** The node types of names. */
  referenceTypes: ReadonlySet<string>
  /**
   * How a name is used, or undefined when it is no reference (a keyword argument's name); two uses when one
   * name is both (`{ key }` in an object of a declared type reads a variable and writes the type's member).
   */
  referenceOf(node: Node): Use | readonly Use[] | undefined
  functionTypes: ReadonlySet<string>
  /** A nested function's own name, bound in the scope around it. */
  functionName?(node: Node): string | undefined
  /** Names this node binds in the function scope it is in: parameters, locals. */
  localsOf(node: Node): string[]
  importsOf(node: Node): ImportBinding[] | undefined
  /**
   * A variable whose class is in view: [variable, class]. A class's member is `this.x` (`this.m()` for what a
   * method returns), an interface's `.x`.
   */
  typeHintOf?(node: Node): [string, string] | undefined
  /**
   * Further hints: the types a function or method declares its parameters as, by position (`f(0)`,
   * `this.m(0)`); the element type of a collection a variable, member or function's result is declared as
   * (`items[]`, `this.m()[]`); and a callback's or loop's variable as an element of what it goes over.
   */
  moreTypeHintsOf?(node: Node): Array<[string, string]>
  packageOf?(node: Node): string | undefined
  /** What a class, interface or type alias declared by this node builds on. */
  heritageOf?(node: Node): { name: string; heritage: Heritage } | undefined
  /** Names a documentation comment links to (`{@link Cache#get}`), each with its line. */
  linksIn?(node: Node): Array<Use & { name: string; line: number }>
}

export interface Use {
  kind: ReferenceKind
  qualifier?: string | undefined
}

export const field = (node: Node, name: string): Node | null => node.childForFieldName(name)

/** Whether `child` is the node in `parent`'s field `name`. */
export function isField(parent: Node | null, name: string, child: Node): boolean {
  const value = parent?.childForFieldName(name)
  return (
    value !== null &&
    value !== undefined &&
    value.startIndex === child.startIndex &&
    value.type === child.type
  )
}

/** The nearest ancestor (up to `levels` up) of one of the types, if any. */
export function ancestorOf(node: Node, types: ReadonlySet<string>, levels: number): Node | undefined {
  let at = node.parent
  for (let i = 0; at && i < levels; i++, at = at.parent) if (types.has(at.type)) return at
  return undefined
}

/** A qualifier as the answer keeps it: a name or a dotted chain of names, else `?`. */
export function qualifierText(
  node: Node | null,
  chain: ReadonlySet<string>,
  names: ReadonlySet<string>
): string {
  if (!node) return '?'
  if (names.has(node.type)) return node.text
  if (!chain.has(node.type) || node.text.length > 200) return '?'
  // `a?.b` and `a!.b` reach the same member as `a.b`.
  const text = node.text.replace(/\?\.|!\./g, '.')
  return /^[\w$.:#]+$/.test(text) ? text : '?'
}

export const unquote = (text: string): string => text.replace(/^[`'"]+|[`'"]+$/g, '')

export const childrenOfType = (node: Node, type: string): Node[] =>
  node.namedChildren.filter((child): child is Node => child?.type === type)
