/**
 * No function in src/ is longer than 80 lines: the longest are listed, read by the TypeScript compiler's
 * parser, so the report names each by file, line and name.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const MAX_LINES = 80

interface FunctionLength {
  lines: number
  where: string
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function isFunction(node: ts.Node): node is ts.SignatureDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

/** A function's own name, or the name of what it is assigned to. */
function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText()
  const parent = node.parent as ts.Node & { name?: ts.Node }
  return parent.name ? parent.name.getText() : '<anonymous>'
}

/** Every function of the file with its length in lines, from its first token to its last. */
function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: FunctionLength[] = []
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({ lines: end - start + 1, where: `${relative(ROOT, file)}:${start + 1} ${nameOf(node)}` })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('function lengths', () => {
  it(`finds a long function, nested ones included`, () => {
    const body = Array.from({ length: 81 }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const lengths = functionLengths(join(ROOT, 'src/x.ts'), `export function outer() {\n${body}\n}\n`)
    expect(lengths).toEqual([{ lines: 83, where: 'src/x.ts:1 outer' }])
    const nested = functionLengths(join(ROOT, 'src/y.ts'), `const run = () => {\n  const f = () => 1\n}\n`)
    expect(nested.map(f => f.where)).toEqual(['src/y.ts:1 run', 'src/y.ts:2 f'])
  })

  it(`has no function in src/ over ${MAX_LINES} lines`, () => {
    const all = sources(join(ROOT, 'src'))
      .flatMap(file => functionLengths(file, readFileSync(file, 'utf8')))
      .sort((a, b) => b.lines - a.lines)
    // The longest few, so a failure shows what is close to the line as well as what crossed it.
    const longest = all.slice(0, 10).map(f => `${f.lines} ${f.where}`)
    expect({ longest, over: all.filter(f => f.lines > MAX_LINES).map(f => `${f.lines} ${f.where}`) }).toEqual(
      {
        longest,
        over: []
      }
    )
  })
})
