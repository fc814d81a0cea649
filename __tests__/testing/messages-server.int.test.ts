import { afterEach, describe, expect, it } from '@jest/globals'
import Anthropic from '@anthropic-ai/sdk'

import {
  block,
  reply,
  startMessagesServer,
  type MessagesServer,
  type PromptCacheOptions,
  type Step
} from '../../testing/messages-server.js'

const MODEL = 'claude-sonnet-4-6'

const readFileTool: Anthropic.Tool = {
  name: 'read_file',
  description: 'Read a file from the checkout',
  input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
}

let server: MessagesServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function setup(
  script: Step[] = [],
  maxRetries = 0
): Promise<{ server: MessagesServer; client: Anthropic }> {
  server = await startMessagesServer({ script })
  return { server, client: new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries }) }
}

async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof Anthropic.APIError>> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Anthropic.APIError) return error
    throw error
  }
  throw new Error('expected the request to be rejected')
}

function question(): Anthropic.MessageParam[] {
  return [{ role: 'user', content: 'Review src/a.ts' }]
}

describe('startMessagesServer', () => {
  it('plays a scripted tool_use / end_turn exchange through the real SDK', async () => {
    const { server, client } = await setup([
      reply.toolUse('read_file', { path: 'src/a.ts' }),
      reply.text('Looks good.', { input_tokens: 120, output_tokens: 7 })
    ])

    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 1024,
      system: 'You review pull requests.',
      tools: [readFileTool],
      messages: question()
    })
    expect(first).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      stop_reason: 'tool_use',
      stop_sequence: null
    })
    expect(first.id).toMatch(/^msg_/)
    const call = first.content[0]
    if (call?.type !== 'tool_use') throw new Error('expected a tool_use block')
    expect(call.id).toMatch(/^toolu_/)
    expect(call).toMatchObject({ name: 'read_file', input: { path: 'src/a.ts' } })

    const second = await client.messages.create({
      model: MODEL,
      max_tokens: 1024,
      system: 'You review pull requests.',
      tools: [readFileTool],
      messages: [
        ...question(),
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: call.id, content: 'export const a = 1' }]
        }
      ]
    })
    expect(second.stop_reason).toBe('end_turn')
    expect(second.content).toEqual([{ type: 'text', text: 'Looks good.' }])
    expect(second.usage).toMatchObject({
      input_tokens: 120,
      output_tokens: 7,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0
    })
    expect(server.remaining()).toBe(0)
  })

  it('records what was sent: headers, system, tools and tool results, byte for byte', async () => {
    const { server, client } = await setup([
      reply.toolUse('read_file', { path: 'b.ts' }, 'toolu_fixed'),
      reply.text('ok')
    ])
    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      tools: [readFileTool],
      messages: question()
    })
    await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      tools: [readFileTool],
      messages: [
        ...question(),
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_fixed', content: 'const b = 2' }]
        }
      ]
    })

    expect(server.requests).toHaveLength(2)
    const [, second] = server.requests
    expect(second?.path).toBe('/v1/messages')
    expect(second?.status).toBe(200)
    expect(second?.headers['anthropic-version']).toBeTruthy()
    expect(second?.body.system).toEqual([
      { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }
    ])
    expect(second?.body.tools?.map(t => t.name)).toEqual(['read_file'])
    expect(second?.body.messages?.[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_fixed', content: 'const b = 2' }
    ])
    expect(JSON.parse(second?.raw ?? '')).toEqual(second?.body)
  })

  it('computes a reply from the request when the step is a function', async () => {
    const { client } = await setup([request => reply.text(`saw ${request.body.messages?.length} message(s)`)])
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    expect(message.content).toEqual([{ type: 'text', text: 'saw 1 message(s)' }])
  })

  it('rejects a wrong API key with a 401 the SDK surfaces as AuthenticationError', async () => {
    server = await startMessagesServer({ script: [reply.text('never sent')] })
    const client = new Anthropic({ apiKey: 'sk-ant-wrong', baseURL: server.url, maxRetries: 0 })

    const error = await rejection(
      client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    )
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError)
    expect(error.status).toBe(401)
    expect(error.error).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
      request_id: error.requestID
    })
    expect(error.requestID).toMatch(/^req_/)
    expect(server.requests[0]?.status).toBe(401)
    expect(server.remaining()).toBe(1)
  })

  it('accepts the key as x-api-key as well as a Bearer token', async () => {
    const { server } = await setup([reply.text('one'), reply.text('two')])
    const body = JSON.stringify({ model: MODEL, max_tokens: 8, messages: question() })
    const common = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }
    const viaHeader = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { ...common, 'x-api-key': 'sk-ant-test' },
      body
    })
    const missing = await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: common, body })
    const viaBearer = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { ...common, authorization: 'Bearer sk-ant-test' },
      body
    })
    expect([viaHeader.status, missing.status, viaBearer.status]).toEqual([200, 401, 200])
    expect(viaHeader.headers.get('request-id')).toMatch(/^req_/)
  })

  it('lets the SDK retry a 529 and succeed', async () => {
    const { server, client } = await setup([reply.overloaded('0'), reply.text('after the storm')], 2)
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    expect(message.content).toEqual([{ type: 'text', text: 'after the storm' }])
    expect(server.requests.map(r => r.status)).toEqual([529, 200])
    expect(server.requests[0]?.response).toMatchObject({ error: { type: 'overloaded_error' } })
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1')
  })

  it('sends retry-after with a 429, and the SDK waits that long before retrying', async () => {
    const { server, client } = await setup([reply.rateLimited('1'), reply.text('ok')], 1)
    const started = Date.now()
    await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    // The SDK's own first backoff is at most 500 ms, so a longer wait can only come from the header.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(server.requests.map(r => r.status)).toEqual([429, 200])
    expect(server.requests[0]?.response).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } })
  })

  it('surfaces a 429 as RateLimitError carrying retry-after once retries are spent', async () => {
    const { client } = await setup([reply.rateLimited('7')])
    const error = await rejection(
      client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    )
    expect(error).toBeInstanceOf(Anthropic.RateLimitError)
    expect(error.headers?.get('retry-after')).toBe('7')
  })

  it('rejects a forced tool_choice for claude-sonnet-5-5 but not for an older model', async () => {
    const { server, client } = await setup([reply.toolUse('read_file', { path: 'a.ts' })])
    const forced = (model: string) =>
      client.messages.create({
        model,
        max_tokens: 64,
        tools: [readFileTool],
        tool_choice: { type: 'any' },
        messages: question()
      })

    const error = await rejection(forced('claude-sonnet-5-5'))
    expect(error).toBeInstanceOf(Anthropic.BadRequestError)
    expect(error.apiMessage).toContain('tool_choice')
    expect(server.remaining()).toBe(1)

    const named = await rejection(
      client.messages.create({
        model: 'claude-opus-5',
        max_tokens: 64,
        tools: [readFileTool],
        tool_choice: { type: 'tool', name: 'read_file' },
        messages: question()
      })
    )
    expect(named.status).toBe(400)

    await expect(forced('claude-sonnet-4-6')).resolves.toMatchObject({ stop_reason: 'tool_use' })
    expect(server.requests.map(r => r.status)).toEqual([400, 400, 200])
  })

  it('rejects a tampered thinking block and accepts an intact one', async () => {
    const { server, client } = await setup([
      reply.thinking(
        'The diff touches auth; read the caller.',
        block.toolUse('read_file', { path: 'auth.ts' })
      ),
      reply.text('One issue found.')
    ])
    const thinking: Anthropic.ThinkingConfigParam = { type: 'enabled', budget_tokens: 2048 }
    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 4096,
      thinking,
      tools: [readFileTool],
      messages: question()
    })
    const [thought, call] = first.content
    if (thought?.type !== 'thinking' || call?.type !== 'tool_use')
      throw new Error('expected thinking then tool_use')
    expect(thought.signature).not.toBe('')

    const followUp = (assistant: Anthropic.ContentBlockParam[]) =>
      client.messages.create({
        model: MODEL,
        max_tokens: 4096,
        thinking,
        tools: [readFileTool],
        messages: [
          ...question(),
          { role: 'assistant', content: assistant },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: call.id, content: 'export function login() {}' }]
          }
        ]
      })

    const tampered = await rejection(followUp([{ ...thought, thinking: thought.thinking + ' ' }, call]))
    expect(tampered).toBeInstanceOf(Anthropic.BadRequestError)
    expect(tampered.apiMessage).toContain('messages.1.content.0: Invalid `signature` in `thinking` block')

    const forged = await rejection(followUp([{ ...thought, signature: 'c2lnbmVkIGVsc2V3aGVyZQ==' }, call]))
    expect(forged.status).toBe(400)
    expect(server.remaining()).toBe(1)

    const intact = await followUp(first.content as Anthropic.ContentBlockParam[])
    expect(intact.content).toEqual([{ type: 'text', text: 'One issue found.' }])
  })

  it('checks redacted_thinking data against what it issued', async () => {
    const { client } = await setup([
      reply.blocks([block.redactedThinking(), block.toolUse('read_file', { path: 'x.ts' })]),
      reply.text('done')
    ])
    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      tools: [readFileTool],
      messages: question()
    })
    const [redacted, call] = first.content
    if (redacted?.type !== 'redacted_thinking' || call?.type !== 'tool_use')
      throw new Error('unexpected reply shape')
    const send = (data: string) =>
      client.messages.create({
        model: MODEL,
        max_tokens: 64,
        tools: [readFileTool],
        messages: [
          ...question(),
          { role: 'assistant', content: [{ type: 'redacted_thinking', data }, call] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '' }] }
        ]
      })
    expect((await rejection(send(redacted.data + 'x'))).apiMessage).toContain('redacted_thinking')
    await expect(send(redacted.data)).resolves.toMatchObject({ stop_reason: 'end_turn' })
  })

  describe('tool_use / tool_result pairing', () => {
    const assistantCall: Anthropic.MessageParam = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'read_file', input: { path: 'a.ts' } },
        { type: 'tool_use', id: 'toolu_b', name: 'read_file', input: { path: 'b.ts' } }
      ]
    }
    const send = (client: Anthropic, next: Anthropic.MessageParam) =>
      client.messages.create({
        model: MODEL,
        max_tokens: 64,
        tools: [readFileTool],
        messages: [...question(), assistantCall, next]
      })

    it('rejects a tool_use left without its tool_result', async () => {
      const { client } = await setup([reply.text('unused')])
      const error = await rejection(
        send(client, {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' }]
        })
      )
      expect(error).toBeInstanceOf(Anthropic.BadRequestError)
      expect(error.apiMessage).toContain(
        'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b.'
      )
    })

    it('rejects tool results that come after other content', async () => {
      const { client } = await setup([reply.text('unused')])
      const error = await rejection(
        send(client, {
          role: 'user',
          content: [
            { type: 'text', text: 'Here are the results' },
            { type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' },
            { type: 'tool_result', tool_use_id: 'toolu_b', content: 'b' }
          ]
        })
      )
      expect(error.apiMessage).toContain('must come first')
    })

    it('rejects a tool_result for an id the previous turn never used', async () => {
      const { client } = await setup([reply.text('unused')])
      const error = await rejection(
        send(client, {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' },
            { type: 'tool_result', tool_use_id: 'toolu_b', content: 'b' },
            { type: 'tool_result', tool_use_id: 'toolu_ghost', content: '?' }
          ]
        })
      )
      expect(error.apiMessage).toContain(
        'messages.2.content.2: unexpected `tool_use_id` found in `tool_result` blocks: toolu_ghost.'
      )
    })

    it('accepts every tool_use answered first, with text after', async () => {
      const { client } = await setup([reply.text('fine')])
      await expect(
        send(client, {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_b', content: 'b' },
            { type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' },
            { type: 'text', text: 'Continue.' }
          ]
        })
      ).resolves.toMatchObject({ stop_reason: 'end_turn' })
    })
  })

  it('rejects malformed conversations and requests', async () => {
    const { server, client } = await setup([reply.text('unused')])
    const base = { model: MODEL, max_tokens: 64 }
    const cases: Array<[Anthropic.MessageCreateParamsNonStreaming, string]> = [
      [
        { ...base, messages: [{ role: 'assistant', content: 'hi' }] },
        'first message must use the "user" role'
      ],
      [
        {
          ...base,
          messages: [
            { role: 'user', content: 'a' },
            { role: 'user', content: 'b' }
          ]
        },
        'roles must alternate'
      ],
      [{ ...base, messages: [] }, 'messages'],
      [
        { model: MODEL, messages: question() } as unknown as Anthropic.MessageCreateParamsNonStreaming,
        'max_tokens'
      ],
      [{ ...base, tools: [readFileTool, readFileTool], messages: question() }, 'Tool names must be unique.'],
      [
        {
          ...base,
          tools: [{ name: 'bad', input_schema: { type: 'string' } as unknown as Anthropic.Tool.InputSchema }],
          messages: question()
        },
        "tools.0.custom.input_schema.type: Input should be 'object'"
      ],
      [
        {
          ...base,
          tools: [{ ...readFileTool, cache_control: { type: 'ephemeral' } }],
          system: [1, 2, 3].map(n => ({
            type: 'text' as const,
            text: `s${n}`,
            cache_control: { type: 'ephemeral' as const }
          })),
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'q', cache_control: { type: 'ephemeral' } }] }
          ]
        },
        'A maximum of 4 blocks with cache_control may be provided. Found 5.'
      ]
    ]
    for (const [params, expected] of cases) {
      const error = await rejection(client.messages.create(params))
      expect(error.status).toBe(400)
      expect(error.apiMessage).toContain(expected)
    }
    expect(server.requests).toHaveLength(cases.length)
    expect(server.requests.every(r => r.status === 400)).toBe(true)
    expect(server.remaining()).toBe(1)
  })

  it('refuses streaming requests', async () => {
    const { client } = await setup([reply.text('unused')])
    const error = await rejection(
      client.messages
        .create({ model: MODEL, max_tokens: 64, messages: question(), stream: true })
        .then(s => s)
    )
    expect(error.status).toBe(400)
    expect(error.apiMessage).toContain('streaming is not supported')
  })

  it('holds a reply back for a delay step, long enough for the SDK to time out', async () => {
    const { server, client } = await setup([reply.delay(1000, reply.text('late')), reply.text('on time')])
    const error = await rejection(
      client.messages.create({ model: MODEL, max_tokens: 64, messages: question() }, { timeout: 100 })
    )
    expect(error).toBeInstanceOf(Anthropic.APIConnectionTimeoutError)
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    expect(message.content).toEqual([{ type: 'text', text: 'on time' }])
    expect(server.remaining()).toBe(0)
  })

  it('fails loudly, once, when the script runs out', async () => {
    const { server, client } = await setup([reply.text('only one')], 2)
    await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })

    const error = await rejection(
      client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    )
    expect(error).toBeInstanceOf(Anthropic.InternalServerError)
    expect(error.apiMessage).toContain('the script ran out')
    expect(error.apiMessage).toContain('request #2')
    // Retrying would only repeat the failure and slow the test down.
    expect(server.requests.map(r => r.status)).toEqual([200, 500])
  })

  it('takes more steps after it has started', async () => {
    const { server, client } = await setup()
    server.push(reply.text('pushed'))
    expect(server.remaining()).toBe(1)
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: question() })
    expect(message.content).toEqual([{ type: 'text', text: 'pushed' }])
  })
})

