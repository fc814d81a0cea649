import { afterEach, describe, expect, it } from '@jest/globals'
import { distillRules, LEARN_BUDGET, LEARN_SYSTEM_PROMPT, type DistillInput } from '../../src/agent/index.js'
import { memoryLogger } from '../../src/logger.js'
import { block, reply } from '../../testing/messages-server.js'
import {
  createWorld,
  lastUserBlocks,
  MODEL,
  releaseAll,
  startModel,
  toolResults,
  type Model
} from './support/review-world.js'

afterEach(releaseAll)

const LINKS = [
  'https://github.com/acme/shop/pull/12#discussion_r1',
  'https://github.com/acme/shop/pull/15#discussion_r2',
  'https://github.com/acme/shop/pull/19#discussion_r3'
]
const EVIDENCE = `3 items.\n\nE1\n<untrusted-data source="evidence E1">\nlink: ${LINKS[0]}\n</untrusted-data>`
const RULES = 'The file holds no rules yet.'

const PROPOSAL = {
  rules: [
    {
      title: 'Null checks in legacy code',
      rule: 'Do not flag missing null checks in src/legacy/: every caller validates first.',
      paths: ['src/legacy/**'],
      evidence: LINKS
    }
  ],
  remove: [{ id: 'L-0123456789', reason: 'Authors fix these now.', evidence: [LINKS[0]] }]
}

function input(model: Model, extra: Partial<DistillInput> = {}) {
  const logger = memoryLogger()
  return {
    logger,
    input: { client: model.client, model: MODEL, evidence: EVIDENCE, currentRules: RULES, logger, ...extra }
  }
}

describe('distillRules', () => {
  it('hands back the fields of the propose_rules call, with the evidence and rules in the first message', async () => {
    const model = await startModel([reply.toolUse('propose_rules', PROPOSAL)])
    const { input: given } = input(model)
    const result = await distillRules(given)
    expect(result.rules).toEqual(PROPOSAL.rules)
    expect(result.removals).toEqual(PROPOSAL.remove)
    expect(result.run).toMatchObject({ published: true, turns: 1 })
    expect(result.instructions).toContain(LEARN_SYSTEM_PROMPT)
    const [request] = model.server.requests
    expect(request!.body.tools!.map(tool => tool.name)).toEqual(['propose_rules'])
    expect(request!.body.tool_choice).toBeUndefined()
    expect(request!.body.temperature).toBeUndefined()
    const first = JSON.stringify(request!.body.messages![0]!.content)
    expect(first).toContain(LINKS[0])
    expect(first).toContain(RULES)
    expect(first).toContain('No repository reads are offered')
  })

  it('offers read_file, list_directory and search_code over the given commit, and only those', async () => {
    const world = await createWorld()
    const model = await startModel([
      reply.thinking('Check where the legacy code lives.', block.toolUse('list_directory', { path: 'src' })),
      reply.toolUse('propose_rules', { rules: [] })
    ])
    const { input: given } = input(model, { git: world.git, headSha: world.headSha })
    const result = await distillRules(given)
    expect(result.rules).toEqual([])
    expect(result.removals).toEqual([])
    const [first, second] = model.server.requests
    expect(first!.body.tools!.map(tool => tool.name)).toEqual([
      'read_file',
      'list_directory',
      'search_code',
      'propose_rules'
    ])
    const [listing] = toolResults(second!)
    expect(listing!.is_error).toBeUndefined()
    expect(String(listing!.content)).toContain('calc.ts')
    // The thinking block went back as it came (the stand-in refuses a request that altered it).
    expect(second!.status).toBe(200)
  })

  it('proposes nothing, throws nothing and says why when the model answers in text', async () => {
    const model = await startModel([
      reply.text('I think the team dislikes null-check findings in legacy code.'),
      reply.text('Still no tool call.')
    ])
    const { input: given, logger } = input(model)
    const result = await distillRules(given)
    expect(result.rules).toEqual([])
    expect(result.removals).toEqual([])
    expect(result.run.published).toBe(false)
    // One reminder to call the tool, then the run ends.
    expect(model.server.requests).toHaveLength(2)
    expect(JSON.stringify(lastUserBlocks(model.server.requests[1]!))).toContain('propose_rules')
    const warnings = logger.lines.filter(line => line.level === 'warning').map(line => line.message)
    expect(warnings).toContain(
      'No rules were proposed: the model answered in text without calling propose_rules. Nothing is learned from this run.'
    )
  })

  it('answers a wrong call with a clear tool error, and takes the corrected call', async () => {
    const model = await startModel([
      reply.toolUse('propose_rules', {
        rules: [{ title: 'No evidence', rule: 'Do not flag x.' }],
        extra: true
      }),
      reply.toolUse('propose_rules', PROPOSAL)
    ])
    const { input: given } = input(model)
    const result = await distillRules(given)
    const [error] = toolResults(model.server.requests[1]!)
    expect(error!.is_error).toBe(true)
    expect(String(error!.content)).toMatch(/Invalid arguments for propose_rules: .*rules\.0\.paths/)
    expect(String(error!.content)).toContain('call propose_rules again')
    expect(result.rules).toEqual(PROPOSAL.rules)
    expect(result.run.turns).toBe(2)
  })

  it('refuses more than 30 rules in one call, so the model sends fewer', async () => {
    const rule = PROPOSAL.rules[0]!
    const model = await startModel([
      reply.toolUse('propose_rules', { rules: Array.from({ length: 31 }, () => rule) }),
      reply.text('Giving up.'),
      reply.text('Done.')
    ])
    const result = await distillRules(input(model).input)
    expect(String(toolResults(model.server.requests[1]!)[0]!.content)).toMatch(/rules: .*30/)
    expect(result.rules).toEqual([])
  })

  it('keeps a fixed budget, and a failed request proposes nothing with a clear line', async () => {
    expect(LEARN_BUDGET).toEqual({ turns: 6, toolCalls: 8, tokens: 150_000, wallClockMs: 240_000 })
    const model = await startModel([reply.error(400, 'bad request')])
    const { input: given, logger } = input(model)
    const result = await distillRules(given)
    expect(result.rules).toEqual([])
    expect(result.run.failure).toBeDefined()
    expect(
      logger.lines.some(line => /No rules were proposed: the model request failed/.test(line.message))
    ).toBe(true)
  })
})
