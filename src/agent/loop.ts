import Anthropic from '@anthropic-ai/sdk'
import { TransientError, type ModelAccessError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import { BudgetTracker, MAX_OUTPUT_TOKENS, type BudgetKind, type BudgetLimits } from './budgets.js'
import { MessageHistory } from './messages.js'
import type { Coverage } from './coverage.js'
import { classifyModelError, describeModelError } from './model-errors.js'
import { addUsage, emptyUsage, formatUsage, priceFor, type Usage } from './pricing.js'
import { EPHEMERAL_CACHE, type ToolOutcome, type ToolRegistry } from './tools/registry.js'

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

const NUDGE_PUBLISH =
  'You ended your turn without calling publish_review. Record any remaining findings, then call ' +
  'publish_review with your summary. Do not reply with text only.'
const NUDGE_BRIEF =
  'Your last reply was cut off at the output limit. Be brief: one finding per add_finding call, short ' +
  'descriptions, then call publish_review.'
const CONTINUE_PAUSED = 'Continue the review where you left off.'
const CUT_TOOL_CALL =
  'Not run: your reply was cut off at the output limit inside this call, so its arguments are incomplete. ' +
  'Call it again with shorter arguments.'

/** Tool names a last turn answers; everything else is refused in it. */
const FINDING_TOOL_NAMES = 'add_finding, update_finding, list_findings and publish_review'

const READS_SPENT =
  'The tool-call budget ran out: later reads of the repository were refused, so parts of the change may ' +
  'not have been examined.'

/** Replies cut at max_tokens that the loop answers before giving up. */
const MAX_CUT_REPLIES = 1

/** Read-only calls of one reply run at once, at most this many at a time. */
export const MAX_CONCURRENT_READS = 4

const BUDGET_NOUNS: Record<BudgetKind, string> = {
  'tool calls': 'tool-call (read)',
  tokens: 'token',
  'wall clock': 'wall-clock',
  turns: 'turn'
}

function readRefusal(kind: BudgetKind): string {
  return kind === 'tool calls'
    ? 'Not run: the tool-call budget for repository reads is spent. Record your findings with add_finding ' +
        'and call publish_review.'
    : `Not run: the ${BUDGET_NOUNS[kind]} budget ran out, so no more reads are answered. Record your ` +
        'findings with add_finding and call publish_review.'
}

function lastTurnMessage(kind: BudgetKind): string {
  return (
    `Last turn: the ${BUDGET_NOUNS[kind]} budget ran out. Only ${FINDING_TOOL_NAMES} are answered in this ` +
    'turn; reads are refused. Record every problem you have confirmed and not yet recorded, then call ' +
    'publish_review with your summary.'
  )
}

function warningOf(kind: BudgetKind): string {
  switch (kind) {
    case 'turns':
      return 'Few turns are left: record each confirmed finding now and plan to publish.'
    case 'tool calls':
      return 'Few repository reads are left: spend them on what decides a finding.'
    case 'tokens':
      return 'The token budget is nearly spent: record each confirmed finding now.'
    case 'wall clock':
      return 'The time budget is nearly spent: record each confirmed finding now.'
  }
}

/**
 * The review conversation: one model request per turn, tool calls answered (reads side by side, finding
 * calls in order), until the model calls publish_review, stops, or a budget runs out. When the token or
 * wall-clock budget runs out, the reply in flight is still answered and one last turn, paid from a reserve
 * set aside at the start, is given for recording findings and publishing. It never throws: any failure ends
 * the run with a note and the findings recorded so far stay in the store.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  const { client, model, tools, logger } = options
  const tracker = new BudgetTracker(options.budget, options.now ?? Date.now)
  const price = priceFor(model, logger)
  const usage = emptyUsage(price)
  const conversation = new MessageHistory(options.firstUserContent)
  const system: Anthropic.Messages.TextBlockParam[] = [
    { type: 'text', text: options.system, cache_control: { ...EPHEMERAL_CACHE } }
  ]
  const notes: string[] = []
  let nudged = false
  let cutReplies = 0
  /** Set once the next request is the run's last turn: the budget that ran out. */
  let lastTurn: BudgetKind | undefined = options.budget.turns <= 1 ? 'turns' : undefined
  /** The budget that ended the run early (tokens or wall clock), even when the last turn published. */
  let endedBy: BudgetKind | undefined

  const finish = (stopReason: string, extra: Partial<AgentRun> = {}): AgentRun => {
    logger.info(`Review agent stopped (${stopReason}) after ${tracker.turns} turns: ${formatUsage(usage)}`)
    return {
      published: false,
      stopReason,
      coverageNotes: notes,
      usage,
      turns: tracker.turns,
      toolCalls: tracker.toolCalls,
      ...(endedBy ? { budgetExhausted: endedBy } : {}),
      ...extra
    }
  }
  const stopEarly = (kind: BudgetKind): AgentRun => {
    notes.push(
      `Stopped early: the ${kind} budget ran out (${tracker.describe(kind)}). ` +
        'The findings recorded up to then are kept; parts of the change may not have been examined.'
    )
    return finish('budget', { budgetExhausted: kind })
  }

  for (;;) {
    const finalTurn: boolean = lastTurn !== undefined
    let response: Anthropic.Messages.Message
    try {
      // A working turn may run into half the reserve, so that its reply is kept; the last turn has the rest.
      const timeout = finalTurn
        ? Math.max(tracker.remainingMs(), tracker.reserveMs / 2)
        : tracker.remainingMs() - tracker.reserveMs / 2
      response = await client.messages.create(
        {
          model,
          max_tokens: options.maxTokens ?? MAX_OUTPUT_TOKENS,
          system,
          tools: tools.definitions(),
          messages: conversation.forRequest()
        },
        { signal: AbortSignal.timeout(Math.max(1000, Math.floor(timeout))) }
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
        if (!finalTurn) {
          notes.push('The wall clock budget ran out while the model was answering; that reply was lost.')
          lastTurn = endedBy = 'wall clock'
          conversation.appendToLastUser(lastTurnMessage('wall clock'))
          continue
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
    if (response.content.length > 0) conversation.addAssistant(response.content, false)

    if (stop === 'refusal') {
      notes.push('The model declined to continue the review; the findings recorded before that are kept.')
      return finish('refusal')
    }

    // The budget this reply spent, if any: its finding calls are still recorded, and the next turn is the last.
    const spentNow: BudgetKind | undefined = finalTurn ? undefined : tracker.spent()
    // Reads are answered in every turn but the last, and not in a reply that spent the tokens or the time.
    const noReads: BudgetKind | undefined = finalTurn
      ? lastTurn
      : spentNow === 'tokens' || spentNow === 'wall clock'
        ? spentNow
        : undefined

    // A reply cut by a length limit may end inside a tool call whose input is incomplete: never run that one.
    const cut = stop === 'max_tokens' || stop === 'model_context_window_exceeded'
    const lastBlock = response.content[response.content.length - 1]
    const truncatedId = cut && lastBlock?.type === 'tool_use' ? lastBlock.id : undefined

    const answered = await answerAll(uses, truncatedId, noReads)
    const results = answered.map(result => result.block)
    const summary = answered.find(result => result.summary !== undefined)?.summary
    if (summary !== undefined) return finish('published', { published: true, summary })

    const follow: ContentBlockParam[] = [...results]
    if (stop === 'model_context_window_exceeded') {
      notes.push(
        "Stopped: the conversation filled the model's context window; the findings recorded so far are kept."
      )
      return finish(stop)
    }
    if (finalTurn) {
      const kind = lastTurn as BudgetKind
      if (kind === 'turns') return stopEarly('turns')
      notes.push(
        `Stopped early: the ${kind} budget ran out (${tracker.describe(kind)}); the last turn from the reserve ` +
          'was used to record findings. Parts of the change may not have been examined.'
      )
      return finish('budget', { budgetExhausted: kind })
    }
    if (stop === 'max_tokens') {
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
        if (nudged) {
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
    } else if (stop === 'pause_turn') {
      // Never end a request on an assistant message (that is a prefill, which the model refuses): a paused
      // reply with nothing to answer gets a user turn asking it to go on.
      if (results.length === 0) follow.push({ type: 'text', text: CONTINUE_PAUSED })
    } else if (stop !== 'tool_use') {
      notes.push(`Stopped: the model stopped for an unexpected reason (${stop}).`)
      return finish(stop)
    }

    if (spentNow !== undefined) {
      lastTurn = spentNow
      if (spentNow !== 'turns') endedBy = spentNow
      follow.push({ type: 'text', text: lastTurnMessage(spentNow) })
    } else {
      const warnings = tracker.newWarnings().map(warningOf)
      if (warnings.length > 0) follow.push({ type: 'text', text: warnings.join(' ') })
    }
    follow.push({ type: 'text', text: `Budget: ${tracker.line()}` })
    conversation.addUser(follow)
  }

  /**
   * Answers a reply's calls: the reads side by side (at most MAX_CONCURRENT_READS at once), the finding calls
   * one after another in the order the model made them. Results and history keep the model's order.
   */
  async function answerAll(
    uses: ToolUseBlock[],
    truncatedId: string | undefined,
    noReads: BudgetKind | undefined
  ): Promise<Array<{ block: ToolResultBlockParam; summary?: string }>> {
    const plans = uses.map(use => planCall(use, use.id === truncatedId, noReads))
    const readJobs = plans.flatMap((plan, i) => (plan.kind === 'read' ? [i] : []))
    const outcomes = new Map<number, ToolOutcome>()
    const reading = runLimited(readJobs, MAX_CONCURRENT_READS, async i => {
      const use = uses[i] as ToolUseBlock
      outcomes.set(i, await tools.outcome(use.name, use.input))
    })
    const writing = (async () => {
      for (const [i, plan] of plans.entries()) {
        if (plan.kind !== 'write') continue
        const use = uses[i] as ToolUseBlock
        outcomes.set(i, await tools.outcome(use.name, use.input))
      }
    })()
    await Promise.all([reading, writing])
    return uses.map((use, i) => {
      const plan = plans[i] as CallPlan
      const reply = (content: string, isError: boolean): ToolResultBlockParam =>
        isError
          ? { type: 'tool_result', tool_use_id: use.id, content, is_error: true }
          : { type: 'tool_result', tool_use_id: use.id, content }
      if (plan.kind === 'refused') return { block: reply(plan.content, true) }
      const outcome = tools.record(use.name, use.input, outcomes.get(i) as ToolOutcome)
      logger.debug(`${use.name} ${outcome.isError ? 'error' : 'ok'}: ${outcome.content.slice(0, 200)}`)
      const block = reply(outcome.content, outcome.isError === true)
      return outcome.publish ? { block, summary: outcome.publish.summary } : { block }
    })
  }

  function planCall(use: ToolUseBlock, truncated: boolean, noReads: BudgetKind | undefined): CallPlan {
    if (truncated) return { kind: 'refused', content: CUT_TOOL_CALL }
    const read = tools.reads(use.name)
    if (read && noReads !== undefined) return { kind: 'refused', content: readRefusal(noReads) }
    if (read && tracker.toolCallsLeft() === 0) {
      if (!notes.includes(READS_SPENT)) notes.push(READS_SPENT)
      return { kind: 'refused', content: readRefusal('tool calls') }
    }
    tracker.recordToolCall(read)
    return { kind: read ? 'read' : 'write' }
  }
}

type CallPlan = { kind: 'read' } | { kind: 'write' } | { kind: 'refused'; content: string }

/** Runs `job` for each item, at most `limit` at a time. */
async function runLimited<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await job(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
