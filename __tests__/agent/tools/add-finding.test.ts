import { describe, expect, it } from '@jest/globals'
import { DOUBLES, findingsWorld } from './support/findings-world.js'

describe('add_finding', () => {
  it('records a finding on lines of the diff and answers with its id', async () => {
    const { store, tools } = findingsWorld()
    expect(await tools.execute('add_finding', DOUBLES)).toEqual({ content: 'Added f_1.' })
    expect(store.list()).toMatchObject([
      { id: 'f_1', file: 'src/a.ts', startLine: 2, endLine: 2, side: 'RIGHT', status: 'open' }
    ])
  })

  it('says when the cited lines are outside the diff', async () => {
    const { tools } = findingsWorld()
    const outside = await tools.execute('add_finding', {
      ...DOUBLES,
      file: 'src/old.ts',
      start_line: 10,
      quote: 'line 10'
    })
    expect(outside.isError).toBeUndefined()
    expect(outside.content).toMatch(/outside the diff, so it will be listed in the review body/)
  })

  it('refuses an unknown category and an unknown field, naming the accepted ones', async () => {
    const { store, tools } = findingsWorld()
    const category = await tools.execute('add_finding', { ...DOUBLES, category: 'style-ish' })
    expect(category.isError).toBe(true)
    expect(category.content).toContain('unknown category; use one of: ')
    const extra = await tools.execute('add_finding', { ...DOUBLES, line: 2 })
    expect(extra.isError).toBe(true)
    expect(extra.content).toContain('Accepted fields: file, start_line, end_line, side, quote, title')
    expect(store.list()).toEqual([])
  })
})
