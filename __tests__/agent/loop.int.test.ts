import { afterEach, describe, expect, it } from '@jest/globals'
import { z } from 'zod'
import { findingTools } from '../../src/agent/tools/finding-tools.js'
import { defineTool, ToolRegistry } from '../../src/agent/tools/registry.js'
import { block, reply } from '../../testing/messages-server.js'
import {
  CALC_HEAD,
  createWorld,
  lastUserBlocks,
  lineOf,
  review,
  startModel,
  toolResults,
  type Model,
  type ReviewWorld,
  releaseAll
} from './support/review-world.js'

let world: ReviewWorld | undefined
let model: Model | undefined

afterEach(releaseAll)

const divideLine = lineOf(CALC_HEAD, 'return a / b')
const loopLine = lineOf(CALC_HEAD, 'i <= values.length')

function divideFinding(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    severity: 'medium',
    category: 'correctness',
    file: 'src/calc.ts',
    title: 'Division by zero returns Infinity',
    description: 'divide(1, 0) returns Infinity instead of failing.',
    start_line: divideLine,
    quote: 'return a / b',
    ...extra
  }
}

describe('runAgent: a review', () => {
  it('reads, records findings and publishes, answering each turn in order', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', { path: 'src/calc.ts', start_line: 1, end_line: 3 }),
      reply.blocks([
        block.toolUse('add_finding', divideFinding()),
        block.toolUse('add_finding', {
          ...divideFinding(),
          severity: 'high',
          title: 'Loop reads past the end of the array',
          description:
            'i <= values.length reads values[values.length], which is undefined, so the mean is NaN.',
          start_line: loopLine,
          quote: 'i <= values.length',
          suggestion: '  for (let i = 0; i < values.length; i++) total += values[i]'
        })
      ]),
      reply.toolUse('publish_review', { summary: 'Adds divide and mean; mean is always NaN.' })
    ])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: true, stopReason: 'published', turns: 3, toolCalls: 4 })
    expect(run.summary).toBe('Adds divide and mean; mean is always NaN.')
    expect(run.coverageNotes).toEqual([])
    const findings = world.store.list('open')
    expect(findings.map(f => [f.startLine, f.severity])).toEqual([
      [divideLine, 'medium'],
      [loopLine, 'high']
    ])
    expect(findings[1]?.suggestion).toBe('  for (let i = 0; i < values.length; i++) total += values[i]')

    const [, second, third] = model.server.requests
    const read = toolResults(second!)
    expect(read).toHaveLength(1)
    expect(read[0]?.is_error).toBeUndefined()
    expect(String(read[0]?.content)).toContain('1\texport function add(a: number, b: number): number {')
    // Both calls of one turn are answered in one message, results in the calls' order.
    const answers = toolResults(third!)
    const calls = (third!.body.messages![3]!.content as Array<{ id?: string; type: string }>).filter(
      b => b.type === 'tool_use'
    )
    expect(answers.map(a => a.tool_use_id)).toEqual(calls.map(c => c.id))
    expect(answers.map(a => String(a.content))).toEqual([
      `Added ${findings[0]?.id}.`,
      `Added ${findings[1]?.id}.`
    ])
  })

  it('logs a line per turn with the tokens counted against the budget so far', async () => {
    world = await createWorld()
    model = await startModel([
      {
        ...reply.toolUse('read_file', { path: 'src/calc.ts' }),
        usage: { input_tokens: 1000, output_tokens: 50 }
      },
      {
        ...reply.toolUse('publish_review', { summary: 'Fine.' }),
        usage: { input_tokens: 200, output_tokens: 30, cache_read_input_tokens: 900 }
      }
    ])
    const run = await review(world, model)
    const turns = run.log.lines.filter(line => line.message.startsWith('Turn '))
    expect(turns.map(line => line.message.replace(/^.*; /, ''))).toEqual([
      '1050 of 400000 tokens so far)',
      '1280 of 400000 tokens so far)'
    ])
  })

  it('returns invalid arguments and unknown tools as errors the model corrects', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('read_file', { path: 'src/calc.ts', lines: '1-3' }),
      reply.toolUse('read_file', { path: 'src/calc.ts', start_line: '2' }),
      reply.toolUse('grep', { pattern: 'divide' }),
      reply.toolUse('add_finding', { ...divideFinding(), severity: 'severe' }),
      reply.toolUse('add_finding', divideFinding()),
      reply.toolUse('publish_review', { summary: 'One issue.' })
    ])

    const run = await review(world, model)

    expect(run.published).toBe(true)
    const results = model.server.requests.slice(1).map(r => toolResults(r)[0])
    expect(results[0]).toMatchObject({ is_error: true })
    expect(String(results[0]?.content)).toMatch(/Unrecognized key: "lines"/)
    expect(String(results[0]?.content)).toContain('Accepted fields: path, start_line, end_line, ref')
    expect(results[1]).toMatchObject({ is_error: true })
    expect(String(results[1]?.content)).toMatch(/start_line: .*expected number, received string/)
    expect(results[2]).toMatchObject({ is_error: true })
    expect(String(results[2]?.content)).toMatch(/Unknown tool 'grep'.*read_file/)
    expect(String(results[3]?.content)).toMatch(/severity: /)
    expect(results[4]?.is_error).toBeUndefined()
    expect(world.store.list()).toHaveLength(1)
  })

  it('runs every call of the turn that publishes, in order, so findings recorded after publish_review count', async () => {
    world = await createWorld()
    model = await startModel([
      reply.blocks([
        block.toolUse('read_file', 'src/calc.ts'),
        block.toolUse('publish_review', { summary: 'One issue.' }),
        block.toolUse('add_finding', divideFinding())
      ])
    ])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: true, summary: 'One issue.', turns: 1, toolCalls: 3 })
    expect(world.store.list().map(f => f.title)).toEqual(['Division by zero returns Infinity'])
    expect(model.server.remaining()).toBe(0)
    expect(run.log.lines.map(l => l.message).join('\n')).toMatch(
      /read_file error: Invalid arguments for read_file: \(arguments\)/
    )
  })

  it('accepts a medium finding outside the diff for the body, refuses a second filing of it, and locates a wrong quote', async () => {
    world = await createWorld({
      base: { 'src/calc.ts': CALC_HEAD },
      commits: [{ files: { 'src/calc.ts': CALC_HEAD.replace('  return a + b\n', '  return b + a\n') } }]
    })
    const changed = lineOf(CALC_HEAD, 'return a + b')
    const outside = lineOf(CALC_HEAD, 'return divide(total')
    const outsideFinding = {
      ...divideFinding(),
      title: 'Mean of an empty array divides by zero',
      start_line: outside,
      quote: 'return divide(total, values.length)'
    }
    model = await startModel([
      reply.toolUse('add_finding', outsideFinding),
      reply.toolUse('add_finding', { ...outsideFinding, severity: 'high', category: 'data' }),
      reply.toolUse('add_finding', { ...divideFinding(), start_line: changed, quote: 'return a / b' }),
      reply.toolUse('publish_review', { summary: 'Done.' })
    ])

    await review(world, model)

    const results = model.server.requests.slice(1).map(r => toolResults(r)[0])
    expect(results[0]?.is_error).toBeUndefined()
    expect(String(results[0]?.content)).toContain(
      'listed in the review body, not posted as an inline comment'
    )
    expect(results[1]).toMatchObject({ is_error: true })
    expect(String(results[1]?.content)).toContain('is already an open finding')
    expect(String(results[1]?.content)).not.toMatch(/\b(informational|low|medium|high|critical)\b/)
    expect(results[2]).toMatchObject({ is_error: true })
    expect(String(results[2]?.content)).toContain(`It appears at src/calc.ts:${divideLine}`)
    const [recorded] = world.store.list()
    expect(world.store.list()).toHaveLength(1)
    expect(recorded).toMatchObject({ severity: 'medium', startLine: outside, outsideDiff: true })
  })
})

