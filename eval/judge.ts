/**
 * Judges decide whether a posted comment describes the same underlying issue as a golden defect. The
 * live judge asks a stronger model; the lexical judge is the offline stand-in --validate uses, which can
 * tell a restatement of the golden description from an unrelated remark and nothing finer.
 */
import Anthropic from '@anthropic-ai/sdk'
import { addUsage, emptyUsage, priceFor, type Usage } from '../src/agent/pricing.js'
import type { GoldenDefect, PostedComment } from './model.js'

export interface Judge {
  /** For each comment id, the ids of the defects it is the same issue as. */
  verdicts(
    comments: readonly PostedComment[],
    defects: readonly GoldenDefect[]
  ): Promise<Record<string, string[]>>
}

const STOP = new Set([
  'this',
  'that',
  'with',
  'from',
  'into',
  'when',
  'than',
  'then',
  'they',
  'there',
  'which',
  'still',
  'instead',
  'every',
  'because'
])

export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter(word => word.length >= 4 && !STOP.has(word))
  )
}

/** Share of the smaller word set found in the other (overlap coefficient). */
export function overlap(a: string, b: string): number {
  const x = contentWords(a)
  const y = contentWords(b)
  const smaller = x.size <= y.size ? x : y
  const larger = smaller === x ? y : x
  if (smaller.size === 0) return 0
  let shared = 0
  for (const word of smaller) if (larger.has(word)) shared++
  return shared / smaller.size
}

export function lexicalJudge(threshold = 0.6): Judge {
  return {
    verdicts: async (comments, defects) =>
      Object.fromEntries(
        comments.map(c => [
          c.id,
          defects
            .filter(d => overlap(`${c.title} ${c.description}`, d.description) >= threshold)
            .map(d => d.id)
        ])
      )
  }
}

/** Marks a judge request, so a scripted endpoint can tell it from a review conversation. */
export const JUDGE_SYSTEM =
  'You grade an automated code reviewer. You are given known defects of a pull request and one comment the ' +
  'reviewer posted. Decide which known defects, if any, the comment identifies: the same underlying problem, ' +
  'even if worded differently or cited at another line of the same code path. A comment about a different ' +
  'problem, a vaguer concern, or a style remark near the defect does not identify it. Answer with one JSON ' +
  'object and nothing else: {"same_issue": [defect numbers], "reason": "one sentence"}.'

export function judgePrompt(comment: PostedComment, defects: readonly GoldenDefect[]): string {
  const known = defects.map((d, i) => ({
    number: i + 1,
    file: d.file,
    lines: d.locations.map(l => `${l.file}:${l.start}-${l.end} (${l.role})`),
    description: d.description
  }))
  const posted = {
    file: comment.file,
    lines:
      comment.startLine === undefined
        ? 'whole file'
        : `${comment.startLine}-${comment.endLine ?? comment.startLine}`,
    title: comment.title,
    description: comment.description
  }
  return `Known defects:\n${JSON.stringify(known, null, 2)}\n\nReviewer comment:\n${JSON.stringify(posted, null, 2)}`
}

/** The defect numbers from a judge answer; undefined when the answer is not the JSON asked for. */
export function parseJudgeAnswer(text: string, defectCount: number): number[] | undefined {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end < start) return undefined
  try {
    const parsed = JSON.parse(text.slice(start, end + 1)) as { same_issue?: unknown }
    if (!Array.isArray(parsed.same_issue)) return undefined
    return parsed.same_issue
      .map(n => Number(n))
      .filter(n => Number.isInteger(n) && n >= 1 && n <= defectCount)
  } catch {
    return undefined
  }
}

export interface LlmJudge extends Judge {
  usage: Usage
  /** Answers that could not be read; such a comment matches nothing. */
  unreadable: number
  calls: number
}

export function llmJudge(options: { apiKey: string; model: string; baseURL?: string }): LlmJudge {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 4
  })
  const price = priceFor(options.model)
  const judge: LlmJudge = {
    usage: emptyUsage(price),
    unreadable: 0,
    calls: 0,
    async verdicts(comments, defects) {
      const result: Record<string, string[]> = {}
      for (const comment of comments) {
        if (defects.length === 0) {
          result[comment.id] = []
          continue
        }
        // Temperature stays at the model's default: the models this judges with refuse sampling parameters.
        const answer = await client.messages.create({
          model: options.model,
          max_tokens: 2000,
          system: JUDGE_SYSTEM,
          messages: [{ role: 'user', content: judgePrompt(comment, defects) }]
        })
        judge.calls++
        addUsage(judge.usage, answer.usage, price)
        const text = answer.content.flatMap(b => (b.type === 'text' ? [b.text] : [])).join('\n')
        const numbers = parseJudgeAnswer(text, defects.length)
        if (numbers === undefined) judge.unreadable++
        result[comment.id] = (numbers ?? []).map(n => (defects[n - 1] as GoldenDefect).id)
      }
      return result
    }
  }
  return judge
}
