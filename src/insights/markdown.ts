/** The report as Markdown, for the job summary and the terminal. */
import type { InsightsReport, Slice } from './report.js'
import { byActedUponRate, byCost, type RepositoryRow } from './repositories.js'

export function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`
}

export function dollars(value: number | null): string {
  return value === null ? '–' : `$${value < 1 ? value.toFixed(3) : value.toFixed(2)}`
}

export function decimal(value: number | null): string {
  return value === null ? '–' : value.toFixed(1)
}

export function duration(seconds: number | null): string {
  if (seconds === null) return '–'
  return seconds < 90 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`
}

/** Table cells hold text from pull requests: pipes and line breaks would break the table. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/[<>]/g, c => (c === '<' ? '&lt;' : '&gt;'))
}

/** The headline figures as label and value, shared by both renderings. */
export function headlineRows(report: InsightsReport): Array<[string, string]> {
  const h = report.headline
  return [
    ['Acted upon (fixed or applied)', percent(h.actedUponRate)],
    ['Dismissed', percent(h.dismissalRate)],
    ['Merged with the finding open', percent(h.mergedOpenRate)],
    ['Findings per pull request', decimal(h.findingsPerPr)],
    ['Inline comments per pull request', decimal(h.inlinePerPr)],
    ['Cost per pull request', dollars(h.costPerPr)],
    ['Cost per acted-upon finding', dollars(h.costPerActedUpon)],
    ['Median review time', duration(h.medianReviewSeconds)]
  ]
}

/** Each repository's headline figures, highest acted-upon rate first; then the same repositories by cost. */
function repositoryTables(rows: readonly RepositoryRow[]): string[] {
  if (rows.length === 0) return []
  return [
    '### Repositories by acted-upon rate',
    '',
    '| repository | reviewed PRs | acted upon | dismissed | merged open | findings per PR | inline per PR | cost per PR | cost per acted-upon | median review time |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...byActedUponRate(rows).map(
      r =>
        `| ${cell(r.repo)} | ${r.pullsReviewed} | ${percent(r.actedUponRate)} | ${percent(r.dismissalRate)} | ` +
        `${percent(r.mergedOpenRate)} | ${decimal(r.findingsPerPr)} | ${decimal(r.inlinePerPr)} | ` +
        `${dollars(r.costPerPr)} | ${dollars(r.costPerActedUpon)} | ${duration(r.medianReviewSeconds)} |`
    ),
    '',
    '### Repositories by cost',
    '',
    '| repository | cost | runs | reviewed PRs | cost per PR | cost per acted-upon | acted upon |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...byCost(rows).map(
      r =>
        `| ${cell(r.repo)} | ${dollars(r.costUsd)} | ${r.runs} | ${r.pullsReviewed} | ${dollars(r.costPerPr)} | ` +
        `${dollars(r.costPerActedUpon)} | ${percent(r.actedUponRate)} |`
    ),
    ''
  ]
}

function sliceTable(title: string, slices: readonly Slice[]): string[] {
  if (slices.length === 0) return []
  return [
    `### ${title}`,
    '',
    '| | findings | settled inline | acted upon | dismissed | merged open |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...slices.map(
      s =>
        `| ${cell(s.key)} | ${s.findings} | ${s.decided} | ${percent(s.actedUponRate)} | ${percent(s.dismissalRate)} | ${s.mergedOpen} |`
    ),
    ''
  ]
}

export function renderMarkdown(report: InsightsReport): string {
  const lines = [
    `## Redline insights: ${cell(report.repo)}`,
    '',
    `${report.pullsReviewed} of ${report.pulls} pull requests updated since ${report.since.slice(0, 10)} were ` +
      `reviewed by Redline in ${report.runs} runs, for ${dollars(report.headline.totalCostUsd)}. ` +
      'Rates are of inline findings on merged or closed pull requests.',
    '',
    '| | |',
    '| --- | ---: |',
    ...headlineRows(report).map(([label, value]) => `| ${label} | ${value} |`),
    '',
    '### Fates',
    '',
    '| fixed | applied | dismissed | merged open | closed open | open |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${report.fates.fixed} | ${report.fates.applied} | ${report.fates.dismissed} | ${report.fates['merged-open']} | ${report.fates['closed-open']} | ${report.fates.open} |`,
    '',
    ...repositoryTables(report.repositories ?? []),
    ...sliceTable('By severity', report.bySeverity),
    ...sliceTable('By category', report.byCategory),
    ...sliceTable('By folder', report.byFolder),
    ...sliceTable('By week', report.byWeek)
  ]
  if (report.mostDismissed.length > 0) {
    lines.push('### Most often dismissed', '')
    for (const entry of report.mostDismissed) {
      const shown = entry.links.slice(0, 5)
      const more = entry.links.length > shown.length ? ` and ${entry.links.length - shown.length} more` : ''
      const links = `${shown.map((link, i) => `[${i + 1}](${link})`).join(' ')}${more}`
      lines.push(
        `- ${entry.count}× **${cell(entry.title)}** (${cell(entry.category)}, \`${cell(entry.path)}\`) ${links}`
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}