describe("runAgent: one reply's calls", () => {
  it('runs the reads of one reply side by side, at most four at once, and the finding calls in order', async () => {
    world = await createWorld()
    let running = 0
    let most = 0
    const started: string[] = []
    const waiting: Array<() => void> = []
    // Each read waits until four are running (or the last has started): one run after another never gets there.
    const slowRead = defineTool({
      name: 'slow_read',
      reads: true,
      description: 'A read that takes a while.',
      schema: z.object({ n: z.number() }).strict(),
      async run({ n }) {
        running++
        most = Math.max(most, running)
        started.push(`read ${n}`)
        // Four running, or the last two: all go on a moment later, time enough for a fifth to start if it may.
        if (running === 4 || started.length === 6)
          setTimeout(() => {
            for (const release of waiting.splice(0)) release()
          }, 20)
        await new Promise<void>(resolve => waiting.push(resolve))
        running--
        return { content: `read ${n} done` }
      }
    })
    const store = world.store
    const registry = new ToolRegistry([slowRead, ...findingTools(store)])
    world.tools = registry
    model = await startModel([
      reply.blocks([
        block.toolUse('slow_read', { n: 1 }),
        block.toolUse('add_finding', divideFinding()),
        block.toolUse('slow_read', { n: 2 }),
        block.toolUse('slow_read', { n: 3 }),
        block.toolUse(
          'add_finding',
          divideFinding({
            title: 'Mean reads past the end',
            start_line: loopLine,
            quote: 'i <= values.length'
          })
        ),
        block.toolUse('slow_read', { n: 4 }),
        block.toolUse('slow_read', { n: 5 }),
        block.toolUse('slow_read', { n: 6 })
      ]),
      reply.toolUse('publish_review', { summary: 'Done.' })
    ])

    const run = await review(world, model)

    expect(run.published).toBe(true)
    expect(most).toBe(4)
    const results = toolResults(model.server.requests[1]!).map(r => String(r.content))
    expect(results.filter(r => r.startsWith('read'))).toEqual([1, 2, 3, 4, 5, 6].map(n => `read ${n} done`))
    expect(store.list().map(f => f.title)).toEqual([
      'Division by zero returns Infinity',
      'Mean reads past the end'
    ])
    // The history keeps the model's order, whatever order the reads finished in.
    expect(registry.history().map(call => call.name)).toEqual([
      'slow_read',
      'add_finding',
      'slow_read',
      'slow_read',
      'add_finding',
      'slow_read',
      'slow_read',
      'slow_read',
      'publish_review'
    ])
  })
})

