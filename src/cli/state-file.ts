/**
 * The local run's memory: the same ReviewState the action keeps in its review's marker, encoded the same way,
 * in a file under the repository's git directory (never committed, never pushed). One entry per branch and
 * base, so switching branches does not mix their findings.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { errorMessage } from '../errors.js'
import { decodeMarker, encodeMarker, type ReviewState } from '../state/marker.js'

interface StateFile {
  version: 1
  /** `branch...base` → the marker text. */
  reviews: Record<string, string>
}

export function stateFilePath(gitDir: string): string {
  return join(gitDir, 'redline', 'state.json')
}

export function stateKey(branch: string, base: string): string {
  return `${branch}...${base}`
}

async function readAll(path: string): Promise<StateFile> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, reviews: {} }
    throw error
  }
  const parsed = JSON.parse(text) as Partial<StateFile>
  if (parsed.version !== 1 || typeof parsed.reviews !== 'object' || parsed.reviews === null) {
    throw new Error('it is not a Redline state file of version 1')
  }
  return { version: 1, reviews: parsed.reviews }
}

/** The saved state, or a warning saying why there is none usable (the run then starts afresh). */
export async function loadState(
  path: string,
  key: string
): Promise<{ state?: ReviewState; warning?: string }> {
  let file: StateFile
  try {
    file = await readAll(path)
  } catch (error) {
    return { warning: `Ignoring ${path} (${errorMessage(error)}); reviewing the whole branch.` }
  }
  const decoded = decodeMarker(file.reviews[key])
  if (decoded.kind === 'ok') return { state: decoded.state }
  if (decoded.kind === 'invalid') {
    return { warning: `Ignoring the saved state for ${key} (${decoded.reason}); reviewing the whole branch.` }
  }
  return {}
}

/** Replaces the entry for `key`, leaving other branches' entries; written whole, then renamed into place. */
export async function saveState(path: string, key: string, state: ReviewState): Promise<void> {
  let file: StateFile
  try {
    file = await readAll(path)
  } catch {
    file = { version: 1, reviews: {} }
  }
  file.reviews[key] = encodeMarker(state)
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`)
  await rename(temporary, path)
}
