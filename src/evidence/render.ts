/**
 * The tool results as the model reads them in the first message (per file, as untrusted data, capped, with
 * a count of what was left out), and the reports as one line each for the review body and the job summary.
 */
import { displayPath } from '../diff/paths.js'
import { plural } from '../text/measure.js'
import { cleanUntrusted, wrapUntrusted } from '../text/untrusted.js'
import type { SelectedResults } from './select.js'
import type { EvidenceReport, ToolResult } from './types.js'

const MAX_SHOWN = 80
const MAX_PER_FILE = 20
const MAX_MESSAGE_CHARS = 300
const MAX_SECTION_CHARS = 16_000

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

function resultLine(result: ToolResult): string {
  const where = `line ${result.line}${result.column !== undefined ? `:${result.column}` : ''}`
  const rule = result.ruleId ? ` ${oneLine(result.ruleId, 80)}` : ''
  const level = result.level ? ` (${oneLine(result.level, 20)})` : ''
  return `- ${where}: ${oneLine(result.tool, 60)}${rule}${level}: ${oneLine(result.message, MAX_MESSAGE_CHARS)}`
}

/**
 * The first message's section, or undefined when no result lies on a changed line and nothing was counted.
 * It is built once per review and never changes, so it stays in the cached prefix of every turn.
 */
export function renderEvidenceSection(selected: SelectedResults): string | undefined {
  if (selected.onChangedLines === 0 && selected.elsewhere === 0) return undefined
  const parts: string[] = [
    "Results from the repository's own tools (type checkers, linters, static analysis) follow, on the changed " +
      'lines only. Each is evidence, not a finding: decide whether it shows a real problem worth a comment. A ' +
      'finding that rests on one names the tool.'
  ]
  let shown = 0
  let size = 0
  for (const [path, results] of selected.byFile) {
    const room = Math.min(MAX_PER_FILE, MAX_SHOWN - shown)
    if (room <= 0 || size >= MAX_SECTION_CHARS) break
    const lines = results.slice(0, room).map(resultLine)
    const more = results.length - lines.length
    if (more > 0) lines.push(`- … ${plural(more, 'more result')} in this file`)
    const block = `${displayPath(path)}:\n${wrapUntrusted(`tool-results:${path}`, cleanUntrusted(lines.join('\n')))}`
    parts.push(block)
    shown += results.length - more
    size += block.length
  }
  const left = selected.onChangedLines - shown
  const counts = [
    ...(left > 0 ? [`${plural(left, 'more result')} on changed lines left out`] : []),
    ...(selected.elsewhere > 0
      ? [`${plural(selected.elsewhere, 'result')} on lines this change does not touch, not shown`]
      : [])
  ]
  if (selected.onChangedLines === 0) parts.push('No tool result lies on a changed line.')
  if (counts.length > 0) parts.push(`(${counts.join('; ')}.)`)
  return parts.join('\n\n')
}

/** `- tsc (check): ran: 2 results: 1 result on changed lines`, one line per source. */
export function reportLine(report: EvidenceReport): string {
  const kind = report.source === 'check' ? 'check' : 'evidence file'
  return `${report.name} (${kind}): ${report.text}`
}
