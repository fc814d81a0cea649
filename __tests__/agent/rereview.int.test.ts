import { afterEach, describe, expect, it } from '@jest/globals'
import { budgetLimits } from '../../src/agent/budgets.js'
import { reviewWithAgent } from '../../src/agent/reviewer.js'
import { LineMap } from '../../src/diff/line-map.js'
import { DiffLineSet } from '../../src/diff/line-set.js'
import { diffFiles } from '../../src/diff/source.js'
import { triage } from '../../src/diff/triage.js'
import type { Finding } from '../../src/findings/finding.js'
import { fingerprintOf } from '../../src/findings/fingerprint.js'
import { carryFindings } from '../../src/findings/reconcile.js'
import { createGit } from '../../src/git/git.js'
import { memoryLogger } from '../../src/logger.js'
import { reply } from '../../testing/messages-server.js'
import { createPrFixture } from '../../testing/pr-fixture.js'
import {
  CALC_BASE,
  CALC_HEAD,
  lineOf,
  MODEL,
  releaseAll,
  startModel,
  toolResults
} from './support/review-world.js'

afterEach(releaseAll)

// Since the last review: three lines above everything, and the divide guard fixed just above its line.
const SHIFTED = ["import { log } from './log.js'", '', 'const EPSILON = 1e-9', ...CALC_HEAD.split('\n')]
  .join('\n')
  .replace('  return a / b', '  if (b === 0) throw new Error("b is 0")\n  return a / b')

function earlier(fields: Partial<Finding> & Pick<Finding, 'id' | 'title' | 'quote'>, sha: string): Finding {
  const line = lineOf(CALC_HEAD, fields.quote as string)
  const finding: Finding = {
    severity: 'medium',
    category: 'correctness',
    file: 'src/calc.ts',
    description: 'The description as it was written.',
    startLine: line,
    endLine: line,
    side: 'RIGHT',
    status: 'open',
    firstSeenSha: sha,
    lastConfirmedSha: sha,
    fingerprint: '',
    ...fields
  }
  return { ...finding, fingerprint: fingerprintOf(finding) }
}

describe('a re-review', () => {
  it('moves a resolved finding with its code, refuses its re-raise, takes a new problem there, and shows open ones in context', async () => {
    const fixture = createPrFixture({
      base: { 'src/calc.ts': CALC_BASE },
      commits: [
        { files: { 'src/calc.ts': CALC_HEAD }, message: 'Add divide and mean' },
        { files: { 'src/calc.ts': SHIFTED }, message: 'Guard divide' }
      ]
    })
    const git = createGit(fixture.workspaceDir, memoryLogger())
    const [reviewed] = fixture.headCommits as [string]
    const headSha = fixture.headSha
    await git.fetchShas([headSha, reviewed, fixture.mergeBaseSha], 1)
    const previous = [
      earlier(
        {
          id: 'f_loop01',
          title: 'Loop reads past the end',
          quote: 'i <= values.length',
          status: 'resolved',
          note: 'the author showed values always has a sentinel'
        },
        reviewed
      ),
      earlier({ id: 'f_div001', title: 'Division by zero returns Infinity', quote: 'return a / b' }, reviewed)
    ]
    const since = await diffFiles(git, reviewed, headSha)
    const carried = carryFindings(previous, LineMap.fromFiles(since), since).findings
    const prFiles = await diffFiles(git, fixture.mergeBaseSha, headSha)
    const loopLine = lineOf(SHIFTED, 'i <= values.length')
    expect(carried[0]).toMatchObject({ startLine: loopLine, status: 'resolved' })

    const reRaise = {
      file: 'src/calc.ts',
      start_line: loopLine,
      quote: 'for (let i = 0',
      title: 'Loop reads past the end!',
      description: 'values[values.length] is read.',
      category: 'data',
      severity: 'high'
    }
    const different = { ...reRaise, title: 'Total is not reset between calls', category: 'correctness' }
    const model = await startModel([
      reply.toolUse('add_finding', reRaise),
      reply.toolUse('add_finding', different),
      reply.toolUse('publish_review', { summary: 'Rechecked.' })
    ])
    const result = await reviewWithAgent({
      client: model.client,
      model: MODEL,
      budget: budgetLimits('standard'),
      git,
      headSha,
      baseSha: fixture.mergeBaseSha,
      prFiles,
      lineSet: DiffLineSet.fromFiles(prFiles),
      triage: triage(since),
      carried,
      context: {
        repository: 'o/r',
        pr: { number: 1, title: 'Calc', body: '' },
        guidance: [],
        instructions: '',
        reReview: { sinceSha: reviewed, findings: carried, lineChanges: {} }
      },
      logger: memoryLogger()
    })

    const results = model.server.requests.slice(1).map(request => toolResults(request)[0])
    expect(results[0]).toMatchObject({ is_error: true })
    expect(String(results[0]?.content)).toContain('same issue as f_loop01')
    expect(results[1]?.is_error).toBeUndefined()
    expect(result.findings.filter(f => f.status === 'open').map(f => f.title)).toEqual([
      'Division by zero returns Infinity',
      'Total is not reset between calls'
    ])

    const content = model.server.requests[0]?.body.messages?.[0]?.content
    const first = Array.isArray(content) ? String((content[0] as { text?: string }).text) : String(content)
    expect(first).toContain('  Quote: return a / b\n')
    const divide = lineOf(SHIFTED, 'return a / b')
    // The fix one line above the cited one is in view, with five lines either side.
    expect(first).toContain(
      `     ${divide - 1}:   if (b === 0) throw new Error("b is 0")\n   > ${divide}:   return a / b\n`
    )
    expect(first).toContain(`      ${divide - 5}:   return a + b\n`)
    expect(first).toContain(`     ${divide + 5}:   for (let i = 0;`)
    expect(first).not.toContain(`${divide - 6}: export function add`)
    expect(first).toContain('Decision: resolved, the author showed values always has a sentinel')
    fixture.cleanup()
  })
})
