import { describe, expect, it } from '@jest/globals'
import { extractFacts } from '../../src/graph/extract.js'
import { qualifiedName, type FileFacts } from '../../src/graph/facts.js'
import type { LanguageId } from '../../src/graph/languages.js'
import { parserFor } from '../../src/graph/parser.js'

async function factsOf(language: LanguageId, path: string, lines: string[]): Promise<FileFacts> {
  const grammar = await parserFor(language)
  if ('error' in grammar) throw new Error(grammar.error)
  return extractFacts(grammar.parser, path, language, lines.join('\n'))
}

const definitions = (facts: FileFacts): string[] =>
  facts.definitions.map(d => `${d.line} ${d.kind} ${d.container ? `${d.container}.` : ''}${d.name}`)

/** Each use of `name`: line, kind, and what it is reached through. */
const uses = (facts: FileFacts, name: string): string[] =>
  (facts.references.get(name) ?? [])
    .filter(r => !r.defines)
    .map(r => `${r.line} ${r.kind}${r.qualifier ? ` via ${r.qualifier}` : ''}`)

/** The type a variable is declared or constructed as, in whichever scope. */
const declaredType = (facts: FileFacts, variable: string): string | undefined =>
  [...facts.typeOf].find(([key]) => key.slice(key.indexOf(':') + 1) === variable)?.[1]

const imports = (facts: FileFacts): string[] =>
  facts.imports.map(i => `${i.local}=${i.imported} from ${i.source}${i.reexport ? ' (re-export)' : ''}`)

