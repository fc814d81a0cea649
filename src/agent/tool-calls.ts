/**
 * One reply's tool calls answered: the reads side by side, the calls that record or finish one after another,
 * each refused when its budget is spent or its arguments were cut off. Results keep the model's order.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Logger } from '../logger.js'
import type { BudgetKind, BudgetTracker } from './budgets.js'
import type { Reminders } from './reminders.js'
import type { ToolOutcome, ToolRegistry } from './tools/registry.js'

type ToolUseBlock = Anthropic.Messages.ToolUseBlock
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam

/** Read-only calls of one reply run at once, at most this many at a time. */
export const MAX_CONCURRENT_READS = 4

const READS_SPENT =
  'The tool-call budget ran out: later reads of the repository were refused, so parts of the change may ' +
  'not have been examined.'

/** What answering a reply's calls needs from the run. */
export interface CallContext {
  tools: ToolRegistry
  tracker: BudgetTracker
  reminders: Reminders
  /** The run's coverage notes: a refused read adds one. */
  notes: string[]
  logger: Logger
}

export interface AnsweredCall {
  block: ToolResultBlockParam
  /** Set when the call finished the run. */
  summary?: string
}

type CallPlan = { kind: 'read' } | { kind: 'write' } | { kind: 'refused'; content: string }

/**
 * Answers a reply's calls: the reads side by side (at most MAX_CONCURRENT_READS at once), the others one
 * after another in the order the model made them. `truncatedId` is a call cut off inside its arguments;
 * `noReads` the budget that closes reads in this turn, if any.
 */
export async function answerCalls(
  context: CallContext,
  uses: ToolUseBlock[],
  truncatedId: string | undefined,
  noReads: BudgetKind | undefined
): Promise<AnsweredCall[]> {
  const { tools } = context
  const plans = uses.map(use => planCall(context, use, use.id === truncatedId, noReads))
  const outcomes = new Map<number, ToolOutcome>()
  const run = async (i: number): Promise<void> => {
    const use = uses[i] as ToolUseBlock
    outcomes.set(i, await tools.outcome(use.name, use.input))
  }
  const indexes = (kind: CallPlan['kind']) => plans.flatMap((plan, i) => (plan.kind === kind ? [i] : []))
  const reading = runLimited(indexes('read'), MAX_CONCURRENT_READS, run)
  const writing = runLimited(indexes('write'), 1, run)
  await Promise.all([reading, writing])
  return uses.map((use, i) => resultOf(context, use, plans[i] as CallPlan, outcomes.get(i)))
}

/** One call's result block, recorded in the registry's history in the model's order. */
function resultOf(
  context: CallContext,
  use: ToolUseBlock,
  plan: CallPlan,
  outcome: ToolOutcome | undefined
): AnsweredCall {
  const block = (content: string, isError: boolean): ToolResultBlockParam =>
    isError
      ? { type: 'tool_result', tool_use_id: use.id, content, is_error: true }
      : { type: 'tool_result', tool_use_id: use.id, content }
  if (plan.kind === 'refused') return { block: block(plan.content, true) }
  const recorded = context.tools.record(use.name, use.input, outcome as ToolOutcome)
  context.logger.debug(`${use.name} ${recorded.isError ? 'error' : 'ok'}: ${recorded.content.slice(0, 200)}`)
  const answered = { block: block(recorded.content, recorded.isError === true) }
  return recorded.publish ? { ...answered, summary: recorded.publish.summary } : answered
}

function planCall(
  context: CallContext,
  use: ToolUseBlock,
  truncated: boolean,
  noReads: BudgetKind | undefined
): CallPlan {
  const { tools, tracker, reminders, notes } = context
  if (truncated) return { kind: 'refused', content: reminders.cutToolCall }
  const read = tools.reads(use.name)
  if (read && noReads !== undefined) return { kind: 'refused', content: reminders.readRefusal(noReads) }
  if (read && tracker.toolCallsLeft() === 0) {
    if (!notes.includes(READS_SPENT)) notes.push(READS_SPENT)
    return { kind: 'refused', content: reminders.readRefusal('tool calls') }
  }
  tracker.recordToolCall(read)
  return { kind: read ? 'read' : 'write' }
}

/** Runs `job` for each item, at most `limit` at a time (one at a time, in order, for a limit of 1). */
async function runLimited<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await job(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
