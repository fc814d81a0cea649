import { afterEach, describe, expect, it } from '@jest/globals'
import { budgetLimits } from '../../src/agent/budgets.js'
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

function textsOf(request: Parameters<typeof lastUserBlocks>[0]): string[] {
  return lastUserBlocks(request).flatMap(b => (b.type === 'text' ? [String(b.text)] : []))
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
    expect(refused).toEqual([expect.objectContaining({ is_error: true })])
    expect(String(refused[0]?.content)).toContain('tool-call budget')
    expect(run.coverageNotes.join(' ')).toContain('The tool-call budget ran out')
    // The tool list is the same on every request, so the cached prefix still holds.
    const tools = model.server.requests.map(r => JSON.stringify(r.body.tools))
    expect(new Set(tools).size).toBe(1)
  })

  it('at fast answers reads in turns 1-7, ends every turn with the budget line, and names the budget in the last', async () => {
    world = await createWorld()
    model = await startModel([
      ...Array.from({ length: 7 }, () => reply.toolUse('read_file', read)),
      {
        content: [
          { type: 'tool_use', name: 'read_file', input: read },
          { type: 'tool_use', name: 'add_finding', input: finding }
        ],
        stop_reason: 'tool_use'
      }
    ])

    const run = await review(world, model, { budget: budgetLimits('fast') })

    expectStoppedBy(run, 'turns')
    expect(run.turns).toBe(8)
    for (const [i, request] of model.server.requests.slice(1).entries()) {
      expect(toolResults(request)[0]).not.toHaveProperty('is_error')
      const texts = textsOf(request)
      expect(texts[texts.length - 1]).toMatch(
        new RegExp(
          `^Budget: turn ${i + 2} of 8 · ${12 - i - 1} reads left · \\d+k tokens left · \\d+ min left$`
        )
      )
    }
    expect(textsOf(model.server.requests[7]!).join(' ')).toContain('Last turn: the turn budget ran out')
    // The eighth reply's read was refused; its finding was recorded.
    expect(world.tools.history().filter(call => call.name === 'read_file')).toHaveLength(7)
    expect(world.store.list()).toHaveLength(1)
  })

  it('keeps the findings of the reply that spends the tokens and grants one last turn from the reserve', async () => {
    world = await createWorld()
    const second = {
      ...finding,
      start_line: finding.start_line + 1,
      quote: 'return divide',
      title: 'Mean of nothing'
    }
    model = await startModel([
      {
        ...reply.toolUse('read_file', read),
        usage: {
          input_tokens: 100,
          output_tokens: 100,
          cache_read_input_tokens: 50_000,
          cache_creation_input_tokens: 200
        }
      },
      {
        content: [
          { type: 'tool_use', name: 'add_finding', input: finding },
          { type: 'tool_use', name: 'read_file', input: read },
          { type: 'tool_use', name: 'add_finding', input: second }
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 300, output_tokens: 300 }
      },
      reply.toolUse('publish_review', { summary: 'Two problems.' })
    ])

    const run = await review(world, model, { budget: { tokens: 1000 } })

    expect(run).toMatchObject({
      published: true,
      summary: 'Two problems.',
      budgetExhausted: 'tokens',
      turns: 3
    })
    expect(world.store.list().map(f => f.title)).toEqual([finding.title, 'Mean of nothing'])
    const last = model.server.requests[2]!
    expect(toolResults(last).map(r => r.is_error === true)).toEqual([false, true, false])
    expect(String(toolResults(last)[1]?.content)).toContain('token budget ran out')
    expect(textsOf(last).join(' ')).toContain('Last turn: the token budget ran out')
  })

  it('ends as a budget end after the last turn when the model does not publish', async () => {
    world = await createWorld()
    model = await startModel([
      { ...reply.toolUse('add_finding', finding), usage: { input_tokens: 900, output_tokens: 100 } },
      reply.toolUse('read_file', read)
    ])

    const run = await review(world, model, { budget: { tokens: 1000 } })

    expectStoppedBy(run, 'tokens')
    expect(run.turns).toBe(2)
    expect(world.store.list()).toHaveLength(1)
  })

  it('keeps the reply that arrives after the wall clock ran out, then grants the last turn', async () => {
    world = await createWorld()
    let clock = 0
    const slowly = (step: ReturnType<typeof reply.toolUse>) => () => {
      clock += 3 * 60_000
      return step
    }
    model = await startModel([
      slowly(reply.toolUse('read_file', read)),
      slowly(reply.toolUse('add_finding', finding)),
      slowly(reply.toolUse('read_file', read))
    ])

    const run = await review(world, model, { budget: { wallClockMs: 4 * 60_000 }, now: () => clock })

    expectStoppedBy(run, 'wall clock')
    expect(run.turns).toBe(3)
    expect(world.store.list()).toHaveLength(1)
    expect(textsOf(model.server.requests[2]!).join(' ')).toContain('Last turn: the wall-clock budget ran out')
  })

  it('warns of each budget once as it nears its end, and stops when the turns run out', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read),
      reply.toolUse('read_file', read)
    ])

    const run = await review(world, model, { budget: { turns: 4, toolCalls: 4 } })

    expectStoppedBy(run, 'turns')
    expect(run.turns).toBe(4)
    expect(model.server.remaining()).toBe(1)
    const texts = model.server.requests.map(r => textsOf(r).join(' '))
    // The reads warn first (one left after the first turn's read leaves three), then the turns.
    expect(texts[1]).toContain('Few repository reads are left')
    expect(texts[2]).toContain('Few turns are left')
    expect(texts[2]).not.toContain('Few repository reads')
    expect(texts[3]).toContain('Last turn: the turn budget ran out')
    // The budget texts follow the tool results, which must come first in the message.
    expect(lastUserBlocks(model.server.requests[1]!)[0]?.type).toBe('tool_result')
  })
})
