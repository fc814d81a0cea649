/**
 * A way around one gap in the TypeScript grammar: a generic call signature (`<T>(x: T): R`) on a line of its
 * own right after another member is read as type arguments or a comparison, and the error recovery then
 * swallows the rest of the file. A `;` after the member before it, which TypeScript allows between members,
 * lets the parser read on. Every line, and the column of every name, stays where it was.
 */
import type { Node, Parser, Tree } from '@vscode/tree-sitter-wasm'

const OPENS_SIGNATURE = /^\s*<(?![/<=])/
const ENDS_MEMBER = /[\w$)\]>'"`]\s*$/

/** The text with a `;` after each line that ends a member before a call signature; the same text if none. */
export function separateCallSignatures(text: string): string {
  const lines = text.split('\n')
  let previous = -1
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '') continue
    if (previous >= 0 && OPENS_SIGNATURE.test(line) && ENDS_MEMBER.test(lines[previous] as string)) {
      lines[previous] = (lines[previous] as string).replace(/\s*$/, ';')
      changed = true
    }
    previous = i
  }
  return changed ? lines.join('\n') : text
}

/** How much of a tree the parser could not read: the bytes under its outermost error nodes. */
export function unreadBytes(tree: Tree): number {
  let unread = 0
  const pending: Node[] = [tree.rootNode]
  while (pending.length > 0) {
    const node = pending.pop() as Node
    if (node.type === 'ERROR') unread += node.endIndex - node.startIndex
    else if (node.hasError) for (const child of node.children) if (child) pending.push(child)
  }
  return unread
}

/**
 * The tree of `text`, or, when the parser could not read part of a TypeScript file, of the text with its call
 * signatures separated, if the parser reads more of that.
 */
export function parseReadingMore(parser: Parser, text: string, typescript: boolean): Tree | null {
  const tree = parser.parse(text)
  if (!tree || !tree.rootNode.hasError || !typescript) return tree
  const repaired = separateCallSignatures(text)
  if (repaired === text) return tree
  const other = parser.parse(repaired)
  if (other && unreadBytes(other) < unreadBytes(tree)) {
    tree.delete()
    return other
  }
  other?.delete()
  return tree
}
