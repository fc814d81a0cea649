/**
 * What a review conversation did, read from its Messages requests and answers: the same recording comes
 * from the offline stand-in or from the proxy in front of the real API.
 */

export interface Exchange {
  request: { messages?: unknown; system?: unknown; model?: unknown }
  status: number
  response: unknown
}

export interface ConversationStats {
  modelRequests: number
  toolCalls: number
  /** add_finding or update_finding refused for its quote, which the model then has to retry. */
  quoteRetries: number
  inputTokens: number
  outputTokens: number
}

interface Block {
  type?: string
  name?: string
  is_error?: boolean
  content?: unknown
}

function blocks(value: unknown): Block[] {
  return Array.isArray(value) ? (value as Block[]).filter(b => typeof b === 'object' && b !== null) : []
}

function text(content: unknown): string {
  if (typeof content === 'string') return content
  return blocks(content)
    .map(b => (typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : ''))
    .join('\n')
}

export function conversationStats(exchanges: readonly Exchange[]): ConversationStats {
  const stats: ConversationStats = {
    modelRequests: 0,
    toolCalls: 0,
    quoteRetries: 0,
    inputTokens: 0,
    outputTokens: 0
  }
  for (const exchange of exchanges) {
    const messages = Array.isArray(exchange.request.messages)
      ? (exchange.request.messages as Array<{ role?: string; content?: unknown }>)
      : []
    stats.modelRequests++
    // Each request resends the history; only its last message is new. A request the API refused is
    // sent again by the SDK, so only an answered one counts.
    const last = messages[messages.length - 1]
    if (last?.role === 'user' && exchange.status === 200) {
      for (const block of blocks(last.content)) {
        if (
          block.type === 'tool_result' &&
          block.is_error === true &&
          /\bquote\b/i.test(text(block.content))
        ) {
          stats.quoteRetries++
        }
      }
    }
    if (exchange.status !== 200) continue
    const response = exchange.response as { content?: unknown; usage?: Record<string, number | null> }
    stats.toolCalls += blocks(response.content).filter(b => b.type === 'tool_use').length
    const usage = response.usage ?? {}
    stats.inputTokens +=
      (usage.input_tokens ?? 0) +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0)
    stats.outputTokens += usage.output_tokens ?? 0
  }
  return stats
}

/** The text of every tool result that came back as an error, for a scripted model that must not get any. */
export function toolErrors(exchange: Exchange): string[] {
  const messages = Array.isArray(exchange.request.messages)
    ? (exchange.request.messages as Array<{ role?: string; content?: unknown }>)
    : []
  const last = messages[messages.length - 1]
  return blocks(last?.content)
    .filter(b => b.type === 'tool_result' && b.is_error === true)
    .map(b => text(b.content))
}
