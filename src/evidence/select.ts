/**
 * Which tool results the model is shown: those on lines of the diff-line set (the new side of a reviewable
 * file's hunks), once each. Results elsewhere are counted, per source, and not shown.
 */
import type { DiffLineSet } from '../diff/line-set.js'
import { plural } from '../text/measure.js'
import type { EvidenceReport, ToolResult } from './types.js'

export interface SelectedResults {
  /** Results on changed lines, by path, in path and line order. */
  byFile: Map<string, ToolResult[]>
  onChangedLines: number
  elsewhere: number
}

function key(result: ToolResult): string {
  return [
    result.tool,
    result.ruleId ?? '',
    result.path,
    result.line ?? 0,
    result.column ?? 0,
    result.message
  ].join('\0')
}

export function selectOnChangedLines(
  results: readonly ToolResult[],
  lineSet: DiffLineSet,
  reviewable: ReadonlySet<string>
): SelectedResults {
  const seen = new Set<string>()
  const shown: ToolResult[] = []
  let elsewhere = 0
  for (const result of results) {
    const id = key(result)
    if (seen.has(id)) continue
    seen.add(id)
    const onDiff =
      result.line !== undefined &&
      reviewable.has(result.path) &&
      lineSet.canComment(result.path, 'RIGHT', result.line)
    if (onDiff) shown.push(result)
    else elsewhere++
  }
  shown.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.line ?? 0) - (b.line ?? 0)))
  const byFile = new Map<string, ToolResult[]>()
  for (const result of shown) byFile.set(result.path, [...(byFile.get(result.path) ?? []), result])
  return { byFile, onChangedLines: shown.length, elsewhere }
}

/** Each report that read results, with how many of them lie on changed lines. */
export function withPlacement(
  reports: readonly EvidenceReport[],
  results: readonly ToolResult[],
  selected: SelectedResults
): EvidenceReport[] {
  const shown = new Set([...selected.byFile.values()].flat())
  return reports.map(report => {
    if (report.status !== 'ran') return report
    const own = results.filter(result => result.from === report.name)
    if (own.length === 0) return { ...report, text: `${report.text}, no results` }
    const onLines = own.filter(result => shown.has(result)).length
    const elsewhere = own.length - onLines
    if (onLines === 0)
      return { ...report, text: `${report.text}, no result on changed lines (${elsewhere} elsewhere)` }
    const rest = elsewhere > 0 ? ` (${elsewhere} elsewhere)` : ''
    return {
      ...report,
      status: 'results',
      text: `${report.text}, ${plural(onLines, 'result')} on changed lines${rest}`
    }
  })
}
