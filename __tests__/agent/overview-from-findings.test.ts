import { describe, expect, it } from '@jest/globals'
import { overviewFromFindings, type AgentRun } from '../../src/agent/loop.js'
import { emptyUsage, priceFor } from '../../src/agent/pricing.js'
import { makeFinding } from '../publish/helpers.js'

function run(overrides: Partial<AgentRun>): AgentRun {
  return {
    published: false,
    stopReason: 'end_turn',
    coverageNotes: [],
    usage: emptyUsage(priceFor('claude-sonnet-5-5')),
    turns: 3,
    toolCalls: 2,
    ...overrides
  }
}

describe('the summary of a run that wrote none', () => {
  it('says why the run ended and counts only the open findings', () => {
    const findings = [makeFinding(), makeFinding(), makeFinding({ status: 'resolved' })]
    expect(overviewFromFindings(findings, run({ budgetExhausted: 'turns', stopReason: 'budget' }))).toBe(
      'The review ended before the reviewer wrote a summary (its turns budget ran out). The 2 open findings are below.'
    )
  })

  it('names a failed request and an empty findings list plainly', () => {
    expect(overviewFromFindings([], run({ failure: new Error('500'), stopReason: 'api_error' }))).toBe(
      'The review ended before the reviewer wrote a summary (a model request failed). No open findings were recorded.'
    )
    expect(overviewFromFindings([makeFinding()], run({ stopReason: 'refusal' }))).toBe(
      'The review ended before the reviewer wrote a summary (it stopped (refusal)). The 1 open finding is below.'
    )
  })
})
