import type Anthropic from '@anthropic-ai/sdk'
import { renderDiff, renderInventory } from '../diff/render.js'
import type { TriageResult } from '../diff/triage.js'
import { errorMessage } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Severity } from '../findings/severity.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { describeFinding } from './tools/finding-tools.js'
import { cleanUntrusted, wrapUntrusted } from './untrusted.js'

/** Files in which a repository tells reviewers and agents how it wants to be worked on. */
export const GUIDANCE_PATHS = [
  'REVIEW.md',
  'AGENTS.md',
  'CLAUDE.md',
  '.github/copilot-instructions.md'
] as const

const MAX_TITLE_CHARS = 300
const MAX_BODY_CHARS = 8_000
const MAX_GUIDANCE_FILE_CHARS = 8_000
const MAX_GUIDANCE_TOTAL_CHARS = 16_000
const MAX_INSTRUCTIONS_CHARS = 8_000

export interface GuidanceFile {
  path: string
  text: string
}

/**
 * Guidance is read at the base revision: a pull request must not be able to rewrite the rules it is
 * reviewed by. Missing files are skipped; each file and the total are capped.
 */
export async function readGuidance(git: Git, baseSha: string, logger: Logger): Promise<GuidanceFile[]> {
  const found: GuidanceFile[] = []
  let total = 0
  for (const path of GUIDANCE_PATHS) {
    let bytes: Buffer | undefined
    try {
      if ((await git.catFileType(baseSha, path)) !== 'blob') continue
      bytes = await git.show(baseSha, path)
    } catch (error) {
      logger.warning(`Could not read ${path} at the base: ${errorMessage(error)}`)
      continue
    }
    if (!bytes || bytes.includes(0)) continue
    const room = Math.min(MAX_GUIDANCE_FILE_CHARS, MAX_GUIDANCE_TOTAL_CHARS - total)
    if (room <= 0) break
    const text = cleanUntrusted(bytes.toString('utf8'), { stripHtmlComments: true, maxChars: room })
    if (text.trim() === '') continue
    found.push({ path, text })
    total += text.length
  }
  return found
}

export interface ReReviewContext {
  /** The head reviewed last time; the diff shown is what changed since. */
  sinceSha: string
  /** Existing findings, mapped onto the current head. */
  findings: Finding[]
  /** Ids of findings whose cited lines were edited or removed since the last review. */
  lineChanges: Record<string, 'changed' | 'deleted'>
}

export interface ReviewContextInput {
  repository: string
  pr: { number: number; title: string; body: string; author?: string; baseRef?: string; headRef?: string }
  headSha: string
  baseSha: string
  triage: TriageResult
  guidance: GuidanceFile[]
  /** The workflow's `instructions` input: written by the repository's maintainers, so not wrapped. */
  instructions: string
  minSeverity: Severity
  maxComments: number
  reReview?: ReReviewContext
}

/** The first user message: everything about this pull request, built once and never changed. */
export function buildFirstUserContent(input: ReviewContextInput): Anthropic.Messages.TextBlockParam[] {
  const { pr, reReview } = input
  const sections: string[] = []
  const branches = pr.baseRef && pr.headRef ? ` (${pr.headRef} into ${pr.baseRef})` : ''
  sections.push(
    `Review pull request #${pr.number} of ${input.repository}${branches}` +
      (pr.author ? ` by ${cleanUntrusted(pr.author, { maxChars: 100 })}` : '') +
      `.\nBase ${input.baseSha}, head ${input.headSha}.`
  )
  sections.push(
    'Title and description, as the author wrote them:\n' +
      wrapUntrusted('pr-title', cleanUntrusted(pr.title, { maxChars: MAX_TITLE_CHARS })) +
      '\n' +
      wrapUntrusted(
        'pr-body',
        cleanUntrusted(pr.body, { stripHtmlComments: true, maxChars: MAX_BODY_CHARS }) || '(empty)'
      )
  )
  for (const file of input.guidance) {
    sections.push(
      `Repository guidance from ${file.path} (base revision):\n${wrapUntrusted(`guidance:${file.path}`, file.text)}`
    )
  }
  const instructions = input.instructions.trim()
  if (instructions !== '') {
    sections.push(
      `Instructions from the workflow configuration:\n${instructions.slice(0, MAX_INSTRUCTIONS_CHARS)}`
    )
  }
  sections.push(
    `Publishing: open findings at severity ${input.minSeverity} or above are posted, at most ${input.maxComments} ` +
      'as inline comments; everything else stays in the findings list.'
  )
  if (reReview) sections.push(reReviewSection(reReview))
  sections.push(
    wrapUntrusted('file-inventory', cleanUntrusted(renderInventory(input.triage), { invisible: 'show' }))
  )
  const diffTitle = reReview
    ? `Changes since the last review (${reReview.sinceSha.slice(0, 7)}..${input.headSha.slice(0, 7)}):`
    : 'The diff:'
  const diff = input.triage.reviewable.length > 0 ? renderDiff(input.triage) : '(no reviewable changes)'
  sections.push(`${diffTitle}\n${wrapUntrusted('diff', cleanUntrusted(diff, { invisible: 'show' }))}`)
  sections.push(
    reReview
      ? 'Check the open findings first, then review the changes for new problems. Call publish_review when done.'
      : 'Review the diff, record each problem with add_finding, then call publish_review.'
  )
  return [{ type: 'text', text: sections.join('\n\n') }]
}

function reReviewSection(reReview: ReReviewContext): string {
  if (reReview.findings.length === 0) return 'This is a re-review. The findings list is empty.'
  const lines = reReview.findings.map(finding => {
    const change = reReview.lineChanges[finding.id]
    const marker =
      change === 'deleted' ? ' [its lines were deleted]' : change === 'changed' ? ' [its lines changed]' : ''
    return `- ${describeFinding(finding)}${marker}`
  })
  return (
    `This is a re-review; the last review was of ${reReview.sinceSha.slice(0, 7)}. Findings so far ` +
    '(titles are quoted from earlier reviews):\n' +
    wrapUntrusted('findings', cleanUntrusted(lines.join('\n')))
  )
}
