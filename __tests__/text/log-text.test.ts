import { describe, expect, it } from '@jest/globals'
import { neutralizeLogText } from '../../src/text/log-text.js'
import { workflowCommands } from '../../testing/workflow-commands.js'

/** Lines a check can print to try to give the runner a command. */
const ATTACKS = [
  'x\r::warning::forged',
  'x\r\n::error file=a.ts,line=1::forged',
  '::add-mask::secret',
  '   \t::set-output name=findings-open::0',
  '\u00a0\u2003::notice::forged after non-breaking spaces',
  '\u0085::debug::after a next-line character',
  'text ##[add-mask]secret',
  'text ##[set-output name=findings-open;]0',
  '###[warning]three hashes',
  '::stop-commands::abc123',
  '::group::forged group',
  'last line\r::warning::without a newline after it'
]

describe('the parser of a runner log line (testing/workflow-commands.ts)', () => {
  it('reads each attack as the runner does: a command', () => {
    for (const attack of ATTACKS) expect(workflowCommands(attack).length).toBeGreaterThan(0)
  })

  it('stops at stop-commands until the token, and never resumes on an empty one', () => {
    const log = '::stop-commands::tok\n::warning::hidden\n::tok::\n::warning::seen\n'
    expect(workflowCommands(log).map(c => c.command)).toEqual(['stop-commands', 'warning'])
    expect(workflowCommands('::stop-commands::\n::::\n::warning::never').map(c => c.command)).toEqual([
      'stop-commands'
    ])
  })

  it('ignores unknown names and text that only looks alike', () => {
    expect(workflowCommands('::not-a-command::x\n##[nothing]\n: :warning::x\nfoo::warning::x')).toEqual([])
  })
})

describe('neutralizeLogText', () => {
  it('leaves no workflow command in any attack, alone or all together', () => {
    for (const attack of ATTACKS) expect(workflowCommands(neutralizeLogText(attack))).toEqual([])
    expect(workflowCommands(neutralizeLogText(ATTACKS.join('\n')))).toEqual([])
  })

  it('keeps the text readable: the same characters with zero-width spaces, one line per line', () => {
    const out = neutralizeLogText('a\r::warning::b\r\nc ##[add-mask]d')
    expect(out.split('\n')).toHaveLength(3)
    expect(out.replace(/\u200b/g, '')).toBe('a\n::warning::b\nc ##[add-mask]d')
  })

  it('returns ordinary text as it is', () => {
    const text = 'src/app.ts(11,27): error TS2345: nothing to defuse here'
    expect(neutralizeLogText(text)).toBe(text)
    expect(neutralizeLogText('plain words')).toBe('plain words')
  })

  it('takes linear time on a long line of colons and hashes', () => {
    const long = `${' '.repeat(200_000)}${':#['.repeat(200_000)}`
    const started = Date.now()
    expect(workflowCommands(neutralizeLogText(long))).toEqual([])
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
