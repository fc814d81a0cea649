import Anthropic from '@anthropic-ai/sdk'
import { TransientError, type ModelAccessError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import { BudgetTracker, MAX_OUTPUT_TOKENS, type BudgetKind, type BudgetLimits } from './budgets.js'
import { MessageHistory } from './messages.js'
import type { Coverage } from './coverage.js'
import { classifyModelError, describeModelError } from './model-errors.js'
import { addUsage, emptyUsage, formatUsage, priceFor, type Usage } from './pricing.js'
import { remindersFor, type Reminders } from './reminders.js'
import { answerCalls } from './tool-calls.js'
import { EPHEMERAL_CACHE, type ToolRegistry } from './tools/registry.js'

type ToolUseBlock = Anthropic.Messages.ToolUseBlock
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam
type ContentBlockParam = Anthropic.Messages.ContentBlockParam

export interface RunAgentOptions {
  client: Anthropic
  model: string
  budget: BudgetLimits
  system: string
  firstUserContent: string | Anthropic.Messages.TextBlockParam[]
  tools: ToolRegistry
  logger: Logger
  /** Milliseconds; injectable so tests can run the wall-clock budget out. */
  now?: () => number
  maxTokens?: number
  /** Views offered to the model count as seen once a reply to the request carrying them arrives. */
  coverage?: Coverage
}

export interface AgentRun {
  /** The opening text the model gave publish_review. */
  summary?: string
  /** False when the run ended any other way; the caller then publishes what the findings list holds. */
  published: boolean
  /** 'published', 'budget', 'api_error', or the stop reason of the last reply. */
  stopReason: string
  /** Why the review may be incomplete, for the review body. */
  coverageNotes: string[]
  usage: Usage
  turns: number
  toolCalls: number
  budgetExhausted?: BudgetKind
  /** Set when a model request failed and ended the run (stopReason 'api_error'). */
  failure?: ModelAccessError | TransientError | Error
  /**
   * The text of the model's latest reply in text alone, unless a tool call came after it: a run whose answer
   * may come as plain text reads it.
   */
  text?: string
}

/** The review's overview when the model stopped before writing its summary: says so plainly, invents nothing. */
export function overviewFromFindings(findings: readonly Finding[], agent: AgentRun): string {
  const open = findings.filter(finding => finding.status === 'open').length
  const why = agent.budgetExhausted
    ? `its ${agent.budgetExhausted} budget ran out`
    : agent.failure
      ? 'a model request failed'
      : `it stopped (${agent.stopReason})`
  return `The review ended before the reviewer wrote a summary (${why}). ${open === 0 ? 'No open findings were recorded.' : `The ${open} open finding${open === 1 ? ' is' : 's are'} below.`}`
}

/** Replies cut at max_tokens that the loop answers before giving up. */
const MAX_CUT_REPLIES = 1

/** One run's working state, which each step reads and updates. */
interface Run {
  options: RunAgentOptions
  tracker: BudgetTracker
  price: ReturnType<typeof priceFor>
  usage: Usage
  conversation: MessageHistory
  system: Anthropic.Messages.TextBlockParam[]
  reminders: Reminders
  notes: string[]
  nudged: boolean
  cutReplies: number
  /** Set once the next request is the run's last turn: the budget that ran out. */
  lastTurn?: BudgetKind
  /** The budget that ended the run early (tokens or wall clock), even when the last turn published. */
  endedBy?: BudgetKind
  /** The text of the model's latest reply in text alone, unless a tool call came after it. */
  text?: string
}

/** What a step decided: the run ends, the next request goes as it is, or with these blocks as a user turn. */
type Step = { end: AgentRun } | { again: true } | { follow: ContentBlockParam[] }

/**
 * The conversation of one run: one model request per turn, tool calls answered (reads side by side, the
 * others in order), until the model calls the run's terminal tool, stops, or a budget runs out. When the
 * token or wall-clock budget runs out, the reply in flight is still answered and one last turn, paid from a
 * reserve set aside at the start, is given to record and finish. It never throws: any failure ends the run
 * with a note, and whatever the tools recorded stays recorded.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  const run = startRun(options)
  for (;;) {
    const sent = await send(run)
    const step = 'response' in sent ? await afterReply(run, sent.response) : sent
    if ('end' in step) return step.end
    if ('follow' in step) run.conversation.addUser(step.follow)
  }
}

function startRun(options: RunAgentOptions): Run {
  const price = priceFor(options.model, options.logger)
  return {
    options,
    tracker: new BudgetTracker(options.budget, options.now ?? Date.now),
    price,
    usage: emptyUsage(price),
    conversation: new MessageHistory(options.firstUserContent),
    system: [{ type: 'text', text: options.system, cache_control: { ...EPHEMERAL_CACHE } }],
    reminders: remindersFor(options.tools),
    notes: [],
    nudged: false,
    cutReplies: 0,
    ...(options.budget.turns <= 1 ? { lastTurn: 'turns' as const } : {})
  }
}

function finish(run: Run, stopReason: string, extra: Partial<AgentRun> = {}): AgentRun {
  const { tracker } = run
  run.options.logger.info(
    `Review agent stopped (${stopReason}) after ${tracker.turns} turns: ${formatUsage(run.usage)}`
  )
  return {
    published: false,
    stopReason,
    coverageNotes: run.notes,
    usage: run.usage,
    turns: tracker.turns,
    toolCalls: tracker.toolCalls,
    ...(run.endedBy ? { budgetExhausted: run.endedBy } : {}),
    ...(run.text !== undefined ? { text: run.text } : {}),
    ...extra
  }
}

/** Ends the run with a coverage note. */
function stopWith(run: Run, note: string, stopReason: string, extra: Partial<AgentRun> = {}): Step {
  run.notes.push(note)
  return { end: finish(run, stopReason, extra) }
}

/** One request. A working turn may run into half the reserve, so that its reply is kept; the last turn has the rest. */
async function send(run: Run): Promise<{ response: Anthropic.Messages.Message } | Step> {
  const { tracker, options } = run
  const timeout =
    run.lastTurn !== undefined
      ? Math.max(tracker.remainingMs(), tracker.reserveMs / 2)
      : tracker.remainingMs() - tracker.reserveMs / 2
  try {
    const response = await options.client.messages.create(
      {
        model: options.model,
        max_tokens: options.maxTokens ?? MAX_OUTPUT_TOKENS,
        system: run.system,
        tools: options.tools.definitions(),
        messages: run.conversation.forRequest()
      },
      { signal: AbortSignal.timeout(Math.max(1000, Math.floor(timeout))) }
    )
    return { response }
  } catch (error) {
    return requestFailed(run, error)
  }
}

/** A request that failed: out of time (a last turn, or the end), or an API error that ends the run. */
function requestFailed(run: Run, error: unknown): Step {
  const { tracker, options } = run
  if (!(error instanceof Anthropic.APIUserAbortError)) {
    const failure = classifyModelError(error, { model: options.model, firstTurn: tracker.turns === 0 })
    options.logger.warning(`The model request failed: ${describeModelError(error)}`)
    return { end: finish(run, 'api_error', { failure }) }
  }
  if (tracker.turns === 0) {
    // Not one answer in the whole wall clock: the API is down, not the budget too small.
    const minutes = Math.round(options.budget.wallClockMs / 60_000)
    const failure = new TransientError(
      `The Anthropic API did not answer within the ${minutes}-minute wall clock budget.`
    )
    options.logger.warning(failure.message)
    return { end: finish(run, 'api_error', { failure }) }
  }
  if (run.lastTurn !== undefined) {
    const note = 'Stopped early: the wall clock budget ran out while the model was answering.'
    return stopWith(run, note, 'budget', { budgetExhausted: 'wall clock' })
  }
  run.notes.push('The wall clock budget ran out while the model was answering; that reply was lost.')
  run.lastTurn = run.endedBy = 'wall clock'
  run.conversation.appendToLastUser(run.reminders.lastTurn('wall clock'))
  return { again: true }
}

/** A reply counted, logged and kept in the history; its stop reason and tool calls. */
function recordReply(run: Run, response: Anthropic.Messages.Message): { stop: string; uses: ToolUseBlock[] } {
  const { tracker, usage } = run
  tracker.recordTurn()
  run.options.coverage?.commit()
  addUsage(usage, response.usage, run.price)
  // A cache write is input the model processed afresh; only cache reads are spared from the budget.
  tracker.recordTokens(
    response.usage.input_tokens + (response.usage.cache_creation_input_tokens ?? 0),
    response.usage.output_tokens
  )
  const stop = response.stop_reason ?? 'end_turn'
  const uses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')
  run.options.logger.info(
    `Turn ${tracker.turns}: ${stop}` +
      (uses.length > 0 ? `, ${uses.map(u => u.name).join(', ')}` : '') +
      ` (${response.usage.input_tokens} in, ${response.usage.output_tokens} out, ` +
      `${response.usage.cache_read_input_tokens ?? 0} cache read; ${tracker.describe('tokens')} so far)`
  )
  const text = response.content.flatMap(b => (b.type === 'text' ? [b.text] : [])).join('\n\n')
  // A reply that calls a tool is work in progress; the latest reply in text alone is the model's last word.
  if (uses.length > 0) delete run.text
  else if (text.trim() !== '') run.text = text.trim()
  if (response.content.length > 0) run.conversation.addAssistant(response.content, false)
  return { stop, uses }
}

/** Everything after a reply arrives: its calls answered, its stop reason handled, the budget told. */
async function afterReply(run: Run, response: Anthropic.Messages.Message): Promise<Step> {
  const finalTurn = run.lastTurn !== undefined
  const { stop, uses } = recordReply(run, response)
  if (stop === 'refusal') {
    const note = 'The model declined to continue the review; the findings recorded before that are kept.'
    return stopWith(run, note, 'refusal')
  }
  // The budget this reply spent, if any: its calls are still answered, and the next turn is the last.
  const spentNow = finalTurn ? undefined : run.tracker.spent()
  const answered = await answerTools(run, response, uses, spentNow)
  const summary = answered.find(result => result.summary !== undefined)?.summary
  if (summary !== undefined) return { end: finish(run, 'published', { published: true, summary }) }
  const results = answered.map(result => result.block)
  const step = onStop(run, { stop, uses, empty: response.content.length === 0, results, finalTurn })
  return 'follow' in step ? { follow: [...step.follow, ...budgetStep(run, spentNow)] } : step
}

/** Reads are answered in every turn but the last, and not in a reply that spent the tokens or the time. */
function answerTools(
  run: Run,
  response: Anthropic.Messages.Message,
  uses: ToolUseBlock[],
  spentNow: BudgetKind | undefined
) {
  const noReads = run.lastTurn ?? (spentNow === 'tokens' || spentNow === 'wall clock' ? spentNow : undefined)
  // A reply cut by a length limit may end inside a tool call whose input is incomplete: never run that one.
  const cut =
    response.stop_reason === 'max_tokens' || response.stop_reason === 'model_context_window_exceeded'
  const lastBlock = response.content[response.content.length - 1]
  const truncatedId = cut && lastBlock?.type === 'tool_use' ? lastBlock.id : undefined
  const { tools, logger } = run.options
  const context = { tools, tracker: run.tracker, reminders: run.reminders, notes: run.notes, logger }
  return answerCalls(context, uses, truncatedId, noReads)
}

interface Reply {
  stop: string
  uses: ToolUseBlock[]
  /** The reply held no content at all. */
  empty: boolean
  results: ToolResultBlockParam[]
  /** The reply answered the run's last turn. */
  finalTurn: boolean
}

const textBlock = (text: string): ContentBlockParam => ({ type: 'text', text })

/** What the reply's stop reason means for the run: the end, or what the next user turn carries. */
function onStop(run: Run, reply: Reply): Step {
  const { stop, results } = reply
  if (stop === 'model_context_window_exceeded') {
    const note =
      "Stopped: the conversation filled the model's context window; the findings recorded so far are kept."
    return stopWith(run, note, stop)
  }
  if (reply.finalTurn) return lastTurnOver(run)
  if (stop === 'max_tokens') return cutOff(run, results)
  if (stop === 'end_turn' || stop === 'stop_sequence' || (stop === 'tool_use' && reply.uses.length === 0))
    return endedTurn(run, reply)
  // Never end a request on an assistant message (that is a prefill, which the model refuses): a paused reply
  // with nothing to answer gets a user turn asking it to go on.
  if (stop === 'pause_turn')
    return { follow: results.length > 0 ? results : [textBlock(run.reminders.continuePaused)] }
  if (stop !== 'tool_use')
    return stopWith(run, `Stopped: the model stopped for an unexpected reason (${stop}).`, stop)
  return { follow: results }
}

/** The last turn was answered without finishing: the run ends on the budget that ran out. */
function lastTurnOver(run: Run): Step {
  const kind = run.lastTurn as BudgetKind
  const spent = `Stopped early: the ${kind} budget ran out (${run.tracker.describe(kind)})`
  const note =
    kind === 'turns'
      ? `${spent}. The findings recorded up to then are kept; parts of the change may not have been examined.`
      : `${spent}; the last turn from the reserve was used to record findings. Parts of the change may not ` +
        'have been examined.'
  return stopWith(run, note, 'budget', { budgetExhausted: kind })
}

/** A reply cut at the output limit: asked once to be brief, then the run ends. */
function cutOff(run: Run, results: ToolResultBlockParam[]): Step {
  run.cutReplies++
  if (run.cutReplies > MAX_CUT_REPLIES) {
    const note = 'Stopped: replies were cut off at the output limit; the findings recorded so far are kept.'
    return stopWith(run, note, 'max_tokens')
  }
  return { follow: [...results, textBlock(run.reminders.brief)] }
}

/** The model ended its turn: its calls answered, or one reminder to finish, then the end. */
function endedTurn(run: Run, reply: Reply): Step {
  if (reply.results.length > 0) return { follow: reply.results }
  if (run.nudged) return stopWith(run, run.reminders.noTerminal, 'end_turn')
  run.nudged = true
  if (!reply.empty) return { follow: [textBlock(run.reminders.nudge)] }
  run.conversation.appendToLastUser(run.reminders.nudge)
  return { again: true }
}

/** The budget's word for the next turn: a last turn when this reply spent one, else any warnings, and the line. */
function budgetStep(run: Run, spentNow: BudgetKind | undefined): ContentBlockParam[] {
  const { tracker, reminders } = run
  const blocks: ContentBlockParam[] = []
  if (spentNow !== undefined) {
    run.lastTurn = spentNow
    if (spentNow !== 'turns') run.endedBy = spentNow
    blocks.push(textBlock(reminders.lastTurn(spentNow)))
  } else {
    const warnings = tracker.newWarnings().map(kind => reminders.warning(kind))
    if (warnings.length > 0) blocks.push(textBlock(warnings.join(' ')))
  }
  blocks.push(textBlock(`Budget: ${tracker.line()}`))
  return blocks
}
