import type { BenchLanguage } from './projects.js'

/** A place in a project: a path from the repository root and a 1-based line. */
export interface Place {
  file: string
  line: number
}

/** A definition as the compiler sees it, at its name. */
export interface Definition extends Place {
  name: string
  /** The class, interface or enum it is a member of; none at a module's top level. */
  container?: string
  kind: string
  /** 0-based column of the name, where the compiler is asked. */
  column: number
  /** Every line that declares this same symbol (overloads, merged declarations, reassignments). */
  ownLines: Place[]
}

/** A use of a name the project defines, where go-to-definition is asked. */
export interface UseSite extends Place {
  name: string
  column: number
}

/** Where go-to-definition lands: the name's line, and the first line of its declaration (decorators, export). */
export interface DefinitionSpan extends Place {
  startLine: number
}

/** What a compiler tells about one project: its definitions and the uses that could be asked about. */
export interface ProjectFacts {
  language: BenchLanguage
  /** The compiler and its version, for the report. */
  compiler: string
  definitions: Definition[]
  useSites: UseSite[]
}

/** The compiler's answers for what was sampled. */
export interface CompilerTruth {
  /** References of each sampled definition, in sample order, its own lines included. */
  references: Place[][]
  /** Go-to-definition from each sampled use site, in sample order; empty when it leaves the project. */
  definitions: DefinitionSpan[][]
}

/** The compiler, asked twice: what is there, then about the sample. */
export interface Compiler {
  facts(): Promise<ProjectFacts>
  truth(symbols: readonly Definition[], sites: readonly UseSite[]): Promise<CompilerTruth>
}

export const placeKey = (p: Place): string => `${p.file}:${p.line}`
