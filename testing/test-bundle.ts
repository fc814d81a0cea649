/**
 * The bundle the tests run. Jest's global setup (the default export) builds it once from the current source,
 * so the end-to-end tests never run a dist/ left stale by a source change, and the dist-is-current test
 * compares that same build with the committed dist/ instead of building again.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..')
export const COMMITTED_DIST = join(ROOT, 'dist')

/** Set by the global setup; set it yourself (e.g. to `dist`) to run the tests against another bundle. */
export const BUNDLE_VARIABLE = 'REDLINE_TEST_BUNDLE'

/** The directory holding the tested bundle's index.js and cli/index.js. */
export function testedBundleDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[BUNDLE_VARIABLE]
  return chosen ? resolve(ROOT, chosen) : COMMITTED_DIST
}

/** Everything the bundle is built from: the same inputs give the same bundle (ncc's output is deterministic). */
const BUNDLE_INPUTS = ['src', 'scripts', 'package-lock.json', 'tsconfig.json']

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap(name => filesUnder(join(path, name)))
}

/** A hash of the bundle's inputs, which names the cached build. */
export function bundleInputsHash(root: string = ROOT): string {
  const hash = createHash('sha256')
  for (const input of BUNDLE_INPUTS) {
    const path = join(root, input)
    if (!existsSync(path)) continue
    for (const file of filesUnder(path)) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Builds the bundle of the current source into node_modules/.cache, or reuses the build of identical
 * inputs. Returns its directory and whether it was built now; `starting` hears of a build before it starts.
 */
export function buildTestBundle(
  root: string = ROOT,
  starting: (dir: string) => void = () => {}
): { dir: string; built: boolean } {
  const cache = join(root, 'node_modules', '.cache', 'redline-bundle')
  const dir = join(cache, bundleInputsHash(root))
  if (existsSync(join(dir, 'index.js')) && existsSync(join(dir, 'cli', 'index.js')))
    return { dir, built: false }
  starting(dir)
  // Built beside its final name and renamed, so an interrupted build is never taken for a finished one.
  const building = `${dir}.building-${process.pid}`
  mkdirSync(cache, { recursive: true })
  rmSync(building, { recursive: true, force: true })
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bundle.ts', building],
    {
      cwd: root,
      stdio: 'pipe'
    }
  )
  rmSync(dir, { recursive: true, force: true })
  renameSync(building, dir)
  for (const stale of readdirSync(cache)) {
    if (join(cache, stale) !== dir) rmSync(join(cache, stale), { recursive: true, force: true })
  }
  return { dir, built: true }
}

/**
 * Jest's global setup: builds the bundle the end-to-end tests run, once per jest run, unless one was chosen
 * already. This file imports nothing but node: jest loads it outside its module system.
 */
export default function globalSetup(): void {
  if (process.env[BUNDLE_VARIABLE]) return
  const started = performance.now()
  // Said before the build, which takes minutes on a busy machine, so the wait is not silent.
  const { dir, built } = buildTestBundle(ROOT, () =>
    process.stderr.write(
      '\nBuilding the bundle the end-to-end tests run: src/action/index.ts and src/cli/index.ts with ncc, as ' +
        '`npm run bundle` does (about 1 to 4 minutes; built once per source state, then reused)...\n'
    )
  )
  // Workers start after this and inherit the environment, so every test file sees the same bundle.
  process.env[BUNDLE_VARIABLE] = dir
  const how = built
    ? `built from src/ in ${((performance.now() - started) / 1000).toFixed(1)} s`
    : 'reused (the source is unchanged since it was built)'
  process.stderr.write(`\nThe tests run the bundle ${how}: ${dir}\n`)
}
