import { describe, expect, it } from '@jest/globals'
import { ConfigurationError } from '../../src/errors.js'
import { readSettings } from '../../src/action/inputs.js'

const base = { 'anthropic-api-key': 'sk-ant-x', 'github-token': 'ghs_x' }
const reader = (values: Record<string, string>) => (name: string) => ({ ...base, ...values })[name] ?? ''

describe('readSettings', () => {
  it('applies the documented defaults', () => {
    expect(readSettings(reader({}))).toEqual({
      anthropicApiKey: 'sk-ant-x',
      githubToken: 'ghs_x',
      orgToken: 'ghs_x',
      model: 'claude-sonnet-5-5',
      minSeverity: 'medium',
      maxComments: 4,
      budget: 'standard',
      fullReview: false,
      exclude: [],
      instructions: '',
      reviewDrafts: false,
      failOn: 'none',
      dryRun: false,
      verifyFindings: false,
      skipAuthors: [],
      timeLimitMs: 15 * 60_000,
      triggerPhrase: '@redline',
      include: [],
      labels: { skip: 'redline:skip', review: 'redline:review' },
      walkthrough: 'collapsed',
      diagrams: false,
      describe: 'command',
      sources: expect.any(Array)
    })
  })

  it('checks findings independently by default at deep only', () => {
    expect(readSettings(reader({ budget: 'deep' })).verifyFindings).toBe(true)
    expect(readSettings(reader({ budget: 'standard' })).verifyFindings).toBe(false)
    expect(readSettings(reader({ budget: 'deep', 'verify-findings': 'false' })).verifyFindings).toBe(false)
  })

  it('reads every input', () => {
    const settings = readSettings(
      reader({
        model: 'claude-opus-5-5',
        'min-severity': 'HIGH',
        'max-comments': '0',
        budget: 'deep',
        'pr-number': '42',
        'full-review': 'true',
        exclude: 'generated/**\n\n# a comment\n  *.snap  ',
        instructions: '  Prefer early returns. ',
        'review-drafts': 'True',
        'fail-on': 'critical',
        'dry-run': 'TRUE',
        'verify-findings': 'true',
        'anthropic-base-url': 'https://gateway.example.com/anthropic/'
      })
    )
    expect(settings).toMatchObject({
      model: 'claude-opus-5-5',
      minSeverity: 'high',
      maxComments: 0,
      budget: 'deep',
      prNumber: 42,
      fullReview: true,
      exclude: ['generated/**', '*.snap'],
      instructions: 'Prefer early returns.',
      reviewDrafts: true,
      failOn: 'critical',
      dryRun: true,
      verifyFindings: true,
      anthropicBaseUrl: 'https://gateway.example.com/anthropic'
    })
  })

  it.each([
    [
      'min-severity',
      'severe',
      "Invalid value for input 'min-severity': 'severe'. Expected one of informational"
    ],
    ['budget', 'huge', "Invalid value for input 'budget': 'huge'. Expected one of fast | standard | deep."],
    [
      'max-comments',
      '-1',
      "Invalid value for input 'max-comments': '-1'. Expected a whole number from 0 to 50."
    ],
    ['max-comments', '4.5', "'max-comments': '4.5'"],
    ['max-comments', '51', "'max-comments': '51'"],
    [
      'fail-on',
      'medium-ish',
      "Invalid value for input 'fail-on': 'medium-ish'. Expected one of none | informational"
    ],
    ['dry-run', 'yes', "Invalid value for input 'dry-run': 'yes'. Expected true or false."],
    ['pr-number', '0', "Invalid value for input 'pr-number': '0'"],
    ['anthropic-base-url', 'ftp://x', "Invalid value for input 'anthropic-base-url': 'ftp://x'"],
    ['model', 'claude sonnet', "Invalid value for input 'model': 'claude sonnet'"],
    ['time-limit', '0', "Invalid value for input 'time-limit': '0'. Expected minutes above 0"],
    ['time-limit', '1m', "Invalid value for input 'time-limit': '1m'. Expected minutes above 0"],
    ['time-limit', '361', "Invalid value for input 'time-limit': '361'"]
  ])(
    'rejects %s=%s with a message naming the input, the value and what is accepted',
    (name, value, message) => {
      const read = reader({ [name]: value })
      expect(() => readSettings(read)).toThrow(ConfigurationError)
      expect(() => readSettings(read)).toThrow(message)
    }
  )

  it('reads time-limit as minutes with decimals, defaulting by budget', () => {
    expect(readSettings(reader({ 'time-limit': '0.5' })).timeLimitMs).toBe(30_000)
    expect(readSettings(reader({ 'time-limit': '.25' })).timeLimitMs).toBe(15_000)
    expect(readSettings(reader({ budget: 'fast' })).timeLimitMs).toBe(4 * 60_000)
    expect(readSettings(reader({ budget: 'deep' })).timeLimitMs).toBe(40 * 60_000)
  })

  it('explains an empty API key', () => {
    expect(() => readSettings(reader({ 'anthropic-api-key': '  ' }))).toThrow(/anthropic-api-key.*secret/)
  })
})
