/**
 * Judges decide whether a posted comment describes the same underlying issue as a golden defect. The
 * live judge asks a stronger model; the lexical judge is the offline stand-in --validate uses, which can
 * tell a restatement of the golden description from an unrelated remark and nothing finer.
 */
import Anthropic from '@anthropic-ai/sdk'
import { addUsage, emptyUsage, priceFor, type Usage } from '../src/agent/pricing.js'
import type { GoldenDefect, PostedComment } from './model.js'
import { JUDGE_MAX_TOKENS } from './spend.js'

/** A file's lines at the reviewed head (1-based lines, no trailing newline); undefined when absent. */
export type CodeLookup = (file: string) => readonly string[] | undefined

export interface Judge {
  /** For each comment id, the ids of the defects it is the same issue as. */
  verdicts(
    comments: readonly PostedComment[],
    defects: readonly GoldenDefect[],
    code?: CodeLookup
  ): Promise<Record<string, string[]>>
}

/** Lines of context the judge is shown on each side of a defect's location and of the comment. */
export const CONTEXT_LINES = 6

/** The code around lines start-end of a file, numbered, or undefined when the file is not there. */
export function excerpt(
  code: CodeLookup | undefined,
  file: string,
  start: number,
  end: number
): string | undefined {
  const lines = code?.(file)
  if (!lines || lines.length === 0) return undefined
  const from = Math.max(1, start - CONTEXT_LINES)
  const to = Math.min(lines.length, end + CONTEXT_LINES)
  const out: string[] = []
  for (let n = from; n <= to; n++)
    out.push(`${String(n).padStart(4)}${n >= start && n <= end ? '>' : ' '} ${lines[n - 1]}`)
  return out.join('\n')
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
  'You grade an automated code reviewer. You are given known defects of a pull request, with the code at ' +
  'each of their locations, and one comment the reviewer posted, with the code it sits on. Decide which known ' +
  'defects, if any, the comment identifies: the same underlying problem, even if worded differently or cited ' +
  'at another line of the same code path. A comment about a different problem, a vaguer concern, or a style ' +
  'remark near the defect does not identify it. Answer with one JSON object and nothing else, exactly of this ' +
  'form: {"same_issue": [defect numbers], "reason": "one sentence"}.'

export function judgePrompt(
  comment: PostedComment,
  defects: readonly GoldenDefect[],
  code?: CodeLookup
): string {
  const known = defects.map((d, i) => ({
    number: i + 1,
    file: d.file,
    lines: d.locations.map(l => `${l.file}:${l.start}-${l.end} (${l.role})`),
    description: d.description,
    code: d.locations.flatMap(l => {
      const text = excerpt(code, l.file, l.start, l.end)
      return text === undefined ? [] : [`${l.file} (${l.role}):\n${text}`]
    })
  }))
  const start = comment.startLine
  const end = comment.endLine ?? start
  const posted = {
    file: comment.file,
    lines: start === undefined ? 'whole file' : `${start}-${end}`,
    title: comment.title,
    description: comment.description,
    code: start === undefined ? undefined : excerpt(code, comment.file, start, end ?? start)
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
  /** Answers that could not be read; such an answer votes for no defect. */
  unreadable: number
  /** Comments whose samples did not all give the same answer. */
  disagreements: number
  /** Comments judged (each sampled `samples` times). */
  judged: number
  calls: number
  /** Calls the judged reviews needed: every comment on a PR with defects, `samples` times. */
  wanted: number
  samples: number
  /** Called with the cost of every judge response, as it arrives. */
  onCost?: (usd: number) => void
  /** Checked before every request; true stops the judge (the spending cap was reached). */
  stopped?: () => boolean
}

export class JudgeStopped extends Error {}

/**
 * The majority over samples: a defect is the same issue when more than half of the samples name it. An
 * unreadable sample names nothing, so it counts against every defect.
 */
export function majority(samples: ReadonlyArray<readonly number[] | undefined>): number[] {
  const votes = new Map<number, number>()
  for (const sample of samples) for (const n of new Set(sample ?? [])) votes.set(n, (votes.get(n) ?? 0) + 1)
  return [...votes.entries()]
    .filter(([, v]) => v * 2 > samples.length)
    .map(([n]) => n)
    .sort((a, b) => a - b)
}

export function llmJudge(options: {
  apiKey: string
  model: string
  baseURL?: string
  /** Samples per comment; the majority decides. */
  samples?: number
}): LlmJudge {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 4
  })
  const price = priceFor(options.model)
  const samples = options.samples ?? 1
  const judge: LlmJudge = {
    usage: emptyUsage(price),
    unreadable: 0,
    disagreements: 0,
    judged: 0,
    calls: 0,
    wanted: 0,
    samples,
    async verdicts(comments, defects, code) {
      const result: Record<string, string[]> = {}
      if (defects.length > 0) judge.wanted += comments.length * samples
      for (const comment of comments) {
        if (defects.length === 0) {
          result[comment.id] = []
          continue
        }
        const prompt = judgePrompt(comment, defects, code)
        const answers: Array<number[] | undefined> = []
        for (let i = 0; i < samples; i++) {
          if (judge.stopped?.()) throw new JudgeStopped('the judge stopped: --max-cost was reached')
          // Temperature stays at the model's default: the models this judges with refuse sampling parameters.
          const answer = await client.messages.create({
            model: options.model,
            max_tokens: JUDGE_MAX_TOKENS,
            system: JUDGE_SYSTEM,
            messages: [{ role: 'user', content: prompt }]
          })
          judge.calls++
          const before = judge.usage.costUsd
          addUsage(judge.usage, answer.usage, price)
          judge.onCost?.(judge.usage.costUsd - before)
          const text = answer.content.flatMap(b => (b.type === 'text' ? [b.text] : [])).join('\n')
          const numbers = parseJudgeAnswer(text, defects.length)
          if (numbers === undefined) judge.unreadable++
          answers.push(numbers)
        }
        judge.judged++
        const keys = new Set(
          answers.map(a => (a === undefined ? 'unreadable' : [...new Set(a)].sort().join(',')))
        )
        if (keys.size > 1) judge.disagreements++
        result[comment.id] = majority(answers).map(n => (defects[n - 1] as GoldenDefect).id)
      }
      return result
    }
  }
  return judge
}
