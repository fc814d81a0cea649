/**
 * One walk over a syntax tree, turned into facts: definitions, references, imports, the names each function
 * binds. The walk uses a cursor and looks only at the node types its language's rules name, so a large file
 * costs its node count and no more; the tree is freed before the facts are returned.
 */
import type { Node, Parser, TreeCursor } from '@vscode/tree-sitter-wasm'
import {
  CALL_RESULT,
  PICKS,
  typeKey,
  VALUE_OF,
  type Definition,
  type FileFacts,
  type Reference
} from './facts.js'
import { familyOf, type LanguageFamily, type LanguageId } from './languages.js'
import { parseReadingMore } from './repair.js'
import type { LanguageRules, Use } from './rules.js'
import { GO_RULES } from './rules-go.js'
import { JAVA_RULES } from './rules-java.js'
import { JS_RULES } from './rules-js.js'
import { PYTHON_RULES } from './rules-python.js'
import { RUST_RULES } from './rules-rust.js'

const RULES: Record<LanguageFamily, LanguageRules> = {
  js: JS_RULES,
  python: PYTHON_RULES,
  go: GO_RULES,
  rust: RUST_RULES,
  java: JAVA_RULES
}

/** What encloses the node being visited: a class (its name) or a function scope (its id). */
interface Frame {
  depth: number
  className?: string
  scope?: number
}

/** Parses `text` and extracts its facts; throws only when the parser gives no tree at all. */
export function extractFacts(parser: Parser, path: string, language: LanguageId, text: string): FileFacts {
  const tree = parseReadingMore(parser, text, language === 'typescript')
  if (!tree) throw new Error('the parser gave no tree')
  try {
    const facts: FileFacts = {
      path,
      language,
      definitions: [],
      references: new Map(),
      imports: [],
      locals: new Map(),
      typeOf: new Map(),
      heritage: new Map(),
      syntaxErrors: tree.rootNode.hasError,
      unreadLines: []
    }
    walk(tree.walk(), RULES[familyOf(language)], facts)
    return facts
  } finally {
    tree.delete()
  }
}

function walk(cursor: TreeCursor, rules: LanguageRules, facts: FileFacts): void {
  const frames: Frame[] = []
  const state = { frames, nextScope: 1, definitionNames: new Set<number>() }
  let depth = 0
  for (;;) {
    while (frames.length > 0 && (frames[frames.length - 1] as Frame).depth >= depth) frames.pop()
    if (rules.interesting.has(cursor.nodeType)) visit(cursor.currentNode, depth, rules, facts, state)
    else if (cursor.nodeType === 'ERROR')
      noteUnread(facts, cursor.startPosition.row + 1, cursor.endPosition.row + 1)
    if (cursor.gotoFirstChild()) {
      depth++
      continue
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete()
        return
      }
      depth--
    }
  }
}

interface WalkState {
  frames: Frame[]
  nextScope: number
  /** Start offsets of the names definitions declare. */
  definitionNames: Set<number>
}

const innermost = <K extends 'className' | 'scope'>(frames: Frame[], key: K): Frame[K] | undefined => {
  for (let i = frames.length - 1; i >= 0; i--) {
    const value = (frames[i] as Frame)[key]
    if (value !== undefined) return value
  }
  return undefined
}

function visit(node: Node, depth: number, rules: LanguageRules, facts: FileFacts, state: WalkState): void {
  const { frames } = state
  const inClass = innermost(frames, 'className')
  const scope = innermost(frames, 'scope')
  const site = scope === undefined ? rules.definitionOf(node, inClass) : undefined
  if (site) {
    const definition: Definition = {
      name: site.nameNode.text,
      kind: site.kind,
      line: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      exported: site.exported
    }
    if (site.container) definition.container = site.container
    facts.definitions.push(definition)
    state.definitionNames.add(site.nameNode.startIndex)
    if (site.opensClass) frames.push({ depth, className: site.opensClass })
  } else {
    const classScope = rules.classScopeOf?.(node)
    if (classScope) frames.push({ depth, className: classScope })
  }
  if (rules.functionTypes.has(node.type)) {
    const name = rules.functionName?.(node)
    if (name && scope !== undefined) addLocal(facts, scope, name)
    const id = state.nextScope++
    facts.locals.set(id, new Set())
    frames.push({ depth, scope: id })
  }
  const innerScope = innermost(frames, 'scope')
  if (innerScope !== undefined) for (const name of rules.localsOf(node)) addLocal(facts, innerScope, name)
  const imports = rules.importsOf(node)
  if (imports) facts.imports.push(...imports)
  const hint = rules.typeHintOf?.(node)
  const hints = [...(hint ? [hint] : []), ...(rules.moreTypeHintsOf?.(node) ?? [])]
  for (const each of hints) noteTypeHint(facts, each, inClass, each[0].includes('(') ? scope : innerScope)
  const packageName = rules.packageOf?.(node)
  if (packageName) facts.packageName = packageName
  const declared = rules.heritageOf?.(node)
  if (declared && !facts.heritage.has(declared.name)) facts.heritage.set(declared.name, declared.heritage)
  if (rules.referenceTypes.has(node.type)) {
    const uses = rules.referenceOf(node)
    for (const use of uses === undefined ? [] : 'kind' in uses ? [uses] : uses)
      addReference(node.text, node.startPosition.row + 1, use, facts, state, node.startIndex)
  }
  for (const link of rules.linksIn?.(node) ?? []) addReference(link.name, link.line, link, facts, state)
}

