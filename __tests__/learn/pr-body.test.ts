import { describe, expect, it } from '@jest/globals'
import type { KeptRule } from '../../src/learn/checks.js'
import type { FileChanges } from '../../src/learn/plan.js'
import { renderPullBody } from '../../src/learn/pr-body.js'
import { BODY_BUDGET } from '../../src/publish/markdown.js'
import { measure } from '../../src/text/measure.js'

const LINK = (n: number) => `https://github.com/acme/shop/pull/${n}#discussion_r${n}`
const COST = '1200 input, 300 output, 0 cache-read and 0 cache-write tokens; $0.0081 (sonnet)'

const rule: KeptRule = {
  id: 'L-0123456789',
  title: 'Null checks in legacy code',
  text: 'Do not flag missing null checks in src/legacy/: every caller validates first.',
  paths: ['src/legacy/**'],
  evidence: [LINK(12), LINK(15), LINK(19)],
  added: '2026-12-01T00:00:00Z'
}

const none: FileChanges = { added: [], changed: [], removed: [], dropped: [], deleted: [] }

describe('renderPullBody', () => {
  it('says what is added, changed, removed, dropped and deleted, with evidence, reasons and the cost', () => {
    const body = renderPullBody({
      changes: {
        added: [rule],
        changed: [{ rule: { ...rule, id: 'L-1111111111', title: 'Stray logs' }, newEvidence: [LINK(41)] }],
        removed: [
          {
            id: 'L-2222222222',
            title: 'Old rule',
            reason: 'Authors fix these now.',
            evidence: [LINK(50), LINK(51)]
          }
        ],
        dropped: [],
        deleted: [{ ...rule, id: 'L-3333333333', title: 'Unwanted', deletedAt: '2026-11-20T08:00:00Z' }]
      },
      droppedRules: [
        {
          rule: { title: 'Invented', rule: 'Do not flag x.', paths: [], evidence: [LINK(99)] },
          reason: `it cites a link not in the evidence given: ${LINK(99)}`
        }
      ],
      droppedRemovals: [
        { removal: { id: 'L-4444444444', reason: 'r', evidence: [] }, reason: 'it cites none' }
      ],
      cost: COST,
      evidence: { given: 7, fresh: 3, since: '2026-11-01T00:00:00Z' }
    })
    expect(body).toMatch(/^Redline read 7 evidence items \(3 new since 2026-11-01\)/)
    expect(body).toContain(
      '### Added\n- **Null checks in legacy code** (`L-0123456789`): Do not flag missing null checks in src/legacy/: every caller validates first.\n' +
        `  Applies to: \`src/legacy/**\`. Evidence: ${LINK(12)}, ${LINK(15)}, ${LINK(19)}.`
    )
    expect(body).toContain(`### Changed\n- **Stray logs** (\`L-1111111111\`): new evidence ${LINK(41)}.`)
    expect(body).toContain(
      '### Proposed for removal\n- **Old rule** (`L-2222222222`): Authors fix these now.'
    )
    expect(body).toContain(
      `### Dropped by the checks\n- Rule **Invented**: it cites a link not in the evidence given: ${LINK(99)}.`
    )
    expect(body).toContain('- Removal of `L-4444444444`: it cites none.')
    expect(body).toContain('### Deleted by people\n- **Unwanted** (`L-3333333333`), deleted 2026-11-20')
    expect(body).toContain('delete the section to unlearn it')
    expect(body).toContain(`Cost of the run: ${COST}`)
  })

  it('keeps what the model wrote inert: no mention, no hidden comment, no markup', () => {
    const body = renderPullBody({
      changes: {
        ...none,
        added: [{ ...rule, title: '@acme/maintainers look', text: 'Flag x. <!-- hide --> <img src=x>' }]
      },
      droppedRules: [],
      droppedRemovals: [],
      cost: COST
    })
    expect(body).not.toContain('@acme')
    expect(body).not.toContain('<!--')
    expect(body).not.toContain('<img')
  })

  it('stays under GitHub’s limit, saying how many entries it leaves out', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      rule: { title: `Rule ${i}`, rule: 'x', paths: [], evidence: [] },
      reason: `it cites a link not in the evidence given: ${'https://github.com/acme/shop/pull/1#'.padEnd(300, 'x')}`
    }))
    const body = renderPullBody({
      changes: { ...none, added: [rule] },
      droppedRules: many,
      droppedRemovals: [],
      cost: COST
    })
    expect(measure(body)).toBeLessThanOrEqual(BODY_BUDGET)
    expect(body).toMatch(/- …and \d+ more, not shown here/)
    expect(body).toContain('Cost of the run')
  })

  it('says so when no rule changes', () => {
    const body = renderPullBody({ changes: none, droppedRules: [], droppedRemovals: [], cost: COST })
    expect(body).toContain('No rule is added, changed or removed')
  })
})
