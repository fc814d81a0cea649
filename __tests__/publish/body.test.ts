import { describe, expect, it } from '@jest/globals'
import type { Finding } from '../../src/findings/finding.js'
import { SEVERITIES } from '../../src/findings/severity.js'
import { memoryLogger } from '../../src/logger.js'
import { renderReviewBody, type BodyInput } from '../../src/publish/body.js'
import { measure } from '../../src/text/measure.js'
import { decodeMarker, encodeMarker, type ReviewState } from '../../src/state/marker.js'
import { readState } from '../../src/state/read-state.js'
import { selectFindings } from '../../src/publish/select.js'
import { everyLine, GITHUB_BODY_LIMIT, makeFinding, SHA_A, SHA_B } from './helpers.js'

const SETTINGS = { minSeverity: 'medium' as const, maxComments: 4 }

function input(findings: Finding[], extra: Partial<BodyInput> = {}, previous: Finding[] = []): BodyInput {
  const state: ReviewState = { lastReviewedSha: SHA_B, runId: 'r1', findings }
  return {
    overview: 'Adds a cache in front of the user lookup.',
    selection: selectFindings(findings, everyLine, SETTINGS, previous),
    coverageNotes: [],
    state,
    ...extra
  }
}

function decoded(body: string): ReviewState {
  const result = decodeMarker(body)
  if (result.kind !== 'ok') throw new Error(`marker did not decode: ${JSON.stringify(result)}`)
  return result.state
}

/** Findings as large as a verbose reviewer writes them. */
function bigFinding(i: number, status: Finding['status']): Finding {
  return makeFinding({
    id: `f_${i.toString(36).padStart(6, '0')}`,
    severity: SEVERITIES[i % 5],
    category: ['security', 'correctness', 'performance', 'maintainability'][i % 4]!,
    file: `packages/service-${i % 17}/src/handlers/request-handler-${i % 23}.ts`,
    title: `Unvalidated input reaches the query builder in handler number ${i} of the service`.slice(0, 90),
    description: `Detailed explanation ${i}: `.padEnd(
      900,
      'the request parameter flows into the SQL string. '
    ),
    startLine: 100 + i,
    endLine: 104 + i,
    status,
    firstSeenSha: i % 2 ? SHA_A : SHA_B,
    lastConfirmedSha: SHA_B,
    commentId: status === 'open' ? undefined : 2_400_000_000 + i,
    fingerprint: (0xabcdef0000 + i).toString(16).padStart(16, '0'),
    note: status === 'resolved' ? `fixed in ${SHA_B.slice(0, 7)} by validating the parameter` : undefined,
    suggestion: 'const query = sql`SELECT * FROM users WHERE id = ${id}`'
  })
}

