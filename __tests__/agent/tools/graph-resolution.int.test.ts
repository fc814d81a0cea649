import { afterEach, describe, expect, it } from '@jest/globals'
import { createWorld, releaseAll } from '../support/review-world.js'

afterEach(releaseAll)

/** The `path:line` of each listed reference in the resolved section (before "Textual matches"). */
function resolvedLines(answer: string): string[] {
  const resolved = answer.split('\nTextual matches')[0] ?? ''
  return resolved
    .split('\n')
    .map(line => /^([^\s:]+:\d+) (?:call|import|type|read|write|other) /.exec(line)?.[1])
    .filter((place): place is string => place !== undefined)
}

function textualLines(answer: string): string[] {
  const textual = answer.split('\nTextual matches')[1] ?? ''
  return textual
    .split('\n')
    .map(line => /^([^\s:]+:\d+) /.exec(line)?.[1])
    .filter((place): place is string => place !== undefined)
}

const TS = {
  'src/core/store.ts': [
    'export interface Sized {',
    '  size: number',
    '}',
    'export interface Counted extends Sized {',
    '  size: number',
    '}',
    'export class Store implements Sized {',
    '  size = 0',
    '  get(key: string): string {',
    '    return key',
    '  }',
    '  open(): Store {',
    '    return this',
    '  }',
    '}',
    'export let shared: Store = new Store()',
    ''
  ].join('\n'),
  'src/core/cache.ts': [
    'export class Cache {',
    '  get(key: string): number {',
    '    return key.length',
    '  }',
    '}',
    ''
  ].join('\n'),
  'src/internal.ts': "export * from './core/cache'\nexport * from './core/store'\n",
  'src/api/use.ts': [
    "import { Store, Counted, shared, Cache } from '../internal'",
    "import { Store as Keeper } from '../core/store'",
    '',
    '/** Reads through {@link Store#get}. */',
    'export class Reader {',
    '  constructor(private readonly store: Store) {}',
    '  private cache: Cache = new Cache()',
    '  read(counted: Counted, other: unknown): number {',
    '    const opened = this.store.open()',
    '    opened.get("a")',
    '    this.cache.get("b")',
    '    ;(other as Store).get("c")',
    '    shared.get("d")',
    '    const { size } = counted',
    '    return size + counted.size',
    '  }',
    '}',
    'export const make = (): Keeper => new Keeper()',
    ''
  ].join('\n'),
  'src/api/shapes.ts': [
    'interface Circle {',
    "  kind: 'circle'",
    '}',
    'interface Square {',
    "  kind: 'square'",
    '}',
    'type Shape = Circle | Square',
    'export function kindOf(shape: Shape): string {',
    '  const label = "kind"',
    '  return shape.kind + label',
    '}',
    'export const circle: Circle = { kind: "circle" }',
    ''
  ].join('\n')
}

