import type Anthropic from '@anthropic-ai/sdk'
import { z } from 'zod'
import { errorMessage } from '../errors.js'
import { findingLocation, isLineFinding, type Finding } from '../findings/finding.js'
import { atLeast, compareSeverityDesc, type Severity } from '../findings/severity.js'
import type { FindingsStore } from '../findings/store.js'
import type { Logger } from '../logger.js'
import { Conversation } from './conversation.js'
import { addUsage, priceFor, type Usage } from './pricing.js'
import { EPHEMERAL_CACHE, type ToolCallRecord, type ToolRegistry } from './tools/registry.js'
import { cleanUntrusted, wrapUntrusted } from '../text/untrusted.js'

/**
 * The optional second look (input verify-findings): after the review, each open finding at medium or above
 * gets one short request asking whether the problem is real. The request repeats the review's system prompt,
 * tool definitions and first message byte for byte, so it is read from the prompt cache, and adds the
 * question after them. Tools stay defined only for that shared prefix; the question asks for an answer in
 * text, and a reply that calls a tool is unreadable, which keeps the finding.
 */
export const VERIFY_MIN_SEVERITY: Severity = 'medium'
export const MAX_VERIFIED_FINDINGS = 12
const VERIFY_MAX_TOKENS = 4_000
const VERIFY_TIMEOUT_MS = 2 * 60_000
const MAX_EVIDENCE_CHARS = 12_000
const CITED_CONTEXT_LINES = 5
const MAX_REASON_CHARS = 300

export interface Verdict {
  real: boolean
  reason: string
}

const verdictSchema = z.object({ real: z.boolean(), reason: z.string() })

/** The verdict in a reply's text: the last JSON object that has `real` and `reason`. */
export function parseVerdict(text: string): Verdict | undefined {
  const opens: number[] = []
  const closes: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') opens.push(i)
    else if (text[i] === '}') closes.push(i)
  }
  for (const start of opens.toReversed()) {
    for (const stop of closes.toReversed()) {
      if (stop < start) break
      let value: unknown
      try {
        value = JSON.parse(text.slice(start, stop + 1))
      } catch {
        continue
      }
      const parsed = verdictSchema.safeParse(value)
      if (!parsed.success) continue
      const reason = parsed.data.reason.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_CHARS)
      return { real: parsed.data.real, reason: reason || 'no reason given' }
    }
  }
  return undefined
}

/**
 * What the reviewer read before recording a finding: the successful repository reads between the call
 * that recorded (or updated) it and the finding call before those reads, newest kept when over the cap.
 */
export function evidenceFor(findingId: string, history: readonly ToolCallRecord[]): string[] {
  const isFindingCall = (call: ToolCallRecord): boolean =>
    !call.isError && (call.name === 'add_finding' || call.name === 'update_finding')
  const recorded = history.findIndex(
    call =>
      isFindingCall(call) &&
      (call.content.startsWith(`Added ${findingId}.`) || call.content.startsWith(`Updated: ${findingId} `))
  )
  if (recorded < 0) return []
  // Findings recorded one after another (often in one turn) share the reads that came before them.
  let end = recorded
  while (end > 0 && !(history[end - 1] as ToolCallRecord).reads) end--
  let from = end - 1
  while (from >= 0 && !isFindingCall(history[from] as ToolCallRecord)) from--
  const reads = history
    .slice(from + 1, end)
    .filter(call => call.reads && !call.isError)
    .map(call => `${call.name} ${JSON.stringify(call.input)}:\n${call.content}`)
  const kept: string[] = []
  let size = 0
  for (const read of reads.toReversed()) {
    if (size + read.length > MAX_EVIDENCE_CHARS) break
    kept.unshift(read)
    size += read.length
  }
  return kept
}

/** The cited lines with a few lines around them, numbered, cited ones marked with ">". */
export function citedCode(finding: Finding, headLines: string[] | undefined): string {
  if (!isLineFinding(finding) || (finding.side ?? 'RIGHT') !== 'RIGHT' || !headLines) {
    return finding.quote ? `Quote: ${finding.quote}` : '(a finding about the whole file)'
  }
  const from = Math.max(1, finding.startLine - CITED_CONTEXT_LINES)
  const to = Math.min(headLines.length, finding.endLine + CITED_CONTEXT_LINES)
  const width = String(to).length
  const lines: string[] = []
  for (let n = from; n <= to; n++) {
    const mark = n >= finding.startLine && n <= finding.endLine ? '>' : ' '
    lines.push(`${mark} ${String(n).padStart(width)}  ${headLines[n - 1] ?? ''}`)
  }
  return cleanUntrusted(lines.join('\n'), { invisible: 'show' })
}

