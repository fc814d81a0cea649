import { afterEach, describe, expect, it } from '@jest/globals'
import { emptyUsage, priceFor } from '../../src/agent/pricing.js'
import { SYSTEM_PROMPT } from '../../src/agent/prompt.js'
import type { ToolCallRecord } from '../../src/agent/tools/registry.js'
import { readLinesAt } from '../../src/agent/tools/repo-tools.js'
import {
  buildVerifyRequest,
  citedCode,
  evidenceFor,
  parseVerdict,
  verifyFindings
} from '../../src/agent/verify.js'
import type { Finding } from '../../src/findings/finding.js'
import { memoryLogger } from '../../src/logger.js'
import { block, reply } from '../../testing/messages-server.js'
import {
  CALC_HEAD,
  createWorld,
  lineOf,
  MODEL,
  OVERREAD_FINDING,
  releaseAll,
  review,
  startModel
} from './support/review-world.js'

afterEach(releaseAll)

const FIRST = 'Review this pull request.'

const DIVIDE_FINDING = {
  file: 'src/calc.ts',
  start_line: lineOf(CALC_HEAD, 'return a / b'),
  quote: 'return a / b',
  title: 'Division by zero returns Infinity',
  description: 'divide(1, 0) returns Infinity and mean([]) returns NaN.',
  category: 'correctness',
  severity: 'medium'
}

const LOW_FINDING = {
  ...DIVIDE_FINDING,
  start_line: lineOf(CALC_HEAD, 'let total = 0'),
  quote: 'let total = 0',
  title: 'Name the accumulator sum',
  category: 'maintainability',
  severity: 'low'
}

const verdict = (real: boolean, reason: string) => reply.text(JSON.stringify({ real, reason }))

describe('parseVerdict', () => {
  it.each([
    [
      '{"real": false, "reason": "b is checked by the caller"}',
      { real: false, reason: 'b is checked by the caller' }
    ],
    [
      'Looking at it again.\n\n{"real": true, "reason": "mean([]) divides by\\n zero"}',
      { real: true, reason: 'mean([]) divides by zero' }
    ],
    [
      '{"note": {"x": 1}} then {"real": false, "reason": "uses {braces}"}',
      { real: false, reason: 'uses {braces}' }
    ]
  ])('reads %j', (text, expected) => {
    expect(parseVerdict(text)).toEqual(expected)
  })

  it.each([['It is real.'], ['{"real": "yes", "reason": "x"}'], ['{"real": true'], ['']])(
    'finds no verdict in %j',
    text => {
      expect(parseVerdict(text)).toBeUndefined()
    }
  )
})

