import { describe, expect, it, jest } from '@jest/globals'
import { validate } from '../../eval/validate.js'

// Every fixture is reviewed two or three times by the bundled action, with a few fixtures at a time.
jest.setTimeout(240_000)

describe('npm run eval -- --validate', () => {
  it('builds every fixture, places every golden location, and the oracle scores 1.0 while noise scores lower', async () => {
    const report = await validate({ concurrency: 4 })
    expect(report.problems).toEqual([])
    expect(report.fixtures.length).toBeGreaterThanOrEqual(25)
    expect(report.oracle.located).toMatchObject({ precision: 1, recall: 1 })
    expect(report.oracle.meaning).toMatchObject({ precision: 1, recall: 1 })
    expect(report.noisy.located.precision).toBeLessThan(1)
    expect(report.noisy.located.comments - report.noisy.located.matched).toBe(report.fixtures.length)
    expect(report.oracle.rereview.resolveRate).toBe(1)
    console.log(`--validate took ${(report.wallMs / 1000).toFixed(1)} s`)
  })
})
