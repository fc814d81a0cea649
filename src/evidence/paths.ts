/**
 * Where a tool says a result is, as a path relative to the repository's root: tools write relative paths,
 * absolute ones under the directory they ran in, or file: URIs. Anything outside the root is no path.
 */
import { fileURLToPath } from 'node:url'

/** `src/a.ts` from `./src/a.ts`, `/work/repo/src/a.ts` or `file:///work/repo/src/a.ts`; undefined outside. */
export function repositoryPath(location: string, roots: readonly string[]): string | undefined {
  let path = location.trim()
  if (path === '') return undefined
  if (/^file:/i.test(path)) {
    try {
      path = fileURLToPath(path)
    } catch {
      return undefined
    }
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    return undefined
  }
  path = path.replace(/\\/g, '/')
  if (path.startsWith('/')) {
    const root = roots.find(dir => path.startsWith(`${dir.replace(/\/+$/, '')}/`))
    if (root === undefined) return undefined
    path = path.slice(root.replace(/\/+$/, '').length + 1)
  }
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') return undefined
    parts.push(part)
  }
  return parts.length > 0 ? parts.join('/') : undefined
}

/** A URI reference's path, percent-decoded; the text itself when it is not valid percent-encoding. */
export function decodeUri(uri: string): string {
  try {
    return decodeURIComponent(uri)
  } catch {
    return uri
  }
}
