/**
 * The default (`provider: anthropic`) run's cold start: a fresh process running the bundled action until it
 * stops at its first check (an empty anthropic-api-key), so what is timed is loading and compiling the
 * bundle the default run needs. It also lists the chunks that run loaded: Bedrock's and Vertex's SDKs are
 * chunks of their own that it must not load. `npm run bench -- startup [dist-dir]`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { probeRuntime } from './runtime.js'

const RUNS = 9
/** The issue's bound on the default run's cold start. */
const BOUND_MS = 300

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

export async function benchStartup(dir = 'dist'): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..')
  const bundle = path.resolve(root, dir)
  const entry = path.join(bundle, 'index.js')
  const runtime = probeRuntime(root)
  const work = mkdtempSync(path.join(tmpdir(), 'redline-startup-'))
  try {
    // A loader hook that writes down every file of the bundle the process imports.
    const loaded = path.join(work, 'loaded.txt')
    const hooks = path.join(work, 'hooks.mjs')
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs'\n` +
        `export async function resolve(specifier, context, next) {\n` +
        `  const result = await next(specifier, context)\n` +
        `  appendFileSync(${JSON.stringify(loaded)}, result.url + '\\n')\n` +
        `  return result\n}\n`
    )
    const register = path.join(work, 'register.mjs')
    writeFileSync(
      register,
      `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(hooks).href)})\n`
    )
    const event = path.join(work, 'event.json')
    writeFileSync(event, JSON.stringify({ pull_request: { number: 1 } }))
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: work,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_WORKSPACE: work,
      RUNNER_TEMP: work,
      'INPUT_GITHUB-TOKEN': 't',
      'INPUT_ANTHROPIC-API-KEY': ''
    }
    const once = (args: string[]): number => {
      const start = performance.now()
      const run = spawnSync(runtime.node, args, { env, cwd: work, encoding: 'utf8', timeout: 30_000 })
      const ms = performance.now() - start
      if (run.error) throw run.error
      return ms
    }
    once([entry]) // warms the file cache
    const bare = median(Array.from({ length: RUNS }, () => once(['-e', ''])))
    const action = median(Array.from({ length: RUNS }, () => once([entry])))
    once(['--import', pathToFileURL(register).href, entry])
    const files = [
      ...new Set(
        (readFileSafe(loaded) ?? '')
          .split('\n')
          .filter(url => url.startsWith(pathToFileURL(bundle).href))
          .map(url => path.basename(new URL(url).pathname))
      )
    ]
    const size = (name: string): number => statSync(path.join(bundle, name)).size
    const chunks = readdirSync(bundle).filter(name => name.endsWith('.js'))
    const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
    console.log(
      `\nstartup: the default run's cold start (${runtime.node === process.execPath ? 'this Node' : runtime.origin}, ${runtime.version})`
    )
    console.log(
      `  node -e '' ${bare.toFixed(0)} ms; the action to its first check ${action.toFixed(0)} ms (median of ${RUNS})`
    )
    console.log(
      `  the bundle's share: ${(action - bare).toFixed(0)} ms; the bound is ${BOUND_MS} ms for the whole start`
    )
    console.log(`  loaded: ${files.map(name => `${name} (${kb(size(name))})`).join(', ')}`)
    const idle = chunks.filter(name => !files.includes(name))
    console.log(`  not loaded: ${idle.map(name => `${name} (${kb(size(name))})`).join(', ')}`)
    const total = files.reduce((sum, name) => sum + size(name), 0)
    console.log(`  loaded in all: ${kb(total)}; index.js ${kb(size('index.js'))}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function readFileSafe(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