const CONTEXTUAL = {
  'src/events/events.ts': [
    "export interface Added { type: 'added'; item: Item }",
    "export interface Removed { type: 'removed'; item: Item }",
    'export type Change = Added | Removed',
    'export interface Part { weight: number }',
    'export interface Item { id: string; parts: Part[]; children: Set<Item> | undefined }',
    'export interface Handler { onChange: (change: Change, part: Part) => void }',
    'export function isItem(x: unknown): x is Item {',
    '  return x !== null',
    '}',
    'export class Bus {',
    '  emit(change: Change): void {}',
    '  all(): Item[] {',
    '    return []',
    '  }',
    '}',
    "import { instanceGuard } from './guards'",
    "export class Tag { id = '' }",
    "export const isTag = instanceGuard('Tag', Tag)",
    ''
  ].join('\n'),
  'src/events/guards.ts': [
    'export function instanceGuard<T>(name: string, made: new () => T): (x: unknown) => x is T {',
    '  return (x: unknown): x is T => x instanceof made',
    '}',
    ''
  ].join('\n'),
  'src/events/feed.ts': [
    "import { Bus, Handler, Item, Part, isItem, isTag } from './events'",
    'export class Feed {',
    '  private bus = new Bus()',
    '  private part: Part = { weight: 0 }',
    '  add(item: Item): void {',
    "    this.bus.emit({ type: 'added', item })",
    '    this.part = { weight: 1 }',
    '    item.parts.forEach(part => part.weight)',
    '    for (const child of item.children!) child.id',
    '    const first = item.parts[0]',
    '    const bus = this.bus',
    '    bus.all().filter(x => x.id && first.weight)',
    '  }',
    '}',
    'export const handler: Handler = {',
    '  onChange: (change, part) => part.weight,',
    '}',
    'export const other: Handler = { onChange(change, part) { return part.weight } }',
    'const fallback: Part = { weight: 2 }',
    'const chosen = Math.random() > 0.5 ? fallback : fallback',
    'chosen.weight',
    'export function check(x: unknown, y: unknown): void {',
    '  if (isItem(x)) x.id',
    '  if (y instanceof Bus) y.all()',
    '  isItem(y) && y.id',
    '  if (isTag(y)) y.id',
    '}',
    'export function only(z: unknown, w: unknown): void {',
    '  if (!isTag(z)) return',
    '  z.id',
    '  for (const v of [w]) {',
    '    if (!(v instanceof Bus)) continue',
    '    v.all()',
    '  }',
    '  if (isTag(w)) return',
    '  w.id',
    '}',
    'export function pick(items: Item[], byId: Map<string, Item>): void {',
    '  const found = items.find(x => x.id)',
    '  found!.id',
    "  byId.get('a')?.id",
    '}',
    ''
  ].join('\n')
}

const PY = {
  'pkg/__init__.py': '',
  'pkg/base.py': [
    'class Command:',
    '    name = "command"',
    '    label = name',
    '',
    '    def run(self, ctx):',
    '        return ctx',
    '',
    '    def help(self):',
    '        return self.name',
    ''
  ].join('\n'),
  'pkg/base.pyi': ['class Command:', '    def run(self, ctx: object) -> object: ...', ''].join('\n'),
  'pkg/group.py': [
    'import typing as t',
    'from . import base',
    'from .base import Command',
    '',
    '',
    'class Group(Command):',
    '    def run(self, ctx):',
    '        self.name = "group"',
    '        return super().run(ctx)',
    '',
    '    def again(self, ctx):',
    '        return self.run(ctx)',
    '',
    '',
    'def invoke(cmd: base.Command, other: "Command", maybe: t.Optional[Command]):',
    '    cmd.run(1)',
    '    other.run(2)',
    '    maybe.run(3)',
    '    with Command() as made:',
    '        made.run(4)',
    ''
  ].join('\n'),
  'pkg/runner.py': [
    'import typing as t',
    'from .base import Command',
    '',
    '',
    'class Runner:',
    '    def commands(self) -> t.List[Command]:',
    '        return []',
    '',
    '    def first(self) -> "Command":',
    '        return Command()',
    '',
    '    def go(self):',
    '        for cmd in self.commands():',
    '            cmd.help()',
    '        self.first().help()',
    '        return [c.help() for c in self.commands()]',
    '',
    '    def each(self, named: t.Sequence[Command], more: t.List[Command]):',
    '        for i, cmd in enumerate(named):',
    '            cmd.help()',
    '        for one, two in zip(named, more):',
    '            two.help()',
    '        for last in reversed(more):',
    '            last.help()',
    '',
    '',
    'class Other:',
    '    def help(self):',
    '        return 0',
    '',
    '',
    'def check(thing, more):',
    '    if isinstance(thing, Command):',
    '        thing.help()',
    '    elif isinstance(thing, Other):',
    '        thing.help()',
    '    if not isinstance(more, Other):',
    '        return',
    '    more.help()',
    '    return isinstance(thing, Command) and thing.help()',
    '',
    '',
    'def pick(thing):',
    '    return thing.help() if isinstance(thing, Other) else None',
    '',
    '',
    'def lookup(table: t.Dict[str, Command]):',
    '    for key, value in table.items():',
    '        value.help()',
    '    for value in table.values():',
    '        value.help()',
    "    table.get('x').help()",
    ''
  ].join('\n')
}

