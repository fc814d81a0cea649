import { afterEach, describe, expect, it } from '@jest/globals'
import { reply } from '../support/messages-server.js'
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
  it('stops when the tool calls run out, keeping the findings', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('add_finding', finding),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read)
    ])

    const run = await review(world, model, { budget: { toolCalls: 2 } })

    expectStoppedBy(run, 'tool calls')
    expect(run).toMatchObject({ turns: 2, toolCalls: 2 })
    expect(world.store.list()).toHaveLength(1)
    expect(model.server.remaining()).toBe(1)
  })

  it('refuses calls past the tool-call budget but still accepts publish_review', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', read),
      {
        content: [
          { type: 'tool_use', name: 'add_finding', input: finding },
          { type: 'tool_use', name: 'read_file', input: read },
          { type: 'tool_use', name: 'publish_review', input: { summary: 'Done.' } }
        ],
        stop_reason: 'tool_use'
      }
    ])

    const run = await review(world, model, { budget: { toolCalls: 2 } })

    expect(run).toMatchObject({ published: true, summary: 'Done.', toolCalls: 3 })
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
