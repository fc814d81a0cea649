import { describe, expect, it } from '@jest/globals'
import { checkSequenceDiagram } from '../../src/text/sequence-diagram.js'

const ok = (text: string) => expect(checkSequenceDiagram(text)).toMatchObject({ ok: true })
const refused = (text: string, reason: RegExp) => {
  const checked = checkSequenceDiagram(text)
  expect(checked.ok).toBe(false)
  if (!checked.ok) expect(checked.reason).toMatch(reason)
}

describe('checkSequenceDiagram', () => {
  it('accepts participants, messages, notes, activations and balanced blocks', () => {
    ok(
      [
        'sequenceDiagram',
        '  autonumber',
        '  participant Api as HTTP handler',
        '  actor User',
        '  User->>Api: POST /sum',
        '  activate Api',
        '  alt b is zero',
        '    Api-->>User: 400',
        '  else',
        '    Api->>Math: divide(a, b)',
        '    Note over Api, Math: both sides checked',
        '  end',
        '  deactivate Api',
        '  %% a comment'
      ].join('\n')
    )
  })

  it('refuses what GitHub would show as an error box, and directives', () => {
    refused('graph TD\n  A-->B', /first line/)
    refused('sequenceDiagram\n  A->>B: go\n  loop forever', /not closed/)
    refused('sequenceDiagram\n  A->>B: go\n  end', /without a block/)
    refused('sequenceDiagram\n  A->>B: go\n  opt x\n  and y\n  end', /outside an `par`/)
    refused('sequenceDiagram\n  %%{init: {"theme": "dark"}}%%\n  A->>B: go', /not a statement/)
    refused('sequenceDiagram\n  A->>B: go; B->>A: back', /not a statement/)
    refused('sequenceDiagram\n  A->>B go', /not a statement/)
    refused('sequenceDiagram\n  participant A\n  participant B', /no message/)
    refused('sequenceDiagram\n  A->>A: self', /fewer than two/)
    refused('sequenceDiagram\n  end->>B: go', /keyword/)
    refused('sequenceDiagram\n  A->>B: ```', /not a statement/)
  })

  it('stays linear on long hostile lines', () => {
    const line = `A->>${'B'.repeat(100_000)}`
    const started = process.hrtime.bigint()
    refused(`sequenceDiagram\n${line}`, /too long|longer/)
    refused(`sequenceDiagram\n${'A->>B: x\n'.repeat(100)}`, /more than 80 lines/)
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000)
  })
})
