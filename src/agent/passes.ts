import type Anthropic from '@anthropic-ai/sdk'
import type { Finding } from '../findings/finding.js'
import { errorMessage } from '../errors.js'
import type { Logger } from '../logger.js'
import { addUsage, emptyUsage, priceFor, type Usage } from './pricing.js'
import type { AgentRun } from './loop.js'
import { describeFinding } from './tools/finding-tools.js'

/** Passes run at once; each is one conversation over one batch of files. */
export const MAX_CONCURRENT_PASSES = 3

/** Counts the 429s the API answered, so the passes can slow down as a whole. */
export class RateLimitSignal {
  hits = 0
  record(): void {
    this.hits++
  }
}

/**
 * Runs `tasks` with at most `limit()` of them at once, re-reading the limit before each start, so a rate limit
 * met by one pass lowers how many run together from then on. `shouldStart` can stop the rest (budget spent);
 * those come back as undefined.
 *
 * Tasks that can start together start one turn of the event loop apart. A task's synchronous part (a pass
 * builds its first message, a few hundred thousand characters) would otherwise run before the task started
 * just before it could send anything: each first request would wait for every first message.
 */
export async function runPool<T>(
  tasks: ReadonlyArray<() => Promise<T>>,
  limit: () => number,
  shouldStart: () => boolean = () => true
): Promise<Array<T | undefined>> {
  const results: Array<T | undefined> = tasks.map(() => undefined)
  let next = 0
  let running = 0
  let deferred = false
  return new Promise((resolve, reject) => {
    const hasRoom = () => next < tasks.length && running < Math.max(1, limit())
    const launch = () => {
      if (hasRoom()) {
        if (shouldStart()) start(next++)
        else next = tasks.length
      }
      if (hasRoom() && !deferred) {
        deferred = true
        setImmediate(() => {
          deferred = false
          launch()
        })
      }
      if (running === 0 && next >= tasks.length) resolve(results)
    }
    const start = (at: number) => {
      running++
      tasks[at]!()
        .then(value => {
          results[at] = value
        })
        .catch(reject)
        .finally(() => {
          running--
          launch()
        })
    }
    launch()
  })
}

/** The passes' runs as one: usage, turns and calls added up; the first failure and budget stop kept. */
export function combineRuns(model: string, runs: readonly AgentRun[]): AgentRun {
  const usage: Usage = emptyUsage(priceFor(model))
  for (const run of runs) {
    usage.inputTokens += run.usage.inputTokens
    usage.outputTokens += run.usage.outputTokens
    usage.cacheReadTokens += run.usage.cacheReadTokens
    usage.cacheWriteTokens += run.usage.cacheWriteTokens
    usage.costUsd += run.usage.costUsd
  }
  const failed = runs.find(run => run.failure)
  const budget = runs.find(run => run.budgetExhausted)
  const combined: AgentRun = {
    published: runs.length > 0 && runs.every(run => run.published),
    stopReason: failed?.stopReason ?? budget?.stopReason ?? runs[runs.length - 1]?.stopReason ?? 'published',
    coverageNotes: [...new Set(runs.flatMap(run => run.coverageNotes))],
    usage,
    turns: runs.reduce((sum, run) => sum + run.turns, 0),
    toolCalls: runs.reduce((sum, run) => sum + run.toolCalls, 0)
  }
  if (failed?.failure) combined.failure = failed.failure
  if (budget?.budgetExhausted) combined.budgetExhausted = budget.budgetExhausted
  return combined
}

const SUMMARY_MAX_TOKENS = 1_024

/**
 * The review's summary, from one short request without tools, given what each pass said and the open
 * findings. Undefined when the request fails or answers no text: the caller then joins the pass summaries.
 */
export async function finalSummary(options: {
  client: Anthropic
  model: string
  system: string
  passSummaries: readonly string[]
  findings: readonly Finding[]
  usage: Usage
  logger: Logger
}): Promise<string | undefined> {
  const open = options.findings.filter(finding => finding.status === 'open')
  const text = [
    `This pull request was reviewed in ${options.passSummaries.length} passes, each over part of its files.`,
    'What each pass said, as it wrote it:',
    ...options.passSummaries.map((summary, i) => `Pass ${i + 1}: ${summary}`),
    open.length > 0
      ? `Open findings:\n${open.map(finding => `- ${describeFinding(finding)}`).join('\n')}`
      : 'No finding is open.',
    "Write the review's summary for the author: what the change does and what needs attention, in two to " +
      'five sentences. Raise nothing that is not one of the findings above. Reply with the summary text only.'
  ].join('\n\n')
  try {
    const response = await options.client.messages.create({
      model: options.model,
      max_tokens: SUMMARY_MAX_TOKENS,
      system: options.system,
      messages: [{ role: 'user', content: text }]
    })
    addUsage(options.usage, response.usage, priceFor(options.model))
    const answer = response.content
      .flatMap(block => (block.type === 'text' ? [block.text] : []))
      .join('\n')
      .trim()
    return answer === '' ? undefined : answer
  } catch (error) {
    options.logger.warning(
      `The summary request failed (${errorMessage(error)}); joining the passes' summaries.`
    )
    return undefined
  }
}