describe('runAgent: stop reasons', () => {
  it('answers the complete calls of a reply cut at max_tokens, refuses the cut one, and asks for brevity', async () => {
    world = await createWorld()
    model = await startModel([
      reply.blocks(
        [block.toolUse('add_finding', divideFinding()), block.toolUse('add_finding', { severity: 'hi' })],
        'max_tokens'
      ),
      reply.toolUse('publish_review', { summary: 'Done.' })
    ])

    const run = await review(world, model)

    expect(run.published).toBe(true)
    const blocks = lastUserBlocks(model.server.requests[1]!)
    expect(blocks.map(b => b.type)).toEqual(['tool_result', 'tool_result', 'text', 'text'])
    expect(blocks[0]?.is_error).toBeUndefined()
    expect(blocks[1]).toMatchObject({ is_error: true })
    expect(String(blocks[1]?.content)).toContain('cut off at the output limit')
    expect(String(blocks[2]?.text)).toMatch(/Be brief/)
    expect(String(blocks[3]?.text)).toMatch(/^Budget: turn 2 of 16 · /)
    expect(world.store.list()).toHaveLength(1)
  })

  it('stops after a second reply cut at max_tokens and keeps the findings', async () => {
    world = await createWorld()
    model = await startModel([
      reply.blocks([block.toolUse('add_finding', divideFinding()), block.text('And then')], 'max_tokens'),
      reply.blocks([block.text('Still going')], 'max_tokens')
    ])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'max_tokens', turns: 2 })
    expect(run.coverageNotes.join(' ')).toMatch(/output limit/)
    expect(world.store.list()).toHaveLength(1)
    expect(model.server.remaining()).toBe(0)
  })

  it('stops on a refusal and keeps what was recorded', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('add_finding', divideFinding()),
      reply.blocks([block.text('I cannot help with that.')], 'refusal')
    ])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'refusal', turns: 2 })
    expect(run.coverageNotes.join(' ')).toMatch(/declined/)
    expect(world.store.list()).toHaveLength(1)
  })

  it('stops when the context window is full', async () => {
    world = await createWorld()
    model = await startModel([reply.blocks([block.text('Looking at')], 'model_context_window_exceeded')])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'model_context_window_exceeded' })
    expect(run.coverageNotes.join(' ')).toMatch(/context window/)
  })

  it('nudges once after end_turn without publish_review, then stops', async () => {
    world = await createWorld()
    model = await startModel([reply.text('The change looks fine.'), reply.text('Still fine.')])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'end_turn', turns: 2 })
    const nudge = lastUserBlocks(model.server.requests[1]!)
    expect(nudge).toHaveLength(2)
    expect(String(nudge[0]?.text)).toMatch(/publish_review/)
    expect(run.coverageNotes.join(' ')).toMatch(/without calling publish_review/)
  })

  it('answers a paused turn with a user message, never ending a request on an assistant one', async () => {
    world = await createWorld()
    model = await startModel([
      reply.blocks([block.text('Working on it')], 'pause_turn'),
      reply.toolUse('publish_review', { summary: 'Done.' })
    ])

    const run = await review(world, model)

    expect(run.published).toBe(true)
    const resumed = model.server.requests[1]!.body.messages!
    expect(resumed.map(m => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(resumed[1]?.content).toEqual([{ type: 'text', text: 'Working on it' }])
    expect(JSON.stringify(resumed[2]?.content)).toContain('Continue where you left off')
  })
})

