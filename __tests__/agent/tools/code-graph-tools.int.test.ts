import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, cpSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setGrammarDir, treeSitterDir } from '../../../src/graph/parser.js'
import { createWorld, releaseAll } from '../support/review-world.js'

afterEach(releaseAll)
afterEach(() => setGrammarDir(undefined))

const STORE_TS = [
  'export function load(key: string): string {',
  '  return key',
  '}',
  '',
  'export function save(key: string): void {}',
  ''
].join('\n')

const SPEC = {
  base: {
    'src/store.ts': STORE_TS,
    'src/index.ts': "export { load } from './store.js'\n",
    'src/app.ts': "import { load, save } from './store.js'\nexport const run = () => save(load('a'))\n",
    'src/view.ts': "import { load } from './index.js'\nexport const show = () => load('b')\n",
    'lib/load.py': 'def load(path):\n    return open(path)\n',
    'tools/load.rb': 'def load(path)\n  File.read(path)\nend\n'
  },
  commits: [
    {
      files: { 'src/store.ts': STORE_TS.replace('return key', 'return key.trim()') },
      message: 'trim the key'
    }
  ]
}

describe('find_definition', () => {
  it('resolves a name through the file that uses it, re-exports followed, and lists every definition otherwise', async () => {
    const world = await createWorld(SPEC)
    const used = await world.tools.execute('find_definition', { symbol: 'load', used_in: 'src/view.ts' })
    expect(used.content).toContain(
      'found by the parser (python, typescript), best first; the first is the one src/view.ts uses'
    )
    const labels = used.content.split('\n').filter(line => /^\S+:\d+ /.test(line))
    expect(labels).toEqual(['src/store.ts:1 function load', 'lib/load.py:1 function load'])
    const all = await world.tools.execute('find_definition', { symbol: 'load' })
    expect(all.content).toContain('lib/load.py:1 function load\n    def load(path):')
    const qualified = await world.tools.execute('find_definition', { symbol: 'store.load' })
    expect(qualified.content.split('\n').filter(line => /^\S+:\d+ /.test(line))).toEqual([
      'src/store.ts:1 function load'
    ])
    const outside = await world.tools.execute('find_definition', { symbol: 'load', used_in: '/etc/passwd' })
    expect(outside.isError).toBe(true)
  })

  it('falls back to the line patterns for a language without a grammar, and says so', async () => {
    const world = await createWorld({
      base: { 'tools/load.rb': 'def fetch(path)\n  File.read(path)\nend\n' },
      commits: []
    })
    const { content } = await world.tools.execute('find_definition', { symbol: 'fetch' })
    expect(content).toContain('found by the pattern fallback')
    expect(content).toContain('tools/load.rb:1 definition fetch')
  })
})

describe('get_related_files', () => {
  it("lists a file's imports, importers and the callers of its exported functions, changed ones first", async () => {
    const world = await createWorld(SPEC)
    const { content, isError } = await world.tools.execute('get_related_files', { path: 'src/store.ts' })
    expect(isError).toBeUndefined()
    expect(content).toContain('Imported by (2):\n  src/app.ts\n  src/index.ts')
    expect(content).toContain(
      'Calls its exported functions (1, changed ones first):\n  src/app.ts  calls load (changed), save'
    )
    const app = await world.tools.execute('get_related_files', { path: 'src/app.ts' })
    expect(app.content).toContain('Imports (1):\n  src/store.ts  (./store.js)')
    expect((await world.tools.execute('get_related_files', { path: '../outside.ts' })).isError).toBe(true)
    expect((await world.tools.execute('get_related_files', { path: 'src/missing.ts' })).isError).toBe(true)
  })
})

describe('files the parser cannot read', () => {
  it('answers for a syntax error, a 5 MB minified file and a binary file, each said, and goes on', async () => {
    const minified = `var load=function(){return 1};${'var x=load();'.repeat(400_000)}`
    const world = await createWorld({
      base: {
        'src/store.ts': STORE_TS,
        'src/broken.ts': "import { load } from './store.js'\nexport const x = load('a'\nfunction ((( {\n",
        'src/bundle.min.js': minified,
        'src/blob.js': `load\u0000\u0001\u0002`,
        'src/use.ts': "import { load } from './store.js'\nload('c')\n"
      },
      commits: []
    })
    const started = Date.now()
    const { content, isError } = await world.tools.execute('find_references', { symbol: 'load' })
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(isError).toBeUndefined()
    expect(content).toContain('src/bundle.min.js: larger than 1 MB')
    // The parser recovers around the error and still reads the use before it.
    expect(content).toMatch(/src\/broken\.ts:2 (call|read) load {2}export const x = load\('a'/)
    // git grep does not search a binary file: it is in neither section.
    expect(content).not.toContain('src/blob.js')
    expect(content).toContain("src/use.ts:2 call load  load('c')")
    expect(content).toMatch(/Textual matches[^\n]*\n(?:.*\n)*src\/bundle\.min\.js:1 other load/)
  })

  it('answers by the patterns when a grammar fails to load, and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grammars-'))
    try {
      cpSync(treeSitterDir().dir, dir, { recursive: true })
      writeFileSync(join(dir, 'tree-sitter-python.wasm'), 'not a grammar')
      setGrammarDir(dir)
      const world = await createWorld({
        base: { 'lib/load.py': 'def load(path):\n    return open(path)\n\nload("x")\n' },
        commits: []
      })
      const { content, isError } = await world.tools.execute('find_references', { symbol: 'load' })
      expect(isError).toBeUndefined()
      expect(content).toContain('by the pattern fallback')
      expect(content).toContain('the python grammar did not load')
      expect(content).toContain('lib/load.py:4 other load  load("x")')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
