/**
 * A tool's text output read with problem matchers, as the Actions runner reads them: each pattern a line,
 * the fields taken from its groups, and a last pattern with `loop` that repeats for each following line.
 * The output is untrusted and the regexps may backtrack, so lines are capped in length and number, and the
 * whole reading runs under a clock that stops even a regexp caught in backtracking.
 */
import { runInNewContext } from 'node:vm'
import { repositoryPath } from './paths.js'
import type { ProblemMatcher, ProblemPattern } from './spec.js'
import type { ToolResult } from './types.js'

const MAX_LINE_CHARS = 2_000
const MAX_LINES = 100_000
const MAX_RESULTS = 20_000
/** How long all matchers together may take over one output. */
const MATCH_TIME_MS = 3_000

export class MatcherError extends Error {
  override name = 'MatcherError'
}

interface Compiled {
  owner: string
  severity?: string
  patterns: Array<{ pattern: ProblemPattern; regexp: RegExp }>
}

/** Each matcher with its regexps compiled; a MatcherError names the one that does not compile. */
export function compileMatchers(matchers: readonly ProblemMatcher[]): Compiled[] {
  return matchers.map(matcher => ({
    owner: matcher.owner,
    ...(matcher.severity !== undefined ? { severity: matcher.severity } : {}),
    patterns: matcher.pattern.map(pattern => {
      try {
        return { pattern, regexp: new RegExp(pattern.regexp) }
      } catch (error) {
        throw new MatcherError(
          `the regexp of ${matcher.owner} is not valid: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    })
  }))
}

/** Fields read so far in a multi-line match. */
type Fields = Partial<
  Record<'file' | 'fromPath' | 'line' | 'column' | 'severity' | 'code' | 'message', string>
>

const FIELD_NAMES = ['file', 'fromPath', 'line', 'column', 'severity', 'code', 'message'] as const

function fieldsOf(pattern: ProblemPattern, match: RegExpExecArray): Fields {
  const fields: Fields = {}
  for (const name of FIELD_NAMES) {
    const index = pattern[name]
    const value = index !== undefined ? match[index] : undefined
    if (value !== undefined && value !== '') fields[name] = value
  }
  return fields
}

/** The results the matchers find in `output`, or a MatcherError when they take longer than allowed. */
export function matchOutput(
  output: string,
  matchers: readonly Compiled[],
  roots: readonly string[]
): ToolResult[] {
  const lines = output
    .split(/\r?\n/, MAX_LINES)
    .map(line => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line))
  const results: ToolResult[] = []
  const read = (): void => {
    for (const matcher of matchers) readWith(matcher, lines, roots, results)
  }
  try {
    runInNewContext('read()', { read }, { timeout: MATCH_TIME_MS })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new MatcherError(
        `the problem matcher took longer than ${MATCH_TIME_MS / 1000} s; its results are left out`
      )
    throw error
  }
  return results
}

function readWith(matcher: Compiled, lines: readonly string[], roots: readonly string[], into: ToolResult[]) {
  const { patterns } = matcher
  const last = patterns.length - 1
  let at = 0
  let carried: Fields = {}
  for (const line of lines) {
    if (into.length >= MAX_RESULTS) return
    let entry = patterns[at] as Compiled['patterns'][number]
    let match = entry.regexp.exec(line)
    if (!match && at > 0) {
      // The sequence broke (or a loop ended): start again on this line.
      at = 0
      carried = {}
      entry = patterns[0] as Compiled['patterns'][number]
      match = entry.regexp.exec(line)
    }
    if (!match) continue
    const fields = { ...carried, ...fieldsOf(entry.pattern, match) }
    if (at < last) {
      carried = fields
      at++
      continue
    }
    const result = resultOf(matcher, fields, roots)
    if (result) into.push(result)
    if (entry.pattern.loop && last > 0) continue
    at = 0
    carried = {}
  }
}

function resultOf(matcher: Compiled, fields: Fields, roots: readonly string[]): ToolResult | undefined {
  if (fields.message === undefined || fields.file === undefined) return undefined
  const base = fields.fromPath ? fields.fromPath.replace(/[^/\\]*$/, '') : ''
  const path = repositoryPath(`${base}${fields.file}`, roots)
  if (path === undefined) return undefined
  const line = Number(fields.line)
  const column = Number(fields.column)
  const level = fields.severity ?? matcher.severity
  return {
    tool: matcher.owner,
    ...(fields.code !== undefined ? { ruleId: fields.code } : {}),
    message: fields.message.trim(),
    path,
    ...(Number.isInteger(line) && line > 0 ? { line } : {}),
    ...(Number.isInteger(column) && column > 0 ? { column } : {}),
    ...(level !== undefined ? { level: level.toLowerCase() } : {})
  }
}
