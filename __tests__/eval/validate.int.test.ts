import { describe, expect, it, jest } from '@jest/globals'
import { MUTANT_BOUND, MUTANTS } from '../../eval/mutations.js'
import { validate } from '../../eval/validate.js'
import { describeValidation } from '../../eval/validate-report.js'

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
    // blind: every request of every review was read, and none names a fixture or its defect
    expect(report.blind.requests).toBeGreaterThanOrEqual(2 * report.fixtures.length)
    expect(report.blind.leaks).toEqual([])
    // every broken scorer is caught on its set; the real one makes only right matches
    expect(report.mutations.map(m => [m.mutant, m.problems])).toEqual(MUTANTS.map(m => [m.scorer.name, []]))
    for (const m of report.mutations) {
      expect(m.realMatchPrecision).toBe(1)
      expect(m.mutantMatchPrecision).toBeLessThan(MUTANT_BOUND)
    }
    console.log(describeValidation(report))
  })
})
