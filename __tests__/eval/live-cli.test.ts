import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { runLiveCli } from '../../eval/live-cli.js'

let out: string[] = []
beforeEach(() => {
  out = []
  jest.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)))
  jest.spyOn(console, 'error').mockImplementation((line: unknown) => void out.push(`error: ${String(line)}`))
})
afterEach(() => {
  jest.restoreAllMocks()
})

describe('the --live command line, before anything is spent', () => {
  it('prints the estimate and stops with --estimate, without a key', async () => {
    expect(await runLiveCli({ estimate: true, runs: '1' }, ['ts-reorder'], undefined, {})).toBe(0)
    expect(out[0]).toMatch(
      /^Estimate: 1 fixtures × 1 runs × 1 arm\(s\) = 1 reviews .* \$\d+\.\d\d with prompt caching/
    )
    expect(out[1]).toMatch(/^Time: about \d+\.\d h at --concurrency 2 /)
    expect(out[2]).toBe('Spend limit (--max-cost): $100.00.')
    expect(out.join('\n')).toMatch(
      /--max-cost \d+\.\d\d runs the whole set: the estimate without prompt caching plus/
    )
  })

  it('warns, and does not refuse, when --max-cost is below what runs the whole set', async () => {
    // No key: the run stops right after the warning, before anything is sent.
    expect(await runLiveCli({ 'max-cost': '40', runs: '10' }, undefined, undefined, {})).toBe(2)
    expect(out.join('\n')).toMatch(
      /Warning: --max-cost \(\$40\.00\) is below \$\d+\.\d\d: jobs whose worst case no longer fits .* will be skipped/
    )
    expect(out.at(-1)).toMatch(/^error: --live needs ANTHROPIC_API_KEY/)
  })

  it('starts nothing when the worst case of one job is above --max-cost', async () => {
    expect(await runLiveCli({ 'max-cost': '1' }, ['ts-reorder'], undefined, { ANTHROPIC_API_KEY: 'k' })).toBe(
      2
    )
    expect(out.at(-1)).toMatch(
      /^error: The worst case of a single job \(\$\d+\.\d\d\) is above --max-cost \(\$1\.00\)/
    )
  })

  it('needs ANTHROPIC_API_KEY', async () => {
    expect(await runLiveCli({}, ['ts-reorder'], undefined, {})).toBe(2)
    expect(out.at(-1)).toBe(
      'error: --live needs ANTHROPIC_API_KEY in the environment; it is never run in CI.'
    )
  })

  it('explains bad options', async () => {
    expect(await runLiveCli({ runs: '0' }, undefined, undefined, {})).toBe(2)
    expect(out.at(-1)).toBe("error: --runs must be a positive whole number, got '0'")
    expect(await runLiveCli({ 'max-cost': 'lots' }, undefined, undefined, {})).toBe(2)
    expect(out.at(-1)).toBe("error: --max-cost must be a positive number of dollars, got 'lots'")
    expect(await runLiveCli({ arm: ['a=', 'a=budget:deep'] }, undefined, undefined, {})).toBe(2)
    expect(out.at(-1)).toBe('error: two --arm options have the same name')
    expect(await runLiveCli({ arm: ['a=budget'] }, undefined, undefined, {})).toBe(2)
    expect(out.at(-1)).toMatch(/'budget' is not input:value/)
  })

  it('runs the tuning split unless --holdout is given, and says which', async () => {
    expect(await runLiveCli({ estimate: true, runs: '1' }, ['py-order-history'], undefined, {})).toBe(2)
    expect(out.at(-1)).toBe(
      'error: py-order-history is not in the tuning split (pass --holdout to run the holdout)'
    )
    expect(
      await runLiveCli({ estimate: true, runs: '1', holdout: true }, ['py-order-history'], undefined, {})
    ).toBe(0)
    expect(out).toContain('Split: holdout (1 fixtures).')
    out = []
    expect(
      await runLiveCli({ estimate: true, runs: '1', holdout: true }, ['ts-reorder'], undefined, {})
    ).toBe(2)
    expect(out.at(-1)).toBe('error: ts-reorder is not in the holdout split')
    out = []
    expect(await runLiveCli({ estimate: true, runs: '1' }, undefined, undefined, {})).toBe(0)
    expect(out.some(line => /^Split: tuning \(25 fixtures\)\.$/.test(line))).toBe(true)
  })

  it('counts every arm and its model in the estimate', async () => {
    await runLiveCli(
      { estimate: true, runs: '1', arm: ['base=', 'opus=model:claude-opus-5-5'] },
      ['ts-reorder'],
      undefined,
      {}
    )
    expect(out[0]).toMatch(/× 2 arm\(s\) = 2 reviews .*reviewer \(claude-sonnet-5-5, claude-opus-5-5\)/)
  })
})
