/**
 * What of the host a check may see: the merged-usr links, the few files of /etc a toolchain needs, the
 * resolver, and the read-only folders a check names, refused where they would show secrets or the workspace.
 */
import { existsSync, readdirSync, readlinkSync, lstatSync, realpathSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'

const TOP_LEVEL = ['bin', 'lib', 'lib64', 'sbin']
const ETC = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'ssl',
  'ca-certificates',
  'ca-certificates.conf',
  'localtime'
]

export function topLevel(root = '/'): Array<{ name: string; link?: string }> {
  const found: Array<{ name: string; link?: string }> = []
  for (const name of TOP_LEVEL) {
    const info = lstatOrUndefined(join(root, name))
    if (info?.isSymbolicLink()) found.push({ name, link: readlinkSync(join(root, name)) })
    else if (info?.isDirectory()) found.push({ name })
  }
  return found
}

export function etcFiles(etc = '/etc'): string[] {
  const java = safeReaddir(etc).filter(name => name.startsWith('java-'))
  return [...ETC, ...java].map(name => join(etc, name)).filter(path => existsSync(path))
}

/** The real file behind /etc/resolv.conf (often a link into /run, which the sandbox does not hold). */
export function resolverFile(path = '/etc/resolv.conf'): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}

export interface Forbidden {
  home: string
  /** The workspace and RUNNER_TEMP: refused above and inside. */
  private: readonly string[]
}

const UNDER_HOME = ['.ssh', '.config', '.docker', '.gnupg']
const SYSTEM = ['/run', '/proc', '/sys', '/dev']

/** Why a folder may not be bound into a check's sandbox, or undefined when it may. */
export function refusal(path: string, forbidden: Forbidden): string | undefined {
  if (!isAbsolute(path)) return 'it is not an absolute path'
  if (path === '/') return 'it is the whole file system'
  if (contains(path, forbidden.home)) return 'it holds the runner\u2019s home'
  for (const name of UNDER_HOME)
    if (overlaps(path, join(forbidden.home, name))) return `it is ~/${name} or holds it`
  for (const dir of SYSTEM) if (overlaps(path, dir)) return `it is ${dir} or holds it`
  for (const dir of forbidden.private)
    if (overlaps(path, dir)) return 'it is the workspace or the runner\u2019s temporary folder, or holds one'
  return undefined
}

/** `~/x` under the runner's home; then each path as it really is, links resolved. */
export function expandHome(path: string, home: string): string {
  return path.startsWith('~/') ? join(home, path.slice(2)) : path
}

function contains(outer: string, inner: string): boolean {
  const rel = relative(outer, inner)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

function overlaps(a: string, b: string): boolean {
  return contains(a, b) || contains(b, a)
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
