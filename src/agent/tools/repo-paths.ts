import { posix } from 'node:path'
import type { Git, ObjectKind } from '../../git/git.js'

export type PathCheck = { ok: true; path: string } | { ok: false; error: string }

/**
 * A path the model gave, reduced to a plain repository-relative path or refused. The tools read git objects
 * at a commit, never the working tree, but a path is still refused when it could only be meant to reach
 * outside the tree: absolute, with a `..` segment, or into `.git`. '' (or '.') is the repository root.
 */
export function checkRepoPath(input: string, options: { allowRoot?: boolean } = {}): PathCheck {
  if (/[\0\n\r]/.test(input)) return refuse(`The path contains a control character.`)
  if (input.startsWith('/') || /^[A-Za-z]:/.test(input)) {
    return refuse(`'${input}' is absolute. Give a path relative to the repository root, e.g. src/index.ts.`)
  }
  if (input.includes('\\')) return refuse(`'${input}' contains a backslash. Separate directories with '/'.`)
  const segments = input.split('/').filter(segment => segment !== '' && segment !== '.')
  if (segments.includes('..')) {
    return refuse(
      `'${input}' contains '..'. Only paths inside the repository can be read; give one from its root.`
    )
  }
  if (segments.some(segment => segment.toLowerCase() === '.git')) {
    return refuse(`'${input}' points into .git, which is not part of the repository's files.`)
  }
  const path = segments.join('/')
  if (path === '' && !options.allowRoot)
    return refuse('The path is empty. Give a file path from the repository root.')
  return { ok: true, path }
}

export type Resolved = { ok: true; path: string; kind: ObjectKind | undefined } | { ok: false; error: string }

const MAX_LINK_HOPS = 8

/**
 * Finds what a path names at a commit, following symbolic links (in the path or at its end) only while
 * their targets stay inside the repository. A link that is absolute, climbs above the root or reaches into
 * .git is refused with an error naming it, so nothing outside the reviewed tree is ever read. `kind` is
 * undefined when nothing exists at the path.
 */
export async function resolveAtCommit(git: Git, sha: string, path: string): Promise<Resolved> {
  let current = path
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    if (current === '') return { ok: true, path: '', kind: 'tree' }
    const kind = await git.catFileType(sha, current)
    if (kind === 'symlink') {
      const next = await followLink(git, sha, current, '')
      if (!next.ok) return next
      current = next.path
      continue
    }
    if (kind !== undefined) return { ok: true, path: current, kind }
    // Git lists nothing under a symlinked directory, so look for a link among the leading segments.
    const linked = await linkedPrefix(git, sha, current)
    if (!linked) return { ok: true, path: current, kind: undefined }
    const next = await followLink(git, sha, linked.prefix, linked.rest)
    if (!next.ok) return next
    current = next.path
  }
  return refuse(`'${path}' goes through more than ${MAX_LINK_HOPS} symbolic links; it is not followed.`)
}

async function linkedPrefix(
  git: Git,
  sha: string,
  path: string
): Promise<{ prefix: string; rest: string } | undefined> {
  const segments = path.split('/')
  for (let i = 1; i < segments.length; i++) {
    const prefix = segments.slice(0, i).join('/')
    const kind = await git.catFileType(sha, prefix)
    if (kind === 'symlink') return { prefix, rest: segments.slice(i).join('/') }
    if (kind !== 'tree') return undefined
  }
  return undefined
}

async function followLink(git: Git, sha: string, link: string, rest: string): Promise<PathCheck> {
  const target = (await git.show(sha, link))?.toString('utf8') ?? ''
  if (target.startsWith('/')) {
    return refuse(
      `'${link}' is a symbolic link to an absolute path outside the repository; it is not followed.`
    )
  }
  const joined = posix.normalize(posix.join(posix.dirname(link), target, rest))
  if (joined === '..' || joined.startsWith('../')) {
    return refuse(`'${link}' is a symbolic link that leads outside the repository; it is not followed.`)
  }
  const checked = checkRepoPath(joined === '.' ? '' : joined, { allowRoot: true })
  if (!checked.ok)
    return refuse(`'${link}' is a symbolic link to a path that cannot be read: ${checked.error}`)
  return checked
}

function refuse(error: string): { ok: false; error: string } {
  return { ok: false, error }
}
