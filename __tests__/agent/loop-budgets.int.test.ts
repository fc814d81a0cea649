import { afterEach, describe, expect, it } from '@jest/globals'
import { reply } from '../../testing/messages-server.js'
import {
  createWorld,
  lastUserBlocks,
  review,
  startModel,
  toolResults,
  type Model,
  type ReviewWorld,
  OVERREAD_FINDING,
  releaseAll
} from './support/review-world.js'

let world: ReviewWorld | undefined
let model: Model | undefined

afterEach(releaseAll)

const finding = OVERREAD_FINDING
const read = { path: 'src/calc.ts' }

function expectStoppedBy(run: Awaited<ReturnType<typeof review>>, budget: string): void {
  expect(run).toMatchObject({ published: false, stopReason: 'budget', budgetExhausted: budget })
  expect(run.coverageNotes.join(' ')).toContain(`the ${budget} budget ran out`)
}

describe('runAgent budgets', () => {
  it('refuses reads past the tool-call budget but still records findings and publishes', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      {
        content: [
          { type: 'tool_use', name: 'add_finding', input: finding },
          { type: 'tool_use', name: 'search_code', input: { pattern: 'divide' } },
          { type: 'tool_use', name: 'list_findings', input: {} },
          { type: 'tool_use', name: 'publish_review', input: { summary: 'Done.' } }
        ],
        stop_reason: 'tool_use'
      }
    ])

    const run = await review(world, model, { budget: { toolCalls: 1 } })

    expect(run).toMatchObject({ published: true, summary: 'Done.', toolCalls: 4, turns: 3 })
    expect(world.store.list()).toHaveLength(1)
    const refused = toolResults(model.server.requests[2]!)
    expect(refused).toEqual([
      expect.objectContaining({
        is_error: true,
        content: 'budget: record your findings and call publish_review now'
      })
    ])
    expect(run.coverageNotes.join(' ')).toContain('The tool-call budget ran out')
    // The tool list is the same on every request, so the cached prefix still holds.
    const tools = model.server.requests.map(r => JSON.stringify(r.body.tools))
    expect(new Set(tools).size).toBe(1)
  })

  it('answers reads with the budget message once the next turn is the last, and still publishes', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      {
        content: [
          { type: 'tool_use', name: 'add_finding', input: finding },
          { type: 'tool_use', name: 'publish_review', input: { summary: 'Done.' } }
        ],
        stop_reason: 'tool_use'
      }
    ])

    const run = await review(world, model, { budget: { turns: 3 } })

    expect(run).toMatchObject({ published: true, summary: 'Done.', turns: 3, toolCalls: 3 })
    expect(toolResults(model.server.requests[1]!)[0]).not.toHaveProperty('is_error')
    expect(toolResults(model.server.requests[2]!)[0]).toMatchObject({
      is_error: true,
      content: 'budget: record your findings and call publish_review now'
    })
    expect(world.store.list()).toHaveLength(1)
  })

  it('stops when the tokens run out, counting input not read from the cache, and output', async () => {
    world = await createWorld()
    model = await startModel([
      {
        ...reply.toolUse('add_finding', finding),
        usage: {
          input_tokens: 100,
          output_tokens: 100,
          cache_read_input_tokens: 50_000,
          cache_creation_input_tokens: 200
        }
      },
      { ...reply.toolUse('read_file', read), usage: { input_tokens: 500, output_tokens: 300 } },
      reply.toolUse('read_file', read)
    ])

    const run = await review(world, model, { budget: { tokens: 1000 } })

    expectStoppedBy(run, 'tokens')
    expect(run.turns).toBe(2)
    expect(run.usage).toMatchObject({ inputTokens: 600, outputTokens: 400, cacheReadTokens: 50_000 })
    expect(world.store.list()).toHaveLength(1)
  })

  it('stops when the wall clock runs out', async () => {
    world = await createWorld()
    let clock = 0
    const slowly = (step: ReturnType<typeof reply.toolUse>) => () => {
      clock += 3 * 60_000
      return step
    }
    model = await startModel([
      slowly(reply.toolUse('add_finding', finding)),
      slowly(reply.toolUse('read_file', read)),
      slowly(reply.toolUse('read_file', read))
    ])

    const run = await review(world, model, { budget: { wallClockMs: 4 * 60_000 }, now: () => clock })

    expectStoppedBy(run, 'wall clock')
    expect(run.turns).toBe(2)
    expect(world.store.list()).toHaveLength(1)
  })

  it('stops when the turns run out, after warning the model once', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('add_finding', finding),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read)
    ])

    const run = await review(world, model, { budget: { turns: 3 } })

    expectStoppedBy(run, 'turns')
    expect(run.turns).toBe(3)
    expect(model.server.remaining()).toBe(1)
    const warnings = model.server.requests.flatMap(r =>
      lastUserBlocks(r).filter(b => b.type === 'text' && String(b.text).startsWith('Budget nearly used'))
    )
    expect(warnings).toHaveLength(1)
    // The warning follows the tool results, which must come first in the message.
    expect(lastUserBlocks(model.server.requests[1]!)[0]?.type).toBe('tool_result')
    expect(toolResults(model.server.requests[1]!)).toHaveLength(1)
  })
})
