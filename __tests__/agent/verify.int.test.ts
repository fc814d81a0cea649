import { afterEach, describe, expect, it } from '@jest/globals'
import { emptyUsage, priceFor } from '../../src/agent/pricing.js'
import { budgetLimits } from '../../src/agent/budgets.js'
import { reviewWithAgent } from '../../src/agent/reviewer.js'
import { readLinesAt, repoTools } from '../../src/agent/tools/repo-tools.js'
import type { LearnedRuleText } from '../../src/agent/learned-rules.js'
import {
  citedCode,
  parseVerdict,
  parseVerdicts,
  verifyFindings,
  VERIFY_SYSTEM_PROMPT
} from '../../src/agent/verify.js'
import { triage } from '../../src/diff/triage.js'
import type { Finding } from '../../src/findings/finding.js'
import { memoryLogger } from '../../src/logger.js'
import { block, reply } from '../../testing/messages-server.js'
import {
  CALC_HEAD,
  createWorld,
  DEFAULT_SPEC,
  lastUserBlocks,
  lineOf,
  MODEL,
  OVERREAD_FINDING,
  releaseAll,
  review,
  startModel,
  toolResults,
  type Model,
  type ReviewWorld
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

  it('reads one verdict per finding, the last per id, with null as undecided', () => {
    const verdicts = parseVerdicts(
      'Reading done.\n{"id": "f_a", "real": true, "reason": "x"}\n{"id": "f_b", "real": null, "reason": "unclear"}\n' +
        '{"id": "f_a", "real": false, "reason": "guarded by the caller"}\n{"real": false, "reason": "no id"}'
    )
    expect([...verdicts.values()]).toEqual([
      { id: 'f_a', real: false, reason: 'guarded by the caller' },
      { id: 'f_b', real: null, reason: 'unclear' }
    ])
  })
})

const CALLER = [
  "import { mean } from './calc.js'",
  '',
  'export function report(values: number[]): string {',
  "  if (values.length === 0) return 'none'",
  '  return String(mean(values))',
  '}',
  ''
].join('\n')

const SPEC = {
  ...DEFAULT_SPEC,
  commits: [{ files: { 'src/calc.ts': CALC_HEAD, 'src/report.ts': CALLER }, message: 'Add divide and mean' }]
}

async function recorded(world: ReviewWorld, model: Model, findings: object[]): Promise<void> {
  model.server.push(
    reply.blocks([
      ...findings.map(finding => block.toolUse('add_finding', finding)),
      block.toolUse('publish_review', { summary: 'Bugs.' })
    ])
  )
  await review(world, model, { firstUserContent: FIRST })
}

function verifyWith(world: ReviewWorld, model: Model, usage?: ReturnType<typeof emptyUsage>) {
  return verifyFindings({
    client: model.client,
    model: MODEL,
    store: world.store,
    repoTools: repoTools({
      git: world.git,
      headSha: world.headSha,
      baseSha: world.baseSha,
      files: world.files
    }),
    files: world.files,
    readHeadLines: path => readLinesAt(world.git, world.headSha, path),
    logger: memoryLogger(),
    ...(usage ? { usage } : {})
  })
}

const said = (id: string, real: boolean | null, reason: string) => JSON.stringify({ id, real, reason })

describe('verifyFindings', () => {
  it('reads a caller in a conversation of its own and dismisses what it rejects, with the reason', async () => {
    const world = await createWorld(SPEC)
    const model = await startModel()
    await recorded(world, model, [OVERREAD_FINDING, DIVIDE_FINDING, LOW_FINDING])
    const [high, medium] = world.store.list()
    model.server.push(
      reply.toolUse('find_references', { symbol: 'mean', context: 1 }),
      reply.thinking(
        'report() guards the empty list.',
        block.text(
          `${said(high!.id, true, 'i <= values.length reads values[values.length].')}\n` +
            said(medium!.id, false, 'report() returns early for an empty list, so b is never 0.')
        )
      )
    )
    const usage = emptyUsage(priceFor(MODEL))
    const report = await verifyWith(world, model, usage)

    expect(report.checked).toEqual([high!.id, medium!.id])
    expect(report.dismissed).toEqual([
      { id: medium!.id, reason: 'report() returns early for an empty list, so b is never 0.' }
    ])
    expect(world.store.get(medium!.id)).toMatchObject({
      status: 'dismissed',
      note: 'Dismissed on verification: report() returns early for an empty list, so b is never 0.'
    })
    expect(world.store.get(high!.id)?.status).toBe('open')
    expect(usage.outputTokens).toBeGreaterThan(0)

    const checks = model.server.requests.slice(1)
    expect(checks).toHaveLength(2)
    for (const check of checks) {
      expect(check.body.system).toEqual([
        { type: 'text', text: VERIFY_SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }
      ])
      expect(check.body.tools?.map(tool => tool.name)).toEqual([
        'read_file',
        'search_code',
        'find_references'
      ])
      expect(check.body.tool_choice).toBeUndefined()
      expect(check.body.messages?.[check.body.messages.length - 1]?.role).toBe('user')
    }
    const first = JSON.stringify(checks[0]!.body.messages)
    expect(first).toContain('Division by zero returns Infinity')
    expect(first).toContain('>  6    return a / b')
    // Its own evidence, not the reviewer's conversation.
    expect(first).not.toContain(FIRST)
    expect(JSON.stringify(toolResults(checks[1]!))).toContain("if (values.length === 0) return 'none'")
  })

  it('keeps what it cannot decide, what it does not answer, and everything when a request fails', async () => {
    const world = await createWorld(SPEC)
    const model = await startModel()
    const third = {
      ...DIVIDE_FINDING,
      start_line: lineOf(CALC_HEAD, 'return divide'),
      quote: 'return divide',
      title: 'mean of [] is NaN'
    }
    await recorded(world, model, [OVERREAD_FINDING, DIVIDE_FINDING, third])
    const [high] = world.store.list()
    model.server.push(
      reply.text(`I think so. ${said(high!.id, null, 'the callers are not in this repository')}`),
      reply.text('Still thinking.')
    )
    const report = await verifyWith(world, model)
    expect(report.dismissed).toEqual([])
    expect(report.kept).toHaveLength(3)
    expect(world.store.list('open')).toHaveLength(3)
    expect(JSON.stringify(lastUserBlocks(model.server.requests[2]!))).toContain('Give your verdicts now')

    model.server.push(reply.error(400, 'bad request'))
    const failed = await verifyWith(world, model)
    expect(failed.notes).toEqual(['Verification failed for 3 findings; they are kept.'])
    expect(world.store.list('open')).toHaveLength(3)
  })
})

