import { describe, expect, it } from '@jest/globals'
import { findingsWorld } from './support/findings-world.js'

describe('publish_review', () => {
  it('ends the run with the trimmed summary, and is never refused for budget', async () => {
    const { tools } = findingsWorld()
    expect(tools.endsRun('publish_review')).toBe(true)
    expect(tools.reads('publish_review')).toBe(false)
    expect(await tools.execute('publish_review', { summary: '  Adds doubling.  \n' })).toEqual({
      content: 'Review recorded.',
      publish: { summary: 'Adds doubling.' }
    })
  })

  it('refuses an empty summary and says nothing was done', async () => {
    const { tools } = findingsWorld()
    const empty = await tools.execute('publish_review', { summary: '' })
    expect(empty.isError).toBe(true)
    expect(empty.content).toContain('Nothing was done; call publish_review again')
    expect(empty.publish).toBeUndefined()
  })
})
