import { describe, expect, it, jest } from '@jest/globals'
import { MUTANTS } from '../../eval/mutants.js'
import { validate } from '../../eval/validate.js'
import { describeValidation } from '../../eval/validate-report.js'

// Every fixture is reviewed two or three times by the bundled action, with a few fixtures at a time; the
// scorer's mutants run beside them. 75-110 s on an idle machine, up to about 4 minutes on a busy one.
jest.setTimeout(360_000)

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
    // every mutant of the scorer's code is caught: the real scorer gives the set's right score, each mutant another
    expect(report.mutations.real.located.matched).toBe(report.mutations.expected.located)
    expect(report.mutations.real.cleanNoise).toBe(report.mutations.expected.cleanNoise)
    expect(report.mutations.mutants.map(m => [m.mutant, m.problems])).toEqual(MUTANTS.map(m => [m.name, []]))
    for (const m of report.mutations.mutants) expect(m.score).not.toEqual(report.mutations.real)
    console.log(describeValidation(report))
  })
})
