import { describe, expect, it } from '@jest/globals'
import { DOUBLES, findingsWorld } from './support/findings-world.js'

describe('update_finding', () => {
  it('resolves a finding with a note and answers with its new line', async () => {
    const { store, tools } = findingsWorld()
    await tools.execute('add_finding', DOUBLES)
    const updated = await tools.execute('update_finding', {
      id: 'f_1',
      status: 'resolved',
      note: 'fixed by returning a'
    })
    expect(updated).toEqual({
      content: 'Updated: f_1 [resolved] medium correctness src/a.ts:2: Doubles the value'
    })
    expect(store.list('resolved')).toHaveLength(1)
  })

  it('answers an unknown id with the store’s refusal, as an error', async () => {
    const { tools } = findingsWorld()
    const missing = await tools.execute('update_finding', { id: 'f_9', severity: 'low' })
    expect(missing.isError).toBe(true)
    expect(missing.content).toContain('f_9')
  })
})
