/**
 * A scripted stand-in for the Anthropic Messages API (`POST /v1/messages`, non-streaming).
 *
 * Each valid request consumes the next scripted step. Requests the real API would reject (bad key,
 * malformed conversation, tampered thinking blocks, ...) are answered with the same error shape the
 * real API uses and do not consume a step, so a script describes only the model's side of a
 * conversation. Every request is recorded, including the rejected ones.
 *
 * With `promptCache`, usage reports cache reads and writes as the API would at the request's cache_control
 * breakpoints; without it, all input is reported uncached unless a step says otherwise.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded'
  | 'stop_sequence'

export interface Usage {
  input_tokens: number
  output_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
}

export interface TextBlock {
  type: 'text'
  text: string
}

export interface ToolUseBlock {
  type: 'tool_use'
  /** Generated (`toolu_...`) when omitted. */
  id?: string
  name: string
  input: unknown
}

export interface ThinkingBlock {
  type: 'thinking'
  thinking: string
  /** Issued by the server when omitted; give one only to simulate a block the server never signed. */
  signature?: string
}

export interface RedactedThinkingBlock {
  type: 'redacted_thinking'
  /** Issued by the server when omitted. */
  data?: string
}

export type Block = TextBlock | ToolUseBlock | ThinkingBlock | RedactedThinkingBlock

export interface ReplyStep {
  content: Block[]
  stop_reason: StopReason
  stop_sequence?: string | null
  usage?: Partial<Usage>
}

export interface ErrorStep {
  status: number
  /** Defaults to the type the real API uses for `status` (429 → rate_limit_error, 529 → overloaded_error, ...). */
  type?: string
  message?: string
  headers?: Record<string, string>
}

export interface DelayStep {
  delayMs: number
  then: Step
}

export type StepFunction = (request: RecordedMessagesRequest) => Step

export type Step = ReplyStep | ErrorStep | DelayStep | StepFunction

/** A content block as it arrives on the wire; nothing about it has been checked. */
export interface WireBlock {
  type: string
  [key: string]: unknown
}

export interface WireMessage {
  role: string
  content: string | WireBlock[]
}

export interface WireTool {
  name?: string
  type?: string
  description?: string
  input_schema?: unknown
  cache_control?: unknown
  [key: string]: unknown
}

export interface MessagesRequestBody {
  model?: string
  max_tokens?: number
  messages?: WireMessage[]
  system?: string | WireBlock[]
  tools?: WireTool[]
  tool_choice?: { type: string; name?: string; [key: string]: unknown }
  thinking?: { type: string; [key: string]: unknown }
  stream?: boolean
  [key: string]: unknown
}

export interface RecordedMessagesRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The parsed JSON body; `{}` when the body is not a JSON object. */
  body: MessagesRequestBody
  raw: string
  /** Status of the answer; 0 until it has been sent. */
  status: number
  response: unknown
}

/** The rules of the prompt-cache simulation; each defaults to the API's. */
export interface PromptCacheOptions {
  /** Shortest prefix, in estimated tokens, that is cached: 1024, or 2048 for Haiku models. */
  minTokens?: number
  /** Block boundaries before a breakpoint that are checked for an earlier entry: 20. */
  lookbackBlocks?: number
  /** How long an entry lives after it was last written or read: 5 minutes. */
  ttlMs?: number
  now?: () => number
}

export interface MessagesServerOptions {
  apiKey?: string
  script?: Step[]
  /** Simulates prompt caching (off by default); `true` takes the API's rules. */
  promptCache?: boolean | PromptCacheOptions
}

export interface MessagesServer {
  /** Base URL for the SDK (`baseURL`) or for `ANTHROPIC_BASE_URL`. */
  url: string
  requests: RecordedMessagesRequest[]
  push(...steps: Step[]): void
  remaining(): number
  close(): Promise<void>
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  408: 'timeout_error',
  409: 'conflict_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error'
}

const DEFAULT_ERROR_MESSAGES: Record<string, string> = {
  invalid_request_error: 'Invalid request',
  authentication_error: 'invalid x-api-key',
  permission_error: 'Your API key does not have permission to use the specified resource.',
  not_found_error: 'Not found',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded'
}

