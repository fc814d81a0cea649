/**
 * The import rules ARCHITECTURE.md states, checked on the source: which folder may import which, the agent's
 * one door, and no circle.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry => {
    const path = `${dir}/${entry.name}`
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Every relative import of a source file, as a path from the repository root (with `.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return [...text.matchAll(/(?:from\s+|import\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(match =>
    relative(ROOT, normalize(join(ROOT, dirname(file), match[1] as string))).replace(/\.js$/, '.ts')
  )
}

/** `src/agent/tools/x.ts` → `agent`; a file directly in src/ → `base`. */
function folderOf(path: string): string {
  const parts = path.split('/')
  return parts.length > 2 ? (parts[1] as string) : 'base'
}

const LOWER = ['base', 'text', 'git', 'diff', 'findings', 'github']

/** What each folder of src/ may import, besides itself: the rule ARCHITECTURE.md states. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  base: [],
  text: ['base'],
  git: ['base', 'text'],
  diff: ['base', 'text', 'git'],
  findings: ['base', 'text', 'git', 'diff'],
  github: ['base', 'text', 'git', 'diff', 'findings'],
  evidence: ['base', 'text', 'git', 'diff'],
  graph: ['base', 'text', 'git', 'diff'],
  state: [...LOWER],
  publish: [...LOWER, 'state'],
  agent: [...LOWER, 'graph'],
  engine: [...LOWER, 'state', 'publish', 'agent', 'graph', 'evidence'],
  insights: [...LOWER, 'state', 'publish'],
  learn: [...LOWER, 'state', 'publish', 'agent', 'graph', 'insights'],
  action: [
    ...LOWER,
    'state',
    'publish',
    'agent',
    'graph',
    'engine',
    'evidence',
    'commands',
    'insights',
    'learn'
  ],
  commands: [...LOWER, 'state', 'publish', 'agent', 'graph', 'engine', 'evidence', 'action'],
  cli: [...LOWER, 'state', 'publish', 'agent', 'graph', 'engine', 'evidence', 'insights', 'learn']
}

/**
 * The Action runs two doors: a push (`action/`) and a comment (`commands/`). The runner has one entry, which
 * routes a comment to its door; the comment door uses the Action's runtime (inputs, the event file, the
 * repository's configuration, the GitHub host, the log) where it lives. Nothing else crosses between them.
 */
const DOORS = ['action', 'commands', 'cli']
const ACTION_ENTRY = 'src/action/index.ts'
const ACTION_RUNTIME = [
  'src/action/event-file.ts',
  'src/action/event.ts',
  'src/action/inputs.ts',
  'src/action/logger.ts',
  'src/action/repository-config.ts',
  'src/action/github-host.ts',
  'src/action/workflow-run.ts',
  'src/action/evidence-notices.ts',
  // The "Redline" check run: a review or a change a command makes completes the same check as a push.
  'src/action/check-run.ts'
]

const SRC = sources('src')
const EDGES = SRC.flatMap(file => importsOf(file).map(target => ({ file, target })))

describe('the layers of src/', () => {
  it('knows every folder of src/', () => {
    expect([...new Set(SRC.map(folderOf))].sort()).toEqual(Object.keys(MAY_IMPORT).sort())
  })

  it('imports only downwards: the lower floors never import the agent, the engine or a front door', () => {
    const offending = EDGES.filter(({ file, target }) => {
      const from = folderOf(file)
      const to = folderOf(target)
      return from !== to && !(MAY_IMPORT[from] ?? []).includes(to)
    }).map(({ file, target }) => `${file} -> ${target}`)
    expect(offending).toEqual([])
  })

  it('keeps the front doors apart: the command line imports no other door, nor they it', () => {
    const offending = EDGES.filter(({ file, target }) => {
      const doors = [folderOf(file), folderOf(target)]
      return doors.includes('cli') && doors.every(door => DOORS.includes(door)) && doors[0] !== doors[1]
    }).map(({ file, target }) => `${file} -> ${target}`)
    expect(offending).toEqual([])
  })

  it("crosses between the Action's two doors only at its entry and its runtime", () => {
    const offending = EDGES.filter(({ file, target }) => {
      const pair = `${folderOf(file)} ${folderOf(target)}`
      if (pair === 'action commands') return file !== ACTION_ENTRY
      if (pair === 'commands action') return !ACTION_RUNTIME.includes(target)
      return false
    }).map(({ file, target }) => `${file} -> ${target}`)
    expect(offending).toEqual([])
  })

  it('enters the agent through its one door, src/agent/index.ts', () => {
    const offending = EDGES.filter(
      ({ file, target }) =>
        folderOf(file) !== 'agent' && folderOf(target) === 'agent' && target !== 'src/agent/index.ts'
    ).map(({ file, target }) => `${file} -> ${target}`)
    expect(offending).toEqual([])
  })

  it('has no circle of imports between files', () => {
    const graph = new Map<string, string[]>()
    for (const { file, target } of EDGES) graph.set(file, [...(graph.get(file) ?? []), target])
    const circles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const target of graph.get(file) ?? []) visit(target, [...path, file])
      state.set(file, 'done')
    }
    for (const file of SRC) visit(file, [])
    expect(circles).toEqual([])
  })

  it('product code never imports the stand-ins or the tests', () => {
    const offending = EDGES.filter(
      ({ target }) => target.startsWith('testing/') || target.startsWith('__tests__/')
    ).map(({ file, target }) => `${file} -> ${target}`)
    expect(offending).toEqual([])
  })
})
