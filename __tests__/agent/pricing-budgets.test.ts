import { describe, expect, it } from '@jest/globals'
import { budgetLimits, BudgetTracker } from '../../src/agent/budgets.js'
import { addUsage, costOf, emptyUsage, priceFor, UNKNOWN_MODEL_PRICE } from '../../src/agent/pricing.js'
import { BUDGET_NAMES } from '../../src/agent/budgets.js'
import { memoryLogger } from '../../src/logger.js'

describe('priceFor', () => {
  it.each([
    ['claude-sonnet-5-5', 'Claude Sonnet 5'],
    ['claude-sonnet-5-5-20260601', 'Claude Sonnet 5'],
    ['claude-opus-5-5', 'Claude Opus 5.5'],
    ['claude-opus-4-6', 'Claude Opus 4.5–5'],
    ['claude-opus-4-1-20250805', 'Claude Opus 3–4.1'],
    ['claude-sonnet-4-5-20250929', 'Claude Sonnet 3.5–4.6'],
    ['claude-3-5-haiku-20241022', 'Claude Haiku 3.5'],
    ['claude-haiku-4-5', 'Claude Haiku 4.5'],
    ['claude-fable-5-1', 'Claude Fable/Mythos 5.1']
  ])('prices %s as %s', (model, family) => {
    const log = memoryLogger()
    expect(priceFor(model, log).family).toBe(family)
    expect(log.lines).toEqual([])
  })

  it.each([
    'gateway-model-x',
    'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3',
    'meta.llama3-70b'
  ])('reports %s as unknown price, with a warning, not as another model', model => {
    const log = memoryLogger()
    expect(priceFor(model, log)).toBe(UNKNOWN_MODEL_PRICE)
    expect(UNKNOWN_MODEL_PRICE.family).toBe('unknown price')
    expect(UNKNOWN_MODEL_PRICE.input + UNKNOWN_MODEL_PRICE.output).toBe(0)
    expect(log.lines).toEqual([{ level: 'warning', message: expect.stringContaining(`'${model}'`) }])
  })

  it.each([
    ['us.anthropic.claude-sonnet-5-5', 'Claude Sonnet 5, Bedrock', 1.1],
    ['anthropic.claude-sonnet-5-5', 'Claude Sonnet 5, Bedrock', 1.1],
    ['global.anthropic.claude-sonnet-5-5', 'Claude Sonnet 5, Bedrock global', 1],
    ['eu.anthropic.claude-haiku-4-5-20251001-v1:0', 'Claude Haiku 4.5, Bedrock', 1.1],
    [
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-opus-5-5',
      'Claude Opus 5.5, Bedrock',
      1.1
    ],
    ['claude-sonnet-4-5@20250929', 'Claude Sonnet 3.5–4.6, Vertex AI', 1],
    ['claude-opus-5-5@latest', 'Claude Opus 5.5, Vertex AI', 1]
  ])('prices the provider id %s as %s', (model, family, factor) => {
    const log = memoryLogger()
    const price = priceFor(model, log)
    expect(price.family).toBe(family)
    const list = priceFor(
      family.startsWith('Claude Sonnet 5')
        ? 'claude-sonnet-5-5'
        : family.startsWith('Claude Haiku 4.5')
          ? 'claude-haiku-4-5'
          : family.startsWith('Claude Opus 5.5')
            ? 'claude-opus-5-5'
            : 'claude-sonnet-4-5'
    )
    expect(price.input).toBeCloseTo(list.input * factor, 10)
    expect(price.cacheRead).toBeCloseTo(list.cacheRead * factor, 10)
    expect(log.lines).toEqual([])
  })

  it('charges cache writes at 1.25x and reads at 0.1x of input for the default model', () => {
    const price = priceFor('claude-sonnet-5-5')
    expect(price.cacheWrite).toBeCloseTo(price.input * 1.25, 10)
    expect(price.cacheRead).toBeCloseTo(price.input * 0.1, 10)
  })

  it('accumulates tokens and cost per response', () => {
    const price = priceFor('claude-opus-5-5')
    const total = emptyUsage(price)
    const first = {
      input_tokens: 1_000_000,
      output_tokens: 0,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: 0
    }
    const second = {
      input_tokens: 0,
      output_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
      cache_read_input_tokens: 1_000_000
    }
    addUsage(total, first, price)
    addUsage(total, second, price)
    expect(total).toMatchObject({
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cacheWriteTokens: 1_000_000,
      cacheReadTokens: 1_000_000
    })
    expect(total.costUsd).toBeCloseTo(price.input + price.output + price.cacheWrite + price.cacheRead, 10)
    expect(costOf(first, price)).toBeCloseTo(price.input, 10)
  })
})

describe('budgets', () => {
  it('are the limits the budget input documents', () => {
    const minute = 60_000
    expect(budgetLimits('fast')).toEqual({
      toolCalls: 12,
      tokens: 150_000,
      wallClockMs: 4 * minute,
      turns: 8
    })
    expect(budgetLimits('standard')).toEqual({
      toolCalls: 30,
      tokens: 400_000,
      wallClockMs: 10 * minute,
      turns: 16
    })
    expect(budgetLimits('deep')).toEqual({
      toolCalls: 80,
      tokens: 1_200_000,
      wallClockMs: 30 * minute,
      turns: 40
    })
  })

  it('grows from fast to deep on every axis', () => {
    const [fast, standard, deep] = BUDGET_NAMES.map(budgetLimits)
    for (const key of ['toolCalls', 'tokens', 'wallClockMs', 'turns'] as const) {
      expect(fast![key]).toBeLessThan(standard![key])
      expect(standard![key]).toBeLessThan(deep![key])
    }
  })

  it('hands out copies, so a caller cannot raise the shared limits', () => {
    const limits = budgetLimits('fast')
    limits.toolCalls = 1000
    expect(budgetLimits('fast').toolCalls).not.toBe(1000)
  })

  it('reports the budget that ran out, counting only what it is told', () => {
    let now = 1000
    const tracker = new BudgetTracker({ toolCalls: 2, tokens: 100, wallClockMs: 50, turns: 3 }, () => now)
    expect(tracker.exhausted()).toBeUndefined()
    tracker.recordTokens(60, 39)
    expect(tracker.exhausted()).toBeUndefined()
    tracker.recordTokens(1, 0)
    expect(tracker.exhausted()).toBe('tokens')

    const clock = new BudgetTracker({ toolCalls: 2, tokens: 100, wallClockMs: 50, turns: 3 }, () => now)
    now += 49
    expect(clock.exhausted()).toBeUndefined()
    now += 1
    expect(clock.exhausted()).toBe('wall clock')
  })
})
