import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { computeOutputs, writeFindingsFile } from '../../src/action/outputs.js'
import { shouldFail } from '../../src/engine/failure.js'
import { renderJobSummary, writeJobSummary, type JobSummaryInput } from '../../src/action/job-summary.js'
import { makeFinding } from '../publish/helpers.js'

const usage = {
  inputTokens: 1200,
  outputTokens: 300,
  cacheReadTokens: 5000,
  cacheWriteTokens: 800,
  costUsd: 0.04567
}

describe('renderJobSummary', () => {
  const inline = makeFinding({ severity: 'high', title: 'Posted inline' })
  const listed = makeFinding({ severity: 'low', title: 'Listed | in body' })
  const moved = makeFinding({ severity: 'critical', title: 'Moved' })
  const threaded = makeFinding({ severity: 'medium', title: 'On a thread', commentId: 5 })
  const fixed = makeFinding({ status: 'resolved', title: 'Fixed' })
  const base: JobSummaryInput = {
    findings: [listed, fixed, inline, moved, threaded],
    inlineFindingIds: [inline.id],
    movedToBody: [{ id: moved.id, reason: 'rejected-by-github' }],
    coverageNotes: ['Budget ran out: 2 files were not read.'],
    usage,
    reviewUrl: 'https://github.com/acme/widgets/pull/1#pullrequestreview-9',
    dryRun: false
  }
  const { reviewUrl: _reviewUrl, ...unposted } = base

  it('lists every finding with its status, severity, location and placement', () => {
    const summary = renderJobSummary(base)
    const rows = summary.split('\n').filter(line => line.startsWith('| ') && !/^\| (Status|---)/.test(line))
    expect(rows).toEqual([
      `| open | 🔴 Critical | \`${moved.file}:${moved.startLine}\` | Moved | body (GitHub would not place it on the diff) |`,
      `| open | 🟠 High | \`${inline.file}:${inline.startLine}\` | Posted inline | inline |`,
      `| open | 🟡 Medium | \`${threaded.file}:${threaded.startLine}\` | On a thread | earlier thread |`,
      `| open | 🔵 Low | \`${listed.file}:${listed.startLine}\` | Listed \\| in body | body |`,
      `| resolved | 🟡 Medium | \`${fixed.file}:${fixed.startLine}\` | Fixed | — |`
    ])
    expect(summary).toContain('**4 open findings**, 1 posted inline, 5 findings in all.')
    expect(summary).toContain(
      '7,000 input tokens (5,000 cache reads, 800 cache writes), 300 output tokens, about $0.0457.'
    )
    expect(summary).toContain('- Budget ran out: 2 files were not read.')
    expect(summary).toContain(`[The review on the pull request](${base.reviewUrl})`)
    expect(summary).not.toContain('<details>')
  })

  it('shows the review that would have been posted on a dry run', () => {
    const summary = renderJobSummary({
      ...unposted,
      dryRun: true,
      body: 'The body',
      comments: [
        { path: 'a.ts', line: 4, start_line: 2, side: 'RIGHT', start_side: 'RIGHT', body: 'Comment text' }
      ]
    })
    expect(summary).toContain('(dry run: nothing was posted)')
    expect(summary).toContain('inline (dry run)')
    expect(summary).toMatch(
      /<summary>The review that would have been posted<\/summary>\n\nThe body\n\n---\n\n\*\*Inline on `a.ts:2-4` \(RIGHT\)\*\*\n\nComment text/
    )
  })

  it('reports a failed post and keeps the review for reference', () => {
    const summary = renderJobSummary({
      ...unposted,
      error: 'GitHub kept failing (502)',
      body: 'The body'
    })
    expect(summary).toContain('> [!CAUTION]\n> The review could not be posted: GitHub kept failing (502)')
    expect(summary).toContain('<summary>The review that could not be posted</summary>')
    // Nothing reached the pull request, whatever was meant to go inline.
    expect(summary).toContain('**4 open findings**, nothing posted, 5 findings in all.')
    expect(summary).not.toMatch(/\| inline \||\| body \|/)
    expect(summary.match(/\| not posted \|/g)).toHaveLength(3)
    expect(summary).toMatch(/On a thread \| earlier thread \|/)
  })

  it('counts the learned rules that cover the reviewed files, only when the base has the file', () => {
    const rules = [
      { id: 'L-a', title: 'Legacy', text: 'No null checks.', paths: ['src/legacy/**'] },
      { title: 'By hand', text: 'Everywhere.', paths: [] },
      { id: 'L-b', title: 'Deploy', text: 'Rollbacks.', paths: ['deploy/**'] }
    ]
    const file = '(`.github/redline/learned.md` on the base branch)'
    expect(renderJobSummary({ ...base, learnedRules: rules, reviewedPaths: ['src/legacy/a.ts'] })).toContain(
      `**Learned rules:** 2 of 3 cover the changed files ${file}.`
    )
    expect(renderJobSummary({ ...base, learnedRules: [], reviewedPaths: ['src/a.ts'] })).toContain(
      `**Learned rules:** 0 of 0 cover the changed files ${file}.`
    )
    expect(renderJobSummary({ ...base, learnedRules: rules })).toContain(
      '**Learned rules:** 3 in `.github/redline/learned.md` on the base branch; no files were reviewed.'
    )
    expect(renderJobSummary({ ...base, reviewedPaths: ['src/legacy/a.ts'] })).not.toContain('Learned rules')
  })

  it('writes through a summary sink', async () => {
    const written: string[] = []
    let flushed = 0
    await writeJobSummary({ addRaw: text => written.push(text), write: async () => flushed++ }, base)
    expect(written).toEqual([renderJobSummary(base)])
    expect(flushed).toBe(1)
  })
})