describe('runAgent: the model API', () => {
  it('sends thinking and redacted thinking blocks back exactly as received', async () => {
    world = await createWorld()
    model = await startModel([
      reply.thinking('The divide has no zero check.', block.toolUse('read_file', { path: 'src/calc.ts' })),
      reply.blocks([
        block.redactedThinking(),
        block.thinking('Add it.'),
        block.toolUse('add_finding', divideFinding())
      ]),
      reply.toolUse('publish_review', { summary: 'Done.' })
    ])

    const run = await review(world, model)

    expect(run.published).toBe(true)
    const { requests } = model.server
    expect(requests.map(r => r.status)).toEqual([200, 200, 200])
    expect(requests[1]!.body.messages![1]!.content).toEqual(
      (requests[0]!.response as { content: unknown }).content
    )
    expect(requests[2]!.body.messages![3]!.content).toEqual(
      (requests[1]!.response as { content: unknown }).content
    )
  })

  it('lets the SDK retry an overloaded response', async () => {
    world = await createWorld()
    model = await startModel(
      [
        { status: 529, headers: { 'retry-after-ms': '5' } },
        reply.toolUse('publish_review', { summary: 'Done.' })
      ],
      { maxRetries: 2 }
    )

    const run = await review(world, model)

    expect(run).toMatchObject({ published: true, turns: 1 })
    expect(model.server.requests.map(r => r.status)).toEqual([529, 200])
  })

  it('ends with a note, not an exception, when the API rejects the request', async () => {
    world = await createWorld()
    model = await startModel([
      reply.toolUse('add_finding', divideFinding()),
      { status: 400, message: 'bad request' }
    ])

    const run = await review(world, model)

    expect(run).toMatchObject({ published: false, stopReason: 'api_error', turns: 1 })
    // After the first turn a 400 is about this conversation: neither a key problem nor a passing fault.
    expect(run.failure?.name).toBe('Error')
    expect(run.failure?.message).toContain('400 invalid_request_error: bad request')
    expect(world.store.list()).toHaveLength(1)
  })
})

describe("runAgent: reminders from the run's own tools", () => {
  it('tells a run whose terminal tool is not publish_review to call its own, and keeps its last text', async () => {
    world = await createWorld()
    const finish = defineTool({
      name: 'finish_answer',
      description: 'Ends the run.',
      schema: z.object({ text: z.string() }).strict(),
      endsRun: true,
      run: ({ text }) => ({ content: 'ok', publish: { summary: text } })
    })
    const look = defineTool({
      name: 'look',
      reads: true,
      description: 'A read.',
      schema: z.object({}).strict(),
      run: () => ({ content: 'seen' })
    })
    world.tools = new ToolRegistry([look, finish])
    model = await startModel([
      reply.text('First thoughts.'),
      reply.toolUse('look', {}),
      reply.text('It stands: nothing checks b.')
    ])

    const run = await review(world, model, { budget: { turns: 3 } })

    const told = model.server.requests.slice(1).map(r => JSON.stringify(r.body.messages))
    expect(told[0]).toContain('without calling finish_answer')
    expect(told[1]).toContain('Last turn: the turn budget ran out. Only finish_answer is answered')
    for (const text of told) expect(text).not.toMatch(/publish_review|add_finding/)
    expect(run).toMatchObject({
      published: false,
      stopReason: 'budget',
      text: 'It stands: nothing checks b.'
    })
  })
})