describe('facts from each language', () => {
  it('TypeScript: definitions, imports and re-exports, calls, member uses; strings and comments are no uses', async () => {
    const facts = await factsOf('typescript', 'src/cache.ts', [
      "import { load as fetchAll, Store } from './store.js'",
      "import * as log from '../log.js'",
      "export { Store } from './store.js'",
      'export class Cache {',
      '  private items = new Map<string, Store>()',
      '  get(key: string): Store | undefined {',
      '    return this.items.get(key)',
      '  }',
      '  reset(): void {',
      '    const store = new Store()',
      '    store.reset()',
      '    fetchAll(this.get("reset"))',
      '    log.info("get() was called") // get',
      '  }',
      '}',
      'export const make = (size: number): Cache => new Cache()'
    ])
    expect(definitions(facts)).toEqual([
      '4 class Cache',
      '5 field Cache.items',
      '6 method Cache.get',
      '9 method Cache.reset',
      '16 function make'
    ])
    expect(imports(facts)).toEqual([
      'fetchAll=load from ./store.js',
      'Store=Store from ./store.js',
      'log=* from ../log.js',
      'Store=Store from ./store.js (re-export)'
    ])
    expect(uses(facts, 'get')).toEqual(['7 call via this.items', '12 call via this'])
    expect(uses(facts, 'reset')).toEqual(['11 call via store'])
    expect(uses(facts, 'fetchAll')).toEqual(['1 import', '12 call'])
    expect(uses(facts, 'Cache')).toEqual(['16 type', '16 call'])
    expect(declaredType(facts, 'store')).toBe('Store')
    expect(facts.definitions.find(d => d.name === 'get')?.exported).toBe(true)
    expect(facts.definitions.find(d => d.name === 'items')?.exported).toBe(false)
  })

  it('TSX and JavaScript: components, require, and functions held in constants', async () => {
    const tsx = await factsOf('tsx', 'src/view.tsx', [
      "import { Button } from './button'",
      'export function View(): JSX.Element {',
      '  return <Button label="Button" onClick={() => submit()} />',
      '}'
    ])
    expect(definitions(tsx)).toEqual(['2 function View'])
    expect(uses(tsx, 'submit')).toEqual(['3 call'])
    const js = await factsOf('javascript', 'lib/index.js', [
      "const { parse, format: fmt } = require('./parse')",
      'const run = async input => fmt(parse(input))',
      'module.exports = { run }'
    ])
    expect(imports(js)).toEqual(['parse=parse from ./parse', 'fmt=format from ./parse'])
    expect(definitions(js)).toEqual(['2 function run'])
    expect(uses(js, 'parse')).toEqual(['1 import', '2 call'])
  })

  it('Python: classes, methods, module constants, imports, self members; keyword names are no uses', async () => {
    const facts = await factsOf('python', 'pkg/cache.py', [
      'from .store import Store, load as fetch_all',
      'import pkg.log as log',
      'LIMIT = 3',
      'class Cache(Base):',
      '    def get(self, key):',
      '        return self.items.get(key)',
      '    def reset(self):',
      '        store = Store()',
      '        store.reset()',
      '        fetch_all(get=self.get("reset"))',
      '        log.info("get")  # get',
      'def make(size=LIMIT):',
      '    return Cache()'
    ])
    expect(definitions(facts)).toEqual([
      '3 constant LIMIT',
      '4 class Cache',
      '5 method Cache.get',
      '7 method Cache.reset',
      '12 function make'
    ])
    expect(imports(facts)).toEqual([
      'Store=Store from .store',
      'fetch_all=load from .store',
      'log=* from pkg.log'
    ])
    expect(uses(facts, 'get')).toEqual(['6 call via self.items', '10 call via self'])
    expect(uses(facts, 'reset')).toEqual(['9 call via store'])
    expect(uses(facts, 'LIMIT')).toEqual(['12 read'])
    expect(declaredType(facts, 'store')).toBe('Store')
  })

  it('Go: functions, methods by receiver, types, package-qualified calls', async () => {
    const facts = await factsOf('go', 'cache/cache.go', [
      'package cache',
      'import (',
      '  "fmt"',
      '  st "example.com/app/store"',
      ')',
      'type Cache struct { items map[string]int }',
      'func (c *Cache) Get(key string) int { return c.items[key] }',
      '// Get is documented here',
      'func New() *Cache { fmt.Println("Get"); return &Cache{items: st.Load()} }'
    ])
    expect(facts.packageName).toBe('cache')
    expect(definitions(facts)).toEqual([
      '6 struct Cache',
      '6 field Cache.items',
      '7 method Cache.Get',
      '9 function New'
    ])
    expect(imports(facts)).toEqual(['fmt=* from fmt', 'st=* from example.com/app/store'])
    expect(uses(facts, 'Load')).toEqual(['9 call via st'])
    expect(uses(facts, 'Get')).toEqual([])
    expect(uses(facts, 'items')).toEqual(['7 read via c', '9 write via ?'])
    expect(declaredType(facts, 'c')).toBe('Cache')
  })

  it('Rust: items, impl methods, use lists and paths', async () => {
    const facts = await factsOf('rust', 'src/cache.rs', [
      'use crate::store::{Store, load as fetch_all};',
      'pub struct Cache { items: Vec<u8> }',
      'impl Cache {',
      '    pub fn get(&self, key: usize) -> u8 { self.items[key] }',
      '    fn reset(&mut self) { let s = Store::new(); fetch_all(s); }',
      '}',
      '// get in a comment'
    ])
    expect(definitions(facts)).toEqual([
      '2 struct Cache',
      '2 field Cache.items',
      '4 method Cache.get',
      '5 method Cache.reset'
    ])
    expect(imports(facts)).toEqual(['Store=Store from crate::store', 'fetch_all=load from crate::store'])
    expect(uses(facts, 'new')).toEqual(['5 call via Store'])
    expect(uses(facts, 'fetch_all')).toEqual(['1 import', '5 call'])
    expect(uses(facts, 'get')).toEqual([])
  })

  it('Java: types, methods, fields, imports; instance and this calls', async () => {
    const facts = await factsOf('java', 'src/main/java/app/Cache.java', [
      'package app;',
      'import app.store.Store;',
      'public class Cache {',
      '  private Store store;',
      '  public int get(String key) { return store.get(key); }',
      '  void reset() { Store s = new Store(); s.reset(); this.get("get"); }',
      '}'
    ])
    expect(facts.packageName).toBe('app')
    expect(definitions(facts)).toEqual([
      '3 class Cache',
      '4 field Cache.store',
      '5 method Cache.get',
      '6 method Cache.reset'
    ])
    expect(imports(facts)).toEqual(['Store=Store from app.store.Store'])
    expect(uses(facts, 'get')).toEqual(['5 call via store', '6 call via this'])
    expect(uses(facts, 'Store')).toEqual(['2 import', '4 type', '6 type', '6 call'])
  })

  it('TypeScript: what types build on, declared receivers, enum members, doc links and unread lines', async () => {
    const facts = await factsOf('typescript', 'src/shapes.ts', [
      'interface Round extends Base<T>, Omit<Named, "id"> {}',
      'type Shape = Circle | (Square & Tagged)',
      'class Box extends Store implements Sized {',
      '  #items: Map<string, Item> | undefined',
      '  constructor(private cache: Cache) {}',
      '  open(): Handle { return new Handle() }',
      '}',
      'enum Flags { Ready, Done = 2 }',
      '/** See {@link Box#open} and {@link Flags}. */',
      'function f<O extends Options>(o: O) { const h = this.open(); return { a: 1 } as Shape }',
      'let x = a < b > (c)'
    ])
    expect(Object.fromEntries(facts.heritage)).toEqual({
      Round: { bases: ['Base', 'Omit', 'Named'] },
      Shape: { bases: ['Circle', 'Square', 'Tagged'], alias: true },
      Box: { bases: ['Store', 'Sized'] }
    })
    expect(declaredType(facts, 'this.cache')).toBe('Cache')
    expect(declaredType(facts, 'Box.cache')).toBe('Cache')
    expect(declaredType(facts, 'Box.open()')).toBe('Handle')
    expect(declaredType(facts, 'o')).toBe('Options')
    expect(declaredType(facts, 'h')).toBe('call:this.open')
    expect(definitions(facts)).toEqual(
      expect.arrayContaining(['8 enum Flags', '8 constant Flags.Ready', '8 constant Flags.Done'])
    )
    expect(uses(facts, 'open')).toEqual(['9 other via Box', '10 call via this'])
    expect(uses(facts, 'Flags')).toEqual(['9 other'])
    expect(uses(facts, 'a')).toEqual(['10 write via Shape', '11 call'])
    expect(facts.unreadLines).toEqual([])
    // Generic call signatures one after another, which the grammar alone reads as a comparison.
    const take = await factsOf('typescript', 'src/take.ts', [
      'export interface Take<S> {',
      '  <P extends S>(predicate: P): Out<',
      '    S,',
      '    P',
      '  >',
      '  <P extends S>(predicate: P, timeout: number): Out<S, P>',
      '  cancel(): void',
      '}',
      'export const after = 1'
    ])
    expect(take.syntaxErrors).toBe(false)
    expect(take.definitions.map(d => `${d.line} ${qualifiedName(d)}`)).toEqual([
      '1 Take',
      '7 Take.cancel',
      '9 after'
    ])
    const unread = await factsOf('typescript', 'src/broken.ts', [
      'export function broken() {',
      '  return [a, (b',
      '}',
      'export interface Unsubscribe {}'
    ])
    expect(unread.syntaxErrors).toBe(true)
    expect(unread.unreadLines.some(([first, last]) => first <= 4 && 4 <= last)).toBe(true)
  })

  it('Python: bases, super(), annotations through modules, quotes and Optional, with-targets', async () => {
    const facts = await factsOf('python', 'pkg/group.py', [
      'class Group(base.Command, Mixin, metaclass=Meta):',
      '    def run(self, ctx: "Context", cmd: t.Optional[mod.Command] = None):',
      '        with Session() as session:',
      '            return super().run(ctx)'
    ])
    expect(Object.fromEntries(facts.heritage)).toEqual({ Group: { bases: ['Command', 'Mixin'] } })
    expect(declaredType(facts, 'ctx')).toBe('Context')
    expect(declaredType(facts, 'cmd')).toBe('Command')
    expect(declaredType(facts, 'session')).toBe('Session')
    expect(uses(facts, 'run')).toEqual(['4 call via super'])
  })

  it('Python: an attribute given a typed parameter keeps its type; an untyped copy keeps no later hint out', async () => {
    const facts = await factsOf('python', 'pkg/fmt.py', [
      'class Formatter:',
      '    def __init__(self, env: "Environment", other):',
      '        self._env = env',
      '        self.other = other',
      '        self.other = Other()',
      '        node = self.node'
    ])
    expect(facts.typeOf.get('0:self._env')).toBe('Environment')
    expect(facts.typeOf.get('0:Formatter._env')).toBe('Environment')
    expect(facts.typeOf.get('0:Formatter.other')).toBe('Other')
    expect(declaredType(facts, 'node')).toBe('value:self.node')
  })

  it('Python: an attribute given what a typed parameter returns keeps that, put in where the parameter is seen', async () => {
    const facts = await factsOf('python', 'pkg/parser.py', [
      'class Parser:',
      '    def __init__(self, environment: "Environment", raw):',
      '        self.stream = environment.tokenize()',
      '        self.session = requests.Session()',
      '        self.lexer = raw.lexer()',
      '        self.lexer = self.make_lexer()'
    ])
    expect(facts.typeOf.get('0:Parser.stream')).toBe('call:Environment.tokenize')
    expect(facts.typeOf.get('0:Parser.session')).toBe('Session')
    // What an untyped parameter returns can never be known from another method; the later hint stays.
    expect(facts.typeOf.get('0:Parser.lexer')).toBe('call:self.make_lexer')
  })

  it('Python: what functions return, what collections hold, and loop and comprehension variables', async () => {
    const facts = await factsOf('python', 'pkg/core.py', [
      'class Command:',
      '    def get_params(self, ctx) -> t.List["Parameter"]:',
      '        return []',
      '',
      '    @property',
      '    def parent(self) -> t.Optional["Command"]:',
      '        return None',
      '',
      '    def help(self, ctx, extra: t.Sequence[Option]):',
      '        for param in self.get_params(ctx):',
      '            param.get_help_record(ctx)',
      '        return [opt.name for opt in extra]',
      '',
      'def current() -> Context:',
      '    return Context()'
    ])
    expect(facts.typeOf.get('0:Command.get_params()')).toBeUndefined()
    expect(facts.typeOf.get('0:Command.get_params()[]')).toBe('Parameter')
    expect(facts.typeOf.get('0:Command.parent()')).toBe('Command')
    expect(facts.typeOf.get('0:current()')).toBe('Context')
    expect(declaredType(facts, 'extra[]')).toBe('Option')
    expect(declaredType(facts, 'param')).toBe('elem:call:self.get_params')
    expect(declaredType(facts, 'opt')).toBe('elem:extra')
  })

  it("TypeScript: an object literal's members are its declared type's, or the parameter's it is passed as", async () => {
    const facts = await factsOf('typescript', 'src/api.ts', [
      'const handlers: Handlers = { run() {}, size }',
      'register({ run() {}, size })'
    ])
    // Passed to a call, a literal's members are the callee's parameter's, which only other files may declare.
    expect(uses(facts, 'run')).toEqual(['1 write via Handlers', '2 write via arg:0:register'])
    expect(uses(facts, 'size')).toEqual([
      '1 read',
      '1 write via Handlers',
      '2 read',
      '2 write via arg:0:register'
    ])
  })
})
