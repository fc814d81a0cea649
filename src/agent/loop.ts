import Anthropic from '@anthropic-ai/sdk'
import { TransientError, type ModelAccessError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import { BudgetTracker, MAX_OUTPUT_TOKENS, type BudgetKind, type BudgetLimits } from './budgets.js'
import { Conversation } from './conversation.js'
import type { Coverage } from './coverage.js'
import { classifyModelError, describeModelError } from './model-errors.js'
import { addUsage, emptyUsage, formatUsage, priceFor, type Usage } from './pricing.js'
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
}

/** The agent stopped before writing its summary: say so plainly rather than invent one. */
export function fallbackSummary(findings: readonly Finding[], agent: AgentRun): string {
  const open = findings.filter(finding => finding.status === 'open').length
  const why = agent.budgetExhausted
    ? `its ${agent.budgetExhausted} budget ran out`
    : agent.failure
      ? 'a model request failed'
      : `it stopped (${agent.stopReason})`
  return `The review ended before the reviewer wrote a summary (${why}). ${open === 0 ? 'No open findings were recorded.' : `The ${open} open finding${open === 1 ? ' is' : 's are'} below.`}`
}

const NUDGE_PUBLISH =
  'You ended your turn without calling publish_review. Record any remaining findings, then call ' +
  'publish_review with your summary. Do not reply with text only.'
const NUDGE_BRIEF =
  'Your last reply was cut off at the output limit. Be brief: one finding per add_finding call, short ' +
  'descriptions, then call publish_review.'
const CUT_TOOL_CALL =
  'Not run: your reply was cut off at the output limit inside this call, so its arguments are incomplete. ' +
  'Call it again with shorter arguments.'
const BUDGET_REFUSED = 'budget: record your findings and call publish_review now'

const READS_SPENT =
  'The tool-call budget ran out: later reads of the repository were refused, so parts of the change may ' +
  'not have been examined.'

/** Replies cut at max_tokens that the loop answers before giving up. */
const MAX_CUT_REPLIES = 1

