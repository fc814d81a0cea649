/**
 * SARIF 2.1.0 results: each run's tool (`runs[].tool.driver.name`) and, per result, its rule id, message text
 * and first physical location (`artifactLocation.uri`, resolved against `uriBaseId` through the run's
 * `originalUriBaseIds`, and `region.startLine`). The file is untrusted: it is size-capped before it is parsed,
 * JSON.parse is linear, and each list is walked once with a cap on what is kept.
 */
import { decodeUri, repositoryPath } from './paths.js'
import type { ToolResult } from './types.js'

/** Largest SARIF file read; CodeQL's files for large repositories stay below this. */
export const MAX_SARIF_BYTES = 20_000_000
const MAX_RESULTS = 20_000
const MAX_MESSAGE_CHARS = 1_000

export class SarifError extends Error {
  override name = 'SarifError'
}

type Json = Record<string, unknown>

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}

/** Whether parsed JSON is a SARIF log: a `runs` list and a 2.x version or schema. */
export function looksLikeSarif(data: unknown): boolean {
  const log = object(data)
  if (!log || !Array.isArray(log['runs'])) return false
  const version = text(log['version']) ?? ''
  return version.startsWith('2.') || /sarif/i.test(text(log['$schema']) ?? '')
}

/**
 * The results of a SARIF log's text. `roots` are the directories absolute paths may start with (the
 * workspace, the check's copy of the tree). Throws a SarifError when the text is not a SARIF 2.1 log.
 */
export function parseSarif(source: string, roots: readonly string[]): ToolResult[] {
  if (source.length > MAX_SARIF_BYTES) throw new SarifError(`it is larger than ${MAX_SARIF_BYTES} bytes`)
  let data: unknown
  try {
    data = JSON.parse(source)
  } catch {
    // JSON.parse quotes the text it could not read, which is the tool's output: never repeat it.
    throw new SarifError(
      `it is not JSON (${source.trim() === '' ? 'it is empty' : `${source.length} characters`})`
    )
  }
  if (!looksLikeSarif(data))
    throw new SarifError('it is not a SARIF 2.1 log (no version 2.1.0 and runs list)')
  const results: ToolResult[] = []
  for (const run of list((data as Json)['runs'])) {
    const runObject = object(run)
    if (!runObject) continue
    const tool = text(object(object(runObject['tool'])?.['driver'])?.['name'])?.trim() || 'SARIF'
    const bases = baseUris(runObject['originalUriBaseIds'])
    for (const result of list(runObject['results'])) {
      if (results.length >= MAX_RESULTS) return results
      const read = resultOf(object(result), tool, bases, roots)
      if (read) results.push(read)
    }
  }
  return results
}

/** `originalUriBaseIds`: each base id's URI (one level, as tools write them). */
function baseUris(value: unknown): Map<string, string> {
  const bases = new Map<string, string>()
  for (const [id, entry] of Object.entries(object(value) ?? {})) {
    const uri = text(object(entry)?.['uri'])
    if (uri !== undefined) bases.set(id, uri)
  }
  return bases
}

function resultOf(
  result: Json | undefined,
  tool: string,
  bases: Map<string, string>,
  roots: readonly string[]
): ToolResult | undefined {
  if (!result) return undefined
  const physical = object(object(list(result['locations'])[0])?.['physicalLocation'])
  const artifact = object(physical?.['artifactLocation'])
  const uri = text(artifact?.['uri'])
  if (uri === undefined) return undefined
  const baseId = text(artifact?.['uriBaseId'])
  const base = baseId !== undefined ? bases.get(baseId) : undefined
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(uri)
  const joined = base !== undefined && relative ? joinUri(base, uri) : uri
  // A base under no root (a container's or another machine's checkout) is taken as the repository's root.
  const path =
    repositoryPath(/^file:/i.test(joined) ? joined : decodeUri(joined), roots) ??
    (relative && joined !== uri ? repositoryPath(decodeUri(uri), roots) : undefined)
  if (path === undefined) return undefined
  const region = object(physical?.['region'])
  const message = object(result['message'])
  const ruleId = text(result['ruleId']) ?? text(object(result['rule'])?.['id'])
  const line = positive(region?.['startLine'])
  const column = positive(region?.['startColumn'])
  const level = text(result['level'])
  return {
    tool,
    ...(ruleId !== undefined ? { ruleId } : {}),
    message: (text(message?.['text']) ?? text(message?.['markdown']) ?? '(no message)').slice(
      0,
      MAX_MESSAGE_CHARS
    ),
    path,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
    ...(level !== undefined ? { level } : {})
  }
}

/** A relative URI against its base: `file:///w/repo/` and `src/a.ts`, or `%SRCROOT%`'s relative `sub/`. */
function joinUri(base: string, uri: string): string {
  return `${base.endsWith('/') || base === '' ? base : `${base}/`}${uri.replace(/^\.\//, '')}`
}