describe('find_references resolves through what the source declares', () => {
  it('TypeScript: export-star barrels, declared, cast and returned types, fields, aliases, links and redeclarations', async () => {
    const world = await createWorld({ base: TS, commits: [] })
    const get = await world.tools.execute('find_references', { symbol: 'Store.get' })
    expect(resolvedLines(get.content)).toEqual([
      'src/api/use.ts:4',
      'src/api/use.ts:10',
      'src/api/use.ts:12',
      'src/api/use.ts:13'
    ])
    const cacheGet = await world.tools.execute('find_references', { symbol: 'Cache.get' })
    expect(resolvedLines(cacheGet.content)).toEqual(['src/api/use.ts:11'])

    const store = await world.tools.execute('find_references', {
      symbol: 'Store',
      defined_in: 'src/core/store.ts'
    })
    // The barrel never names Store, the import under another name does, and so do the uses of that name.
    expect(resolvedLines(store.content)).toEqual(
      expect.arrayContaining(['src/api/use.ts:1', 'src/api/use.ts:2', 'src/api/use.ts:18'])
    )

    const size = await world.tools.execute('find_references', { symbol: 'Sized.size' })
    // Counted's and Store's redeclarations, and the uses through a Counted, as the compiler counts them.
    expect(resolvedLines(size.content)).toEqual([
      'src/api/use.ts:14',
      'src/api/use.ts:15',
      'src/core/store.ts:5',
      'src/core/store.ts:8'
    ])
    expect(size.content).toContain(
      'src/core/store.ts:5 other size  size: number  [redeclared as Counted.size]'
    )
  })

  it("TypeScript: a union's members each get the uses through the union; strings stay textual", async () => {
    const world = await createWorld({ base: TS, commits: [] })
    const kind = await world.tools.execute('find_references', { symbol: 'Circle.kind' })
    expect(resolvedLines(kind.content)).toEqual(['src/api/shapes.ts:10', 'src/api/shapes.ts:12'])
    const square = await world.tools.execute('find_references', { symbol: 'Square.kind' })
    expect(resolvedLines(square.content)).toEqual(['src/api/shapes.ts:10'])
    expect(textualLines(square.content)).toContain('src/api/shapes.ts:9')
  })

  it('TypeScript: object literals by where they go, discriminated unions, collections, copied values and guards', async () => {
    const world = await createWorld({ base: CONTEXTUAL, commits: [] })
    const refs = async (symbol: string): Promise<string[]> =>
      resolvedLines((await world.tools.execute('find_references', { symbol })).content)
    // The literal passed to `emit` is an Added by its `type`, so neither of its members is a Removed's.
    expect(await refs('Added.type')).toEqual(['src/events/feed.ts:6'])
    expect(await refs('Added.item')).toEqual(['src/events/feed.ts:6'])
    expect(await refs('Removed.type')).toEqual([])
    expect(await refs('Removed.item')).toEqual([])
    // Declared, assigned, a callback's element, an indexed element, a typed literal's function members'
    // parameters, a value picked by a condition.
    expect(await refs('Part.weight')).toEqual([
      'src/events/feed.ts:4',
      'src/events/feed.ts:7',
      'src/events/feed.ts:8',
      'src/events/feed.ts:12',
      'src/events/feed.ts:16',
      'src/events/feed.ts:18',
      'src/events/feed.ts:19',
      'src/events/feed.ts:21'
    ])
    // A loop over a Set, and a callback over what a method returns, through a copied value.
    // Narrowed by a guard function's predicate, by instanceof, on the right of &&.
    expect(await refs('Item.id')).toEqual([
      'src/events/feed.ts:9',
      'src/events/feed.ts:12',
      'src/events/feed.ts:23',
      'src/events/feed.ts:25',
      'src/events/feed.ts:39',
      'src/events/feed.ts:40',
      'src/events/feed.ts:41'
    ])
    // A guard a generic function makes from a class narrows to that class; so does leaving the block
    // unless a guard holds, and only that way round.
    expect(await refs('Bus.all')).toEqual([
      'src/events/feed.ts:12',
      'src/events/feed.ts:24',
      'src/events/feed.ts:33'
    ])
    expect(await refs('Tag.id')).toEqual(['src/events/feed.ts:26', 'src/events/feed.ts:30'])
  })

  it('Python: bases, super(), the class body, annotations, with-targets, type stubs, returns, loops and isinstance', async () => {
    const world = await createWorld({ base: PY, commits: [] })
    const run = await world.tools.execute('find_references', { symbol: 'Command.run' })
    expect(resolvedLines(run.content)).toEqual([
      'pkg/base.pyi:2',
      'pkg/group.py:9',
      'pkg/group.py:16',
      'pkg/group.py:17',
      'pkg/group.py:18',
      'pkg/group.py:20'
    ])
    const groupRun = await world.tools.execute('find_references', { symbol: 'Group.run' })
    expect(resolvedLines(groupRun.content)).toEqual(['pkg/group.py:12'])
    const name = await world.tools.execute('find_references', { symbol: 'Command.name' })
    // The class body reads its own name; a subclass's `self.name = …` gives its instances their own.
    expect(resolvedLines(name.content)).toEqual(['pkg/base.py:3', 'pkg/base.py:9'])
    // What methods declare they return, a loop's and a comprehension's variable over it.
    const help = await world.tools.execute('find_references', { symbol: 'Command.help' })
    expect(resolvedLines(help.content)).toEqual([
      'pkg/runner.py:14',
      'pkg/runner.py:15',
      'pkg/runner.py:16',
      'pkg/runner.py:20',
      'pkg/runner.py:22',
      'pkg/runner.py:24',
      'pkg/runner.py:34',
      'pkg/runner.py:40',
      'pkg/runner.py:49',
      'pkg/runner.py:51',
      'pkg/runner.py:52'
    ])
    // isinstance narrows inside its if and elif, on the right of and, and past `if not …: return`.
    const other = await world.tools.execute('find_references', { symbol: 'Other.help' })
    expect(resolvedLines(other.content)).toEqual(['pkg/runner.py:36', 'pkg/runner.py:39', 'pkg/runner.py:44'])
  })
})

