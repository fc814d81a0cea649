/**
 * The TypeScript language service as the truth: definitions found by walking each file's syntax, references by
 * `findReferences` at a definition's name, and go-to-definition by `getDefinitionAtPosition` at a use.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import type { Compiler, Definition, DefinitionSpan, Place, ProjectFacts, UseSite } from './types.js'

const SOURCE = /\.(ts|tsx|mts|cts)$/

export function typescriptCompiler(dir: string, files: readonly string[]): Compiler {
  const sources = files.filter(f => SOURCE.test(f))
  const service = languageService(dir, sources)
  const program = (): ts.Program => {
    const built = service.getProgram()
    if (!built) throw new Error(`the TypeScript language service built no program for ${dir}`)
    return built
  }
  const absolute = (file: string): string => path.join(dir, file)
  return {
    async facts(): Promise<ProjectFacts> {
      const built = program()
      const definitions = definitionsOf(dir, built, sources)
      const names = new Set(definitions.map(d => d.name))
      const useSites = sources.flatMap(file => usesIn(file, sourceOf(built, absolute(file)), names))
      return { language: 'typescript', compiler: `TypeScript ${ts.version}`, definitions, useSites }
    },
    async truth(symbols, sites) {
      const references = symbols.map(d => referencesOf(dir, service, d))
      const definitions = sites.map(site => {
        const sf = sourceOf(program(), absolute(site.file))
        const at = sf.getPositionOfLineAndCharacter(site.line - 1, site.column)
        return spansOf(dir, program(), service.getDefinitionAtPosition(absolute(site.file), at) ?? [])
      })
      return { references, definitions }
    }
  }
}

function languageService(dir: string, sources: readonly string[]): ts.LanguageService {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.Preserve,
    strict: true,
    noEmit: true,
    skipLibCheck: true
  }
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => sources.map(f => path.join(dir, f)),
    getScriptVersion: () => '1',
    getScriptSnapshot: file =>
      fs.existsSync(file) ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, 'utf8')) : undefined,
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: o => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories
  }
  return ts.createLanguageService(host, ts.createDocumentRegistry())
}

function sourceOf(program: ts.Program, file: string): ts.SourceFile {
  const sf = program.getSourceFile(file)
  if (!sf) throw new Error(`the TypeScript program has no ${file}`)
  return sf
}

const lineOf = (sf: ts.SourceFile, pos: number): number => sf.getLineAndCharacterOfPosition(pos).line + 1

/** Module-level declarations and the members of classes, interfaces and enums, one per symbol. */
function definitionsOf(dir: string, program: ts.Program, sources: readonly string[]): Definition[] {
  const checker = program.getTypeChecker()
  const seen = new Set<ts.Symbol>()
  const out: Definition[] = []
  for (const file of sources) {
    const sf = sourceOf(program, path.join(dir, file))
    for (const { node, container } of declaredIn(sf)) {
      const symbol = checker.getSymbolAtLocation(node)
      if (!symbol || seen.has(symbol)) continue
      seen.add(symbol)
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
      out.push({
        name: node.text,
        ...(container ? { container } : {}),
        kind: ts.SyntaxKind[node.parent.kind],
        file,
        line: line + 1,
        column: character,
        ownLines: ownLines(dir, symbol)
      })
    }
  }
  return out
}

function ownLines(dir: string, symbol: ts.Symbol): Place[] {
  return (symbol.declarations ?? []).flatMap(decl => {
    const sf = decl.getSourceFile()
    const name = ts.getNameOfDeclaration(decl) ?? decl
    const file = path.relative(dir, sf.fileName)
    return file.startsWith('..') ? [] : [{ file, line: lineOf(sf, name.getStart(sf)) }]
  })
}

const MEMBER_KINDS = new Set([
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.EnumMember
])

/** Named declarations outside function bodies: what a reviewer asks about, not a function's locals. */
function declaredIn(sf: ts.SourceFile): Array<{ node: ts.Identifier; container?: string }> {
  const out: Array<{ node: ts.Identifier; container?: string }> = []
  const visit = (node: ts.Node, container: string | undefined): void => {
    if (ts.isFunctionLike(node) && node.kind !== ts.SyntaxKind.FunctionDeclaration) return
    if (ts.isFunctionDeclaration(node)) {
      if (node.name) out.push({ node: node.name })
      return
    }
    if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) {
      if (!node.name) return
      out.push({ node: node.name, ...(container ? { container } : {}) })
      node.forEachChild(member => visitMember(member, node.name?.text))
      return
    }
    if (ts.isTypeAliasDeclaration(node)) out.push({ node: node.name })
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) out.push({ node: node.name })
    node.forEachChild(child => visit(child, container))
  }
  const visitMember = (member: ts.Node, container: string | undefined): void => {
    if (!MEMBER_KINDS.has(member.kind)) return
    const name = (member as ts.NamedDeclaration).name
    if (name && ts.isIdentifier(name)) out.push({ node: name, ...(container ? { container } : {}) })
  }
  visit(sf, undefined)
  return out
}

/** Identifiers naming something the project defines, outside declarations' names and import lists. */
function usesIn(file: string, sf: ts.SourceFile, names: ReadonlySet<string>): UseSite[] {
  const out: UseSite[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isIdentifier(node) && names.has(node.text) && !isDeclarationName(node)) {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
      out.push({ name: node.text, file, line: line + 1, column: character })
    }
    node.forEachChild(visit)
  }
  visit(sf)
  return out
}

const DECLARATION_KINDS = new Set([
  ...MEMBER_KINDS,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ShorthandPropertyAssignment,
  ts.SyntaxKind.BindingElement
])

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent as ts.NamedDeclaration
  return DECLARATION_KINDS.has(parent.kind) && parent.name === node
}

function referencesOf(dir: string, service: ts.LanguageService, d: Definition): Place[] {
  const file = path.join(dir, d.file)
  const sf = service.getProgram()?.getSourceFile(file)
  if (!sf) return []
  const at = sf.getPositionOfLineAndCharacter(d.line - 1, d.column)
  const places: Place[] = []
  for (const group of service.findReferences(file, at) ?? [])
    for (const ref of group.references) {
      const rel = path.relative(dir, ref.fileName)
      const refSf = service.getProgram()?.getSourceFile(ref.fileName)
      if (rel.startsWith('..') || !refSf) continue
      places.push({ file: rel, line: lineOf(refSf, ref.textSpan.start) })
    }
  return places
}

function spansOf(dir: string, program: ts.Program, infos: readonly ts.DefinitionInfo[]): DefinitionSpan[] {
  return infos.flatMap(info => {
    const file = path.relative(dir, info.fileName)
    const sf = program.getSourceFile(info.fileName)
    if (file.startsWith('..') || !sf) return []
    const line = lineOf(sf, info.textSpan.start)
    const startLine = info.contextSpan ? Math.min(line, lineOf(sf, info.contextSpan.start)) : line
    return [{ file, line, startLine }]
  })
}
