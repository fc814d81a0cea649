import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import {
  expectNoSecretAnywhere,
  runOn,
  startWorld,
  userLine,
  type Run,
  type World
} from './support/hardening-world.js'

jest.setTimeout(120_000)

const MAX = 50

/** Each bad input, and the one line that must tell the user what to fix. */
const CASES: Array<[string, Record<string, string>, string | RegExp]> = [
  [
    'min-severity not a severity',
    { 'min-severity': 'severe' },
    "Invalid value for input 'min-severity': 'severe'. Expected one of informational | low | medium | high | critical."
  ],
  [
    'max-comments not a number',
    { 'max-comments': 'lots' },
    `Invalid value for input 'max-comments': 'lots'. Expected a whole number from 0 to ${MAX}.`
  ],
  [
    'max-comments out of range',
    { 'max-comments': '1000' },
    `Invalid value for input 'max-comments': '1000'. Expected a whole number from 0 to ${MAX}.`
  ],
  [
    'max-comments negative',
    { 'max-comments': '-1' },
    `Invalid value for input 'max-comments': '-1'. Expected a whole number from 0 to ${MAX}.`
  ],
  [
    'budget unknown',
    { budget: 'unlimited' },
    "Invalid value for input 'budget': 'unlimited'. Expected one of fast | standard | deep."
  ],
  [
    'dry-run not a boolean',
    { 'dry-run': 'yes' },
    "Invalid value for input 'dry-run': 'yes'. Expected true or false."
  ],
  [
    'fail-on unknown',
    { 'fail-on': 'always' },
    "Invalid value for input 'fail-on': 'always'. Expected one of none | informational | low | medium | high | critical."
  ],
  [
    'model with a space',
    { model: 'claude sonnet' },
    /^Invalid value for input 'model': 'claude sonnet'\. Expected a model name/
  ],
  [
    'anthropic-base-url not http',
    { 'anthropic-base-url': 'file:///etc/passwd' },
    "Invalid value for input 'anthropic-base-url': 'file:///etc/passwd'. Expected an http(s) URL."
  ],
  [
    'pr-number zero',
    { 'pr-number': '0' },
    /^Invalid value for input 'pr-number': '0'\. Expected a whole number from 1 to \d+\.$/
  ],
  ['anthropic-api-key empty', { 'anthropic-api-key': '' }, /^Input 'anthropic-api-key' is empty\. /],
  ['github-token blank', { 'github-token': '   ' }, /^Input 'github-token' is empty\. /]
]

let w: World
const results = new Map<string, Run>()

beforeAll(async () => {
  w = await startWorld({
    base: { 'src/math.ts': 'export const one = 1\n' },
    commits: [{ files: { 'src/math.ts': 'export const one = 2\n' } }]
  })
  // Runs that fail before any request are independent: start them two at a time.
  for (let i = 0; i < CASES.length; i += 2) {
    await Promise.all(
      CASES.slice(i, i + 2).map(async ([name, inputs]) => results.set(name, await runOn(w, { inputs })))
    )
  }
})

afterAll(async () => {
  await w?.close()
})

describe('bad input', () => {
  it.each(CASES)('%s: fails with one clear line and calls nothing', (name, _inputs, expected) => {
    const result = results.get(name)!
    expect(result.exitCode).toBe(1)
    const errors = result.annotations.filter(a => a.level === 'error')
    expect(errors).toHaveLength(1)
    if (typeof expected === 'string') expect(userLine(result)).toBe(expected)
    else expect(userLine(result)).toMatch(expected)
    // No stack trace, in the log or anywhere else.
    expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
    expect(result.stderr).toBe('')
    expectNoSecretAnywhere(w, result, [])
  })

  it('never reached GitHub or the model', () => {
    expect(w.messages.requests).toHaveLength(0)
    expect(w.github.requests).toHaveLength(0)
  })
})
