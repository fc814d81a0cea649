/**
 * Redline's section of a pull request's description: between two hidden markers, so that everything the
 * author wrote outside them is kept and a second description replaces only the first one's section.
 */
import { checkReply } from '../text/reply-check.js'
import { neutralize } from './markdown.js'

export const DESCRIPTION_START = '<!-- redline:description -->'
export const DESCRIPTION_END = '<!-- /redline:description -->'

/** Longest description Redline writes into a body (GitHub's limit is 65,536 characters for the whole). */
export const MAX_SECTION_CHARS = 8_000

/** Where Redline's section is in `body`: the first start marker and the first end marker after it. */
function sectionOf(body: string): { start: number; end: number } | undefined {
  const start = body.indexOf(DESCRIPTION_START)
  if (start === -1) return undefined
  const close = body.indexOf(DESCRIPTION_END, start + DESCRIPTION_START.length)
  if (close === -1) return undefined
  return { start, end: close + DESCRIPTION_END.length }
}

/** What the author wrote: the body without Redline's section. */
export function authorText(body: string): string {
  const section = sectionOf(body)
  if (!section) return body
  return [body.slice(0, section.start).trimEnd(), body.slice(section.end).trimStart()]
    .filter(part => part !== '')
    .join('\n\n')
}

/**
 * The check every model-written description passes before it is posted, as every reply does (checkReply):
 * sentences repeating the run's `instructions` withheld, secrets redacted, the length capped. The one place
 * description text is checked.
 */
export function checkDescriptionReply(text: string, instructions: readonly string[]): string {
  return checkReply(text.trim(), { instructions, maxChars: MAX_SECTION_CHARS }).text
}

/** `body` with Redline's section holding `description`: replaced where it was, else added at the end. */
export function withDescription(body: string, description: string, instructions: readonly string[]): string {
  const text = neutralize(checkDescriptionReply(description, instructions))
  const section = [DESCRIPTION_START, '### Description by Redline', '', text, DESCRIPTION_END].join('\n')
  const at = sectionOf(body)
  if (at) return `${body.slice(0, at.start)}${section}${body.slice(at.end)}`
  return body.trim() === '' ? section : `${body.trimEnd()}\n\n${section}`
}

/** Whether a description is empty as far as on-open is concerned: nothing but whitespace. */
export function isEmptyDescription(body: string): boolean {
  return body.trim() === ''
}
