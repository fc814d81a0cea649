/**
 * The walkthrough as the review body shows it: the summary, a table of the changed files, the effort to
 * review and, when there is one, the sequence diagram, inside `<details>` (open when expanded). The job
 * summary shows the same section.
 */
import type { Walkthrough, WalkthroughMode } from '../findings/walkthrough.js'
import { plural } from '../text/measure.js'
import { code } from './comment.js'
import { codeBlock, inline, neutralize } from './markdown.js'

/** Most rows the table shows; the rest are counted in a last row. */
export const MAX_WALKTHROUGH_ROWS = 150

/** A path in a table cell: a code span whose pipes cannot split the row. */
function pathCell(paths: readonly string[]): string {
  return paths.map(path => code(path).replace(/\|/g, '\\|')).join('<br>')
}

function table(walkthrough: Walkthrough, maxRows: number): string[] {
  const rows = walkthrough.rows.map(row => `| ${pathCell(row.paths)} | ${inline(row.change, 300)} |`)
  const skipped = walkthrough.skipped ?? []
  if (skipped.length > 0)
    rows.push(`| ${pathCell(skipped.slice(0, 20))} | _Skipped by Redline, not reviewed_ |`)
  if (skipped.length > 20) rows.push(`| …and ${skipped.length - 20} more skipped | |`)
  const shown = rows.slice(0, maxRows)
  if (rows.length > shown.length) shown.push(`| …and ${plural(rows.length - shown.length, 'more row')} | |`)
  return ['| File | What changed |', '| --- | --- |', ...shown]
}

/** The effort line, the one place its words are written. */
export function effortLine(walkthrough: Walkthrough): string {
  return `**Effort to review: ${walkthrough.effort}/5** · ${inline(walkthrough.effortReason, 200)}`
}

/**
 * The section, or '' when the mode is off or there is no walkthrough. `maxRows` lets a long body shorten
 * the table; the diagram is left out with it.
 */
export function renderWalkthrough(
  walkthrough: Walkthrough | undefined,
  mode: WalkthroughMode = 'collapsed',
  maxRows: number = MAX_WALKTHROUGH_ROWS
): string {
  if (!walkthrough || mode === 'off') return ''
  const parts = [
    mode === 'expanded' ? '<details open>' : '<details>',
    `<summary><b>Walkthrough</b> · effort to review ${walkthrough.effort}/5</summary>`,
    '',
    neutralize(walkthrough.summary.trim()).replace(/<(?=[A-Za-z/!?])/g, '<\u200b'),
    '',
    ...table(walkthrough, maxRows),
    '',
    effortLine(walkthrough)
  ]
  if (walkthrough.diagram !== undefined && maxRows >= MAX_WALKTHROUGH_ROWS)
    parts.push('', codeBlock(walkthrough.diagram, 'mermaid'))
  parts.push('', '</details>')
  return parts.join('\n')
}