/**
 * The review conversation: one model request per turn, tool calls answered in order, until the model calls
 * publish_review, stops, or a budget runs out. It never throws: any failure ends the run with a note and
 * the findings recorded so far stay in the store.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  const { client, model, tools, logger } = options
  const tracker = new BudgetTracker(options.budget, options.now ?? Date.now)
  const price = priceFor(model, logger)
  const usage = emptyUsage(price)
  const conversation = new Conversation(options.firstUserContent)
  const system: Anthropic.Messages.TextBlockParam[] = [
    { type: 'text', text: options.system, cache_control: { ...EPHEMERAL_CACHE } }
  ]
  const notes: string[] = []
  let nudged = false
  let warned = false
  let cutReplies = 0

  const finish = (stopReason: string, extra: Partial<AgentRun> = {}): AgentRun => {
    logger.info(`Review agent stopped (${stopReason}) after ${tracker.turns} turns: ${formatUsage(usage)}`)
    return {
      published: false,
      stopReason,
      coverageNotes: notes,
      usage,
      turns: tracker.turns,
      toolCalls: tracker.toolCalls,
      ...extra
    }
  }

  for (;;) {
    const spent = tracker.exhausted()
    if (spent) {
      notes.push(
        `Stopped early: the ${spent} budget ran out (${tracker.describe(spent)}). ` +
          'The findings recorded up to then are kept; parts of the change may not have been examined.'
      )
      return finish('budget', { budgetExhausted: spent })
    }

    let response: Anthropic.Messages.Message
    try {
      response = await client.messages.create(
        {
          model,
          max_tokens: options.maxTokens ?? MAX_OUTPUT_TOKENS,
          system,
          tools: tools.definitions(),
          messages: conversation.forRequest()
        },
        { signal: AbortSignal.timeout(Math.max(1000, tracker.remainingMs())) }
      )
    } catch (error) {
      if (error instanceof Anthropic.APIUserAbortError) {
        if (tracker.turns === 0) {
          // Not one answer in the whole wall clock: the API is down, not the budget too small.
          const minutes = Math.round(options.budget.wallClockMs / 60_000)
          const failure = new TransientError(
            `The Anthropic API did not answer within the ${minutes}-minute wall clock budget.`
          )
          logger.warning(failure.message)
          return finish('api_error', { failure })
        }
        notes.push('Stopped early: the wall clock budget ran out while the model was answering.')
        return finish('budget', { budgetExhausted: 'wall clock' })
      }
      const failure = classifyModelError(error, { model, firstTurn: tracker.turns === 0 })
      logger.warning(`The model request failed: ${describeModelError(error)}`)
      return finish('api_error', { failure })
    }

    tracker.recordTurn()
    options.coverage?.commit()
    addUsage(usage, response.usage, price)
    // A cache write is input the model processed afresh; only cache reads are spared from the budget.
    tracker.recordTokens(
      response.usage.input_tokens + (response.usage.cache_creation_input_tokens ?? 0),
      response.usage.output_tokens
    )
    const stop = response.stop_reason ?? 'end_turn'
    const uses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')
    logger.info(
      `Turn ${tracker.turns}: ${stop}` +
        (uses.length > 0 ? `, ${uses.map(u => u.name).join(', ')}` : '') +
        ` (${response.usage.input_tokens} in, ${response.usage.output_tokens} out, ` +
        `${response.usage.cache_read_input_tokens ?? 0} cache read; ${tracker.describe('tokens')} so far)`
    )
    if (response.content.length > 0) conversation.addAssistant(response.content, stop === 'pause_turn')

    if (stop === 'refusal') {
      notes.push('The model declined to continue the review; the findings recorded before that are kept.')
      return finish('refusal')
    }

    // A reply cut by a length limit may end inside a tool call whose input is incomplete: never run that one.
    const cut = stop === 'max_tokens' || stop === 'model_context_window_exceeded'
    const lastBlock = response.content[response.content.length - 1]
    const truncatedId = cut && lastBlock?.type === 'tool_use' ? lastBlock.id : undefined

    const results: ToolResultBlockParam[] = []
    let summary: string | undefined
    for (const use of uses) {
      const result = await answer(use, use.id === truncatedId)
      results.push(result.block)
      if (result.summary !== undefined) summary = result.summary
    }
    if (summary !== undefined) return finish('published', { published: true, summary })

    const follow: ContentBlockParam[] = [...results]
    if (stop === 'model_context_window_exceeded') {
      notes.push(
        "Stopped: the conversation filled the model's context window; the findings recorded so far are kept."
      )
      return finish(stop)
    } else if (stop === 'max_tokens') {
      cutReplies++
      if (cutReplies > MAX_CUT_REPLIES) {
        notes.push(
          'Stopped: replies were cut off at the output limit; the findings recorded so far are kept.'
        )
        return finish(stop)
      }
      follow.push({ type: 'text', text: NUDGE_BRIEF })
    } else if (
      stop === 'end_turn' ||
      stop === 'stop_sequence' ||
      (stop === 'tool_use' && uses.length === 0)
    ) {
      if (results.length === 0) {
        if (nudged || tracker.exhausted()) {
          notes.push('The model ended without calling publish_review, so the summary is not its own.')
          return finish('end_turn')
        }
        nudged = true
        if (response.content.length === 0) {
          conversation.appendToLastUser(NUDGE_PUBLISH)
          continue
        }
        follow.push({ type: 'text', text: NUDGE_PUBLISH })
      }
    } else if (stop !== 'tool_use' && stop !== 'pause_turn') {
      notes.push(`Stopped: the model stopped for an unexpected reason (${stop}).`)
      return finish(stop)
    }

    // After pause_turn with nothing to answer, the same assistant turn is simply resumed.
    if (follow.length === 0) continue
    if (!warned && tracker.nearlyExhausted() && !tracker.exhausted()) {
      warned = true
      follow.push({
        type: 'text',
        text: `Budget nearly used (${tracker.summary()}). Record your remaining findings and call publish_review.`
      })
    }
    conversation.addUser(follow)
  }

  async function answer(
    use: ToolUseBlock,
    truncated: boolean
  ): Promise<{ block: ToolResultBlockParam; summary?: string }> {
    const reply = (content: string, isError: boolean): ToolResultBlockParam =>
      isError
        ? { type: 'tool_result', tool_use_id: use.id, content, is_error: true }
        : { type: 'tool_result', tool_use_id: use.id, content }
    if (truncated) return { block: reply(CUT_TOOL_CALL, true) }
    const read = tools.reads(use.name)
    if (read && (tracker.toolCallsLeft() === 0 || tracker.onLastTurn())) {
      if (tracker.toolCallsLeft() === 0 && !notes.includes(READS_SPENT)) notes.push(READS_SPENT)
      return { block: reply(BUDGET_REFUSED, true) }
    }
    tracker.recordToolCall(read)
    const outcome = await tools.execute(use.name, use.input)
    logger.debug(`${use.name} ${outcome.isError ? 'error' : 'ok'}: ${outcome.content.slice(0, 200)}`)
    const block = reply(outcome.content, outcome.isError === true)
    return outcome.publish ? { block, summary: outcome.publish.summary } : { block }
  }
}