/**
 * A hint in its scope; a member's (`this.x`, `self.x`, `this.m()`) in the module's, and by class as well; an
 * interface member's (`.x`) by its interface only.
 */
function noteTypeHint(
  facts: FileFacts,
  [name, written]: [string, string],
  inClass: string | undefined,
  scope: number | undefined
): void {
  const type = withLocalTypes(facts, scope ?? 0, written)
  const member = /^(?:this|self)?\./.test(name)
  // A hint through a local with no type, or a member copied from a value not typed here, is never followed;
  // kept, it would keep a later, better hint out, since the first one stays.
  if (type === undefined || (member && type.startsWith(VALUE_OF))) return
  if (name.startsWith('.')) {
    if (inClass !== undefined) addTypeHint(facts, 0, [`${inClass}${name}`, type])
    return
  }
  if (!member) return addTypeHint(facts, scope ?? 0, [name, type])
  addTypeHint(facts, 0, [name, type])
  // Also by class, so `x.field.member` can be followed from another file: `Store.items`.
  if (inClass !== undefined) addTypeHint(facts, 0, [`${inClass}.${name.slice(5)}`, type])
}

/**
 * A type written through a local (`value:env`, `call:environment.load`) with the local's type put in here,
 * where the local is in view (`self.env = env` is read in other methods); undefined when the local has none.
 */
function withLocalTypes(facts: FileFacts, scope: number, written: string): string | undefined {
  const prefix = written.startsWith(VALUE_OF) ? VALUE_OF : written.startsWith(CALL_RESULT) ? CALL_RESULT : ''
  if (prefix === '' || scope === 0) return written
  const chain = written.slice(prefix.length)
  const dot = chain.indexOf('.')
  const root = dot < 0 ? chain : chain.slice(0, dot)
  // A function called by name, and `self.load()`, are read where they are.
  if ((prefix === CALL_RESULT && dot < 0) || root === 'self' || root === 'this') return written
  const type = facts.typeOf.get(typeKey(scope, root))
  if (type === undefined && facts.locals.get(scope)?.has(root)) {
    // A local collection with no type of its own still says what it holds: `items.find(…)` is one of them.
    const element = facts.typeOf.get(typeKey(scope, `${root}[]`))
    const picks = prefix === CALL_RESULT && dot > 0 && PICKS.test(chain.slice(dot + 1))
    return picks && element !== undefined && /^[\w$]+$/.test(element) ? element : undefined
  }
  if (type === undefined) return written
  if (!/^[\w$]+$/.test(type)) return written
  if (dot < 0) return prefix === VALUE_OF ? type : written
  return `${prefix}${type}${chain.slice(dot)}`
}

function addTypeHint(facts: FileFacts, scope: number, [name, type]: [string, string]): void {
  const key = typeKey(scope, name)
  if (!facts.typeOf.has(key)) facts.typeOf.set(key, type)
}

function noteUnread(facts: FileFacts, first: number, last: number): void {
  const previous = facts.unreadLines[facts.unreadLines.length - 1]
  if (previous && first <= previous[1]) previous[1] = Math.max(previous[1], last)
  else facts.unreadLines.push([first, last])
}

function addLocal(facts: FileFacts, scope: number, name: string): void {
  facts.locals.get(scope)?.add(name)
}

function addReference(
  name: string,
  line: number,
  use: Use,
  facts: FileFacts,
  state: WalkState,
  startIndex?: number
): void {
  const scopes: number[] = []
  for (const frame of state.frames) if (frame.scope !== undefined) scopes.push(frame.scope)
  const reference: Reference = { name, line, kind: use.kind, scopes }
  if (use.qualifier !== undefined) reference.qualifier = use.qualifier
  const inClass = innermost(state.frames, 'className')
  if (inClass !== undefined) reference.inClass = inClass
  if (startIndex !== undefined && state.definitionNames.has(startIndex)) reference.defines = true
  const list = facts.references.get(reference.name)
  if (list) list.push(reference)
  else facts.references.set(reference.name, [reference])
}