/** Models that answer a forced `tool_choice` with a 400; the review loop must never force a tool on them. */
const NO_FORCED_TOOL_CHOICE = /^claude-(sonnet|opus)-5/

const MAX_CACHE_BREAKPOINTS = 4

const CACHE_LOOKBACK_BLOCKS = 20
const CACHE_TTL_MS = 5 * 60_000

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomId(prefix: string, length = 22): string {
  const bytes = randomBytes(length)
  let id = prefix
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return id
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }
}

const invalid = (message: string): RequestError => new RequestError(400, 'invalid_request_error', message)

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function blocksOf(content: unknown): WireBlock[] {
  return Array.isArray(content)
    ? content.filter((b): b is WireBlock => isObject(b) && typeof b.type === 'string')
    : []
}

function isErrorStep(step: Step): step is ErrorStep {
  return typeof step === 'object' && 'status' in step
}

function isDelayStep(step: Step): step is DelayStep {
  return typeof step === 'object' && 'delayMs' in step
}

/** The stand-in's token estimate, for input and output alike. */
const tokensOf = (chars: number): number => Math.ceil(chars / 4)

/** One block in the order the API caches a request (tools, system, messages), with the prefix ending at it. */
export interface PrefixBlock {
  /** Characters of the prefix through this block, cache_control left out: never more than the raw body has. */
  chars: number
  /** Hash of the model and that prefix: the key a cache entry is written under. */
  key: string
  breakpoint: boolean
}

/** How one request's input splits between the cache and fresh processing. */
export interface CacheSplit {
  read: number
  write: number
  uncached: number
  /** Entries the reply writes, or refreshes by reading. */
  keys: string[]
}

interface CacheRules {
  minTokens: number
  lookbackBlocks: number
}

// cache_control is no part of the key: the breakpoint on the newest message moves on every turn, and the
// prefix it marked last turn must still match.
function withoutCacheControl(b: Record<string, unknown>): Record<string, unknown> {
  const { cache_control: _, ...rest } = b
  if (rest.type === 'tool_result' && Array.isArray(rest.content)) {
    rest.content = rest.content.map(inner => (isObject(inner) ? withoutCacheControl(inner) : inner))
  }
  return rest
}

function isBreakpoint(b: Record<string, unknown>): boolean {
  if (b.cache_control != null) return true
  return b.type === 'tool_result' && blocksOf(b.content).some(inner => inner.cache_control != null)
}

const textBlocks = (content: unknown): WireBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : blocksOf(content)

/** The request's blocks as the cache sees them; where a block sits is part of its key, not of its length. */
function cacheBlocks(body: MessagesRequestBody): Array<{ where: string; text: string; breakpoint: boolean }> {
  const part = (where: string, b: Record<string, unknown>) => ({
    where,
    text: JSON.stringify(withoutCacheControl(b)),
    breakpoint: isBreakpoint(b)
  })
  return [
    ...(body.tools ?? []).filter(isObject).map(tool => part('tool', tool)),
    ...textBlocks(body.system).map(b => part('system', b)),
    ...(body.messages ?? []).flatMap(message => textBlocks(message.content).map(b => part(message.role, b)))
  ]
}

/** Each block with the length and hash of the prefix ending at it; entries are per model. */
export function cachePrefixes(body: MessagesRequestBody): PrefixBlock[] {
  let chars = 0
  let key = createHash('sha256').update(String(body.model)).digest('hex')
  return cacheBlocks(body).map(({ where, text, breakpoint }) => {
    chars += text.length
    key = createHash('sha256').update(key).update(where).update(text).digest('hex')
    return { chars, key, breakpoint }
  })
}

/**
 * The API's accounting: each breakpoint looks back a few block boundaries for an entry an earlier reply
 * wrote, and the longest found is read. The rest of the prefix up to the last breakpoint is written, unless
 * it is shorter than the cache's minimum; what follows the last breakpoint is uncached.
 */