describe('find_definition', () => {
  it('lists every definition a file uses a name for, each with the lines of its uses', async () => {
    const world = await createWorld({ base: TS, commits: [] })
    const { content } = await world.tools.execute('find_definition', {
      symbol: 'get',
      used_in: 'src/api/use.ts'
    })
    expect(content).toContain('src/api/use.ts uses 2 of them')
    const lines = content.split('\n')
    const store = lines.indexOf('src/core/store.ts:9 method Store.get')
    const cache = lines.indexOf('src/core/cache.ts:2 method Cache.get')
    expect(store).toBeGreaterThanOrEqual(0)
    expect(cache).toBeGreaterThan(store)
    expect(lines.slice(store, cache).join('\n')).toContain('used in src/api/use.ts at line 4, 10, 12, 13')
    expect(lines.slice(cache).join('\n')).toContain('used in src/api/use.ts at line 11')

    // With a line, the definition that line's use reaches comes first, even the less used.
    const atEleven = await world.tools.execute('find_definition', {
      symbol: 'get',
      used_in: 'src/api/use.ts',
      line: 11
    })
    const listed = (answer: string): string[] => answer.split('\n').filter(line => / method /.test(line))
    expect(listed(atEleven.content)).toEqual([
      'src/core/cache.ts:2 method Cache.get',
      'src/core/store.ts:9 method Store.get'
    ])
    expect(atEleven.content).toContain('the first is the one line 11 uses')
    const atTen = await world.tools.execute('find_definition', {
      symbol: 'get',
      used_in: 'src/api/use.ts',
      line: 10
    })
    expect(listed(atTen.content)[0]).toBe('src/core/store.ts:9 method Store.get')
    const elsewhere = await world.tools.execute('find_definition', {
      symbol: 'get',
      used_in: 'src/api/use.ts',
      line: 2
    })
    expect(elsewhere.content).toContain(
      'line 2 of src/api/use.ts does not use get, so the most used comes first'
    )
    expect(listed(elsewhere.content)[0]).toBe('src/core/store.ts:9 method Store.get')
    const alone = await world.tools.execute('find_definition', { symbol: 'get', line: 11 })
    expect(alone.isError).toBe(true)
    expect(alone.content).toContain('give used_in too')

    // Asked through the variable the file reaches it by, the definition that use reaches comes first.
    const opened = await world.tools.execute('find_definition', {
      symbol: 'opened.get',
      used_in: 'src/api/use.ts'
    })
    expect(opened.content).toContain('the first is the one src/api/use.ts uses through opened')
    expect(opened.content.split('\n')[2]).toBe('src/core/store.ts:9 method Store.get')
    const nobody = await world.tools.execute('find_definition', {
      symbol: 'nobody.get',
      used_in: 'src/api/use.ts'
    })
    expect(nobody.content).toContain(
      'src/api/use.ts does not use get through nobody, so every definition is listed'
    )
  })

  it("says which uses it could not tie, and lists the file's own definitions and its imports' first", async () => {
    const world = await createWorld({
      base: {
        'src/a/one.ts': 'export class One {\n  load(): void {}\n}\n',
        'src/b/three.ts': 'export class Three {\n  load(): void {}\n}\n',
        'src/c/two.ts': [
          "import { One } from '../a/one'",
          'export class Two {',
          '  load(): void {}',
          '}',
          'export function reload(thing: { other: number }, any: never): void {',
          '  ;(any as { load(): void }).load()',
          '}',
          'export function run(one: One, thing: Record<string, () => void>): void {',
          '  one.load()',
          "  thing['x']!()",
          '}',
          ''
        ].join('\n'),
        'src/c/four.ts':
          "import { Three } from '../b/three'\nexport const use = (x: any): Three => x.load()\n"
      },
      commits: []
    })
    const two = await world.tools.execute('find_definition', { symbol: 'load', used_in: 'src/c/two.ts' })
    expect(two.content).toContain('the first is the one src/c/two.ts uses, by its imports and scope')
    expect(two.content).toContain('its uses at line 6 could not be tied to one')
    const labels = (answer: string): string[] => answer.split('\n').filter(line => / method /.test(line))
    expect(labels(two.content)).toEqual([
      'src/a/one.ts:2 method One.load',
      'src/c/two.ts:3 method Two.load',
      'src/b/three.ts:2 method Three.load'
    ])
    const four = await world.tools.execute('find_definition', { symbol: 'load', used_in: 'src/c/four.ts' })
    expect(four.content).toContain('those in src/c/four.ts and the files it imports first')
    expect(labels(four.content)[0]).toBe('src/b/three.ts:2 method Three.load')
  })

  it('keeps a declaration the parser could not read, from the line patterns', async () => {
    const world = await createWorld({
      base: {
        'src/pattern.ts': [
          'export function broken() {',
          '  return [a, (b',
          '}',
          '',
          'export interface Unsubscribe {',
          '  cancel?: true',
          '}',
          ''
        ].join('\n')
      },
      commits: []
    })
    const { content } = await world.tools.execute('find_definition', { symbol: 'Unsubscribe' })
    expect(content).toContain('src/pattern.ts:5 interface Unsubscribe')
  })
})
