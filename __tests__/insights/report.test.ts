import { describe, expect, it } from '@jest/globals'
import { suggestionApplied } from '../../src/insights/fates.js'
import { renderHtml } from '../../src/insights/html.js'
import { renderMarkdown } from '../../src/insights/markdown.js'
import { buildReport, folderOf, median, weekOf, type FindingRow } from '../../src/insights/report.js'
import { parseRepo, parseSince } from '../../src/insights/run.js'

function row(overrides: Partial<FindingRow>): FindingRow {
  return {
    prNumber: 1,
    prState: 'merged',
    prCreatedAt: '2026-10-07T10:00:00Z',
    severity: 'high',
    category: 'correctness',
    path: 'src/api/users/get.ts',
    title: 'Missing null check',
    inline: true,
    commentUrl: 'https://github.com/o/r/pull/1#discussion_r1',
    fate: 'fixed',
    dismissalSource: null,
    dismissedBy: null,
    ...overrides
  }
}

describe('the report', () => {
  const findings = [
    row({ fate: 'fixed' }),
    row({ fate: 'applied', severity: 'low' }),
    row({ fate: 'dismissed', dismissalSource: 'thread-resolved', path: 'lib/x.ts' }),
    row({ fate: 'merged-open' }),
    // Not settled: an open pull request, a finding only in the body, one withdrawn before anyone saw it.
    row({ fate: 'open', prState: 'open' }),
    row({ fate: 'merged-open', inline: false }),
    row({ fate: 'dismissed', dismissalSource: 'verification', inline: false })
  ]
  const report = buildReport({
    repo: 'o/r',
    since: '2026-08-01T00:00:00Z',
    generatedAt: '2026-11-02T06:17:00Z',
    pulls: 4,
    pullsReviewed: 3,
    findings,
    runs: [
      { prNumber: 1, seconds: 60, costUsd: 0.3 },
      { prNumber: 2, seconds: 100, costUsd: 0.2 },
      { prNumber: 3, seconds: 80, costUsd: 0.1 }
    ]
  })

  it('rates inline findings on closed pull requests and leaves withdrawn findings out', () => {
    expect(report.all.decided).toBe(4)
    expect(report.headline.actedUponRate).toBe(0.5)
    expect(report.headline.dismissalRate).toBe(0.25)
    expect(report.headline.mergedOpenRate).toBe(0.25)
    expect(report.headline.findingsPerPr).toBe(2)
    expect(report.headline.inlinePerPr).toBeCloseTo(5 / 3)
    expect(report.headline.costPerPr).toBeCloseTo(0.2)
    expect(report.headline.costPerActedUpon).toBeCloseTo(0.3)
    expect(report.headline.medianReviewSeconds).toBe(80)
    expect(report.fates).toEqual({
      fixed: 1,
      applied: 1,
      dismissed: 1,
      'merged-open': 2,
      'closed-open': 0,
      open: 1
    })
  })

  it('splits by severity in severity order, by folder two levels deep, and by week', () => {
    expect(report.bySeverity.map(s => [s.key, s.findings])).toEqual([
      ['high', 5],
      ['low', 1]
    ])
    expect(report.byFolder.map(s => s.key)).toEqual(['src/api', 'lib'])
    expect(report.byWeek.map(s => s.key)).toEqual(['2026-10-05'])
    expect(report.mostDismissed).toEqual([
      {
        title: 'Missing null check',
        category: 'correctness',
        path: 'lib/x.ts',
        count: 1,
        links: ['https://github.com/o/r/pull/1#discussion_r1']
      }
    ])
  })

  it('renders text from pull requests inertly in Markdown and HTML', () => {
    const hostile = buildReport({
      repo: 'o/r',
      since: '2026-08-01T00:00:00Z',
      generatedAt: '2026-11-02T06:17:00Z',
      pulls: 1,
      pullsReviewed: 1,
      findings: [row({ fate: 'dismissed', title: '<script>alert(1)</script> | x', category: '<b>' })],
      runs: []
    })
    expect(renderHtml(hostile)).not.toContain('<script>')
    expect(renderMarkdown(hostile)).toContain('&lt;script&gt;alert(1)&lt;/script&gt; \\| x')
  })

  it('takes days or a date for since, and owner/name for the repository', () => {
    const now = new Date('2026-11-02T06:17:00Z')
    expect(parseSince('90d', now)).toBe('2026-08-04T06:17:00Z')
    expect(parseSince('2026-01-31', now)).toBe('2026-01-31T00:00:00Z')
    expect(() => parseSince('last week', now)).toThrow(/90d/)
    expect(parseRepo('octo/widgets')).toEqual({ owner: 'octo', repo: 'widgets' })
    expect(() => parseRepo('widgets')).toThrow(/owner\/name/)
  })

  it('has small helpers that say what they do', () => {
    expect(folderOf('README.md')).toBe('(root)')
    expect(weekOf('2026-10-11T23:00:00Z')).toBe('2026-10-05')
    expect(median([3, 1, 2, 10])).toBe(2.5)
    expect(median([])).toBeNull()
  })
})

describe('a committed suggestion', () => {
  const check = {
    findingId: 'f_1',
    sha: 'a'.repeat(40),
    path: 'x.ts',
    startLine: 3,
    suggestion: '  return a ?? b\n  }'
  }

  it('is found whole and in order near its old place, trailing spaces aside', () => {
    expect(suggestionApplied('one\ntwo\nthree\n  return a ?? b  \n  }\n', check)).toBe(true)
  })

  it('is not found when only part of it, or something else, is there', () => {
    expect(suggestionApplied('one\n  return a ?? b\n  return c\n', check)).toBe(false)
    expect(suggestionApplied('one\ntwo\n', check)).toBe(false)
  })

  it('is not looked for far from where the finding was', () => {
    const far = `${'filler\n'.repeat(200)}  return a ?? b\n  }\n`
    expect(suggestionApplied(far, check)).toBe(false)
  })
})