export function splitCachedInput(
  blocks: readonly PrefixBlock[],
  totalTokens: number,
  cached: (key: string) => boolean,
  rules: CacheRules
): CacheSplit {
  const breakpoints = blocks.flatMap((b, i) => (b.breakpoint ? [i] : []))
  const last = breakpoints[breakpoints.length - 1]
  const cacheable = (i: number) => tokensOf(blocks[i]!.chars) >= rules.minTokens
  if (last === undefined || !cacheable(last)) return { read: 0, write: 0, uncached: totalTokens, keys: [] }
  let readAt = -1
  for (const b of breakpoints) {
    for (let i = b; i >= Math.max(0, b - rules.lookbackBlocks); i--) {
      if (cached(blocks[i]!.key)) {
        readAt = Math.max(readAt, i)
        break
      }
    }
  }
  const read = Math.min(totalTokens, readAt < 0 ? 0 : tokensOf(blocks[readAt]!.chars))
  const write = Math.min(totalTokens - read, tokensOf(blocks[last]!.chars) - read)
  const keys = breakpoints.filter(cacheable).map(b => blocks[b]!.key)
  if (readAt >= 0) keys.push(blocks[readAt]!.key)
  return { read, write, uncached: totalTokens - read - write, keys }
}

/** Entries by key, each living `ttlMs` after it was last written or read. */
class PromptCache {
  private readonly expiries = new Map<string, number>()
  private readonly options: Required<Omit<PromptCacheOptions, 'minTokens'>> & { minTokens?: number }

  constructor(options: PromptCacheOptions) {
    this.options = {
      lookbackBlocks: options.lookbackBlocks ?? CACHE_LOOKBACK_BLOCKS,
      ttlMs: options.ttlMs ?? CACHE_TTL_MS,
      now: options.now ?? Date.now,
      ...(options.minTokens === undefined ? {} : { minTokens: options.minTokens })
    }
  }

  split(record: RecordedMessagesRequest): CacheSplit {
    const model = String(record.body.model)
    const now = this.options.now()
    return splitCachedInput(
      cachePrefixes(record.body),
      Math.max(1, tokensOf(record.raw.length)),
      key => (this.expiries.get(key) ?? 0) > now,
      {
        minTokens: this.options.minTokens ?? (/haiku/i.test(model) ? 2048 : 1024),
        lookbackBlocks: this.options.lookbackBlocks
      }
    )
  }

  /** Called when the reply is sent: a request still in flight cannot read what this one writes. */
  commit(split: CacheSplit): void {
    const expires = this.options.now() + this.options.ttlMs
    for (const key of split.keys) this.expiries.set(key, expires)
  }
}

export const block = {
  text: (text: string): TextBlock => ({ type: 'text', text }),
  toolUse: (name: string, input: unknown, id?: string): ToolUseBlock =>
    id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', id, name, input },
  thinking: (thinking: string, signature?: string): ThinkingBlock =>
    signature === undefined ? { type: 'thinking', thinking } : { type: 'thinking', thinking, signature },
  redactedThinking: (data?: string): RedactedThinkingBlock =>
    data === undefined ? { type: 'redacted_thinking' } : { type: 'redacted_thinking', data }
}

function stopReasonFor(content: Block[]): StopReason {
  return content.some(b => b.type === 'tool_use') ? 'tool_use' : 'end_turn'
}

export const reply = {
  text: (text: string, usage?: Partial<Usage>): ReplyStep => ({
    content: [block.text(text)],
    stop_reason: 'end_turn',
    ...(usage ? { usage } : {})
  }),
  toolUse: (name: string, input: unknown, id?: string): ReplyStep => ({
    content: [block.toolUse(name, input, id)],
    stop_reason: 'tool_use'
  }),
  /** A thinking block followed by `rest`; the stop reason is `tool_use` when `rest` calls a tool. */
  thinking: (thinking: string, ...rest: Block[]): ReplyStep => {
    const content = [block.thinking(thinking), ...rest]
    return { content, stop_reason: stopReasonFor(content) }
  },
  /** Any blocks; the stop reason is derived from them unless given. */
  blocks: (content: Block[], stopReason?: StopReason): ReplyStep => ({
    content,
    stop_reason: stopReason ?? stopReasonFor(content)
  }),
  error: (status: number, message?: string, headers?: Record<string, string>): ErrorStep => ({
    status,
    ...(message === undefined ? {} : { message }),
    ...(headers === undefined ? {} : { headers })
  }),
  overloaded: (retryAfter?: string): ErrorStep => ({
    status: 529,
    ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } })
  }),
  rateLimited: (retryAfter?: string): ErrorStep => ({
    status: 429,
    ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } })
  }),
  delay: (delayMs: number, then: Step): DelayStep => ({ delayMs, then })
}

