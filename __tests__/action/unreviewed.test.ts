import { describe, expect, it } from '@jest/globals'
import { readSettings } from '../../src/action/inputs.js'
import {
  dependabotWithoutKey,
  draft,
  forkWithoutKey,
  matchesAuthor,
  pullRequestOf,
  skipLabel,
  skippedAuthor,
  unreviewedCheck
} from '../../src/action/unreviewed.js'
import { checkConclusion, checkOutput } from '../../src/publish/check-report.js'

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

describe('the check of a pull request left unreviewed', () => {
  const all = [
    forkWithoutKey(3, 'PR #3 comes from a fork.'),
    dependabotWithoutKey(3),
    skippedAuthor(3, 'renovate[bot]'),
    skipLabel(3, 'redline:skip'),
    draft(3)
  ]

  it('is neutral without a gate and failure with one, never success', () => {
    for (const unreviewed of all) {
      expect(checkConclusion(unreviewedCheck(unreviewed, 'none', '@redline'))).toBe('neutral')
      expect(checkConclusion(unreviewedCheck(unreviewed, 'critical', '@redline'))).toBe('failure')
    }
  })

  it('says why and how to get a review with the trigger phrase, and counts no findings it never looked for', () => {
    for (const unreviewed of all) {
      const { title, summary } = checkOutput(unreviewedCheck(unreviewed, 'high', '!rl'))
      expect(title).toBe('Not reviewed')
      const [why, how, gate, ...rest] = summary.split('\n\n')
      expect(why).toBe(`Redline did not review this pull request: ${unreviewed.why}.`)
      expect(how).toContain('`!rl review`')
      expect(gate).toBe('The gate (`fail-on: high`) does not pass a pull request it did not review.')
      expect(rest).toEqual([])
    }
    const label = checkOutput(unreviewedCheck(skipLabel(3, 'wip'), 'none', '@redline')).summary
    expect(label).toContain('remove the label wip')
  })

  it('takes the head commit from the event when it is a commit SHA', () => {
    const sha = 'a'.repeat(40)
    const pr = (head: unknown) => pullRequestOf({ pull_request: { number: 3, user: { login: 'o' }, head } })
    expect(pr({ sha })).toEqual({ number: 3, author: 'o', headSha: sha })
    expect(pr(undefined)).toEqual({ number: 3, author: 'o' })
    expect(pr({ sha: 'main' })).toBeUndefined()
  })
})
