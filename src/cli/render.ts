/**
 * The local review as text: for the terminal, as Markdown and as JSON. Pure functions over the result; the
 * lines each suggestion replaces are passed in, read at the reviewed commit.
 */
import { formatUsage } from '../agent/index.js'
import { findingLocation, isLineFinding, type Finding } from '../findings/finding.js'
import { atLeast, compareSeverityDesc, type Severity } from '../findings/severity.js'
import { reportLine } from '../evidence/index.js'
import type { Walkthrough } from '../findings/walkthrough.js'
import { renderWalkthrough } from '../publish/walkthrough-section.js'
import type { LocalReview } from './local-host.js'

/** The head lines a finding's suggestion replaces, by finding id. */
export type ReplacedLines = ReadonlyMap<string, readonly string[]>

function byWeight(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) => compareSeverityDesc(a.severity, b.severity) || a.file.localeCompare(b.file)
  )
}

/** The suggestion as a unified diff of the lines it replaces. */
export function suggestionDiff(
  finding: Finding,
  replaced: readonly string[] | undefined
): string | undefined {
  if (finding.suggestion === undefined || !isLineFinding(finding)) return undefined
  const added = finding.suggestion === '' ? [] : finding.suggestion.replace(/\n$/, '').split('\n')
  const removed = replaced ?? []
  const header = `@@ -${finding.startLine},${removed.length} +${finding.startLine},${added.length} @@`
  return [
    `--- a/${finding.file}`,
    `+++ b/${finding.file}`,
    header,
    ...removed.map(line => `-${line}`),
    ...added.map(line => `+${line}`)
  ].join('\n')
}

function tag(severity: Severity): string {
  return severity.toUpperCase()
}

function what(review: LocalReview): string {
  const { branch } = review
  const { sinceSha } = review.outcome
  const scope = sinceSha
    ? `changes since ${sinceSha.slice(0, 7)}`
    : `${branch.mergeBaseSha.slice(0, 7)}..${branch.headSha.slice(0, 7)}`
  return `Redline review of ${branch.branch} at ${branch.headSha.slice(0, 7)} (${scope})`
}

/** The walkthrough for a terminal: the summary, a line per file or group, the skipped files, the effort. */
function walkthroughLines(walkthrough: Walkthrough): string[] {
  const width = Math.max(...walkthrough.rows.map(row => row.paths.join(', ').length), 0)
  return [
    'Walkthrough:',
    ...walkthrough.summary
      .trim()
      .split('\n')
      .map(line => `  ${line}`),
    '',
    ...walkthrough.rows.map(row => `  ${row.paths.join(', ').padEnd(width)}  ${row.change}`),
    ...(walkthrough.skipped ?? []).map(path => `  ${path.padEnd(width)}  (skipped by Redline)`),
    '',
    `  Effort to review: ${walkthrough.effort}/5 · ${walkthrough.effortReason}`,
    ''
  ]
}

export function renderTerminal(review: LocalReview, minSeverity: Severity, replaced: ReplacedLines): string {
  const out: string[] = [what(review), '']
  const { end, overview } = review.outcome
  if (end.kind === 'skipped') out.push(end.reason, '')
  if (overview) out.push(overview, '')
  if (review.walkthrough) out.push(...walkthroughLines(review.walkthrough))
  const open = byWeight(review.outcome.findings.filter(f => f.status === 'open'))
  const shown = open.filter(f => atLeast(f.severity, minSeverity))
  const below = open.filter(f => !atLeast(f.severity, minSeverity))
  out.push(
    open.length === 0 ? 'No open findings.' : `${open.length} open finding${open.length === 1 ? '' : 's'}:`
  )
  for (const finding of shown) {
    out.push('', `[${tag(finding.severity)}] ${findingLocation(finding)} — ${finding.title}`)
    if (finding.description) out.push(...finding.description.split('\n').map(line => `  ${line}`))
    const diff = suggestionDiff(finding, replaced.get(finding.id))
    if (diff) out.push('', ...diff.split('\n').map(line => `  ${line}`))
  }
  if (below.length > 0) {
    out.push('', `Below ${minSeverity}:`)
    for (const finding of below)
      out.push(`  [${tag(finding.severity)}] ${findingLocation(finding)} — ${finding.title}`)
  }
  const resolved = review.outcome.findings.filter(f => review.resolvedNow.includes(f.id))
  if (resolved.length > 0) {
    out.push('', 'Resolved since the last run:')
    for (const finding of resolved) {
      out.push(
        `  ✓ ${findingLocation(finding)} — ${finding.title}${finding.note ? ` (${finding.note})` : ''}`
      )
    }
  }
  for (const note of review.outcome.notes) out.push('', `Note: ${note}`)
  for (const report of review.outcome.evidence ?? []) out.push('', `Tool: ${reportLine(report)}`)
  if (review.outcome.agent) out.push('', `Usage: ${formatUsage(review.outcome.usage)}`)
  return out.join('\n')
}

export function renderMarkdown(review: LocalReview, replaced: ReplacedLines, failure?: string): string {
  const out: string[] = [`## ${what(review)}`, '']
  const { end, overview } = review.outcome
  // A run that broke reviewed nothing: it says why, and lists no findings as if it had looked.
  if (end.kind === 'fatal')
    return `${[...out, `**The review failed:** ${failure ?? end.error.message}`].join('\n')}\n`
  if (failure) out.push(`**${failure}**`, '')
  if (end.kind === 'skipped') out.push(end.reason, '')
  if (overview) out.push(overview, '')
  const walkthrough = renderWalkthrough(review.walkthrough, 'expanded')
  if (walkthrough) out.push(walkthrough, '')
  const open = byWeight(review.outcome.findings.filter(f => f.status === 'open'))
  out.push(
    open.length === 0
      ? '**No open findings.**'
      : `**${open.length} open finding${open.length === 1 ? '' : 's'}**`
  )
  for (const finding of open) {
    out.push('', `### ${tag(finding.severity)} · \`${findingLocation(finding)}\` — ${finding.title}`, '')
    if (finding.description) out.push(finding.description, '')
    const diff = suggestionDiff(finding, replaced.get(finding.id))
    if (diff) out.push('```diff', diff, '```', '')
  }
  const resolved = review.outcome.findings.filter(f => review.resolvedNow.includes(f.id))
  if (resolved.length > 0) {
    out.push('', '### Resolved since the last run', '')
    for (const finding of resolved)
      out.push(
        `- ~~${finding.title}~~ \`${findingLocation(finding)}\`${finding.note ? ` — ${finding.note}` : ''}`
      )
  }
  for (const note of review.outcome.notes) out.push('', `> ${note}`)
  return `${out.join('\n').trim()}\n`
}

export function renderJson(review: LocalReview, failure?: string): string {
  const { branch, outcome } = review
  return `${JSON.stringify(
    {
      branch: branch.branch,
      headSha: branch.headSha,
      baseSha: branch.baseSha,
      mergeBaseSha: branch.mergeBaseSha,
      ...(outcome.sinceSha ? { sinceSha: outcome.sinceSha } : {}),
      end: outcome.end.kind,
      ...(failure ? { error: failure } : {}),
      ...(outcome.end.kind === 'skipped' ? { skipped: outcome.end.reason } : {}),
      summary: outcome.overview ?? null,
      ...(review.walkthrough ? { walkthrough: review.walkthrough } : {}),
      findings: outcome.findings,
      resolvedNow: review.resolvedNow,
      notes: outcome.notes,
      usage: outcome.usage,
      ...(outcome.coverage ? { coverage: outcome.coverage } : {})
    },
    null,
    2
  )}\n`
}
