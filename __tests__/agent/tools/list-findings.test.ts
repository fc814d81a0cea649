import { describe, expect, it } from '@jest/globals'
import { DOUBLES, findingsWorld } from './support/findings-world.js'

describe('list_findings', () => {
  it('lists all findings or those of one status, one line each', async () => {
    const { tools } = findingsWorld()
    expect(await tools.execute('list_findings', {})).toEqual({ content: 'The findings list is empty.' })
    await tools.execute('add_finding', DOUBLES)
    await tools.execute('add_finding', {
      ...DOUBLES,
      title: 'Drops the input',
      start_line: 3,
      quote: 'return b'
    })
    expect((await tools.execute('list_findings', {})).content).toBe(
      'f_1 [open] medium correctness src/a.ts:2: Doubles the value\n' +
        'f_2 [open] medium correctness src/a.ts:3: Drops the input'
    )
    expect(await tools.execute('list_findings', { status: 'dismissed' })).toEqual({
      content: 'No dismissed findings.'
    })
  })
})