export async function startMessagesServer(options: MessagesServerOptions = {}): Promise<MessagesServer> {
  const apiKey = options.apiKey ?? 'sk-ant-test'
  const script: Step[] = [...(options.script ?? [])]
  const requests: RecordedMessagesRequest[] = []
  const secret = randomBytes(32)
  const issuedRedactions = new Set<string>()
  const timers = new Set<NodeJS.Timeout>()
  const cache =
    options.promptCache === undefined || options.promptCache === false
      ? undefined
      : new PromptCache(options.promptCache === true ? {} : options.promptCache)
  const splits = new WeakMap<RecordedMessagesRequest, CacheSplit>()

  const sign = (thinking: string): string =>
    createHmac('sha256', secret).update(thinking, 'utf8').digest('base64')

  function redaction(data: string | undefined): string {
    const issued = data ?? randomBytes(48).toString('base64')
    issuedRedactions.add(issued)
    return issued
  }

  function send(
    res: ServerResponse,
    record: RecordedMessagesRequest,
    status: number,
    body: unknown,
    headers: Record<string, string> = {}
  ): void {
    record.status = status
    record.response = body
    if (res.destroyed || res.writableEnded) return
    const requestId =
      isObject(body) && typeof body.request_id === 'string' ? body.request_id : randomId('req_011C')
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...headers })
    res.end(JSON.stringify(body))
  }

  function sendError(res: ServerResponse, record: RecordedMessagesRequest, error: RequestError): void {
    const requestId = randomId('req_011C')
    const body = { type: 'error', error: { type: error.type, message: error.message }, request_id: requestId }
    send(res, record, error.status, body, error.headers)
  }

  function authenticate(headers: Record<string, string>): void {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1]
    const given = headers['x-api-key'] ?? bearer
    if (given === undefined)
      throw new RequestError(401, 'authentication_error', 'x-api-key header is required')
    if (given !== apiKey) throw new RequestError(401, 'authentication_error', 'invalid x-api-key')
  }

  function validate(record: RecordedMessagesRequest): void {
    if (!record.headers['anthropic-version']) throw invalid('anthropic-version: header is required')
    const body = record.body
    if (body.stream === true) {
      throw invalid('stream: streaming is not supported by this Messages API stand-in; send stream: false')
    }
    if (typeof body.model !== 'string' || body.model === '') throw invalid('model: Field required')
    if (typeof body.max_tokens !== 'number') throw invalid('max_tokens: Field required')
    if (!Array.isArray(body.messages)) throw invalid('messages: Field required')
    validateTools(body)
    validateToolChoice(body)
    validateMessages(body.messages)
    validateCacheControl(body)
  }

  function validateTools(body: MessagesRequestBody): void {
    if (body.tools === undefined) return
    if (!Array.isArray(body.tools)) throw invalid('tools: Input should be a valid list')
    const names = new Set<string>()
    body.tools.forEach((tool, i) => {
      if (!isObject(tool)) throw invalid(`tools.${i}: Input should be a valid dictionary`)
      const custom = tool.type === undefined || tool.type === 'custom'
      if (custom) {
        if (typeof tool.name !== 'string') throw invalid(`tools.${i}.custom.name: Field required`)
        if (!TOOL_NAME.test(tool.name)) {
          throw invalid(`tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`)
        }
        if (tool.input_schema === undefined) throw invalid(`tools.${i}.custom.input_schema: Field required`)
        if (!isObject(tool.input_schema) || tool.input_schema.type !== 'object') {
          throw invalid(`tools.${i}.custom.input_schema.type: Input should be 'object'`)
        }
      }
      if (typeof tool.name === 'string') {
        if (names.has(tool.name)) throw invalid('tools: Tool names must be unique.')
        names.add(tool.name)
      }
    })
  }

  function validateToolChoice(body: MessagesRequestBody): void {
    const choice = body.tool_choice
    if (choice === undefined) return
    if (!isObject(choice) || typeof choice.type !== 'string') throw invalid('tool_choice: Field required')
    const forced = choice.type === 'any' || choice.type === 'tool'
    if (!forced) return
    if (NO_FORCED_TOOL_CHOICE.test(body.model ?? '')) {
      throw invalid(
        `tool_choice: forced tool use ("${choice.type}") is not supported by ${body.model}; use {"type": "auto"} or omit tool_choice`
      )
    }
    if (isObject(body.thinking) && body.thinking.type !== 'disabled') {
      throw invalid('Thinking may not be enabled when tool_choice forces tool use.')
    }
    if (choice.type === 'tool' && !(body.tools ?? []).some(t => isObject(t) && t.name === choice.name)) {
      throw invalid(`tool_choice.name: tool '${String(choice.name)}' is not among the request's tools`)
    }
  }

  function validateMessages(messages: WireMessage[]): void {
    if (messages.length === 0) throw invalid('messages: at least one message is required')
    messages.forEach((message, i) => {
      if (!isObject(message)) throw invalid(`messages.${i}: Input should be a valid dictionary`)
      if (message.role !== 'user' && message.role !== 'assistant') {
        throw invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`)
      }
      if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
        throw invalid(`messages.${i}.content: Field required`)
      }
    })
    if (messages[0]?.role !== 'user') throw invalid('messages: first message must use the "user" role')
    for (let i = 1; i < messages.length; i++) {
      const role = messages[i]?.role
      if (role === messages[i - 1]?.role) {
        throw invalid(
          `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`
        )
      }
    }
    messages.forEach((message, i) => {
      const blocks = blocksOf(message.content)
      if (message.role === 'assistant') {
        validateThinking(blocks, i)
        validateToolResultsAfter(blocks, messages[i + 1], i)
      } else {
        validateToolResultIds(blocks, messages[i - 1], i)
      }
    })
  }

  function validateThinking(blocks: WireBlock[], i: number): void {
    blocks.forEach((b, k) => {
      if (b.type === 'thinking') {
        if (
          typeof b.thinking !== 'string' ||
          typeof b.signature !== 'string' ||
          b.signature !== sign(b.thinking)
        ) {
          throw invalid(`messages.${i}.content.${k}: Invalid \`signature\` in \`thinking\` block`)
        }
      } else if (b.type === 'redacted_thinking') {
        if (typeof b.data !== 'string' || !issuedRedactions.has(b.data)) {
          throw invalid(`messages.${i}.content.${k}: Invalid \`data\` in \`redacted_thinking\` block`)
        }
      }
    })
  }

  function validateToolResultsAfter(blocks: WireBlock[], next: WireMessage | undefined, i: number): void {
    const ids = blocks.filter(b => b.type === 'tool_use').map(b => String(b.id))
    if (ids.length === 0) return
    const nextBlocks = next?.role === 'user' ? blocksOf(next.content) : []
    const leading: string[] = []
    for (const b of nextBlocks) {
      if (b.type !== 'tool_result') break
      leading.push(String(b.tool_use_id))
    }
    const missing = ids.filter(id => !leading.includes(id))
    if (missing.length === 0) return
    const answeredLater = missing.some(id =>
      nextBlocks.some(b => b.type === 'tool_result' && b.tool_use_id === id)
    )
    throw invalid(
      `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. ` +
        'Each `tool_use` block must have a corresponding `tool_result` block in the next message.' +
        (answeredLater
          ? ' (`tool_result` blocks must come first in that message, before any other block.)'
          : '')
    )
  }

  function validateToolResultIds(blocks: WireBlock[], previous: WireMessage | undefined, i: number): void {
    const known = new Set(
      blocksOf(previous?.content).flatMap(b => (b.type === 'tool_use' ? [String(b.id)] : []))
    )
    blocks.forEach((b, k) => {
      if (b.type === 'tool_result' && !known.has(String(b.tool_use_id))) {
        throw invalid(
          `messages.${i}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. ` +
            'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.'
        )
      }
    })
  }

  function validateCacheControl(body: MessagesRequestBody): void {
    const marked = (value: unknown): number => (isObject(value) && value.cache_control != null ? 1 : 0)
    let found = 0
    for (const tool of body.tools ?? []) found += marked(tool)
    for (const b of blocksOf(body.system)) found += marked(b)
    for (const message of body.messages ?? []) {
      for (const b of blocksOf(message.content)) {
        found += marked(b)
        if (b.type === 'tool_result') for (const inner of blocksOf(b.content)) found += marked(inner)
      }
    }
    if (found > MAX_CACHE_BREAKPOINTS) {
      throw invalid(
        `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${found}.`
      )
    }
  }

  function render(step: ReplyStep, record: RecordedMessagesRequest): unknown {
    const content = step.content.map(b => {
      switch (b.type) {
        case 'text':
          return { type: 'text', text: b.text }
        case 'tool_use':
          return { type: 'tool_use', id: b.id ?? randomId('toolu_01'), name: b.name, input: b.input }
        case 'thinking':
          return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? sign(b.thinking) }
        case 'redacted_thinking':
          return { type: 'redacted_thinking', data: redaction(b.data) }
      }
    })
    const output = Math.max(1, tokensOf(JSON.stringify(content).length))
    const split = splits.get(record)
    if (split) cache?.commit(split)
    const cacheCreation = step.usage?.cache_creation_input_tokens ?? split?.write ?? 0
    return {
      id: randomId('msg_01'),
      type: 'message',
      role: 'assistant',
      model: record.body.model,
      content,
      stop_reason: step.stop_reason,
      stop_sequence: step.stop_sequence ?? null,
      usage: {
        input_tokens: step.usage?.input_tokens ?? split?.uncached ?? Math.max(1, tokensOf(record.raw.length)),
        output_tokens: step.usage?.output_tokens ?? output,
        cache_creation_input_tokens: cacheCreation,
        cache_read_input_tokens: step.usage?.cache_read_input_tokens ?? split?.read ?? 0,
        cache_creation: { ephemeral_5m_input_tokens: cacheCreation, ephemeral_1h_input_tokens: 0 },
        service_tier: 'standard'
      }
    }
  }

  function answer(step: Step, res: ServerResponse, record: RecordedMessagesRequest): void {
    if (typeof step === 'function') {
      answer(step(record), res, record)
    } else if (isDelayStep(step)) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        try {
          answer(step.then, res, record)
        } catch (error) {
          sendError(res, record, failure(error))
        }
      }, step.delayMs)
      timers.add(timer)
    } else if (isErrorStep(step)) {
      const type =
        step.type ?? ERROR_TYPES[step.status] ?? (step.status >= 500 ? 'api_error' : 'invalid_request_error')
      const message = step.message ?? DEFAULT_ERROR_MESSAGES[type] ?? `Error ${step.status}`
      sendError(res, record, new RequestError(step.status, type, message, step.headers))
    } else {
      send(res, record, 200, render(step, record))
    }
  }

  // A broken step is a bug in the test, so the SDK is told not to retry and hide it.
  const failure = (error: unknown): RequestError =>
    new RequestError(500, 'api_error', `messages stand-in: a scripted step threw: ${String(error)}`, {
      'x-should-retry': 'false'
    })

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      parsed = undefined
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const record: RecordedMessagesRequest = {
      method: req.method ?? 'GET',
      path,
      headers,
      body: isObject(parsed) ? (parsed as MessagesRequestBody) : {},
      raw,
      status: 0,
      response: undefined
    }
    requests.push(record)
    try {
      if (record.method !== 'POST' || path !== '/v1/messages') {
        throw new RequestError(
          404,
          'not_found_error',
          `messages stand-in: no route for ${record.method} ${path}`
        )
      }
      authenticate(headers)
      if (!isObject(parsed)) throw invalid('There was an error parsing the body: expected a JSON object')
      validate(record)
      if (cache) splits.set(record, cache.split(record))
      const step = script.shift()
      if (step === undefined) {
        const n = requests.filter(r => r.path === '/v1/messages').length
        throw new RequestError(
          500,
          'api_error',
          `messages stand-in: the script ran out — request #${n} to POST /v1/messages had no scripted step left`,
          { 'x-should-retry': 'false' }
        )
      }
      answer(step, res, record)
    } catch (error) {
      sendError(res, record, error instanceof RequestError ? error : failure(error))
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    push: (...steps) => {
      script.push(...steps)
    },
    remaining: () => script.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.close(error => (error ? reject(error) : resolve()))
        // The SDK keeps connections alive; without this, close() waits for them to time out.
        server.closeAllConnections()
      })
  }
}
