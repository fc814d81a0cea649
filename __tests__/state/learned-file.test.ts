import { describe, expect, it } from '@jest/globals'
import {
  deletedByPeople,
  emptyLedger,
  parseLearnedFile,
  renderLearnedFile,
  renderRule,
  ruleId,
  type LearnedRule
} from '../../src/state/learned-file.js'

const LEGACY: LearnedRule = {
  id: ruleId('Do not flag missing null checks in legacy code.', ['src/legacy/**']),
  title: 'Null checks in legacy code',
  text: 'Do not flag missing null checks in legacy code: every caller validates first.',
  paths: ['src/legacy/**'],
  evidence: ['https://github.com/o/r/pull/12#discussion_r1', 'https://github.com/o/r/pull/15#discussion_r2']
}

function fileWith(rules: LearnedRule[]): string {
  return renderLearnedFile({
    preamble: '',
    rules,
    ledger: {
      ...emptyLedger(),
      through: '2026-11-01T00:00:00Z',
      rules: rules.flatMap(rule =>
        rule.id
          ? [
              {
                id: rule.id,
                title: rule.title,
                text: rule.text,
                paths: rule.paths,
                evidence: rule.evidence,
                added: '2026-11-01T00:00:00Z'
              }
            ]
          : []
      )
    }
  })
}

describe('the learned rules file', () => {
  it('reads back what it writes: text, paths, evidence, id and ledger', () => {
    const parsed = parseLearnedFile(fileWith([LEGACY]))
    expect(parsed.problems).toEqual([])
    expect(parsed.rules).toHaveLength(1)
    const [rule] = parsed.rules
    expect(rule).toMatchObject({
      id: LEGACY.id,
      title: LEGACY.title,
      text: LEGACY.text,
      paths: LEGACY.paths,
      evidence: LEGACY.evidence
    })
    expect(parsed.ledger.through).toBe('2026-11-01T00:00:00Z')
    expect(parsed.ledger.rules.map(entry => entry.id)).toEqual([LEGACY.id])
    expect(deletedByPeople(parsed)).toEqual([])
  })

  it('keeps a section a person edited exactly as written, and reads a section a person added', () => {
    const edited = fileWith([LEGACY])
      .replace(
        'every caller validates first.',
        'every caller validates first (see docs/legacy.md).\n\n> Keep this one.'
      )
      .replace('<!-- redline:ledger', '## Our own rule\n\nFlag any use of `eval`.\n\n<!-- redline:ledger')
    const parsed = parseLearnedFile(edited)
    expect(parsed.rules.map(rule => rule.title)).toEqual([LEGACY.title, 'Our own rule'])
    expect(parsed.rules[1]).toMatchObject({ paths: [], evidence: [], text: 'Flag any use of `eval`.' })
    expect(parsed.rules[1]?.id).toBeUndefined()
    const again = renderLearnedFile(parsed)
    expect(again).toContain('(see docs/legacy.md).\n\n> Keep this one.')
    expect(parseLearnedFile(again).rules).toEqual(parsed.rules)
  })

  it('knows a rule a person deleted: in the ledger, not in the file', () => {
    const text = fileWith([LEGACY])
    const withoutSection =
      text.slice(0, text.indexOf('## ')) + text.slice(text.indexOf('<!-- redline:ledger'))
    const parsed = parseLearnedFile(withoutSection)
    expect(parsed.rules).toEqual([])
    expect(deletedByPeople(parsed).map(entry => entry.id)).toEqual([LEGACY.id])
  })

  it('ignores headings and ledgers inside code fences, and a ledger that is not one', () => {
    const text = `# Rules\n\n## Real\n\nFlag x.\n\n\`\`\`md\n## Not a rule\n<!-- redline:ledger {"v":1} -->\n\`\`\`\n\n<!-- redline:ledger {"v":2} -->\n`
    const parsed = parseLearnedFile(text)
    expect(parsed.rules.map(rule => rule.title)).toEqual(['Real'])
    expect(parsed.problems).toHaveLength(1)
    expect(parsed.ledger).toEqual(emptyLedger())
  })

  it('writes a ledger no text can close early', () => {
    const hostile = { ...LEGACY, text: 'x --> <script>alert(1)</script>' }
    const text = fileWith([hostile])
    const ledgerLine = text.split('\n').find(line => line.startsWith('<!-- redline:ledger')) as string
    expect(ledgerLine.indexOf('-->')).toBe(ledgerLine.length - 3)
    expect(parseLearnedFile(text).ledger.rules[0]?.text).toBe(hostile.text)
  })

  it('reads "the whole repository" as no paths, and plain comma-separated globs', () => {
    expect(renderRule({ ...LEGACY, paths: [] })).toContain('**Applies to:** the whole repository')
    const parsed = parseLearnedFile('## A\n\nFlag y.\n\nApplies to: src/a/**, lib/*.ts\n')
    expect(parsed.rules[0]?.paths).toEqual(['src/a/**', 'lib/*.ts'])
  })

  it('reads a long hostile file in linear time without throwing', () => {
    const text = `${'## x\n'.repeat(200)}${'`'.repeat(50_000)}${'<!-- redline:rule '.repeat(2_000)}`
    const parsed = parseLearnedFile(text)
    expect(parsed.rules.length).toBeLessThanOrEqual(60)
  })

  it('leaves out a glob whose matcher could backtrack: too long or too many wildcards', () => {
    const parsed = parseLearnedFile('## A\n\nFlag y.\n\nApplies to: `src/**/*.ts`, `*a*a*a*a*a*a*a*`\n')
    expect(parsed.rules[0]?.paths).toEqual(['src/**/*.ts'])
  })

  it('gives the same id to the same rule however it is spaced', () => {
    expect(ruleId('Do  not flag X.', ['b', 'a'])).toBe(ruleId('do not flag x.', ['a', 'b']))
    expect(ruleId('Do not flag X.', ['a'])).not.toBe(ruleId('Do not flag X.', ['b']))
  })
})
