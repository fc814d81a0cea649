import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The Node that runs the diff probes. A prep's cost in a fresh process is mostly V8 compiling cold code, which
 * differs between Node versions (at 300 files Node 20's ratio ran 0.03-0.1 above node24's, the node the action
 * declares), so the probes run under the action's runtime, not under whichever Node runs the bench:
 * REDLINE_BENCH_NODE when it names one, else this Node if it is the action's major, else that major's
 * official binary from the npm registry (the `node-<platform>-<arch>` package), kept under
 * node_modules/.cache. When none can be had, this Node runs them, and the bench says so.
 */
export interface ProbeRuntime {
  /** The node binary. */
  node: string
  version: string
  /** Where it came from, for the bench's first lines. */
  origin: string
}

export function probeRuntime(root: string): ProbeRuntime {
  const named = process.env.REDLINE_BENCH_NODE
  if (named) return { node: named, version: versionOf(named), origin: 'REDLINE_BENCH_NODE' }
  const major = actionNodeMajor(root)
  const here = { node: process.execPath, version: process.version }
  if (major === undefined) return { ...here, origin: "this Node (action.yml's runtime is not a node)" }
  if (majorOf(process.version) === major) return { ...here, origin: `this Node, the action's node${major}` }
  const pkg = `node-${process.platform}-${process.arch}`
  const dir = path.join(root, 'node_modules/.cache/redline-bench', `${pkg}-${major}`)
  const node = path.join(dir, 'package/bin/node')
  try {
    if (!fs.existsSync(node)) fetchNode(`${pkg}@${major}`, dir)
    const version = versionOf(node)
    if (majorOf(version) !== major) throw new Error(`${pkg} gave Node ${version}`)
    return { node, version, origin: `the action's node${major}, from the npm registry's ${pkg}` }
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return {
      ...here,
      origin: `this Node, not the action's node${major}, which could not be had (${why})`
    }
  }
}

/** The major of action.yml's `runs.using: nodeNN`. */
function actionNodeMajor(root: string): number | undefined {
  const yml = fs.readFileSync(path.join(root, 'action.yml'), 'utf8')
  const using = /^\s+using:\s*['"]?node(\d+)['"]?\s*$/m.exec(yml)
  return using ? Number(using[1]) : undefined
}

function majorOf(version: string): number {
  return Number(/^v?(\d+)/.exec(version)?.[1])
}

function versionOf(node: string): string {
  return execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim()
}

/** `npm pack` of the package into a directory beside `dir`, whose binary is then moved into place whole. */
function fetchNode(spec: string, dir: string): void {
  console.log(`fetching ${spec} from the npm registry for the probes (once; kept in ${path.dirname(dir)})`)
  const staging = `${dir}.partial-${process.pid}`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(staging, { recursive: true })
  try {
    const tarball = path.join(staging, npmPack(spec, staging))
    execFileSync('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], { timeout: 120_000 })
    fs.rmSync(tarball)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.renameSync(staging, dir)
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** The file name of the tarball `npm pack` wrote; the summary of npm's error when it failed. */
function npmPack(spec: string, destination: string): string {
  const args = ['pack', spec, '--pack-destination', destination, '--json']
  let out: string
  try {
    out = execFileSync('npm', args, {
      encoding: 'utf8',
      timeout: 300_000,
      stdio: ['ignore', 'pipe', 'ignore']
    })
  } catch (error) {
    const summary = parsedPack(String((error as { stdout?: unknown }).stdout ?? '')).error?.summary
    const why = summary ?? (error instanceof Error ? error.message : String(error))
    throw new Error(`npm pack ${spec}: ${why}`, { cause: error })
  }
  const filename = parsedPack(out)[0]?.filename
  if (!filename) throw new Error(`npm pack ${spec} named no file`)
  return filename
}

function parsedPack(json: string): { error?: { summary?: string }; 0?: { filename?: string } } {
  try {
    return JSON.parse(json) as ReturnType<typeof parsedPack>
  } catch {
    return {}
  }
}
