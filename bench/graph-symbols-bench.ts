import { symbolReferences, type SymbolReferences } from '../src/graph/changed-symbols.js'
import { diffFiles } from '../src/diff/source.js'
import { triage } from '../src/diff/triage.js'
import { createGit } from '../src/git/git.js'
import { silentLogger } from '../src/logger.js'
import { createPrFixture } from '../testing/pr-fixture.js'

/**
 * What the first message needs of the code, on a 50,000-file repository with a 30-file change: the changed
 * symbols and their references, with the graph (the changed files parsed, the top contracts' callers
 * resolved) against the pattern scan alone, in the same run. Target: the graph at most twice the patterns.
 * The first graph run is cold (the grammar loads, nothing is cached), as in the action's one review per
 * process; it is the one compared.
 */
const FILES = 50_000
const CHANGED = 30
const RATIO_TARGET = 2
const PER_PACKAGE = 100

const id = (index: number): string => String(index).padStart(5, '0')
const packageOf = (index: number): string => `pkg${String(Math.floor(index / PER_PACKAGE)).padStart(3, '0')}`
const pathOf = (index: number): string => `src/${packageOf(index)}/m${id(index)}.ts`
/** The three modules a module calls: the ones before it. */
const calleesOf = (index: number): number[] => [1, 2, 3].map(back => (index - back + FILES) % FILES)

/** A module with an exported function the next three call, and a `load` every module defines. */
function moduleText(index: number, changed: boolean): string {
  const callees = calleesOf(index)
  return [
    ...callees.map(c => `import { score${id(c)} } from '../${packageOf(c)}/m${id(c)}.js'`),
    '',
    `export function score${id(index)}(value: number${changed ? ', weight = 1' : ''}): number {`,
    `  return value * ${index % 7}${changed ? ' * weight' : ''}`,
    '}',
    '',
    'export function load(id: string): number {',
    `  return ${callees.map(c => `score${id(c)}(id.length)`).join(' + ')}`,
    '}',
    '',
    `export class Holder${id(index)} {`,
    '  private readonly items: number[] = []',
    '  add(item: number): void {',
    '    this.items.push(item)',
    '  }',
    '  total(): number {',
    '    return this.items.reduce((sum, item) => sum + item, 0)',
    '  }',
    '}',
    ''
  ].join('\n')
}

function fixtureSpec(): Parameters<typeof createPrFixture>[0] {
  const base: Record<string, string> = {}
  const head: Record<string, string> = {}
  const step = Math.floor(FILES / CHANGED)
  for (let i = 0; i < FILES; i++) base[pathOf(i)] = moduleText(i, false)
  for (let k = 0; k < CHANGED; k++) head[pathOf(k * step)] = moduleText(k * step, true)
  return { base, commits: [{ files: head, message: 'Weight every thirtieth score' }] }
}

const ms = (value: number): string => `${Math.round(value)} ms`

export async function benchGraphSymbols(): Promise<void> {
  const building = performance.now()
  const fixture = createPrFixture(fixtureSpec())
  try {
    const git = createGit(fixture.workspaceDir, silentLogger)
    await git.fetchShas([fixture.headSha, fixture.mergeBaseSha])
    const files = triage(await diffFiles(git, fixture.mergeBaseSha, fixture.headSha)).reviewable.map(
      entry => entry.file
    )
    console.log(
      `\nFirst message's symbols, ${FILES.toLocaleString('en-US')} files, ${files.length} changed ` +
        `(repository built in ${ms(performance.now() - building)})`
    )
    const timed = async (parsed: number): Promise<{ ms: number; symbols: SymbolReferences[] }> => {
      const started = performance.now()
      const symbols = await symbolReferences(git, fixture.headSha, files, silentLogger, parsed)
      return { ms: performance.now() - started, symbols }
    }
    // git's own caches warmed once, so neither side pays for the first read of the pack.
    await timed(0)
    const patterns: number[] = []
    const graph = await timed(files.length)
    patterns.push((await timed(0)).ms)
    const warmGraph = await timed(files.length)
    patterns.push((await timed(0)).ms, (await timed(0)).ms)
    const pattern = [...patterns].sort((a, b) => a - b)[1] as number
    const ratio = graph.ms / pattern
    const resolved = graph.symbols.filter(symbol => symbol.resolvedCallers !== undefined)
    console.log(
      `  pattern scan: ${ms(pattern)} (median of 3); graph: ${ms(graph.ms)} cold, ${ms(warmGraph.ms)} ` +
        `with its facts cached; ${graph.symbols.length} symbols, ${resolved.length} with resolved callers ` +
        `(${resolved.map(s => `${s.name}: ${s.resolvedCallers?.count}`).join(', ')})`
    )
    console.log(
      `  graph / patterns: ${ratio.toFixed(2)}× (${ratio <= RATIO_TARGET ? 'meets' : 'MISSES'} the ` +
        `${RATIO_TARGET}× target)`
    )
  } finally {
    fixture.cleanup()
  }
}
