/**
 * Evidence files that earlier steps of the job wrote into the workspace, found by the `evidence` globs: SARIF
 * logs, and tool output read with the problem matchers of a `<file>.matcher.json` beside it. No process is
 * started. Each file is size-capped before it is read; the walk is capped in entries and never follows links.
 */
import { constants } from 'node:fs'
import { lstat, open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import picomatch from 'picomatch'
import { redactSecrets } from '../text/redact.js'
import { compileMatchers, matchOutput } from './problem-matcher.js'
import { MAX_SARIF_BYTES, looksLikeSarif, parseSarif } from './sarif.js'
import { matcherFileSchema } from './spec.js'
import type { EvidenceReport, GatheredResults, ToolResult } from './types.js'

const MAX_FILES = 50
const MAX_WALKED = 20_000
const MAX_TEXT_BYTES = 1_000_000
const MAX_MATCHER_BYTES = 100_000
export const MATCHER_SUFFIX = '.matcher.json'
const SKIPPED_DIRS = new Set(['.git', 'node_modules'])

/** The workspace's files the globs match (relative paths, sorted), matcher files left out. */
export async function findEvidenceFiles(workspace: string, globs: readonly string[]): Promise<string[]> {
  const usable = globs.filter(glob => !glob.startsWith('/') && !glob.split('/').includes('..'))
  if (usable.length === 0) return []
  const matches = picomatch(usable, { dot: true })
  const bases = [...new Set(usable.map(glob => picomatch.scan(glob).base))]
  const found = new Set<string>()
  let walked = 0
  const walk = async (dir: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(join(workspace, dir), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (++walked > MAX_WALKED || found.size >= MAX_FILES) return
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) await walk(path)
      else if (entry.isFile() && matches(path) && !path.endsWith(MATCHER_SUFFIX)) found.add(path)
    }
  }
  for (const base of bases) {
    const info = await lstat(join(workspace, base)).catch(() => undefined)
    if (info?.isDirectory()) await walk(base === '.' ? '' : base)
    else if (info?.isFile() && matches(base)) found.add(base)
  }
  return [...found].sort()
}

/** The results of each evidence file, and a report for each (read, or why not). */
export async function readEvidenceFiles(
  workspace: string,
  globs: readonly string[]
): Promise<GatheredResults> {
  const gathered: GatheredResults = { results: [], reports: [] }
  const files = await findEvidenceFiles(workspace, globs)
  for (const path of files) {
    const report = (status: EvidenceReport['status'], text: string): EvidenceReport => ({
      source: 'file',
      name: path,
      status,
      text
    })
    try {
      const results = (await readOne(workspace, path)).map(result => ({ ...result, from: path }))
      gathered.results.push(...results)
      gathered.reports.push(report('ran', 'read'))
    } catch (error) {
      gathered.reports.push(
        report('failed', `not read: ${error instanceof Error ? error.message : String(error)}`)
      )
    }
  }
  return gathered
}

const READ_CHUNK_BYTES = 65_536

/** What a file other than SARIF may hold. */
export const MAX_OUTPUT_BYTES = MAX_TEXT_BYTES

function kindOf(info: { isFIFO(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (info.isFIFO()) return 'a FIFO'
  if (info.isSocket()) return 'a socket'
  return info.isDirectory() ? 'a folder' : 'a device or other special file'
}

/**
 * Reads `path` (relative, inside `root`) as text, refusing a link anywhere along it (each part is lstat'ed,
 * then the file is opened with O_NOFOLLOW), anything but a regular file (O_NONBLOCK, so a FIFO never blocks),
 * and more than `limit` bytes, counted as read whatever stat says (a /proc file stats as 0).
 */
export async function readInside(root: string, path: string, limit: number): Promise<string> {
  const parts = path.split('/').filter(part => part !== '' && part !== '.')
  if (parts.length === 0 || parts.includes('..')) throw new Error(`${path} is not a path inside the tree`)
  let at = root
  for (const [index, part] of parts.entries()) {
    at = join(at, part)
    const info = await lstat(at).catch(() => undefined)
    const shown = parts.slice(0, index + 1).join('/')
    if (info === undefined) throw new Error(`${shown} does not exist`)
    if (info.isSymbolicLink()) throw new Error(`${shown} is a link, and links are not followed`)
    if (index < parts.length - 1 && !info.isDirectory()) throw new Error(`${shown} is not a folder`)
  }
  const file = await open(at, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const info = await file.stat()
    if (!info.isFile()) throw new Error(`${path} is ${kindOf(info)}, not a regular file`)
    // A multiple of 8: /proc/<pid>/pagemap refuses reads of any other size.
    const buffer = Buffer.alloc(READ_CHUNK_BYTES)
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      total += bytesRead
      if (total > limit) throw new Error(`${path} is larger than ${limit} bytes`)
      chunks.push(Buffer.from(buffer.subarray(0, bytesRead)))
    }
    return Buffer.concat(chunks).toString('utf8')
  } finally {
    await file.close()
  }
}

async function readOne(workspace: string, path: string): Promise<ToolResult[]> {
  const roots = [workspace]
  const readCapped = (name: string, limit: number): Promise<string> => readInside(workspace, name, limit)
  if (/\.sarif(\.json)?$/i.test(path)) return parseSarif(await readCapped(path, MAX_SARIF_BYTES), roots)
  const matcherText = await readCapped(`${path}${MATCHER_SUFFIX}`, MAX_MATCHER_BYTES).catch(() => undefined)
  if (matcherText === undefined) {
    if (/\.json$/i.test(path)) {
      const text = await readCapped(path, MAX_SARIF_BYTES)
      if (looksLikeSarif(safeJson(text))) return parseSarif(text, roots)
    }
    throw new Error(
      `neither SARIF nor tool output with a ${path.split('/').pop()}${MATCHER_SUFFIX} beside it`
    )
  }
  const parsed = matcherFileSchema.safeParse(safeJson(matcherText))
  if (!parsed.success)
    throw new Error(`${path}${MATCHER_SUFFIX} is not a problem-matcher file ({ "problemMatcher": [...] })`)
  const output = redactSecrets(await readCapped(path, MAX_TEXT_BYTES))
  return matchOutput(output, compileMatchers(parsed.data.problemMatcher), roots)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
