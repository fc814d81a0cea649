import { describe, expect, it } from '@jest/globals'
import { changesRules, decide, readThrough } from '../../src/learn/decide.js'
import { dismissal, emptyFile, LEGACY_TEXT } from './support/learn-fixtures.js'

const NOW = '2026-12-01T06:00:00Z'

describe('readThrough', () => {
  it('is the newest item given, never earlier than the ledger had it', () => {
    const items = [
      dismissal(1, { createdAt: '2026-10-02T00:00:00Z' }),
      dismissal(2, { createdAt: '2026-10-09T00:00:00Z' })
    ]
    expect(readThrough(items, null)).toBe('2026-10-09T00:00:00Z')
    expect(readThrough(items, '2026-10-05T00:00:00Z')).toBe('2026-10-09T00:00:00Z')
    expect(readThrough(items, '2026-11-01T00:00:00Z')).toBe('2026-11-01T00:00:00Z')
    expect(readThrough([], null)).toBeNull()
  })
})

describe('decide', () => {
  const given = [dismissal(1), dismissal(2), dismissal(3)]
  const rule = { title: 'Legacy null checks', rule: LEGACY_TEXT, paths: ['src/legacy/**'] }

  it('keeps a supported rule and writes it, reading the evidence through its newest item', () => {
    const decision = decide({
      current: emptyFile(),
      deletions: [],
      given,
      rules: [{ ...rule, evidence: given.map(item => item.url) }],
      removals: [],
      now: NOW
    })
    expect(decision.kept.map(kept => kept.title)).toEqual(['Legacy null checks'])
    expect(changesRules(decision.plan)).toBe(true)
    expect(decision.plan.text).toContain(`"through":"${readThrough(given, null)}"`)
  })

  it('writes nothing when every proposal is dropped, though the record of what was read would move', () => {
    const decision = decide({
      current: emptyFile(),
      deletions: [],
      given,
      rules: [{ ...rule, evidence: ['https://github.com/acme/shop/pull/99#discussion_r1'] }],
      removals: [],
      now: NOW
    })
    expect(decision.droppedRules).toHaveLength(1)
    expect(decision.plan.changed).toBe(true)
    expect(changesRules(decision.plan)).toBe(false)
  })
})
