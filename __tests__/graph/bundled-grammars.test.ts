import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { grammarFile, LANGUAGES } from '../../src/graph/languages.js'
import { BUNDLED_RUNTIME, BUNDLED_TREE_SITTER } from '../../src/graph/parser.js'
import { testedBundleDir } from '../../testing/test-bundle.js'

/**
 * Loads the runtime and every grammar from a copy of a bundle folder, in a Node process of its own, as the
 * bundle's loader does: the runtime imported from its file, its WebAssembly and the grammars beside it.
 */
const LOADER = `
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
const [dir, ...grammars] = process.argv.slice(2)
const { default: ts } = await import(pathToFileURL(join(dir, ${JSON.stringify(BUNDLED_RUNTIME)})).href)
await ts.Parser.init({ locateFile: file => join(dir, file) })
const loaded = []
for (const file of grammars) {
  const parser = new ts.Parser()
  parser.setLanguage(await ts.Language.load(readFileSync(join(dir, file))))
  loaded.push(file + ' ' + parser.parse('x').rootNode.type)
}
console.log(JSON.stringify(loaded))
`

describe('the bundled grammars', () => {
  const bundle = testedBundleDir()
  for (const [layout, folder] of [
    ["the action's layout (dist/)", ''],
    ["the CLI's layout (dist/cli/)", 'cli']
  ] as const) {
    it(`load, every one, from ${layout}`, () => {
      const work = mkdtempSync(join(tmpdir(), 'grammars-'))
      try {
        const copy = join(work, 'runner/_actions/redline/v1/dist', folder, BUNDLED_TREE_SITTER)
        cpSync(join(bundle, folder, BUNDLED_TREE_SITTER), copy, { recursive: true })
        const script = join(work, 'load.mjs')
        writeFileSync(script, LOADER)
        const files = LANGUAGES.map(grammarFile)
        const out = execFileSync(process.execPath, [script, copy, ...files], { encoding: 'utf8' })
        const loaded = JSON.parse(out) as string[]
        expect(loaded.map(line => line.split(' ')[0])).toEqual(files)
        for (const line of loaded)
          expect(line.split(' ')[1]).toMatch(/^(program|source_file|module|compilation_unit)$/)
      } finally {
        rmSync(work, { recursive: true, force: true })
      }
    })
  }
})
