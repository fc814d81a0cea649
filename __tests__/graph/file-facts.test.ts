import { describe, expect, it } from '@jest/globals'
import { factsFromBytes } from '../../src/graph/file-facts.js'

const statement = (n: number): string => `export const value${n} = ${n}`

describe('a file read for its facts', () => {
  it('leaves a file of long lines to the patterns as minified', async () => {
    const line = Array.from({ length: 200 }, (_, n) => `var v${n}=${n};`).join('')
    const text = Array.from({ length: 50 }, () => line).join('\n')
    expect(await factsFromBytes('src/bundle.js', Buffer.from(text))).toEqual({ skipped: 'minified' })
  })

  it('parses a file with one long line among many short ones, and one whose long line is past the sample', async () => {
    const long = `export const table = [${Array.from({ length: 400 }, (_, n) => n).join(', ')}]`
    const short = Array.from({ length: 200 }, (_, n) => statement(n))
    const text = [...short.slice(0, 100), long, ...short.slice(100)].join('\n')
    const state = await factsFromBytes('src/table.ts', Buffer.from(text))
    expect('facts' in state && state.facts.definitions.map(d => d.name)).toContain('table')
    // Lines of 300 characters on average, but the long one comes after the first 2,000.
    const padded = Array.from({ length: 2_000 }, (_, n) => `${statement(n)} // ${'x'.repeat(300)}`)
    const late = [...padded, `export const late = '${'y'.repeat(5_000)}'`].join('\n')
    const lateState = await factsFromBytes('src/late.ts', Buffer.from(late))
    expect('facts' in lateState && lateState.facts.definitions.at(-1)?.name).toBe('late')
  })
})
