/** What the graph keeps of a parsed file: its definitions, its references, its imports. Never the tree. */
import type { LanguageId } from './languages.js'

/** How a reference uses a name; the answer's contract. */
export type ReferenceKind = 'call' | 'import' | 'type' | 'read' | 'write' | 'other'

export interface Definition {
  name: string
  /** function, method, class, interface, type, enum, struct, trait, variable, constant, field, module… */
  kind: string
  /** The class, struct, trait, interface or namespace it is a member of. */
  container?: string | undefined
  /** 1-based, the first and last line of its whole declaration. */
  line: number
  endLine: number
  /** Visible outside its file: exported, public, or a module's top-level name in a language without exports. */
  exported: boolean
}

export interface Reference {
  name: string
  line: number
  kind: ReferenceKind
  /**
   * What it is reached through: `this`/`self`, an identifier (a module, a variable, a class), `?` for an
   * expression; undefined for a bare name.
   */
  qualifier?: string | undefined
  /** The function scopes around it, innermost last (ids into FileFacts.locals). */
  scopes: number[]
  /** The class (or impl's type) it is inside of, for `this`/`self`. */
  inClass?: string | undefined
  /** The definition it is the name of, when it names one rather than uses one. */
  defines?: true
}

/** A name one file takes from another (or a whole module, as `*`). */
export interface ImportBinding {
  /** The name in this file. */
  local: string
  /** The name in the source module: a name, `default`, or `*` for the module itself. */
  imported: string
  /** The module as written: a relative path, a dotted module, a package path. */
  source: string
  line: number
  /** An export of this file too (`export { x } from`, `export * from`). */
  reexport?: true
}

export interface FileFacts {
  path: string
  language: LanguageId
  definitions: Definition[]
  /** By name, in source order. */
  references: Map<string, Reference[]>
  imports: ImportBinding[]
  /** Names bound inside each function scope (parameters, locals), by scope id. */
  locals: Map<number, Set<string>>
  /**
   * Variables whose class is in view (`x = new C()`, `x: C`), by `typeKey(scope, name)`: a parameter or local
   * in its function's scope, a module's or class's names (and `this.x`, `self.x`) in scope 0.
   */
  typeOf: Map<string, string>
  /**
   * What each class-like name declared here builds on: the classes and interfaces it extends or implements,
   * or, for a type alias, the types it is a union or intersection of.
   */
  heritage: Map<string, Heritage>
  /** Go's package clause, Java's package declaration. */
  packageName?: string
  /** The parser met text it could not read; what it read is still kept. */
  syntaxErrors: boolean
  /** The lines of the text it could not read (first and last, 1-based), where declarations may be lost. */
  unreadLines: Array<[number, number]>
}

/** A definition and the file it is in. */
export interface Located {
  path: string
  definition: Definition
}

export interface Heritage {
  bases: string[]
  /** A type alias: its parts are not its bases, so their members are not redeclarations of each other. */
  alias?: true
}

/** A variable's type written as what it is assigned from: `call:this.load` is what `this.load()` returns. */
export const CALL_RESULT = 'call:'

/** Between the parts of a type written as an inline union: `Circle|Square`. */
export const UNION = '|'

/**
 * The qualifier of a member of a variable a guard function narrows: `is:isStore:x` is the type `isStore`'s
 * predicate (`x is Store`) says, else x's own.
 */
export const GUARDED = 'is:'

/** A variable's type written as the value it is given: `value:store.current` is the type of `store.current`. */
export const VALUE_OF = 'value:'

/**
 * A guard written as a call that makes it from a class (`const isStore = instanceGuard('Store', Store)`):
 * `made:instanceGuard:,Store` is the argument the maker's declaration says its guard narrows to.
 */
export const MADE = 'made:'

/** Methods of a collection that give one of its elements: an array's, a Set's, a Map's (its values), a dict's. */
export const PICKS = /^(?:get|find|findLast|at|pop|shift|setdefault)$/

/** A variable's type written as an element of a collection: `elem:this.items` is what `this.items` holds. */
export const ELEMENT = 'elem:'

/**
 * The qualifier of an object literal's members when it is passed to a call: `arg:0:this.notify` is the type
 * `this.notify` declares its first parameter as.
 */
export const ARGUMENT = 'arg:'

/**
 * Between a qualifier and each literal an object literal gives a member (`arg:0:this.dispatch;type='pause'`):
 * of a union's parts, those that declare another literal for that member are not the literal's type.
 */
export const DISCRIMINANT = ';'

/** The qualifier of a member declared in an inline object type (`opts: { a: T }`): nobody's member by name. */
export const INLINE_TYPE = '{}'

export const typeKey = (scope: number, name: string): string => `${scope}:${name}`

export const qualifiedName = (definition: Pick<Definition, 'name' | 'container'>): string =>
  definition.container ? `${definition.container}.${definition.name}` : definition.name
