import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  calibrate,
  calibrationProblems,
  loadCalibration,
  runCalibrateCli,
  type CalibrationPair
} from '../../eval/calibrate.js'
import { loadFixtures } from '../../eval/fixtures.js'
import { JUDGE_SYSTEM, lexicalJudge, type Judge } from '../../eval/judge.js'
import { startMessagesServer, type MessagesServer } from '../../testing/messages-server.js'

const fixtures = await loadFixtures()
const pairs = await loadCalibration()

const everything: Judge = {
  verdicts: async (comments, defects) => Object.fromEntries(comments.map(c => [c.id, defects.map(d => d.id)]))
}

describe('the calibration set', () => {
  it('holds at least 30 hand-labelled pairs, matches and near-misses, on real defects and lines', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30)
    expect(pairs.filter(p => p.same).length).toBeGreaterThanOrEqual(10)
    expect(pairs.filter(p => !p.same).length).toBeGreaterThanOrEqual(10)
    expect(calibrationProblems(pairs, fixtures)).toEqual([])
    const languages = new Set(pairs.map(p => fixtures.find(f => p.defect.startsWith(`${f.id}/`))!.language))
    expect(languages.size).toBe(5)
  })

  it('names a pair whose defect or line does not exist', () => {
    const bad: CalibrationPair[] = [
      { ...pairs[0]!, defect: 'go-bulk-ship/no-such-defect' },
      { ...pairs[0]!, comment: { ...pairs[0]!.comment, startLine: 9000, endLine: 9000 } }
    ]
    expect(calibrationProblems(bad, fixtures)).toEqual([
      'pair 1: no golden defect go-bulk-ship/no-such-defect',
      'pair 2: lines 9000-9000 are not in the file'
    ])
  })
})

describe('calibrate', () => {
  it('scores a judge that says yes to everything by the share of matches in the set', async () => {
    const result = await calibrate(pairs, fixtures, everything)
    const matches = pairs.filter(p => p.same).length
    expect(result).toMatchObject({
      agreed: matches,
      truePositives: matches,
      falsePositives: pairs.length - matches
    })
    expect(result.agreement).toBeLessThan(0.75)
  })

  it('scores the lexical stand-in below a perfect judge: the near-misses are built to fool word overlap', async () => {
    const result = await calibrate(pairs, fixtures, lexicalJudge())
    expect(result.agreement).toBeLessThan(1)
    expect(result.disagreements.length).toBe(pairs.length - result.agreed)
  })
})

describe('npm run eval -- --calibrate, against the Messages stand-in', () => {
  let messages: MessagesServer
  beforeAll(async () => {
    messages = await startMessagesServer({ apiKey: 'k' })
    // A judge that always names the first defect of the fixture.
    messages.push(
      ...Array.from({ length: 3 * pairs.length }, () => ({
        content: [{ type: 'text' as const, text: '{"same_issue": [1], "reason": "first"}' }],
        stop_reason: 'end_turn' as const
      }))
    )
  })
  afterAll(() => messages.close())

  it('asks the judge three times per pair with the code, and reports agreement and disagreements', async () => {
    const lines: string[] = []
    expect(
      await runCalibrateCli(
        'claude-opus-5-5',
        { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: messages.url },
        l => lines.push(l)
      )
    ).toBe(0)
    expect(messages.requests).toHaveLength(3 * pairs.length)
    expect(messages.requests.every(r => r.body.system === JUDGE_SYSTEM)).toBe(true)
    const expected = pairs.filter(p => {
      const fixture = fixtures.find(f => p.defect.startsWith(`${f.id}/`))!
      return (fixture.golden[0]!.id === p.defect) === p.same
    }).length
    expect(lines[0]).toContain(`(${expected}/${pairs.length})`)
    expect(lines.at(-1)).toMatch(/0 unreadable answers, 0 pairs whose samples disagreed/)
  })
})
