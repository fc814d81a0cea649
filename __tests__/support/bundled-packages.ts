/**
 * Which installed packages the bundle may take code from. Every library is a devDependency (the bundle carries
 * them, so an install of the package pulls none), so the lockfile's dev flags no longer tell the bundled ones
 * apart: they are the packages src/ imports, and everything those depend on, as npm resolves them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export interface LockEntry {
  version?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

export interface Lockfile {
  packages: Record<string, LockEntry>
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^'.][^']*)'/g

/** The package a bare import names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/** The packages the TypeScript files under `dir` import (Node's own modules left out). */
export function importedPackages(dir: string): string[] {
  const found = new Set<string>()
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      for (const pkg of importedPackages(path)) found.add(pkg)
    } else if (name.endsWith('.ts')) {
      for (const match of readFileSync(path, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? ''
        if (!specifier.startsWith('node:')) found.add(packageOf(specifier))
      }
    }
  }
  return [...found].sort()
}

/** Where `name` is installed as seen from the package at `from`: its own node_modules, then each parent's. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (dir === '') return undefined
    const at = dir.lastIndexOf('/node_modules/')
    dir = at < 0 ? '' : dir.slice(0, at)
  }
}

/** The lockfile paths of `roots` and of everything they depend on (optional and peer dependencies too). */
export function dependencyClosure(lock: Lockfile, roots: readonly string[]): string[] {
  const seen = new Set<string>()
  const queue = roots.map(root => resolveFrom(lock, '', root))
  while (queue.length > 0) {
    const path = queue.pop()
    if (path === undefined || seen.has(path)) continue
    seen.add(path)
    const entry = lock.packages[path] ?? {}
    for (const deps of [entry.dependencies, entry.optionalDependencies, entry.peerDependencies]) {
      for (const name of Object.keys(deps ?? {})) queue.push(resolveFrom(lock, path, name))
    }
  }
  return [...seen].sort()
}
