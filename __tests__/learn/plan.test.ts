import { describe, expect, it } from '@jest/globals'
import type { KeptRemoval, KeptRule } from '../../src/learn/checks.js'
import { planFile } from '../../src/learn/plan.js'
import {
  parseLearnedFile,
  renderRule,
  ruleId,
  type DeletedRule,
  type LearnedRule
} from '../../src/state/learned-file.js'
import { learnedFile, LEGACY_TEXT, redlineRule } from './support/learn-fixtures.js'

const THROUGH = '2026-12-01T00:00:00Z'
const LINK = (n: number) => `https://github.com/acme/shop/pull/${n}#discussion_r${n}`

const legacy = redlineRule(LEGACY_TEXT, ['src/legacy/**'], [LINK(3), LINK(5)], 'Null checks in legacy code')
const logging = redlineRule(
  'Flag console.log left in src/api/.',
  ['src/api/**'],
  [LINK(7), LINK(8)],
  'Stray logs'
)

function kept(rule: LearnedRule, evidence = rule.evidence, added = '2026-11-01T00:00:00Z'): KeptRule {
  return {
    id: rule.id as string,
    title: rule.title,
    text: rule.text,
    paths: rule.paths,
    evidence,
    added
  }
}

const PERSON_SECTION = '## Our own rule\n\nFlag any use of `eval`, whatever the reason.\n\n> We mean it.'

/** A file Redline wrote, then edited by people: one section reworded, one section of their own. */
function editedSource(): string {
  return learnedFile([legacy, logging])
    .replace(
      'every caller validates its input first.',
      'every caller validates its input first (see docs/legacy.md).'
    )
    .replace('<!-- redline:ledger', `${PERSON_SECTION}\n\n<!-- redline:ledger`)
}

describe('planFile', () => {
  it('writes an untouched file back byte for byte and says nothing changed when nothing is new', () => {
    const source = learnedFile([legacy, logging], { through: THROUGH })
    const plan = planFile(parseLearnedFile(source), [], [], [], THROUGH, { source })
    expect(plan.changed).toBe(false)
    expect(plan.text).toBe(source)
    expect(plan.changes).toEqual({ added: [], changed: [], removed: [], dropped: [], deleted: [] })
  })

  it('keeps a hand-edited section and a person’s own section byte for byte while adding a rule', () => {
    const source = editedSource()
    const current = parseLearnedFile(source)
    const edited = current.rules.find(rule => rule.id === legacy.id)!.raw as string
    expect(edited).toContain('(see docs/legacy.md)')
    const fresh = redlineRule('Flag SQL built by string concatenation.', [], [LINK(30), LINK(31)], 'Raw SQL')
    const plan = planFile(current, [kept(fresh, fresh.evidence, THROUGH)], [], [], THROUGH, { source })
    expect(plan.changed).toBe(true)
    expect(plan.text).toContain(edited)
    expect(plan.text).toContain(PERSON_SECTION)
    expect(plan.text).toContain(renderRule(fresh))
    const again = parseLearnedFile(plan.text)
    expect(again.rules.map(rule => rule.title)).toEqual([
      'Null checks in legacy code',
      'Stray logs',
      'Our own rule',
      'Raw SQL'
    ])
    expect(again.ledger.through).toBe(THROUGH)
    expect(again.ledger.rules.find(entry => entry.id === fresh.id)?.added).toBe(THROUGH)
    expect(plan.changes.added.map(rule => rule.id)).toEqual([fresh.id])
  })

  it('adds new evidence to a section as Redline wrote it, and not to one people edited', () => {
    const source = editedSource()
    const current = parseLearnedFile(source)
    const plan = planFile(
      current,
      [kept(legacy, [...legacy.evidence, LINK(40)]), kept(logging, [...logging.evidence, LINK(41)])],
      [],
      [],
      THROUGH,
      { source }
    )
    const again = parseLearnedFile(plan.text)
    expect(again.rules.find(rule => rule.id === logging.id)?.evidence).toEqual([LINK(7), LINK(8), LINK(41)])
    expect(again.ledger.rules.find(entry => entry.id === logging.id)?.evidence).toEqual([
      LINK(7),
      LINK(8),
      LINK(41)
    ])
    expect(again.rules.find(rule => rule.id === legacy.id)?.raw).toBe(current.rules[0]!.raw)
    expect(plan.changes.changed.map(entry => [entry.rule.id, entry.newEvidence])).toEqual([
      [logging.id, [LINK(41)]]
    ])
    expect(plan.changes.dropped.map(entry => entry.rule.id)).toEqual([legacy.id])
    expect(plan.changes.dropped[0]!.reason).toContain('edited by people')
    expect(again.rules.filter(rule => rule.id === legacy.id)).toHaveLength(1)
  })

  it('drops removed rules and those people deleted, noting the deletions in the ledger', () => {
    const source = learnedFile([legacy, logging])
    const current = parseLearnedFile(source)
    const removal: KeptRemoval = {
      id: logging.id as string,
      reason: 'Fixed since.',
      evidence: [LINK(50)],
      title: 'Stray logs'
    }
    const deletion: DeletedRule = { ...current.ledger.rules[0]!, deletedAt: '2026-11-20T00:00:00Z' }
    const plan = planFile(current, [], [removal], [deletion], THROUGH, { source })
    const again = parseLearnedFile(plan.text)
    expect(again.rules).toEqual([])
    expect(again.ledger.rules).toEqual([])
    expect(again.ledger.deleted).toEqual([deletion])
    expect(plan.changes.removed).toEqual([removal])
    expect(plan.changes.deleted).toEqual([deletion])
    // Noted once: the next run does not report it again.
    const next = planFile(again, [], [], [deletion], THROUGH, { source: plan.text })
    expect(next.changes.deleted).toEqual([])
    expect(next.changed).toBe(false)
  })

  it('brings a deleted rule back out of the ledger’s deleted list when the checks kept it on new evidence', () => {
    const current = parseLearnedFile(learnedFile([]))
    const deletion: DeletedRule = { ...kept(legacy), deletedAt: '2026-11-20T00:00:00Z' }
    current.ledger.deleted.push(deletion)
    const plan = planFile(current, [kept(legacy, [LINK(60)], THROUGH)], [], [], THROUGH)
    const again = parseLearnedFile(plan.text)
    expect(again.rules.map(rule => rule.id)).toEqual([legacy.id])
    expect(again.ledger.deleted).toEqual([])
  })

  it('writes a first file with the default preamble and a ledger that reads back', () => {
    const fresh = kept(legacy, legacy.evidence, THROUGH)
    const plan = planFile(parseLearnedFile(''), [fresh], [], [], THROUGH)
    expect(plan.changed).toBe(true)
    const again = parseLearnedFile(plan.text)
    expect(again.problems).toEqual([])
    expect(again.preamble).toMatch(/^# Learned review rules/)
    expect(again.rules[0]).toMatchObject({
      id: ruleId(LEGACY_TEXT, ['src/legacy/**']),
      evidence: legacy.evidence
    })
  })
})
