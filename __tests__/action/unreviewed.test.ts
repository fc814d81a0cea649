import { describe, expect, it } from '@jest/globals'
import { readSettings } from '../../src/action/inputs.js'
import { matchesAuthor } from '../../src/action/unreviewed.js'

describe('skip-authors', () => {
  it('takes logins and globs, one a line or comma-separated', () => {
    const inputs: Record<string, string> = {
      'anthropic-api-key': 'k',
      'github-token': 't',
      'skip-authors': 'renovate[bot], octo-*\n# a comment\n\n  pat  '
    }
    expect(readSettings(name => inputs[name] ?? '').skipAuthors).toEqual(['renovate[bot]', 'octo-*', 'pat'])
  })

  it('matches * and ? as wildcards and brackets literally, ignoring case', () => {
    expect(matchesAuthor(['*[bot]'], 'renovate[bot]')).toBe(true)
    expect(matchesAuthor(['*[bot]'], 'Dependabot[BOT]')).toBe(true)
    // A character class would let `*[bot]` match any login ending in b, o or t.
    expect(matchesAuthor(['*[bot]'], 'robot')).toBe(false)
    expect(matchesAuthor(['octo-?at'], 'octo-cat')).toBe(true)
    expect(matchesAuthor(['octo-?at'], 'octo-at')).toBe(false)
    expect(matchesAuthor(['pat'], 'patrick')).toBe(false)
    expect(matchesAuthor(['a.b'], 'axb')).toBe(false)
    expect(matchesAuthor([], 'anyone')).toBe(false)
  })
})
