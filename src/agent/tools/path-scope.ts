/** Which paths a find_references call looks in: a folder or a glob, with or without the tests. */

const TEST_PATH = [
  /(^|\/)(__tests__|__mocks__|tests?|spec|specs|testdata|fixtures)\//,
  /\.(test|spec)\.[^/]+$/,
  /_(test|spec)\.[^/]+$/,
  /(^|\/)test_[^/]+\.py$/
]

/** Whether a path is a test file by the usual conventions. */
export function isTestPath(path: string): boolean {
  return TEST_PATH.some(pattern => pattern.test(path))
}

export interface PathScope {
  /** The literal folder git is asked to search. */
  prefix: string
  matches: (path: string) => boolean
}

/**
 * A folder or a glob as a literal folder for git (the part before the first wildcard) and, for a glob, the
 * test each matched path must pass. A glob without a slash matches a file's name anywhere.
 */
export function pathScope(path: string): PathScope | undefined {
  const wild = path.search(/[*?[]/)
  if (wild < 0) return { prefix: path, matches: () => true }
  const prefix = path.slice(0, path.lastIndexOf('/', wild) + 1).replace(/\/$/, '')
  const full = new RegExp(`^${globSource(path)}$`)
  const named = !path.includes('/')
  return {
    prefix,
    matches: candidate =>
      full.test(candidate) || (named && full.test(candidate.slice(candidate.lastIndexOf('/') + 1)))
  }
}

/** A glob as the source of a regular expression: ** any folders, * and ? within one, [...] a class. */
function globSource(path: string): string {
  let source = ''
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string
    if (c === '*' && path[i + 1] === '*') {
      // "**/" is any number of folders, "**" anything.
      const folders = path[i + 2] === '/'
      source += folders ? '(?:.*/)?' : '.*'
      i += folders ? 2 : 1
    } else if (c === '*') source += '[^/]*'
    else if (c === '?') source += '[^/]'
    else if (c === '[') {
      const close = path.indexOf(']', i + 1)
      if (close < 0) source += '\\['
      else {
        source += `[${path
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`
        i = close
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  return source
}
