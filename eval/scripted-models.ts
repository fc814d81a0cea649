/**
 * Scripted reviewers for --validate. The oracle records exactly the golden defects; the noisy model adds
 * one wrong finding. Both talk to the action through the real tool contract, so a golden file that the
 * action would refuse (a bad line, a quote that does not match) fails validation.
 */
import type { RecordedMessagesRequest, ReplyStep, Step } from '../testing/messages-server.js'
import type { DiffLineSet } from '../src/diff/line-set.js'
import { nearAcceptedLocation } from './match.js'
import { toolErrors } from './exchanges.js'
import type { Fixture, GoldenDefect } from './model.js'

type Lines = (file: string) => string[] | undefined

function toolUses(calls: Array<{ name: string; input: unknown }>): ReplyStep {
  return { content: calls.map(c => ({ type: 'tool_use' as const, ...c })), stop_reason: 'tool_use' }
}

export function titleOf(defect: GoldenDefect): string {
  const first = defect.description.split(/[.;,] /)[0] ?? defect.description
  return first.length > 110 ? `${first.slice(0, 107)}...` : first
}

export function findingFor(defect: GoldenDefect, lines: Lines): Record<string, unknown> {
  const [start, end] = defect.lines
  const text = lines(defect.file)
    ?.slice(start - 1, end)
    .join('\n')
  if (text === undefined) throw new Error(`${defect.id}: ${defect.file} is not in the head`)
  return {
    file: defect.file,
    start_line: start,
    end_line: end,
    side: 'RIGHT',
    quote: text,
    title: titleOf(defect),
    description: defect.description,
    category: defect.category,
    severity: defect.severity,
    ...(defect.suggestion === undefined ? {} : { suggestion: defect.suggestion })
  }
}

export const NOISE_TITLE = 'Vague local name'
export const NOISE_DESCRIPTION =
  'This identifier is vague; a more descriptive name would make the intent obvious to readers.'

/**
 * A wrong finding: on a changed, non-blank line of the first defect's file (any changed file for a clean
 * fixture), as far from every accepted location as the diff allows, so only the judge can reject it.
 */
export function noiseFinding(fixture: Fixture, lineSet: DiffLineSet, lines: Lines): Record<string, unknown> {
  const files = fixture.golden.length > 0 ? [fixture.golden[0]!.file] : lineSet.paths()
  for (const file of [...files, ...lineSet.paths()]) {
    const text = lines(file)
    if (!text) continue
    const candidates = text
      .map((content, index) => ({ content, line: index + 1 }))
      .filter(({ content, line }) => content.trim() !== '' && lineSet.canComment(file, 'RIGHT', line))
    if (candidates.length === 0) continue
    const far = candidates.filter(
      ({ line }) =>
        !fixture.golden.some(d =>
          nearAcceptedLocation(
            {
              id: '',
              where: 'inline',
              file,
              startLine: line,
              endLine: line,
              severity: 'medium',
              category: '',
              title: '',
              description: ''
            },
            d
          )
        )
    )
    const chosen = far[0] ?? candidates[candidates.length - 1]!
    return {
      file,
      start_line: chosen.line,
      end_line: chosen.line,
      side: 'RIGHT',
      quote: chosen.content,
      title: NOISE_TITLE,
      description: NOISE_DESCRIPTION,
      category: 'maintainability',
      severity: 'medium'
    }
  }
  throw new Error(`${fixture.id}: no changed line to put a noise finding on`)
}

export interface Script {
  steps: Step[]
  /** Tool errors the action answered; a scripted model must never get one. */
  problems: string[]
}

/** One turn recording every finding, then publish_review once the action accepted them all. */
export function reviewScript(findings: Array<Record<string, unknown>>, summary: string): Script {
  const problems: string[] = []
  const publish = (request: RecordedMessagesRequest): Step => {
    problems.push(...toolErrors({ request: request.body, status: 200, response: undefined }))
    return toolUses([{ name: 'publish_review', input: { summary } }])
  }
  const steps: Step[] =
    findings.length > 0
      ? [toolUses(findings.map(input => ({ name: 'add_finding', input }))), publish]
      : [publish]
  return { steps, problems }
}

/** The re-review after the fix commit: resolve the findings of the fixed defects, then publish. */
export function rereviewScript(resolvedIds: readonly string[]): Script {
  const problems: string[] = []
  const publish = (request: RecordedMessagesRequest): Step => {
    problems.push(...toolErrors({ request: request.body, status: 200, response: undefined }))
    return toolUses([
      { name: 'publish_review', input: { summary: 'The follow-up commit fixes the findings it addresses.' } }
    ])
  }
  const steps: Step[] =
    resolvedIds.length > 0
      ? [
          toolUses(
            resolvedIds.map(id => ({
              name: 'update_finding',
              input: { id, status: 'resolved', note: 'fixed by the follow-up commit' }
            }))
          ),
          publish
        ]
      : [publish]
  return { steps, problems }
}
