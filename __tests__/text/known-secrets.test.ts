import { afterEach, describe, expect, it } from '@jest/globals'
import {
  forgetSecrets,
  KNOWN_SECRET_MARKER,
  redactKnownSecrets,
  rememberSecrets,
  secretForms,
  secretValuesOf
} from '../../src/text/known-secrets.js'
import { redactSecrets } from '../../src/text/redact.js'

// Put together at run time, so that this file holds nothing the redactor would change.
const KEY = ['sk', 'ant', 'api03', 'Zq9xW2vL7pK4mN8rT1yB6cF3hJ5dG0sA'].join('-')
const TOKEN = ['ghs', '5t0K3nF0rTh3W0rkfl0wRunX9q2WzLmP4vB'].join('_')

afterEach(() => forgetSecrets())

/** Every way a check could print a value: each encoding, after 0 to 5 bytes of other text, with a newline. */
function encodings(value: string): Array<{ name: string; text: string }> {
  const out: Array<{ name: string; text: string }> = [
    { name: 'raw', text: `key=${value}` },
    { name: 'hex', text: Buffer.from(value).toString('hex') },
    { name: 'HEX', text: Buffer.from(value).toString('hex').toUpperCase() },
    { name: 'url', text: encodeURIComponent(`${value}/+ =`) },
    {
      name: 'percent bytes',
      text: [...Buffer.from(value)].map(b => `%${b.toString(16).toUpperCase()}`).join('')
    }
  ]
  for (const prefix of ['', 'a', 'ab', 'abc', 'abcd', 'abcde'])
    for (const suffix of ['', '\n', 'xyz'])
      for (const encoding of ['base64', 'base64url'] as const)
        out.push({
          name: `${encoding} after ${prefix.length} bytes, then ${JSON.stringify(suffix)}`,
          text: Buffer.from(`${prefix}${value}${suffix}`).toString(encoding)
        })
  return out
}

/** Whether a run of 12 characters of any form of `value` is still there. */
function leaks(text: string, value: string): boolean {
  for (const form of secretForms(value))
    for (let at = 0; at + 12 <= form.length; at += 4) if (text.includes(form.slice(at, at + 12))) return true
  return false
}

describe('known secrets', () => {
  it('redacts the value in every encoding, at every byte offset, with or without a newline after it', () => {
    rememberSecrets([KEY, TOKEN])
    for (const value of [KEY, TOKEN]) {
      for (const { name, text } of encodings(value)) {
        const redacted = redactKnownSecrets(`before ${text} after`)
        expect({ name, redacted: redacted.includes(KNOWN_SECRET_MARKER) }).toEqual({ name, redacted: true })
        expect({ name, leaks: leaks(redacted, value) }).toEqual({ name, leaks: false })
      }
    }
  })

  it('is applied by redactSecrets, so every sink that redacts gets it', () => {
    rememberSecrets(['a-long-enough-custom-secret-value'])
    const b64 = Buffer.from('x: a-long-enough-custom-secret-value\n').toString('base64')
    expect(redactSecrets(`printed ${b64}`)).toContain(KNOWN_SECRET_MARKER)
  })

  it('keeps the line count when a secret spans lines', () => {
    const multi = 'first-line-of-a-key\nsecond-line-of-a-key'
    rememberSecrets([multi])
    expect(redactKnownSecrets(`a\n${multi}\nb`).split('\n')).toHaveLength(4)
  })

  it('leaves text alone when nothing is remembered, and ignores values too short to be told apart', () => {
    expect(redactKnownSecrets(`key=${KEY}`)).toBe(`key=${KEY}`)
    rememberSecrets(['short', '', undefined])
    expect(redactKnownSecrets('a short word')).toBe('a short word')
  })

  it("takes the environment's credentials: secret inputs, tokens, keys", () => {
    const values = secretValuesOf({
      'INPUT_ANTHROPIC-API-KEY': KEY,
      'INPUT_GITHUB-TOKEN': TOKEN,
      ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token-value',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
      GITHUB_REPOSITORY: 'octo/app',
      PATH: '/usr/bin',
      INPUT_MODEL: 'claude'
    })
    expect(values.sort()).toEqual(
      [KEY, TOKEN, 'runtime-token-value', 'oidc-token-value', 'aws-secret-value'].sort()
    )
  })
})
