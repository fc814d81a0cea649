/**
 * Whether an import, as written in one file, can name another file: the module rules of each language, as
 * pure functions over paths. The graph never lists the repository; it asks these of the files a search
 * found, and for a file's own imports it checks the few paths they could be.
 */
import { familyOf, type LanguageId } from './languages.js'

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/** `a/b/../c/./d` → `a/c/d`; undefined when it climbs above the root. */
export function normalizePath(path: string): string | undefined {
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}

const JS_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts']

/** The files a JavaScript or TypeScript specifier can be, relative ones and `@/`, `~/` aliases only. */
function jsCandidates(from: string, source: string): string[] {
  let base: string | undefined
  if (source.startsWith('.')) base = normalizePath(`${dirOf(from)}/${source}`)
  else if (/^[@~]\//.test(source)) base = source.slice(2)
  if (base === undefined) return []
  const stem = base.replace(/\.(?:[mc]?js|jsx)$/, '')
  const bases = stem === base ? [base] : [base, stem]
  return bases.flatMap(b => [
    b,
    ...JS_EXTENSIONS.map(ext => b + ext),
    ...JS_EXTENSIONS.map(ext => `${b}/index${ext}`)
  ])
}

/** `..pkg.mod` from `a/b/c.py` → `a/pkg/mod`; an absolute `pkg.mod` → `pkg/mod`. */
function pythonModulePath(from: string, source: string): { path: string; relative: boolean } | undefined {
  const dots = /^\.*/.exec(source)?.[0].length ?? 0
  const rest = source.slice(dots).replace(/\./g, '/')
  if (dots === 0) return { path: rest, relative: false }
  let dir = dirOf(from)
  for (let i = 1; i < dots; i++) dir = dirOf(dir)
  return { path: [dir, rest].filter(Boolean).join('/'), relative: true }
}

const endsWithSegments = (path: string, tail: string): boolean =>
  tail !== '' && (path === tail || path.endsWith(`/${tail}`))

/** Whether `source`, imported in `from`, can be the file `target`. */
export function importCanName(language: LanguageId, from: string, source: string, target: string): boolean {
  switch (familyOf(language)) {
    case 'js':
      return jsCandidates(from, source).includes(target)
    case 'python': {
      const module = pythonModulePath(from, source)
      if (!module) return false
      const files = [`${module.path}.py`, `${module.path}.pyi`, `${module.path}/__init__.py`].map(f =>
        f.replace(/^\//, '')
      )
      return module.relative ? files.includes(target) : files.some(file => endsWithSegments(target, file))
    }
    case 'go':
      return endsWithSegments(source, dirOf(target))
    case 'java': {
      const asPath = source.replace(/\./g, '/')
      return (
        endsWithSegments(target, `${asPath}.java`) ||
        endsWithSegments(dirOf(target), asPath) ||
        endsWithSegments(target, `${dirOf(asPath)}.java`)
      )
    }
    case 'rust': {
      const segments = source.split('::').filter(s => !['crate', 'self', 'super', ''].includes(s))
      if (segments.length === 0) return false
      const tail = segments.join('/')
      return [`${tail}.rs`, `${tail}/mod.rs`, `${tail}/lib.rs`].some(file => endsWithSegments(target, file))
    }
  }
}

/** The paths an import could be when they can be listed (relative JavaScript and Python); the rest by search. */
export function importPathCandidates(language: LanguageId, from: string, source: string): string[] {
  const family = familyOf(language)
  if (family === 'js') return jsCandidates(from, source)
  if (family === 'python') {
    const module = pythonModulePath(from, source)
    if (!module) return []
    const roots = module.relative ? [''] : ['', 'src/', 'lib/']
    return roots.flatMap(root => [`${root}${module.path}.py`, `${root}${module.path}/__init__.py`])
  }
  return []
}

/** The word to search for a file's importers: its module's last name. */
export function moduleWord(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const stem = name.replace(/\.[^.]*$/, '').replace(/\.d$/, '')
  if (stem === 'index' || stem === '__init__' || stem === 'mod' || stem === 'lib') {
    const dir = dirOf(path)
    return dir.slice(dir.lastIndexOf('/') + 1) || stem
  }
  return stem
}