describe('renderReviewBody', () => {
  it('never mentions an informational finding, but keeps it in the marker', () => {
    const info = makeFinding({
      severity: 'informational',
      title: 'FYI: a helper for this exists',
      description: 'See lib/strings.ts.'
    })
    const closedInfo = makeFinding({ severity: 'informational', status: 'resolved', title: 'Old FYI note' })
    const real = makeFinding({ severity: 'high', title: 'Cache never expires' })
    const previous = [{ ...closedInfo, status: 'open' as const }]
    const { body } = renderReviewBody(input([info, closedInfo, real], {}, previous))
    const visiblePart = body.slice(0, body.indexOf('<!-- redline:state'))
    expect(visiblePart).toContain('**1 open finding**')
    expect(visiblePart).not.toMatch(/FYI|helper for this|Old FYI|Info/)
    expect(
      decoded(body)
        .findings.map(f => f.id)
        .sort()
    ).toEqual([info.id, closedInfo.id, real.id].sort())
  })

  it('gives a clean pull request a short review that says so', () => {
    const { body } = renderReviewBody(input([]))
    expect(body).toMatch(/^\*\*Redline review\*\* of `bbbbbbb`\n\n✅ \*\*No open findings\.\*\*/)
    expect(body).not.toMatch(/<details>|Outside the diff/)
    expect(measure(body)).toBeLessThan(600)
    expect(decoded(body)).toEqual({ lastReviewedSha: SHA_B, runId: 'r1', findings: [] })
  })

  it('shows counts, the findings outside the diff, the collapsed rest, the resolved and the coverage', () => {
    const inlineHigh = makeFinding({ severity: 'high', title: 'Inline one' })
    const outside = makeFinding({ severity: 'critical', outsideDiff: true, title: 'Outside one' })
    const low = makeFinding({ severity: 'low', title: 'Low | piped\ntitle' })
    const fixed = makeFinding({ status: 'resolved', title: 'Fixed one', note: 'guarded now' })
    const findings = [inlineHigh, outside, low, fixed]
    const { body } = renderReviewBody(
      input(findings, { coverageNotes: ['The budget ran out before src/big.ts was read.'] }, [
        { ...fixed, status: 'open' }
      ])
    )
    expect(body).toContain('| 🟠 High | 1 | 1 |')
    expect(body).toContain('| 🔴 Critical | 1 | 0 |')
    expect(body).toMatch(/#### Outside the diff\n\n.*\n\n- \*\*🔴 Critical · correctness\*\* — Outside one/)
    expect(body).toMatch(/<details>\n<summary>1 more open finding \(1 low\)<\/summary>/)
    expect(body).toContain('Low \\| piped title')
    expect(body).toContain('_(below min-severity)_')
    expect(body).toMatch(
      /#### Resolved in this run\n\n- ~~Fixed one~~ `src\/app.ts:\d+` — resolved: guarded now/
    )
    expect(body).toMatch(/#### Coverage\n\n- The budget ran out before src\/big.ts was read./)
    expect(body.slice(0, body.indexOf('<!-- redline:state'))).not.toContain('Inline one')
    expect(decoded(body).findings).toEqual(
      findings.map(f => ({ ...f, suggestion: undefined, quote: undefined }))
    )
  })

  it('keeps a marker forged in the summary from being read back', () => {
    const forged = encodeMarker({ lastReviewedSha: SHA_A, findings: [] })
    const finding = makeFinding()
    const { body } = renderReviewBody(
      input([finding], { overview: `Looks fine.\n\n${forged}\n\`\`\`\nunclosed` })
    )
    const state = readState(
      [{ id: 1, user: { login: 'bot' }, body, state: 'COMMENTED' }],
      'bot',
      memoryLogger()
    )
    expect(state.state?.lastReviewedSha).toBe(SHA_B)
    expect(state.state?.findings.map(f => f.id)).toEqual([finding.id])
    // The open fence from the summary is closed before the lists and the marker.
    expect(body.indexOf('unclosed\n```')).toBeGreaterThan(0)
  })

  it('keeps the collapsed list whole and pings nobody, whatever the findings say', () => {
    const listed = makeFinding({
      severity: 'low',
      title: '</details> @acme/everyone',
      description: 'Hi @octocat </summary>'
    })
    const { body } = renderReviewBody(input([listed], { overview: 'Thanks @octocat and @acme/team.' }))
    const visible = body.slice(0, body.indexOf('<!-- redline:state'))
    expect(visible.match(/<\/?details>/g)).toEqual(['<details>', '</details>'])
    expect(visible.match(/<\/?summary>/g)).toEqual(['<summary>', '</summary>'])
    expect(visible).not.toMatch(/(^|\W)@[a-z]/im)
    expect(decoded(body).findings[0]!.title).toBe(listed.title)
  })

  it('sheds the text of resolved findings before anything of the open ones', () => {
    const findings = Array.from({ length: 120 }, (_, i) => bigFinding(i, i < 60 ? 'resolved' : 'open'))
    const { body, compaction } = renderReviewBody(input(findings))
    const state = decoded(body)
    expect(measure(body)).toBeLessThanOrEqual(GITHUB_BODY_LIMIT)
    expect(compaction[0]).toMatch(/descriptions of resolved findings/)
    expect(state.findings.filter(f => f.status === 'resolved').every(f => f.description === '')).toBe(true)
    expect(state.findings.filter(f => f.status === 'open').every(f => f.description.length > 200)).toBe(true)
  })

  it.each<[string, (i: number) => Finding['status']]>([
    ['250 open and 250 resolved', i => (i % 2 ? 'open' : 'resolved')],
    ['500 open', () => 'open']
  ])('keeps a body with %s findings under 65,536 characters, every open finding intact', (_name, status) => {
    const findings = Array.from({ length: 500 }, (_, i) => bigFinding(i, status(i)))
    const { body, droppedOpenIds } = renderReviewBody(input(findings))
    expect(measure(body)).toBeLessThanOrEqual(GITHUB_BODY_LIMIT)
    expect(droppedOpenIds).toEqual([])
    const state = decoded(body)
    const identity = (f: Finding) => [
      f.id,
      f.severity,
      f.category,
      f.file,
      f.startLine,
      f.endLine,
      f.side,
      f.status,
      f.fingerprint,
      f.firstSeenSha,
      f.lastConfirmedSha,
      f.commentId
    ]
    const open = findings.filter(f => f.status === 'open')
    expect(state.findings.filter(f => f.status === 'open').map(identity)).toEqual(open.map(identity))
  })
})

describe('evidenceSection', () => {
  it("writes a failed tool's text as one code span its backticks cannot close, and Redline's own words as prose", async () => {
    const { evidenceSection } = await import('../../src/publish/body.js')
    const section = evidenceSection([
      { source: 'check', name: 'tsc', status: 'ran', text: 'ran, 1 result on changed lines' },
      {
        source: 'check',
        name: 'lint',
        status: 'failed',
        text: 'exited with 1 and no result: x\r::warning::y [a](https://evil.example) ![i](x.png) <img src=x> ``` `'
      }
    ])!
    const lines = section.split('\n')
    expect(lines).toContain('- `tsc` (check): ran, 1 result on changed lines')
    expect(lines).toContain(
      '- `lint` (check): ```` exited with 1 and no result: x ::warning::y [a](https://evil.example) ![i](x.png) <img src=x> ``` ` ````'
    )
    expect(section).not.toContain('\r')
  })
})
