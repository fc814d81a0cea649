import { describe, expect, it } from '@jest/globals'
import { parseArgs, UsageError } from '../../src/cli/args.js'
import { resolveLocal } from '../../src/cli/local-config.js'

describe('parseArgs', () => {
  it('gives only the flags set, so that the file can fill in the rest', () => {
    expect(parseArgs(['review', '--base', 'main', '--full', '--min-severity=HIGH'])).toEqual({
      kind: 'review',
      flags: { base: 'main', 'full-review': 'true', 'min-severity': 'HIGH' }
    })
    const flags = { base: 'main' }
    const file = { 'min-severity': 'high', budget: 'fast' }
    const commit = 'c'.repeat(40)
    const { values } = resolveLocal(flags, {}, { commit, path: '.redline.yml', values: file, pathRules: [] })
    expect(values).toMatchObject({
      'min-severity': 'high',
      budget: 'fast',
      'time-limit': 4,
      'full-review': false
    })
  })

  it('reads the config commands', () => {
    expect(parseArgs(['config', 'check'])).toEqual({ kind: 'config-check' })
    expect(parseArgs(['config', 'check', 'x.yml'])).toEqual({ kind: 'config-check', file: 'x.yml' })
    expect(parseArgs(['config', 'show', '--budget', 'deep'])).toEqual({
      kind: 'config-show',
      flags: { budget: 'deep' }
    })
  })

  it.each([
    [['review'], '--base is required'],
    [
      ['review', '--base', 'main', '--budget', 'huge'],
      "--budget is 'huge'. Expected one of fast, standard, deep."
    ],
    [['review', '--base', 'main', '--time-limit', '0'], "--time-limit is '0'. Expected minutes above 0"],
    [['review', '--base', 'main', '--full=yes'], '--full takes no value.'],
    [['review', '--base', 'main', '--model'], '--model needs a value.'],
    [['review', '--base', 'main', '--max-comments', '3'], 'Unknown option --max-comments.'],
    [['config', 'lint'], "Unknown command 'config lint'."],
    [['config', 'check', '--budget', 'deep'], 'redline config check takes no options.'],
    [['deploy'], "Unknown command 'deploy'."]
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError)
    expect(() => parseArgs(argv)).toThrow(message)
  })

  it('refuses a bad environment variable as a configuration mistake, naming it', () => {
    expect(() => resolveLocal({}, { ANTHROPIC_BASE_URL: 'file:///etc' })).toThrow(
      "ANTHROPIC_BASE_URL is 'file:///etc'. Expected an http(s) URL."
    )
  })
})