describe('the check in a review', () => {
  const input = async (
    world: ReviewWorld,
    model: Model,
    verify: boolean,
    passes: number,
    learnedRules?: LearnedRuleText[]
  ) => {
    const reviewed = triage(world.files)
    const entries = reviewed.reviewable
    const batches = passes > 1 ? entries.map(entry => ({ files: [entry] })) : [{ files: entries }]
    return reviewWithAgent({
      client: model.client,
      model: MODEL,
      budget: budgetLimits('standard'),
      run: { passes: 5, tokens: Number.POSITIVE_INFINITY },
      concurrency: 1,
      git: world.git,
      headSha: world.headSha,
      baseSha: world.baseSha,
      prFiles: world.files,
      lineSet: world.lines,
      triage: reviewed,
      carried: [],
      batches,
      verify,
      context: {
        repository: 'o/r',
        pr: { number: 1, title: 'Calc', body: '' },
        guidance: [],
        instructions: '',
        ...(learnedRules ? { learnedRules } : {})
      },
      logger: memoryLogger()
    })
  }

  it("gives the check the team's learned rules that cover its findings' files", async () => {
    const world = await createWorld(SPEC)
    const calcRule: LearnedRuleText = {
      id: 'L-calc000001',
      title: 'Division by zero in calc',
      text: 'Do not flag division by zero in src/calc.ts: its callers reject empty input.',
      paths: ['src/calc.ts']
    }
    const otherRule: LearnedRuleText = { title: 'Vendored code', text: 'Skip vendor/.', paths: ['vendor/**'] }
    const model = await startModel([
      reply.blocks([
        block.toolUse('add_finding', DIVIDE_FINDING),
        block.toolUse('publish_review', { summary: 'One.' })
      ]),
      request => {
        const id = /(f_[a-z0-9]{6}): medium/.exec(JSON.stringify(request.body.messages))?.[1] ?? 'none'
        return reply.text(said(id, false, 'The team rule L-calc000001 covers it and this case is the same.'))
      }
    ])
    const result = await input(world, model, true, 1, [calcRule, otherRule])
    expect(result.findings).toEqual([expect.objectContaining({ status: 'dismissed' })])
    const [review, check] = model.server.requests.map(request => JSON.stringify(request.body.messages))
    for (const message of [review!, check!]) {
      expect(message).toContain('<untrusted-data source=\\"learned-rule:L-calc000001\\">')
      expect(message).toContain('its callers reject empty input')
      expect(message).not.toContain('Skip vendor/.')
    }
    expect(check).toContain('It covers these cited files:\\n- src/calc.ts')
  })

  it('runs after a review in several passes, and makes no request when it is off', async () => {
    const world = await createWorld(SPEC)
    const model = await startModel([
      reply.blocks([
        block.toolUse('add_finding', DIVIDE_FINDING),
        block.toolUse('publish_review', { summary: 'One.' })
      ]),
      reply.toolUse('publish_review', { summary: 'None.' }),
      request => {
        const id = /(f_[a-z0-9]{6}): medium/.exec(JSON.stringify(request.body.messages))?.[1] ?? 'none'
        return reply.text(said(id, false, 'mean is never called with an empty list.'))
      },
      // The summary is written after the check, so it speaks of what stands.
      request => {
        expect(JSON.stringify(request.body.messages)).toContain('No finding is open.')
        return reply.text('A summary of both passes.')
      }
    ])
    const result = await input(world, model, true, 2)
    expect(result.findings).toEqual([expect.objectContaining({ status: 'dismissed' })])
    expect(model.server.requests[2]?.body.system).toEqual([
      { type: 'text', text: VERIFY_SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }
    ])
    expect(model.server.remaining()).toBe(0)

    const quiet = await startModel([
      reply.blocks([
        block.toolUse('add_finding', DIVIDE_FINDING),
        block.toolUse('publish_review', { summary: 'One.' })
      ])
    ])
    const world2 = await createWorld(SPEC)
    const off = await input(world2, quiet, false, 1)
    expect(off.findings).toEqual([expect.objectContaining({ status: 'open' })])
    expect(quiet.server.requests).toHaveLength(1)
  })
})
