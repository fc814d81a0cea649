import type { Git, GrepMatch } from '../../git/git.js'
import { privateKeyLines, PRIVATE_KEY_LINE, redactSecrets } from '../../text/redact.js'
import { clip } from './lines.js'

const KEY_MARKER_SCAN_LIMIT = 10_000

/** For each file, the lines inside private-key blocks, or 'all' when the file could not be read. */
export type KeyLines = Map<string, Set<number> | 'all'>

/**
 * For each matched file, the lines inside private-key blocks, found in the whole file before any line is
 * picked: a body line of a key carries no marker of its own. One search for the marker tells which files
 * need reading; a file that cannot be read has every matched line withheld.
 */
export async function privateKeyLinesOf(
  git: Git,
  sha: string,
  matches: GrepMatch[],
  path: string | undefined
): Promise<KeyLines> {
  const markers = await git.grep(sha, 'PRIVATE KEY', {
    fixed: true,
    maxCount: KEY_MARKER_SCAN_LIMIT,
    ...(path ? { path } : {})
  })
  const complete = markers.length < KEY_MARKER_SCAN_LIMIT
  const withMarker = new Set(markers.map(m => m.path))
  const found: KeyLines = new Map()
  for (const file of new Set(matches.map(m => m.path))) {
    if (complete && !withMarker.has(file)) continue
    const bytes = await git.show(sha, file)
    found.set(file, bytes ? privateKeyLines(bytes.toString('utf8')) : 'all')
  }
  return found
}

/**
 * A line of a file as shown to the model: withheld inside a private key, else redacted and clipped. Redacted
 * before clipping: a secret cut at the clip width would no longer match its pattern.
 */
export function shownLine(keyLines: KeyLines, path: string, line: number, text: string): string {
  const hidden = keyLines.get(path)
  return hidden === 'all' || hidden?.has(line) === true ? PRIVATE_KEY_LINE : clip(redactSecrets(text))
}
