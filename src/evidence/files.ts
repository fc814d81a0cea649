/**
 * Evidence files that earlier steps of the job wrote into the workspace, found by the `evidence` globs: SARIF
 * logs, and tool output read with the problem matchers of a `<file>.matcher.json` beside it. No process is
 * started. Each file is size-capped before it is read; the walk is capped in entries and never follows links.
 */
import { lstat, readdir, readFile } from 'node:fs/promises'
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

async function readCapped(path: string, limit: number): Promise<string> {
  const info = await lstat(path)
  if (!info.isFile()) throw new Error('it is not a regular file')
  if (info.size > limit) throw new Error(`it is larger than ${limit} bytes`)
  return readFile(path, 'utf8')
}

async function readOne(workspace: string, path: string): Promise<ToolResult[]> {
  const full = join(workspace, path)
  const roots = [workspace]
  if (/\.sarif(\.json)?$/i.test(path)) return parseSarif(await readCapped(full, MAX_SARIF_BYTES), roots)
  const matcherText = await readCapped(`${full}${MATCHER_SUFFIX}`, MAX_MATCHER_BYTES).catch(() => undefined)
  if (matcherText === undefined) {
    if (/\.json$/i.test(path)) {
      const text = await readCapped(full, MAX_SARIF_BYTES)
      if (looksLikeSarif(safeJson(text))) return parseSarif(text, roots)
    }
    throw new Error(
      `neither SARIF nor tool output with a ${path.split('/').pop()}${MATCHER_SUFFIX} beside it`
    )
  }
  const parsed = matcherFileSchema.safeParse(safeJson(matcherText))
  if (!parsed.success)
    throw new Error(`${path}${MATCHER_SUFFIX} is not a problem-matcher file ({ "problemMatcher": [...] })`)
  const output = redactSecrets(await readCapped(full, MAX_TEXT_BYTES))
  return matchOutput(output, compileMatchers(parsed.data.problemMatcher), roots)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
