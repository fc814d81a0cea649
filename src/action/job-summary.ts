import { learnedRulesForFiles, type LearnedRuleText, type Usage } from '../agent/index.js'
import { originText, type SettingOrigin, type SettingSource } from '../engine/index.js'
import { compareFindings, findingLocation, type Finding } from '../findings/finding.js'
import type { ReviewCommentInput } from '../github/reviews.js'
import {
  coverageComplete,
  coverageLine,
  evidenceSection,
  pendingSection,
  type EvidenceLine,
  type ReviewCoverage
} from '../publish/body.js'
import { inline, severityLabel } from '../publish/markdown.js'
import { plural } from '../text/measure.js'
import { redactKnownSecrets } from '../text/known-secrets.js'
import { code } from '../publish/comment.js'
import { LISTED_REASON_TEXT, type MovedFinding } from '../publish/select.js'
import { LEARNED_RULES_PATH } from '../state/learned-file.js'

export type UsageTotals = Pick<
  Usage,
  'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'costUsd'
>

export interface JobSummaryInput {
  /** Every finding of the pull request after this run. */
  findings: readonly Finding[]
  /** Findings posted inline by this run's review. */
  inlineFindingIds: readonly string[]
  movedToBody?: readonly MovedFinding[]
  coverageNotes: readonly string[]
  compaction?: readonly string[]
  usage?: UsageTotals
  reviewUrl?: string
  dryRun: boolean
  /** The review as posted or, on a dry run, as it would have been. */
  body?: string
  comments?: readonly ReviewCommentInput[]
  /** Why posting failed, when it did. */
  error?: string
  /** What the model saw of the files this run was to review. */
  coverage?: ReviewCoverage
  /** Why the run failed, when it failed for another reason than posting. */
  failure?: string
  /** Each setting with where it came from: the workflow, the configuration file or the default. */
  settings?: readonly SettingSource[]
  /** Where the configuration was read: the base commit, and the file when there was one. */
  configFrom?: { commit: string; path?: string }
  /** The "Redline" check run this run completed. */
  check?: { url: string; conclusion: string }
  /** The walkthrough section, as the review shows it. */
  walkthrough?: string
  /** Each evidence file and configured check with how it fared. */
  evidence?: readonly EvidenceLine[]
  /** The learned rules read at the base; absent when the base has no learned rules file. */
  learnedRules?: readonly LearnedRuleText[]
  /** The files this run reviewed, which the learned rules are counted against; absent when it reviewed none. */
  reviewedPaths?: readonly string[]
}

/** How many learned rules applied to this run's files; nothing when the base has no learned rules file. */
export function learnedRulesLine(input: JobSummaryInput): string | undefined {
  const rules = input.learnedRules
  if (!rules) return undefined
  const file = `${code(LEARNED_RULES_PATH)} on the base branch`
  if (!input.reviewedPaths) return `**Learned rules:** ${rules.length} in ${file}; no files were reviewed.`
  const covering = learnedRulesForFiles(rules, input.reviewedPaths).length
  return `**Learned rules:** ${covering} of ${rules.length} cover the changed files (${file}).`
}

function settingsSection(input: JobSummaryInput): string | undefined {
  const settings = input.settings ?? []
  if (settings.length === 0) return undefined
  const file = input.configFrom?.path
  const fromText = (from: SettingOrigin): string => (from === 'file' ? code(file ?? 'file') : from)
  const where = input.configFrom
    ? file
      ? `${code(file)} read at ${code(input.configFrom.commit.slice(0, 7))} on the base branch.`
      : `No configuration file on the base branch at ${code(input.configFrom.commit.slice(0, 7))}.`
    : 'No configuration file was read.'
  return [
    '### Settings',
    '',
    where,
    '',
    '| Setting | Value | From |',
    '| --- | --- | --- |',
    ...settings.map(s => `| ${code(s.name)} | ${inline(s.value, 200)} | ${originText(s, fromText)} |`)
  ].join('\n')
}

/** The part of `core.summary` used here, so that the summary can be built and checked without it. */
export interface SummarySink {
  addRaw(text: string, addEOL?: boolean): unknown
  write(): Promise<unknown>
}

const STATUS_ORDER: Record<Finding['status'], number> = { open: 0, resolved: 1, dismissed: 2 }

