/**
 * The report as one self-contained HTML page: no script, no network (its content security policy forbids
 * loading anything), the charts inline SVG.
 */
import { FATES, type Fate } from './fates.js'
import { decimal, dollars, duration, headlineRows, percent } from './markdown.js'
import type { InsightsReport, Slice } from './report.js'
import { byActedUponRate, byCost, type RepositoryRow } from './repositories.js'
import { escapeXml, stackedBars, type Bar } from './svg.js'

/** Threads linked per dismissed finding; the JSON report keeps them all. */
export const LINKS_SHOWN = 5

const FATE_COLOURS: Record<Fate, string> = {
  fixed: '#2f9e44',
  applied: '#69db7c',
  dismissed: '#e8590c',
  'merged-open': '#f08c00',
  'closed-open': '#adb5bd',
  open: '#4dabf7'
}

const FATE_WORDS: Record<Fate, string> = {
  fixed: 'fixed',
  applied: 'suggestion applied',
  dismissed: 'dismissed',
  'merged-open': 'merged open',
  'closed-open': 'closed open',
  open: 'still open'
}

/** A slice as a bar: acted upon, dismissed, merged open, and the rest of its findings. */
function sliceBar(s: Slice): Bar {
  return {
    label: s.key,
    segments: [
      { value: s.actedUpon, colour: FATE_COLOURS.fixed, label: 'acted upon' },
      { value: s.dismissed, colour: FATE_COLOURS.dismissed, label: 'dismissed' },
      { value: s.mergedOpen, colour: FATE_COLOURS['merged-open'], label: 'merged open' },
      {
        value: s.findings - s.actedUpon - s.dismissed - s.mergedOpen,
        colour: FATE_COLOURS.open,
        label: 'open, closed open or only in the body'
      }
    ]
  }
}

function figure(id: string, title: string, bars: readonly Bar[]): string {
  if (bars.length === 0) return ''
  return `<figure data-chart="${id}"><figcaption>${escapeXml(title)}</figcaption>${stackedBars(title, bars)}</figure>`
}

const LEGEND = [
  ['acted upon', FATE_COLOURS.fixed],
  ['dismissed', FATE_COLOURS.dismissed],
  ['merged open', FATE_COLOURS['merged-open']],
  ['other', FATE_COLOURS.open]
]
  .map(([label, colour]) => `<span><i style="background:${colour}"></i>${label}</span>`)
  .join('')

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#212529;margin:0;background:#f8f9fa}
main{max-width:980px;margin:0 auto;padding:28px 24px 48px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 10px}
.lede{color:#495057;margin:0 0 20px}
.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:10px;padding:12px 14px}
.card b{display:block;font-size:26px}.card span{color:#495057;font-size:13px}
figure{background:#fff;border:1px solid #dee2e6;border-radius:10px;margin:12px 0;padding:12px 14px}
figcaption{font-weight:600;margin-bottom:6px}svg{max-width:100%;height:auto;font-size:12px}
svg text{fill:#343a40;dominant-baseline:middle}
.legend span{margin-right:14px;font-size:13px}.legend i{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px}
li{margin:4px 0}a{color:#1864ab}
table{border-collapse:collapse;background:#fff;width:100%;font-size:13px;margin:8px 0}
th,td{border:1px solid #dee2e6;padding:5px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
`

/** A table of repositories: a header row, then one row per repository in the given order. */
function repositoryTable(
  id: string,
  headers: readonly string[],
  rows: readonly RepositoryRow[],
  cells: (row: RepositoryRow) => string[]
): string {
  const head = headers.map(header => `<th>${escapeXml(header)}</th>`).join('')
  const body = rows
    .map(row => `<tr>${[row.repo, ...cells(row)].map(c => `<td>${escapeXml(c)}</td>`).join('')}</tr>`)
    .join('')
  return `<table data-table="${id}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

/** Across repositories: each one's headline figures, ranked by acted-upon rate, then by cost. */
function repositorySections(rows: readonly RepositoryRow[]): string {
  if (rows.length === 0) return ''
  const rated = repositoryTable(
    'by-acted-upon',
    [
      'repository',
      'reviewed PRs',
      'acted upon',
      'dismissed',
      'merged open',
      'findings per PR',
      'cost per PR',
      'cost per acted-upon',
      'median review time'
    ],
    byActedUponRate(rows),
    r => [
      String(r.pullsReviewed),
      percent(r.actedUponRate),
      percent(r.dismissalRate),
      percent(r.mergedOpenRate),
      decimal(r.findingsPerPr),
      dollars(r.costPerPr),
      dollars(r.costPerActedUpon),
      duration(r.medianReviewSeconds)
    ]
  )
  const costly = repositoryTable(
    'by-cost',
    ['repository', 'cost', 'runs', 'reviewed PRs', 'cost per PR', 'cost per acted-upon', 'acted upon'],
    byCost(rows),
    r => [
      dollars(r.costUsd),
      String(r.runs),
      String(r.pullsReviewed),
      dollars(r.costPerPr),
      dollars(r.costPerActedUpon),
      percent(r.actedUponRate)
    ]
  )
  return `<h2>Repositories by acted-upon rate</h2>${rated}<h2>Repositories by cost</h2>${costly}`
}

export function renderHtml(report: InsightsReport): string {
  const cards = headlineRows(report)
    .map(
      ([label, value]) => `<div class="card"><b>${escapeXml(value)}</b><span>${escapeXml(label)}</span></div>`
    )
    .join('')
  const fateBars: Bar[] = FATES.map(fate => ({
    label: FATE_WORDS[fate],
    segments: [{ value: report.fates[fate], colour: FATE_COLOURS[fate], label: FATE_WORDS[fate] }]
  }))
  const dismissed = report.mostDismissed
    .map(entry => {
      const shown = entry.links.slice(0, LINKS_SHOWN)
      const more = entry.links.length - shown.length
      const links =
        shown.map((link, i) => ` <a href="${escapeXml(link)}">thread ${i + 1}</a>`).join('') +
        (more > 0 ? ` and ${more} more` : '')
      return `<li><b>${entry.count}×</b> ${escapeXml(entry.title)} <small>(${escapeXml(entry.category)}, <code>${escapeXml(entry.path)}</code>)</small>${links}</li>`
    })
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Redline insights: ${escapeXml(report.repo)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Is Redline worth it? <small>${escapeXml(report.repo)}</small></h1>
<p class="lede">${report.pullsReviewed} of ${report.pulls} pull requests updated since ${escapeXml(report.since.slice(0, 10))} reviewed in ${report.runs} runs. Rates are of inline findings on merged or closed pull requests (${report.all.decided} findings); ${percent(report.headline.actedUponRate)} of them led to a change.</p>
<div class="cards">${cards}</div>
${repositorySections(report.repositories ?? [])}
<h2>What happened to each finding</h2>
${figure('fates', 'Findings by fate', fateBars)}
<h2>Where Redline is heard</h2>
<p class="legend">${LEGEND}</p>
${figure('severity', 'By severity', report.bySeverity.map(sliceBar))}
${figure('category', 'By category', report.byCategory.map(sliceBar))}
${figure('folder', 'By folder', report.byFolder.map(sliceBar))}
${figure('week', 'Week by week (by the week a pull request was opened)', report.byWeek.map(sliceBar))}
${dismissed ? `<h2>Most often dismissed</h2><ul>${dismissed}</ul>` : ''}
<p class="lede">Generated ${escapeXml(report.generatedAt)} by Redline.</p>
</main></body></html>
`
}
