import type Anthropic from '@anthropic-ai/sdk'
import { EPHEMERAL_CACHE } from './tools/registry.js'

type MessageParam = Anthropic.Messages.MessageParam
type ContentBlockParam = Anthropic.Messages.ContentBlockParam

/**
 * The message history of one run. It only ever grows at its end, and assistant content is stored exactly as
 * the API returned it (thinking signatures included), so each request starts with the bytes of the one
 * before it and the cached prefix keeps matching.
 */
export class MessageHistory {
  private readonly messages: MessageParam[] = []
  private continuing = false

  constructor(firstUserContent: string | Anthropic.Messages.TextBlockParam[]) {
    const blocks: ContentBlockParam[] =
      typeof firstUserContent === 'string'
        ? [{ type: 'text', text: firstUserContent }]
        : [...firstUserContent]
    const last = blocks.length - 1
    // The first message (PR context and diff) is the bulk of every request: one of the fixed breakpoints.
    blocks[last] = withCacheControl(blocks[last] as ContentBlockParam)
    this.messages.push({ role: 'user', content: blocks })
  }

  /**
   * Records a reply. After `pause_turn` the next reply continues the same assistant turn, so its blocks are
   * appended to that message rather than starting a second assistant message in a row.
   */
  addAssistant(content: Anthropic.Messages.ContentBlock[], paused: boolean): void {
    const blocks = content as ContentBlockParam[]
    const last = this.messages[this.messages.length - 1]
    if (this.continuing && last?.role === 'assistant' && Array.isArray(last.content)) {
      last.content.push(...blocks)
    } else {
      this.messages.push({ role: 'assistant', content: [...blocks] })
    }
    this.continuing = paused
  }

  addUser(blocks: ContentBlockParam[]): void {
    this.messages.push({ role: 'user', content: blocks })
    this.continuing = false
  }

  /** For a reply with no content, which cannot be recorded: the follow-up joins the last user message. */
  appendToLastUser(text: string): void {
    const last = this.messages[this.messages.length - 1]
    if (last?.role === 'user' && Array.isArray(last.content)) last.content.push({ type: 'text', text })
    else this.addUser([{ type: 'text', text }])
  }

  get length(): number {
    return this.messages.length
  }

  /**
   * The messages for the next request. Besides the fixed breakpoint on the first message, the newest user
   * message carries one, so the conversation so far is written to the cache and read back next turn. It is
   * added to a copy: the stored history never changes.
   */
  forRequest(): MessageParam[] {
    const lastIndex = this.messages.length - 1
    const last = this.messages[lastIndex]
    if (
      lastIndex === 0 ||
      last?.role !== 'user' ||
      !Array.isArray(last.content) ||
      last.content.length === 0
    ) {
      return [...this.messages]
    }
    const content = [...last.content]
    content[content.length - 1] = withCacheControl(content[content.length - 1] as ContentBlockParam)
    return [...this.messages.slice(0, lastIndex), { role: 'user', content }]
  }
}

function withCacheControl(block: ContentBlockParam): ContentBlockParam {
  return { ...block, cache_control: { ...EPHEMERAL_CACHE } } as ContentBlockParam
}
