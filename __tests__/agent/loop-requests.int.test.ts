import { afterEach, describe, expect, it } from '@jest/globals'
import { createAnthropic } from '../../src/agent/client.js'
import { costOf, priceFor } from '../../src/agent/pricing.js'
import { SYSTEM_PROMPT } from '../../src/agent/prompt.js'
import { block, reply, type RecordedMessagesRequest } from '../../testing/messages-server.js'
import {
  createWorld,
  MODEL,
  review,
  startModel,
  type Model,
  type ReviewWorld,
  OVERREAD_FINDING,
  releaseAll
} from './support/review-world.js'

let world: ReviewWorld | undefined
let model: Model | undefined

afterEach(releaseAll)

const finding = OVERREAD_FINDING

function breakpoints(request: RecordedMessagesRequest): string[] {
  const found: string[] = []
  const { tools = [], system, messages = [] } = request.body
  tools.forEach((tool, i) => tool.cache_control && found.push(`tool ${i}`))
  if (Array.isArray(system)) system.forEach((b, i) => b.cache_control && found.push(`system ${i}`))
  messages.forEach((message, m) => {
    if (!Array.isArray(message.content)) return
    message.content.forEach((b, i) => b.cache_control && found.push(`message ${m}.${i}`))
  })
  return found
}

function commonPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

async function fourTurnReview(): Promise<Model> {
  world = await createWorld()
  model = await startModel([
    reply.thinking('Check the loop.', block.toolUse('read_file', { path: 'src/calc.ts' })),
    reply.blocks([
      block.toolUse('search_code', { pattern: 'mean(', fixed: true }),
      block.toolUse('list_directory', { path: 'src' })
    ]),
    reply.toolUse('add_finding', finding),
    reply.toolUse('publish_review', { summary: 'One bug.' })
  ])
  await review(world, model, { firstUserContent: `Pull request context\n${'diff line\n'.repeat(200)}` })
  return model
}

describe('runAgent requests', () => {
  it('sends the same system prompt and tools every turn, never forcing a tool', async () => {
    const { server } = await fourTurnReview()

    expect(server.requests).toHaveLength(4)
    const toolsJson = JSON.stringify(server.requests[0]!.body.tools)
    for (const request of server.requests) {
      expect(request.status).toBe(200)
      expect(request.body.system).toEqual([
        { type: 'text', text: SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }
      ])
      expect(JSON.stringify(request.body.tools)).toBe(toolsJson)
      expect(request.body.tool_choice).toBeUndefined()
    }
    expect(server.requests[0]!.body.tools!.map(t => t.name)).toEqual([
      'read_file',
      'list_directory',
      'search_code',
      'find_definition',
      'find_references',
      'get_related_files',
      'get_diff',
      'add_finding',
      'update_finding',
      'list_findings',
      'publish_review'
    ])
  })

  it('marks the prefix for caching and keeps each request a byte prefix of the next', async () => {
    const { server } = await fourTurnReview()
    const lastTool = server.requests[0]!.body.tools!.length - 1

    expect(breakpoints(server.requests[0]!)).toEqual([`tool ${lastTool}`, 'system 0', 'message 0.0'])
    server.requests.slice(1).forEach((request, i) => {
      const last = request.body.messages!.length - 1
      const lastBlock = (request.body.messages![last]!.content as unknown[]).length - 1
      expect(breakpoints(request)).toEqual([
        `tool ${lastTool}`,
        'system 0',
        'message 0.0',
        `message ${last}.${lastBlock}`
      ])
      // Everything up to the previous request's moving breakpoint is sent again byte for byte.
      const previous = server.requests[i]!.raw
      const moving = previous.lastIndexOf(',"cache_control":{"type":"ephemeral"}')
      expect(commonPrefix(previous, request.raw)).toBeGreaterThanOrEqual(moving)
    })
  })

  it('accounts usage and cost of every response, also when a later request fails', async () => {
    world = await createWorld()
    const usage = {
      input_tokens: 1200,
      output_tokens: 340,
      cache_read_input_tokens: 9000,
      cache_creation_input_tokens: 2500
    }
    model = await startModel([{ ...reply.toolUse('add_finding', finding), usage }, { status: 401 }])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'api_error', turns: 1 })
    expect(run.failure?.name).toBe('ModelAccessError')
    expect(run.failure?.message).toContain('401 authentication_error')
    expect(run.usage).toMatchObject({
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      cacheReadTokens: usage.cache_read_input_tokens,
      cacheWriteTokens: usage.cache_creation_input_tokens
    })
    expect(run.usage.costUsd).toBeCloseTo(costOf(usage, priceFor(MODEL)), 10)
    expect(run.usage.costUsd).toBeGreaterThan(0)
    expect(world.store.list()).toHaveLength(1)
  })

  it('returns a result with zero usage when the key is refused on the first request', async () => {
    world = await createWorld()
    model = await startModel([reply.toolUse('publish_review', { summary: 'never sent' })])
    model = {
      ...model,
      client: createAnthropic({ apiKey: 'sk-ant-wrong', baseUrl: model.server.url, maxRetries: 0 })
    }

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'api_error', turns: 0, toolCalls: 0 })
    expect(run.usage).toMatchObject({ inputTokens: 0, outputTokens: 0, costUsd: 0 })
    expect(run.failure?.message).toBe('The Anthropic API rejected the key (401 authentication_error).')
  })
})
