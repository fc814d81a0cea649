/**
 * The reply to a question in a finding's thread. Its first line is Redline's record of what was applied (the
 * finding kept or dismissed, and the thread's state); the model's explanation follows, checked and capped,
 * without any sentence in which it claims to have changed findings or threads itself.
 */
import { findingLocation, type Finding } from '../findings/finding.js'
import { checkReply, sentencesOf } from '../text/reply-check.js'
import { cleanUntrusted } from '../text/untrusted.js'

/** Where the thread stands after the answer; `unknown` when GitHub could not be asked. */
export type ThreadState = 'open' | 'resolved' | 'not resolved' | 'unknown'

/** The model's explanation is a few paragraphs at most. */
export const MAX_EXPLANATION_CHARS = 1_500

export interface AnswerReplyInput {
  finding: Finding
  /** The thread's finding was dismissed by this answer. */
  dismissed: boolean
  thread: ThreadState
  answer: { reply: string; verdict: 'keep' | 'dismiss'; reason: string; inText?: true }
  /** The run's system prompt and tool descriptions. */
  instructions: readonly string[]
}

const STATE_VERB =
  /\b(?:dismiss(?:ed|ing)?|resolv(?:ed|ing)|clos(?:ed|ing)|re-?open(?:ed|ing)?|delet(?:ed|ing)|approv(?:ed|ing)|withdr(?:awn|ew)|mark(?:ed|ing))\b/i
const STATE_OBJECT = /\b(?:findings?|threads?|reviews?|comments?|issues?)\b/i

function threadLine(thread: ThreadState, dismissed: boolean): string {
  switch (thread) {
    case 'resolved':
      return dismissed ? 'Its thread is resolved.' : 'Its thread is resolved already.'
    case 'open':
      return 'Its thread stays open.'
    case 'not resolved':
      return 'Its thread could not be resolved with this token: resolve it by hand.'
    case 'unknown':
      return ''
  }
}

/** The first line: only the thread's own finding, and only what was done to it. */
export function appliedLine(finding: Finding, dismissed: boolean, thread: ThreadState): string {
  const title = cleanUntrusted(finding.title.replace(/\s+/g, ' '), { maxChars: 200 }).replace(/[*_`]/g, '')
  const what = `**${title}** (\`${findingLocation(finding).replace(/`/g, '')}\`)`
  const head = dismissed
    ? `**Dismissed:** ${what}.`
    : `**Kept:** ${what}, ${finding.status === 'open' ? 'still open' : `already ${finding.status}`}.`
  return `${head} ${threadLine(thread, dismissed)}`.trim()
}

/** The model's text without the sentences that claim a change to findings or threads: only code makes one. */
export function withoutStateClaims(text: string): { text: string; dropped: number } {
  const sentences = sentencesOf(text)
  const kept = sentences.filter(s => !(STATE_VERB.test(s) && STATE_OBJECT.test(s)))
  return { text: kept.join(''), dropped: sentences.length - kept.length }
}

/** The model's one-line reason for a dismissal, checked like the rest; empty when nothing of it is left. */
function whyLine(reason: string, instructions: readonly string[]): string {
  const why = withoutStateClaims(checkReply(reason, { instructions, maxChars: 300 }).text).text.trim()
  return why === '' ? '' : `Why: ${why}`
}

export function answerReply(input: AnswerReplyInput): string {
  const { answer, instructions } = input
  // Instruction text first, so that a quoted instruction counts as withheld rather than as a claim.
  const checked = checkReply(answer.reply, { instructions, maxChars: MAX_EXPLANATION_CHARS }).text
  const claims = withoutStateClaims(checked)
  const explanation = claims.text.trim()
  const notes = [
    ...(claims.dropped > 0
      ? [
          `_(${claims.dropped} sentence${claims.dropped === 1 ? '' : 's'} about changing findings or threads ` +
            'left out: the first line says what was done.)_'
        ]
      : []),
    ...(answer.inText ? ['_No verdict was given, so the finding is kept._'] : []),
    ...(input.dismissed ? [whyLine(answer.reason, instructions)] : [])
  ]
  return [appliedLine(input.finding, input.dismissed, input.thread), explanation, ...notes]
    .filter(part => part.trim() !== '')
    .join('\n\n')
}