function placement(finding: Finding, input: JobSummaryInput, inlineIds: ReadonlySet<string>): string {
  if (finding.status !== 'open') return '—'
  // A failed post reached nothing; only threads of earlier reviews are on the pull request.
  if (input.error && !input.reviewUrl)
    return finding.commentId !== undefined ? 'earlier thread' : 'not posted'
  const moved = input.movedToBody?.find(item => item.id === finding.id)
  if (moved) return `body (${inline(LISTED_REASON_TEXT[moved.reason])})`
  if (inlineIds.has(finding.id)) return input.dryRun ? 'inline (dry run)' : 'inline'
  if (finding.commentId !== undefined) return 'earlier thread'
  return 'body'
}

function findingsTable(input: JobSummaryInput): string {
  const inlineIds = new Set(input.inlineFindingIds)
  const rows = [...input.findings]
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || compareFindings(a, b))
    .map(finding => {
      const cells = [
        finding.status,
        severityLabel(finding.severity),
        code(findingLocation(finding)),
        inline(finding.title, 200) || 'Untitled finding',
        placement(finding, input, inlineIds)
      ]
      return `| ${cells.join(' | ')} |`
    })
  return [
    '| Status | Severity | Location | Finding | Posted |',
    '| --- | --- | --- | --- | --- |',
    ...rows
  ].join('\n')
}

function usageLine(usage: UsageTotals): string {
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens
  return (
    `**Model use:** ${input.toLocaleString('en-US')} input tokens (${usage.cacheReadTokens.toLocaleString('en-US')} ` +
    `cache reads, ${usage.cacheWriteTokens.toLocaleString('en-US')} cache writes), ` +
    `${usage.outputTokens.toLocaleString('en-US')} output tokens, about $${usage.costUsd.toFixed(4)}.`
  )
}

function renderedReview(input: JobSummaryInput): string {
  const parts = [input.body ?? '']
  for (const comment of input.comments ?? []) {
    const lines =
      comment.start_line === undefined ? `${comment.line}` : `${comment.start_line}-${comment.line}`
    parts.push(
      `---\n\n**Inline on ${code(`${comment.path}:${lines}`)} (${comment.side})**\n\n${comment.body}`
    )
  }
  return parts.join('\n\n')
}

/** Markdown for the job summary: every finding, where it went, what the run cost and what it could not cover. */
export function renderJobSummary(input: JobSummaryInput): string {
  const open = input.findings.filter(finding => finding.status === 'open').length
  const sections = [`## Redline review${input.dryRun ? ' (dry run: nothing was posted)' : ''}`]
  if (input.error)
    sections.push(`> [!CAUTION]\n> The review could not be posted: ${inline(input.error, 1000)}`)
  if (input.failure) sections.push(`> [!CAUTION]\n> ${inline(input.failure, 1000)}`)
  if (input.coverage && !coverageComplete(input.coverage))
    sections.push(`**${coverageLine(input.coverage)}**\n\n${pendingSection(input.coverage, 200)}`)
  if (input.reviewUrl) sections.push(`[The review on the pull request](${input.reviewUrl})`)
  if (input.check) sections.push(`[The "Redline" check run](${input.check.url}): ${input.check.conclusion}`)
  if (input.walkthrough) sections.push(input.walkthrough)
  const posted =
    input.error && !input.reviewUrl
      ? 'nothing posted'
      : `${input.inlineFindingIds.length} ${input.dryRun ? 'to be ' : ''}posted inline`
  sections.push(
    `**${plural(open, 'open finding')}**, ${posted}, ${plural(input.findings.length, 'finding')} in all.`
  )
  if (input.findings.length > 0) sections.push(findingsTable(input))
  if (input.usage) sections.push(usageLine(input.usage))
  const learned = learnedRulesLine(input)
  if (learned) sections.push(learned)
  const notes = [...input.coverageNotes, ...(input.compaction ?? []).map(note => `Review body: ${note}.`)]
  if (notes.length > 0)
    sections.push(['### Coverage', '', ...notes.map(note => `- ${inline(note, 1000)}`)].join('\n'))
  const evidence = evidenceSection(input.evidence ?? [])
  if (evidence) sections.push(evidence.replace(/^#### /, '### '))
  const settings = settingsSection(input)
  if (settings) sections.push(settings)
  if (input.body !== undefined && (input.dryRun || input.error)) {
    const title = input.dryRun
      ? 'The review that would have been posted'
      : 'The review that could not be posted'
    sections.push(`<details>\n<summary>${title}</summary>\n\n${renderedReview(input)}\n\n</details>`)
  }
  return `${sections.join('\n\n')}\n`
}

/** Writes the job summary; `sink` is `core.summary` in the action. */
export async function writeJobSummary(sink: SummarySink, input: JobSummaryInput): Promise<void> {
  sink.addRaw(redactKnownSecrets(renderJobSummary(input)), true)
  await sink.write()
}