export function verificationQuestion(finding: Finding, cited: string, evidence: string[]): string {
  const described = [
    `${finding.id}: ${finding.severity} ${finding.category} at ${findingLocation(finding)}`,
    `Title: ${finding.title}`,
    `Description: ${finding.description}`,
    ...(finding.suggestion !== undefined ? [`Suggested replacement:\n${finding.suggestion}`] : [])
  ].join('\n')
  return [
    'Verification, separate from the review above: do not call tools and do not record anything. Judge ' +
      'whether this one finding is a real problem that the change introduces. It is real only when the code ' +
      'path it describes exists and leads to the wrong outcome it states. It is not real when it existed ' +
      'before the change, is correct in its context, is caught by the compiler or linter, is intended by the ' +
      'pull request description, or rests on a guess about code nobody checked.',
    `The finding:\n${wrapUntrusted('finding', cleanUntrusted(described))}`,
    `The cited code at the head:\n${wrapUntrusted(`cited:${finding.file}`, cited)}`,
    evidence.length > 0
      ? `What the reviewer read before recording it:\n${evidence.join('\n\n')}`
      : 'The reviewer read nothing more for it.',
    'Answer with one JSON object and nothing else: {"real": true or false, "reason": "one sentence saying why"}'
  ].join('\n\n')
}

export interface VerifyRequestInput {
  model: string
  system: string
  tools: ToolRegistry
  firstUserContent: string | Anthropic.Messages.TextBlockParam[]
  question: string
  maxTokens?: number
}

/**
 * The request for one finding. No tool_choice, no sampling parameters and no prefill: the default model
 * refuses all three. The system block and the first message carry the loop's cache breakpoints unchanged.
 */
export function buildVerifyRequest(
  input: VerifyRequestInput
): Anthropic.Messages.MessageCreateParamsNonStreaming {
  const conversation = new Conversation(input.firstUserContent)
  conversation.appendToLastUser(input.question)
  return {
    model: input.model,
    max_tokens: input.maxTokens ?? VERIFY_MAX_TOKENS,
    system: [{ type: 'text', text: input.system, cache_control: { ...EPHEMERAL_CACHE } }],
    tools: input.tools.definitions(),
    messages: conversation.forRequest()
  }
}

export interface VerifyOptions {
  client: Anthropic
  model: string
  system: string
  tools: ToolRegistry
  firstUserContent: string | Anthropic.Messages.TextBlockParam[]
  store: FindingsStore
  readHeadLines: (path: string) => Promise<string[] | undefined>
  logger: Logger
  /** The run's usage, which the verification requests are added to. */
  usage?: Usage
}

export interface VerifyReport {
  checked: string[]
  dismissed: Array<{ id: string; reason: string }>
  /** Kept because the answer could not be read or the request failed. */
  kept: string[]
  notes: string[]
}

/** Checks the open findings at medium or above, most severe first. Never throws: a failure keeps the finding. */
export async function verifyFindings(options: VerifyOptions): Promise<VerifyReport> {
  const { client, store, logger } = options
  const price = priceFor(options.model)
  const report: VerifyReport = { checked: [], dismissed: [], kept: [], notes: [] }
  const candidates = store
    .list('open')
    .filter(finding => atLeast(finding.severity, VERIFY_MIN_SEVERITY))
    .sort((a, b) => compareSeverityDesc(a.severity, b.severity))
  const chosen = candidates.slice(0, MAX_VERIFIED_FINDINGS)
  if (candidates.length > chosen.length) {
    report.notes.push(
      `Verification covered the ${chosen.length} most severe of ${candidates.length} findings; the rest were kept unchecked.`
    )
  }
  let failed = 0
  for (const finding of chosen) {
    report.checked.push(finding.id)
    const headLines = await options.readHeadLines(finding.file).catch(() => undefined)
    const question = verificationQuestion(
      finding,
      citedCode(finding, headLines),
      evidenceFor(finding.id, options.tools.history())
    )
    let response: Anthropic.Messages.Message
    try {
      response = await client.messages.create(
        buildVerifyRequest({
          model: options.model,
          system: options.system,
          tools: options.tools,
          firstUserContent: options.firstUserContent,
          question
        }),
        { signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) }
      )
    } catch (error) {
      failed++
      report.kept.push(finding.id)
      logger.warning(`Verifying ${finding.id} failed: ${errorMessage(error)}; the finding is kept.`)
      continue
    }
    if (options.usage) addUsage(options.usage, response.usage, price)
    const text = response.content.flatMap(block => (block.type === 'text' ? [block.text] : [])).join('\n')
    const verdict = response.stop_reason === 'tool_use' ? undefined : parseVerdict(text)
    if (!verdict) {
      report.kept.push(finding.id)
      logger.info(`The verification answer for ${finding.id} was unreadable; the finding is kept.`)
      continue
    }
    if (verdict.real) {
      logger.info(`Verified ${finding.id}: ${verdict.reason}`)
      continue
    }
    const result = await store.update(finding.id, {
      status: 'dismissed',
      note: `Dismissed on verification: ${verdict.reason}`
    })
    if (result.ok) {
      report.dismissed.push({ id: finding.id, reason: verdict.reason })
      logger.info(`Dismissed ${finding.id} on verification: ${verdict.reason}`)
    } else {
      report.kept.push(finding.id)
      logger.warning(`Could not dismiss ${finding.id}: ${result.error}`)
    }
  }
  if (failed > 0) {
    report.notes.push(
      `Verification failed for ${failed} finding${failed === 1 ? '' : 's'}; ${failed === 1 ? 'it is' : 'they are'} kept.`
    )
  }
  return report
}
