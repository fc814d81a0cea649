/**
 * The tree-sitter runtime and its grammars, as WebAssembly from @vscode/tree-sitter-wasm, which builds them
 * together. Nothing loads until a question needs a language: a run that parses nothing pays nothing, and a
 * run that parses Python loads only Python's grammar. The bundle keeps the files in a `tree-sitter/` folder
 * beside itself (scripts/bundle.ts copies them) and loads the runtime with Node's own `import()`, because the
 * runtime finds its WebAssembly beside its own file.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Language, Parser } from '@vscode/tree-sitter-wasm'
import { errorMessage } from '../errors.js'
import { grammarFile, type LanguageId } from './languages.js'

/** The folder the bundle gives the runtime and the grammars, beside itself. */
export const BUNDLED_TREE_SITTER = 'tree-sitter'
/** The runtime's file there: CommonJS, so named for Node whatever the package's type. */
export const BUNDLED_RUNTIME = 'tree-sitter.cjs'

type Runtime = { Parser: typeof Parser; Language: typeof Language }

/** Where the runtime and grammars are: beside the bundle, or in node_modules when run from source. */
export function treeSitterDir(): { dir: string; runtime: string } {
  const bundled = join(dirname(fileURLToPath(import.meta.url)), BUNDLED_TREE_SITTER)
  if (existsSync(join(bundled, BUNDLED_RUNTIME)))
    return { dir: bundled, runtime: join(bundled, BUNDLED_RUNTIME) }
  const runtime = createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm')
  return { dir: dirname(runtime), runtime }
}

let runtimeLoading: Promise<Runtime> | undefined

function loadRuntime(): Promise<Runtime> {
  runtimeLoading ??= (async () => {
    const { dir, runtime } = treeSitterDir()
    const module = (await import(/* webpackIgnore: true */ pathToFileURL(runtime).href)) as {
      default: Runtime
    }
    const loaded = module.default
    await loaded.Parser.init({ locateFile: (file: string) => join(dir, file) })
    return loaded
  })()
  return runtimeLoading
}

/** A language's parser, or why there is none; each grammar is loaded once per process. */
export type GrammarResult = { parser: Parser } | { error: string }

const grammars = new Map<LanguageId, Promise<GrammarResult>>()

/** Where grammars are read from; a test points it at a folder with a broken one. */
let grammarDirOverride: string | undefined

export function setGrammarDir(dir: string | undefined): void {
  grammarDirOverride = dir
  grammars.clear()
}

export function parserFor(language: LanguageId): Promise<GrammarResult> {
  let loading = grammars.get(language)
  if (!loading) {
    loading = (async (): Promise<GrammarResult> => {
      try {
        const runtime = await loadRuntime()
        const dir = grammarDirOverride ?? treeSitterDir().dir
        const grammar = await runtime.Language.load(readFileSync(join(dir, grammarFile(language))))
        const parser = new runtime.Parser()
        parser.setLanguage(grammar)
        return { parser }
      } catch (error) {
        return { error: `the ${language} grammar did not load (${errorMessage(error)})` }
      }
    })()
    grammars.set(language, loading)
  }
  return loading
}
