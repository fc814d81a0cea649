/**
 * The baseline arm, `--arm baseline=mode:diff-only`: the PR's diff alone, in one request with no tools,
 * asking for findings in the same form the action records them. It is scored like any arm, so the report
 * shows what the agent loop (tools, repository reads, verification) adds over a single look at the diff.
 */
import Anthropic from '@anthropic-ai/sdk'
import { SEVERITIES, type Severity } from '../src/findings/severity.js'
import { CATEGORIES, type PostedComment } from './model.js'
import { MAX_OUTPUT_TOKENS } from '../src/agent/budgets.js'

export const BASELINE_MODE = 'diff-only'

export const BASELINE_SYSTEM =
  'You review a pull request from its unified diff alone. Report real defects in the changed code: bugs, ' +
  'security problems, broken contracts, leaks, races, data loss. Do not report style. Answer with one JSON ' +
  'object and nothing else: {"findings": [{"file": "path", "start_line": n, "end_line": n, "severity": ' +
  '"critical|high|medium|low|informational", "category": "correctness|security|concurrency|performance|' +
  'error-handling|resource-leak|api-contract|data|tests|maintainability|style", "title": "short", ' +
  '"description": "what is wrong and why"}]}. Line numbers are those of the new file. An empty list is a ' +
  'fine answer.'

export function isBaseline(inputs: Readonly<Record<string, string>>): boolean {
  return inputs.mode === BASELINE_MODE
}

interface RawFinding {
  file?: unknown
  start_line?: unknown
  end_line?: unknown
  severity?: unknown
  category?: unknown
  title?: unknown
  description?: unknown
}

/** The findings of a baseline answer as posted comments; undefined when the answer is not the JSON asked for. */
export function parseBaselineAnswer(text: string): PostedComment[] | undefined {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end < start) return undefined
  let parsed: { findings?: unknown }
  try {
    parsed = JSON.parse(text.slice(start, end + 1)) as { findings?: unknown }
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed.findings)) return undefined
  const comments: PostedComment[] = []
  for (const [i, raw] of (parsed.findings as RawFinding[]).entries()) {
    if (typeof raw?.file !== 'string' || typeof raw.description !== 'string') continue
    const startLine = Number(raw.start_line)
    const endLine = Number(raw.end_line ?? raw.start_line)
    const severity = String(raw.severity ?? '').toLowerCase()
    const category = String(raw.category ?? '')
    comments.push({
      id: `b${i + 1}`,
      where: 'inline',
      file: raw.file,
      ...(Number.isInteger(startLine) && startLine > 0 ? { startLine } : {}),
      ...(Number.isInteger(endLine) && endLine > 0 ? { endLine } : {}),
      severity: (SEVERITIES as readonly string[]).includes(severity) ? (severity as Severity) : 'medium',
      category: (CATEGORIES as readonly string[]).includes(category) ? category : 'correctness',
      title: typeof raw.title === 'string' ? raw.title : raw.description.slice(0, 80),
      description: raw.description
    })
  }
  return comments
}

export interface BaselineOutcome {
  comments: PostedComment[]
  unreadable: boolean
  error?: string
}

/** One request with the diff; `baseURL` is the recording proxy, so the spend is counted and capped. */
export async function runBaseline(options: {
  diff: string
  model: string
  apiKey: string
  baseURL: string
}): Promise<BaselineOutcome> {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 4 })
  try {
    const answer = await client.messages.create({
      model: options.model,
      max_tokens: MAX_OUTPUT_TOKENS,
      system: BASELINE_SYSTEM,
      messages: [{ role: 'user', content: `Pull request diff:\n\n${options.diff}` }]
    })
    const text = answer.content.flatMap(b => (b.type === 'text' ? [b.text] : [])).join('\n')
    const comments = parseBaselineAnswer(text)
    return { comments: comments ?? [], unreadable: comments === undefined }
  } catch (error) {
    return { comments: [], unreadable: false, error: (error as Error).message }
  }
}
