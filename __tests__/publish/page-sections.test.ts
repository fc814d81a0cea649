import { describe, expect, it } from '@jest/globals'
import type { Finding } from '../../src/findings/finding.js'
import {
  checkAnnotations,
  checkConclusion,
  checkOutput,
  type CheckReportInput
} from '../../src/publish/check-report.js'
import { authorText, withDescription } from '../../src/publish/description-section.js'
import { renderWalkthrough } from '../../src/publish/walkthrough-section.js'
import { commandIn } from '../../src/commands/parse.js'

const finding = (id: string, severity: Finding['severity'], extra: Partial<Finding> = {}): Finding => ({
  id,
  severity,
  category: 'correctness',
  file: 'src/a.ts',
  title: `Problem ${id}`,
  description: `What ${id} breaks.`,
  status: 'open',
  firstSeenSha: 'a'.repeat(40),
  lastConfirmedSha: 'a'.repeat(40),
  fingerprint: id,
  startLine: 3,
  endLine: 4,
  side: 'RIGHT',
  ...extra
})

function wholeFile(whole: Finding): Finding {
  const { startLine: _start, endLine: _end, side: _side, ...rest } = whole
  return rest
}

const input = (partial: Partial<CheckReportInput>): CheckReportInput => ({
  end: { kind: 'reviewed' },
  findings: [],
  failOn: 'none',
  ...partial
})

describe('the check run', () => {
  it('concludes failure at fail-on or when the gate could not review, neutral when nothing was reviewed without a gate', () => {
    const high = [finding('h', 'high'), finding('l', 'low')]
    expect(checkConclusion(input({ findings: high, failOn: 'high' }))).toBe('failure')
    expect(checkConclusion(input({ findings: high, failOn: 'critical' }))).toBe('success')
    expect(checkConclusion(input({ findings: high }))).toBe('success')
    const dismissed = [finding('h', 'high', { status: 'dismissed' }), finding('l', 'low')]
    expect(checkConclusion(input({ findings: dismissed, failOn: 'high' }))).toBe('success')
    expect(checkConclusion(input({ end: { kind: 'failed', reason: 'Redline failed: boom' } }))).toBe(
      'failure'
    )
    expect(checkConclusion(input({ end: { kind: 'not-reviewed', reason: 'paused' } }))).toBe('neutral')
    expect(checkConclusion(input({ end: { kind: 'not-reviewed', reason: 'paused' }, failOn: 'high' }))).toBe(
      'success'
    )
    expect(checkConclusion(input({ end: { kind: 'unreviewable', reason: 'fork' }, failOn: 'high' }))).toBe(
      'failure'
    )
    expect(checkOutput(input({ findings: high, failOn: 'high' })).title).toBe(
      '1 open finding at or above high'
    )
  })

  it('annotates open findings at their head lines, and removed-line or whole-file ones at line 1', () => {
    const annotations = checkAnnotations([
      finding('l', 'low'),
      finding('c', 'critical', { side: 'LEFT' }),
      wholeFile(finding('i', 'informational')),
      finding('r', 'high', { status: 'resolved' })
    ] as Finding[])
    expect(annotations.map(a => [a.annotation_level, a.start_line, a.end_line])).toEqual([
      ['failure', 1, 1],
      ['warning', 3, 4],
      ['notice', 1, 1]
    ])
    expect(annotations[0]?.title).toBe('[critical] Problem c (src/a.ts:3-4 (removed))')
  })
})

describe('the description section', () => {
  it('keeps the author text, replaces only its own section, and cannot be closed from inside', () => {
    const once = withDescription('Fixes #12', 'First. <!-- /redline:description --> @team', [])
    expect(once.startsWith('Fixes #12\n\n<!-- redline:description -->\n')).toBe(true)
    expect(once.match(/<!-- \/redline:description -->/g)).toHaveLength(1)
    expect(once).toContain('@\u200bteam')
    const edited = once.replace('Fixes #12', 'Fixes #12 and #13') + '\n\nMore from the author.'
    const twice = withDescription(edited, 'Second.', [])
    expect(twice).toContain('Fixes #12 and #13')
    expect(twice).toContain('More from the author.')
    expect(twice).toContain('Second.')
    expect(twice).not.toContain('First.')
    expect(authorText(twice)).toBe('Fixes #12 and #13\n\nMore from the author.')
  })

  it('redacts a secret the model repeats', () => {
    const key = `ghp_${'A1b2C3d4E5'.repeat(4).slice(0, 36)}`
    expect(withDescription('', `Uses ${key}`, [])).not.toContain(key)
  })

  it("withholds a sentence that repeats the run's instructions", () => {
    const prompt = 'Write the description of a pull request, as its author would if they had time.'
    const text = withDescription('', `Adds divide. ${prompt} Tests it.`, [prompt])
    expect(text).toContain('Adds divide.')
    expect(text).toContain('Tests it.')
    expect(text).not.toContain('as its author would if they had time')
  })

  it('is asked for by `@redline describe`', () => {
    expect(commandIn('@redline describe', '@redline')).toEqual({ kind: 'describe' })
  })
})

describe('the walkthrough section', () => {
  const walkthrough = {
    summary: 'Adds divide. <details> @team',
    effort: 3,
    effortReason: 'New | flow',
    rows: [{ paths: ['src/a|b.ts'], change: 'Adds | things' }],
    skipped: ['package-lock.json']
  }
  it('renders collapsed, expanded or not at all, with cells that cannot break the table', () => {
    const collapsed = renderWalkthrough(walkthrough, 'collapsed')
    expect(
      collapsed.startsWith('<details>\n<summary><b>Walkthrough</b> · effort to review 3/5</summary>')
    ).toBe(true)
    expect(collapsed).toContain('| `src/a\\|b.ts` | Adds \\| things |')
    expect(collapsed).toContain('| `package-lock.json` | _Skipped by Redline, not reviewed_ |')
    expect(collapsed).toContain('**Effort to review: 3/5** · New \\| flow')
    expect(collapsed).not.toContain('<details> @team')
    expect(renderWalkthrough(walkthrough, 'expanded').startsWith('<details open>')).toBe(true)
    expect(renderWalkthrough(walkthrough, 'off')).toBe('')
  })
})
