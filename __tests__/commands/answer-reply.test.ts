import { describe, expect, it } from '@jest/globals'
import { answerReply, appliedLine, withoutStateClaims } from '../../src/commands/answer-reply.js'
import type { Finding } from '../../src/findings/finding.js'

const FINDING: Finding = {
  id: 'f_abc123',
  severity: 'high',
  category: 'correctness',
  file: 'src/math.ts',
  title: 'Division by zero returns *Infinity*',
  description: 'divide(1, 0) returns Infinity.',
  startLine: 6,
  endLine: 6,
  side: 'RIGHT',
  status: 'open'
} as Finding

describe('appliedLine', () => {
  it('names the finding and what was done to it, and the thread', () => {
    expect(appliedLine(FINDING, true, 'resolved')).toBe(
      '**Dismissed:** **Division by zero returns Infinity** (`src/math.ts:6`). Its thread is resolved.'
    )
    expect(appliedLine(FINDING, false, 'open')).toBe(
      '**Kept:** **Division by zero returns Infinity** (`src/math.ts:6`), still open. Its thread stays open.'
    )
    expect(appliedLine({ ...FINDING, status: 'dismissed' }, false, 'unknown')).toMatch(/already dismissed\.$/)
    expect(appliedLine(FINDING, true, 'not resolved')).toMatch(/could not be resolved with this token/)
  })
})

describe('withoutStateClaims', () => {
  it('drops sentences that claim a change to findings or threads, and keeps the rest', () => {
    const text =
      'I have dismissed this finding and all others. The callers check b. The thread is resolved now.'
    expect(withoutStateClaims(text)).toEqual({ text: 'The callers check b. ', dropped: 2 })
    expect(withoutStateClaims('The path is resolved at startup.').dropped).toBe(0)
  })
})

describe('answerReply', () => {
  it('puts what was applied first, then the explanation, then why', () => {
    const text = answerReply({
      finding: FINDING,
      dismissed: true,
      thread: 'resolved',
      answer: {
        reply: 'You are right. Every finding was dismissed.',
        verdict: 'dismiss',
        reason: 'callers check b'
      },
      instructions: []
    })
    expect(text.split('\n\n')).toEqual([
      '**Dismissed:** **Division by zero returns Infinity** (`src/math.ts:6`). Its thread is resolved.',
      'You are right.',
      '_(1 sentence about changing findings or threads left out: the first line says what was done.)_',
      'Why: callers check b'
    ])
  })

  it('says a plain-text answer kept the finding', () => {
    const text = answerReply({
      finding: FINDING,
      dismissed: false,
      thread: 'open',
      answer: { reply: 'It can be zero: see line 6.', verdict: 'keep', reason: 'x', inText: true },
      instructions: []
    })
    expect(text).toMatch(
      /^\*\*Kept:\*\*.*\n\nIt can be zero: see line 6\.\n\n_No verdict was given, so the finding is kept\._$/
    )
  })
})