describe('the prompt-cache simulation', () => {
  const EPHEMERAL = { type: 'ephemeral' as const }
  const bigTool: Anthropic.Tool = {
    name: 'read_file',
    description: `Read a file from the checkout. ${'It explains how, at length. '.repeat(200)}`,
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
  }
  const SYSTEM = `You review pull requests. ${'Be precise and brief. '.repeat(200)}`
  const DIFF = `=== src/a.ts (added, +300 -0)\n${'  1 + export const a = 1\n'.repeat(300)}`

  const firstMessage = (breakpoint = true): Anthropic.MessageParam => ({
    role: 'user',
    content: [{ type: 'text', text: DIFF, ...(breakpoint ? { cache_control: EPHEMERAL } : {}) }]
  })

  /** A request as the review loop sends it: breakpoints on the last tool, the system prompt and the diff. */
  function request(
    options: {
      model?: string
      tool?: Anthropic.Tool
      system?: string
      messages?: Anthropic.MessageParam[]
    } = {}
  ): Anthropic.MessageCreateParamsNonStreaming {
    return {
      model: options.model ?? MODEL,
      max_tokens: 256,
      tools: [{ ...(options.tool ?? bigTool), cache_control: EPHEMERAL }],
      system: [{ type: 'text', text: options.system ?? SYSTEM, cache_control: EPHEMERAL }],
      messages: options.messages ?? [firstMessage()]
    }
  }

  /** The next turn: the model read a file, and the newest user message carries the moving breakpoint. */
  const secondTurn = (): Anthropic.MessageParam[] => [
    firstMessage(),
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }]
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: 'export const a = 1',
          cache_control: EPHEMERAL
        }
      ]
    }
  ]

  async function cached(
    count: number,
    promptCache: PromptCacheOptions | true = true
  ): Promise<{ server: MessagesServer; client: Anthropic }> {
    server = await startMessagesServer({
      script: Array.from({ length: count }, (_, i) => reply.text(`reply ${i + 1}`)),
      promptCache
    })
    return { server, client: new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 }) }
  }

  const estimate = (s: MessagesServer, i: number): number => Math.ceil((s.requests[i]?.raw.length ?? 0) / 4)
  const sum = (usage: Anthropic.Usage): number =>
    usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0)

  it('is off by default: all input is uncached, breakpoints or not', async () => {
    const { server, client } = await setup([reply.text('a'), reply.text('b')])
    for (const i of [0, 1]) {
      const { usage } = await client.messages.create(request())
      expect(usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 0 })
      expect(usage.input_tokens).toBe(estimate(server, i))
    }
  })

  it('writes the prefix up to the last breakpoint, and the next turn reads all of it', async () => {
    const { server, client } = await cached(2)
    const first = (await client.messages.create(request())).usage
    expect(first.cache_read_input_tokens).toBe(0)
    expect(first.cache_creation_input_tokens).toBeGreaterThan(Math.ceil((SYSTEM.length + DIFF.length) / 4))
    expect(sum(first)).toBe(estimate(server, 0))

    const second = (await client.messages.create(request({ messages: secondTurn() }))).usage
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens)
    // Only the new turn is written; what follows the last breakpoint is the uncached rest.
    expect(second.cache_creation_input_tokens).toBeGreaterThan(0)
    expect(second.cache_creation_input_tokens).toBeLessThan(100)
    expect(second.input_tokens).toBeLessThan(100)
    expect(sum(second)).toBe(estimate(server, 1))
  })

  it('reads the longest prefix still matching: tools, then system, then messages', async () => {
    const { client } = await cached(3)
    await client.messages.create(request())
    const otherSystem = (await client.messages.create(request({ system: `${SYSTEM} Also check tests.` })))
      .usage
    expect(otherSystem.cache_read_input_tokens).toBe(Math.ceil(JSON.stringify(bigTool).length / 4))
    const otherTool = { ...bigTool, description: `${bigTool.description} Changed.` }
    const otherTools = (await client.messages.create(request({ tool: otherTool }))).usage
    expect(otherTools.cache_read_input_tokens).toBe(0)
  })

  it.each([
    [19, true],
    [20, false]
  ])(
    'finds an entry up to 20 blocks before a breakpoint: %i blocks after it, read %s',
    async (blocks, hit) => {
      const { client } = await cached(2)
      const written = (await client.messages.create(request())).usage.cache_creation_input_tokens ?? 0
      // The diff's breakpoint is left off: only the one on the last block can find the entry.
      const messages: Anthropic.MessageParam[] = [
        firstMessage(false),
        { role: 'assistant', content: 'Noted.' },
        {
          role: 'user',
          content: Array.from({ length: blocks }, (_, i) => ({
            type: 'text' as const,
            text: `note ${i}`,
            ...(i === blocks - 1 ? { cache_control: EPHEMERAL } : {})
          }))
        }
      ]
      const read = (await client.messages.create(request({ messages }))).usage.cache_read_input_tokens ?? 0
      if (hit) expect(read).toBe(written)
      else {
        expect(read).toBeGreaterThan(0)
        expect(read).toBeLessThan(written)
      }
    }
  )

  it('caches no prefix shorter than the minimum: 1024 tokens, or 2048 for Haiku', async () => {
    const { client } = await cached(6)
    const text = 'export const b = 2\n'.repeat(300)
    const sized = (model: string, chars: number): Anthropic.MessageCreateParamsNonStreaming => ({
      model,
      max_tokens: 64,
      messages: [
        { role: 'user', content: [{ type: 'text', text: text.slice(0, chars), cache_control: EPHEMERAL }] }
      ]
    })
    for (const [model, chars, cachedAtAll] of [
      [MODEL, 1000, false],
      [MODEL, 5000, true],
      ['claude-haiku-4-5', 5000, false]
    ] as const) {
      await client.messages.create(sized(model, chars))
      const again = (await client.messages.create(sized(model, chars))).usage
      expect([model, chars, (again.cache_read_input_tokens ?? 0) > 0]).toEqual([model, chars, cachedAtAll])
      if (!cachedAtAll) expect(again.cache_creation_input_tokens).toBe(0)
    }
  })

  it('keeps entries apart per model', async () => {
    const { client } = await cached(2)
    await client.messages.create(request())
    const other = (await client.messages.create(request({ model: 'claude-sonnet-5-5' }))).usage
    expect(other.cache_read_input_tokens).toBe(0)
    expect(other.cache_creation_input_tokens).toBeGreaterThan(0)
  })

  it('lets no request read what another writes before that reply is sent', async () => {
    server = await startMessagesServer({
      script: [reply.delay(50, reply.text('slow')), reply.text('fast'), reply.text('after')],
      promptCache: true
    })
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 })
    const both = await Promise.all([client.messages.create(request()), client.messages.create(request())])
    for (const { usage } of both) {
      expect(usage.cache_read_input_tokens).toBe(0)
      expect(usage.cache_creation_input_tokens).toBeGreaterThan(0)
    }
    const after = (await client.messages.create(request())).usage
    expect(after.cache_read_input_tokens).toBe(both[0].usage.cache_creation_input_tokens)
  })

  it('forgets an entry five minutes after it was last written or read', async () => {
    let clock = 0
    const { client } = await cached(4, { now: () => clock })
    const minute = 60_000
    const reads: number[] = []
    for (const advance of [0, 4 * minute, 4 * minute, 5 * minute + 1]) {
      clock += advance
      reads.push((await client.messages.create(request())).usage.cache_read_input_tokens ?? 0)
    }
    expect(reads[0]).toBe(0)
    expect(reads[1]).toBeGreaterThan(0)
    expect(reads[2]).toBe(reads[1])
    expect(reads[3]).toBe(0)
  })

  it('gives way to the usage a step scripts', async () => {
    server = await startMessagesServer({
      script: [reply.text('x', { cache_read_input_tokens: 7, input_tokens: 3 })],
      promptCache: true
    })
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 })
    const { usage } = await client.messages.create(request())
    expect(usage).toMatchObject({ cache_read_input_tokens: 7, input_tokens: 3 })
    expect(usage.cache_creation_input_tokens).toBeGreaterThan(0)
  })
})