describe('outputs', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  it('computes every declared output', () => {
    const findings = [makeFinding(), makeFinding({ status: 'resolved' }), makeFinding()]
    expect(
      computeOutputs({
        reviewId: 42,
        reviewUrl: 'u',
        findings,
        findingsFile: '/tmp/f.json',
        usage,
        coverage: { reviewed: 34, reviewable: 300 }
      })
    ).toEqual({
      'review-id': '42',
      'review-url': 'u',
      'findings-open': '2',
      'findings-file': '/tmp/f.json',
      'input-tokens': '7000',
      'output-tokens': '300',
      'cost-usd': '0.0457',
      coverage: '34/300'
    })
    expect(computeOutputs({ findings: [], findingsFile: '' })).toMatchObject({
      'review-id': '',
      coverage: '',
      'input-tokens': '0'
    })
  })

  it('writes every finding to a JSON file under RUNNER_TEMP', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'redline-out-'))
    const findings = [
      makeFinding({ severity: 'low' }),
      makeFinding({ severity: 'critical', status: 'resolved' })
    ]
    const file = await writeFindingsFile(
      findings,
      { prNumber: 7, inlineFindingIds: [findings[0]!.id] },
      { RUNNER_TEMP: dir }
    )
    expect(path.dirname(file)).toBe(dir)
    const document = JSON.parse(readFileSync(file, 'utf8'))
    expect(document.pull_request).toBe(7)
    expect(document.findings.map((f: { id: string }) => f.id)).toEqual([findings[1]!.id, findings[0]!.id])
    expect(document.findings[1]).toMatchObject({
      ...findings[0],
      postedInline: true,
      location: expect.stringMatching(/^src\/app.ts:\d+$/)
    })
  })
})

describe('shouldFail', () => {
  const findings = [
    makeFinding({ severity: 'high', title: 'Bad' }),
    makeFinding({ severity: 'critical', status: 'resolved' })
  ]

  it('fails on an open finding at or above the threshold', () => {
    expect(shouldFail(findings, 'high')).toMatch(
      /^1 open finding at or above high \(fail-on\): Bad \(src\/app.ts:\d+\)\.$/
    )
    expect(shouldFail(findings, 'medium')).toBeDefined()
  })

  it('passes when only resolved findings or lower ones remain, or when fail-on is none', () => {
    expect(shouldFail(findings, 'critical')).toBeUndefined()
    expect(shouldFail(findings, 'none')).toBeUndefined()
    expect(shouldFail([], 'informational')).toBeUndefined()
  })
})
