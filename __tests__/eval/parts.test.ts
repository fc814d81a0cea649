import { describe, expect, it } from '@jest/globals'
import { postedComments, type FileFinding } from '../../eval/capture.js'
import { estimate, reviewTokens } from '../../eval/estimate.js'
import { conversationStats } from '../../eval/exchanges.js'
import { lexicalJudge, parseJudgeAnswer } from '../../eval/judge.js'
import { parseArm } from '../../eval/live.js'
import { resultFileBase } from '../../eval/live-cli.js'
import type { Fixture } from '../../eval/model.js'
import { checkSuggestion, suggestionPatch } from '../../eval/suggestions.js'
import { comment, defect } from './records.js'
import { overridden, type Overrides } from '../support/overrides.js'

const HEAD = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n') + '\n'

describe('suggestions', () => {
  it('writes the unified diff that replaces the cited lines, with context', () => {
    expect(suggestionPatch('x.ts', HEAD.trimEnd().split('\n'), 4, 5, 'D\nE\nE2')).toBe(
      [
        '--- a/x.ts',
        '+++ b/x.ts',
        '@@ -1,8 +1,9 @@',
        ' a',
        ' b',
        ' c',
        '-d',
        '-e',
        '+D',
        '+E',
        '+E2',
        ' f',
        ' g',
        ' h',
        ''
      ].join('\n')
    )
  })

  it('applies with git apply when the lines are there, and says why when not', () => {
    expect(
      checkSuggestion(comment('c', { file: 'x.ts', startLine: 2, endLine: 2, suggestion: 'B' }), HEAD)
    ).toEqual({
      commentId: 'c',
      applies: true
    })
    expect(
      checkSuggestion(comment('c', { file: 'x.ts', startLine: 2, endLine: 2, suggestion: 'b' }), HEAD)
    ).toMatchObject({
      applies: false,
      reason: 'the suggestion changes nothing'
    })
    expect(
      checkSuggestion(comment('c', { file: 'x.ts', startLine: 8, endLine: 9, suggestion: 'z' }), HEAD)
    ).toMatchObject({
      applies: false
    })
    expect(checkSuggestion(comment('c', { file: 'x.ts', suggestion: 'z' }), undefined).applies).toBe(false)
  })

  it('refuses a range past the end of the head file', () => {
    expect(
      checkSuggestion(comment('c', { file: 'x.ts', startLine: 20, endLine: 20, suggestion: 'B' }), HEAD)
        .reason
    ).toMatch(/past the end/)
  })
})

describe('the judge answer', () => {
  it('reads the JSON object out of surrounding text and keeps only defect numbers that exist', () => {
    expect(parseJudgeAnswer('Here: {"same_issue": [1, 3, 9], "reason": "x"} done', 3)).toEqual([1, 3])
    expect(parseJudgeAnswer('{"same_issue": []}', 2)).toEqual([])
    expect(parseJudgeAnswer('no json', 2)).toBeUndefined()
    expect(parseJudgeAnswer('{"same": [1]}', 2)).toBeUndefined()
    expect(parseJudgeAnswer('{"same_issue": [1,}', 2)).toBeUndefined()
  })

  it('lexical judge: a restatement matches, an unrelated remark does not', async () => {
    const d = defect('d', {
      description: 'The exclusive slice end is start + pageSize - 1, so every page drops its last item.'
    })
    const verdicts = await lexicalJudge().verdicts(
      [
        comment('same', { title: 'Page drops its last item', description: d.description }),
        comment('other', { title: 'Vague name', description: 'This identifier is vague; rename it.' })
      ],
      [d]
    )
    expect(verdicts).toEqual({ same: ['d'], other: [] })
  })
})

describe('arms', () => {
  it('parses name=input:value,input:value', () => {
    expect(parseArm('base=')).toEqual({ name: 'base', inputs: {} })
    expect(parseArm('verify=verify-findings:true,budget:deep')).toEqual({
      name: 'verify',
      inputs: { 'verify-findings': 'true', budget: 'deep' }
    })
    expect(parseArm('opus=model:claude-opus-5-5')).toEqual({
      name: 'opus',
      inputs: { model: 'claude-opus-5-5' }
    })
  })

  it('says what is wrong with a malformed arm', () => {
    expect(() => parseArm('x=verify-findings')).toThrow("'verify-findings' is not input:value")
    expect(() => parseArm('=a:b')).toThrow('the name must be')
  })

  it('names result files by date and model', () => {
    expect(resultFileBase(new Date('2026-12-01T10:00:00Z'), 'claude-sonnet-5-5')).toBe(
      '2026-12-01-claude-sonnet-5-5'
    )
    expect(resultFileBase(new Date('2026-12-01T10:00:00Z'), 'vendor/model x')).toBe(
      '2026-12-01-vendor_model_x'
    )
  })
})