describe('what the verifier is shown', () => {
  const record = (name: string, content: string, reads: boolean, isError = false): ToolCallRecord => ({
    name,
    input: { path: 'src/calc.ts' },
    content,
    reads,
    isError
  })

  it('gives the reads made between the previous finding call and the one that recorded this finding', () => {
    const history = [
      record('read_file', 'first read', true),
      record('add_finding', 'Added f_one.', false),
      record('search_code', 'search result', true),
      record('read_file', 'refused', true, true),
      record('list_findings', 'f_one ...', false),
      record('read_file', 'second read', true),
      record('add_finding', 'Added f_two.', false),
      record('add_finding', 'Added f_three.', false)
    ]
    expect(evidenceFor('f_two', history)).toEqual([
      'search_code {"path":"src/calc.ts"}:\nsearch result',
      'read_file {"path":"src/calc.ts"}:\nsecond read'
    ])
    expect(evidenceFor('f_three', history)).toEqual(evidenceFor('f_two', history))
    expect(evidenceFor('f_one', history)).toEqual(['read_file {"path":"src/calc.ts"}:\nfirst read'])
    expect(evidenceFor('f_none', history)).toEqual([])
  })

  it('numbers the cited lines with context and marks them', () => {
    const finding = { file: 'a.ts', startLine: 3, endLine: 4, side: 'RIGHT', quote: 'x' } as Finding
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`)
    expect(citedCode(finding, lines).split('\n')).toEqual([
      '  1  line 1',
      '  2  line 2',
      '> 3  line 3',
      '> 4  line 4',
      '  5  line 5',
      '  6  line 6',
      '  7  line 7',
      '  8  line 8',
      '  9  line 9'
    ])
  })

  it('builds a request that repeats the review prefix and forces nothing', () => {
    const request = buildVerifyRequest({
      model: MODEL,
      system: SYSTEM_PROMPT,
      tools: { definitions: () => [] } as never,
      firstUserContent: [{ type: 'text', text: 'PR context' }],
      question: 'Is it real?'
    })
    expect(request).not.toHaveProperty('tool_choice')
    expect(request).not.toHaveProperty('temperature')
    expect(request).not.toHaveProperty('top_p')
    expect(request).not.toHaveProperty('top_k')
    expect(request).not.toHaveProperty('thinking')
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'PR context', cache_control: { type: 'ephemeral' } },
          { type: 'text', text: 'Is it real?' }
        ]
      }
    ])
  })
})

describe('verifyFindings', () => {
  it('dismisses a finding the verifier rejects, keeps the real and the unreadable, and skips low ones', async () => {
    const world = await createWorld()
    const model = await startModel([
      reply.toolUse('read_file', { path: 'src/calc.ts' }),
      reply.blocks([
        block.toolUse('add_finding', OVERREAD_FINDING),
        block.toolUse('add_finding', DIVIDE_FINDING),
        block.toolUse('add_finding', LOW_FINDING),
        block.toolUse('publish_review', { summary: 'Two bugs.' })
      ])
    ])
    const run = await review(world, model, { firstUserContent: FIRST })
    expect(run.published).toBe(true)
    const [high, medium] = world.store.list()
    model.server.push(
      verdict(true, 'i <= values.length reads values[values.length].'),
      reply.thinking(
        'Checking the callers.',
        block.text('{"real": false, "reason": "divide is only called with a non-empty list; b is never 0."}')
      )
    )
    const usage = emptyUsage(priceFor(MODEL))
    const report = await verifyFindings({
      client: model.client,
      model: MODEL,
      system: SYSTEM_PROMPT,
      tools: world.tools,
      firstUserContent: FIRST,
      store: world.store,
      readHeadLines: path => readLinesAt(world.git, world.headSha, path),
      logger: memoryLogger(),
      usage
    })

    expect(report.checked).toEqual([high!.id, medium!.id])
    expect(report.dismissed).toEqual([
      { id: medium!.id, reason: 'divide is only called with a non-empty list; b is never 0.' }
    ])
    expect(world.store.get(medium!.id)).toMatchObject({
      status: 'dismissed',
      note: 'Dismissed on verification: divide is only called with a non-empty list; b is never 0.'
    })
    expect(world.store.get(high!.id)?.status).toBe('open')
    expect(world.store.list('open')).toHaveLength(2)
    expect(usage.outputTokens).toBeGreaterThan(0)

    const [loopFirst] = model.server.requests
    const checks = model.server.requests.slice(2)
    expect(checks).toHaveLength(2)
    for (const check of checks) {
      // Same system, tools and first message as the review's first request: the cached prefix.
      expect(check.body.system).toEqual(loopFirst!.body.system)
      expect(check.body.tools).toEqual(loopFirst!.body.tools)
      const content = check.body.messages![0]!.content as unknown[]
      expect(content[0]).toEqual((loopFirst!.body.messages![0]!.content as unknown[])[0])
      // The cache is keyed on tools, system and messages, in that order; other fields do not matter.
      expect(check.body.messages).toHaveLength(1)
      expect(check.body.tool_choice).toBeUndefined()
    }
    const question = JSON.stringify(checks[1]!.body.messages)
    expect(question).toContain('Division by zero returns Infinity')
    expect(question).toContain('>  6    return a / b')
    expect(question).toContain('What the reviewer read before recording it')
    expect(question).toContain('read_file {\\"path\\":\\"src/calc.ts\\"}')
  })

  it('keeps a finding when the answer is unreadable, calls a tool, or the request fails', async () => {
    const world = await createWorld()
    const model = await startModel([
      reply.blocks([
        block.toolUse('add_finding', OVERREAD_FINDING),
        block.toolUse('add_finding', DIVIDE_FINDING),
        block.toolUse('add_finding', {
          ...DIVIDE_FINDING,
          start_line: lineOf(CALC_HEAD, 'return divide'),
          quote: 'return divide',
          title: 'mean of [] is NaN'
        }),
        block.toolUse('publish_review', { summary: 'Bugs.' })
      ])
    ])
    await review(world, model, { firstUserContent: FIRST })
    model.server.push(
      reply.text('I think it is real, probably.'),
      reply.toolUse('read_file', { path: 'src/calc.ts' }),
      reply.error(400, 'bad request')
    )
    const report = await verifyFindings({
      client: model.client,
      model: MODEL,
      system: SYSTEM_PROMPT,
      tools: world.tools,
      firstUserContent: FIRST,
      store: world.store,
      readHeadLines: path => readLinesAt(world.git, world.headSha, path),
      logger: memoryLogger()
    })
    expect(report.dismissed).toEqual([])
    expect(report.kept).toHaveLength(3)
    expect(report.notes).toEqual(['Verification failed for 1 finding; it is kept.'])
    expect(world.store.list('open')).toHaveLength(3)
  })
})
