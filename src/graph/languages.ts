/** Which language a path is, which grammar parses it, and which files are prose rather than code. */

export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java'

/** The family shares one set of extraction rules: TypeScript, TSX and JavaScript are read alike. */
export type LanguageFamily = 'js' | 'python' | 'go' | 'rust' | 'java'

const BY_EXTENSION: Record<string, LanguageId> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java'
}

export const LANGUAGES: readonly LanguageId[] = [
  'typescript',
  'tsx',
  'javascript',
  'python',
  'go',
  'rust',
  'java'
]

/** The grammar's file in @vscode/tree-sitter-wasm's wasm/ folder. */
export const grammarFile = (language: LanguageId): string => `tree-sitter-${language}.wasm`

export function familyOf(language: LanguageId): LanguageFamily {
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return 'js'
  return language
}

const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The parsed language of a path, undefined for a language without a grammar here. */
export function languageOf(path: string): LanguageId | undefined {
  return BY_EXTENSION[extensionOf(path)]
}

const PROSE_EXTENSIONS = new Set(['md', 'markdown', 'mdx', 'rst', 'txt', 'adoc', 'asciidoc', 'org'])
const PROSE_NAMES =
  /^(?:licen[cs]e|copying|notice|authors|contributors|changelog|changes|history|readme)(?:[.-].*)?$/i

/** Markdown, reStructuredText, licence and notice files: words about code, never code. */
export function isProse(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return PROSE_EXTENSIONS.has(extensionOf(path)) || PROSE_NAMES.test(name)
}