describe('estimate', () => {
  const fixture = (id: string, fix: boolean, golden = 1): Fixture => ({
    id,
    language: 'typescript',
    title: id,
    body: '',
    holdout: false,
    clean: golden === 0,
    base: {},
    head: { 'src/a.ts': 'x'.repeat(3500) },
    deleted: [],
    golden: Array.from({ length: golden }, (_, i) => defect(`${id}/${i}`)),
    ...(fix ? { fix: { files: {}, message: 'fix' } } : {})
  })

  it('grows with runs and arms, counts re-reviews, and the judge only where there are defects', () => {
    const one = estimate({
      fixtures: [fixture('a', false)],
      runs: 1,
      armModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    const three = estimate({
      fixtures: [fixture('a', false)],
      runs: 3,
      armModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    expect(three.totalUsd).toBeCloseTo(one.totalUsd * 3)
    const withFix = estimate({
      fixtures: [fixture('a', true)],
      runs: 1,
      armModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    expect(withFix.reviews).toBe(2)
    expect(withFix.reviewerUsd).toBeGreaterThan(one.reviewerUsd)
    const clean = estimate({
      fixtures: [fixture('c', false, 0)],
      runs: 1,
      armModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    expect(clean.judgeCalls).toBe(0)
    expect(clean.judgeUsd).toBe(0)
    const twoArms = estimate({
      fixtures: [fixture('a', false)],
      runs: 1,
      armModels: ['claude-sonnet-5-5', 'claude-opus-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    expect(twoArms.reviews).toBe(2)
    expect(twoArms.reviewerUsd).toBeGreaterThan(2 * one.reviewerUsd)
  })

  it('prices with the action’s price table, the cached case below the uncached bound', () => {
    const e = estimate({
      fixtures: [fixture('a', false)],
      runs: 1,
      armModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-opus-5-5'
    })
    const t = reviewTokens(fixture('a', false))
    // Sonnet 5: $2.5 per million cache writes, $0.2 reads, $10 output.
    expect(e.reviewerUsd).toBeCloseTo((t.cacheWrite * 2.5 + t.cacheRead * 0.2 + t.output * 10) / 1e6)
    expect(e.upperUsd).toBeGreaterThan(e.totalUsd)
  })
})

describe('conversationStats', () => {
  it('counts requests, tool calls, quote refusals in the new message of answered requests, and tokens', () => {
    const refusal = {
      type: 'tool_result',
      tool_use_id: 't1',
      is_error: true,
      content: 'The quote does not appear in a.ts 3 (RIGHT).'
    }
    const stats = conversationStats([
      {
        request: { messages: [{ role: 'user', content: 'review' }] },
        status: 200,
        response: {
          content: [
            { type: 'tool_use', name: 'add_finding' },
            { type: 'tool_use', name: 'read_file' }
          ],
          usage: {
            input_tokens: 100,
            output_tokens: 20,
            cache_read_input_tokens: 50,
            cache_creation_input_tokens: null
          }
        }
      },
      {
        request: {
          messages: [
            { role: 'user', content: 'review' },
            { role: 'assistant', content: [] },
            { role: 'user', content: [refusal] }
          ]
        },
        status: 200,
        response: {
          content: [{ type: 'tool_use', name: 'add_finding' }],
          usage: { input_tokens: 10, output_tokens: 5 }
        }
      },
      {
        request: { messages: [{ role: 'user', content: [refusal] }] },
        status: 529,
        response: { type: 'error' }
      }
    ])
    expect(stats).toEqual({
      modelRequests: 3,
      toolCalls: 3,
      quoteRetries: 1,
      inputTokens: 160,
      outputTokens: 25
    })
  })
})

describe('postedComments', () => {
  const finding = (overrides: Overrides<FileFinding>): FileFinding =>
    overridden(
      {
        id: 'f_1',
        severity: 'high',
        category: 'security',
        file: 'src/a.ts',
        title: 'T',
        description: 'D',
        startLine: 4,
        endLine: 5,
        side: 'RIGHT',
        status: 'open',
        location: 'src/a.ts:4-5',
        postedInline: true,
        commentId: 7
      },
      overrides
    )

  it('takes inline comments at the lines GitHub stored, and body entries by their location', () => {
    const review = {
      body: 'Listed: `src/b.ts:9` and more',
      comments: [{ id: 7, path: 'src/a.ts', line: 5, startLine: 4 }]
    }
    const posted = postedComments(
      [
        finding({}),
        finding({
          id: 'f_2',
          file: 'src/b.ts',
          startLine: 9,
          endLine: 9,
          location: 'src/b.ts:9',
          postedInline: false,
          commentId: undefined
        }),
        finding({
          id: 'f_3',
          file: 'src/c.ts',
          location: 'src/c.ts:1',
          postedInline: false,
          commentId: undefined
        }),
        finding({ id: 'f_4', status: 'resolved' })
      ],
      review
    )
    expect(posted.map(p => [p.id, p.where, p.startLine, p.endLine])).toEqual([
      ['f_1', 'inline', 4, 5],
      ['f_2', 'body', 9, 9]
    ])
  })

  it('reports nothing when no review was posted', () => {
    expect(postedComments([finding({})], undefined)).toEqual([])
  })
})
