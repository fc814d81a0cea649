import { describe, expect, it } from '@jest/globals'
import { commentEventOf } from '../../src/commands/comment-event.js'
import { commandIn, MAX_COMMENT_CHARS, speakingText, withoutCodeSpans } from '../../src/commands/parse.js'

const repository = { owner: 'acme', repo: 'widgets' }

describe('commandIn', () => {
  it('reads the command after the phrase, as a whole word in any case', () => {
    expect(commandIn('@redline review', '@redline')).toEqual({ kind: 'review' })
    expect(commandIn('Thanks! @Redline Full Review.', '@redline')).toEqual({ kind: 'full review' })
    expect(commandIn('@REDLINE pause', '@redline')).toEqual({ kind: 'pause' })
    expect(commandIn('ok\n@redline resume\nthanks', '@redline')).toEqual({ kind: 'resume' })
    expect(commandIn('@redline', '@redline')).toEqual({ kind: 'help' })
    expect(commandIn('@redline why is this wrong?', '@redline')).toEqual({
      kind: 'other',
      text: 'why is this wrong?'
    })
  })

  it('ignores other words that contain the phrase, and the phrase inside code or quotes', () => {
    expect(commandIn('@redline-bot review', '@redline')).toBeUndefined()
    expect(commandIn('mail me@redline review', '@redline')).toBeUndefined()
    expect(commandIn('run `@redline review` later', '@redline')).toBeUndefined()
    expect(commandIn('> @redline review', '@redline')).toBeUndefined()
    expect(commandIn('```\n@redline review\n```', '@redline')).toBeUndefined()
    expect(commandIn('~~~md\n@redline review\n~~~\n@redline pause', '@redline')).toEqual({ kind: 'pause' })
    expect(speakingText('a `b` c')).toBe('a   c')
  })
})

describe('withoutCodeSpans', () => {
  it('closes a run of backticks only with a run of the same length, as CommonMark does', () => {
    expect(withoutCodeSpans('a ``x`y`` b')).toBe('a   b')
    expect(withoutCodeSpans('a `x`` b')).toBe('a `x`` b')
    expect(withoutCodeSpans('`` a ` b `` c `d`')).toBe('  c  ')
    expect(withoutCodeSpans('``` `@redline` ```')).toBe(' ')
    expect(withoutCodeSpans('``a` `@redline review`')).toBe('``a @redline review`')
    expect(withoutCodeSpans('no ticks')).toBe('no ticks')
  })

  it('reads a line of unmatched runs as it is: every run is literal', () => {
    const line = Array.from({ length: 300 }, (_, i) => '`'.repeat(i + 1) + 'x').join('')
    expect(withoutCodeSpans(line)).toBe(line)
  })
})

describe('commandIn on hostile text', () => {
  it('reads the phrase before runs of backticks and letters, and nothing past the first 64 KB', () => {
    const noise = Array.from({ length: 4_000 }, (_, i) => '`'.repeat((i % 7) + 1) + 'ab').join('')
    expect(commandIn(`@redline review\n${noise}`, '@redline')).toEqual({ kind: 'review' })
    expect(commandIn(`${'x'.repeat(MAX_COMMENT_CHARS)} @redline review`, '@redline')).toBeUndefined()
  })

  it('strips trailing punctuation without a pattern anchored at the end', () => {
    expect(commandIn('@redline review!!!', '@redline')).toEqual({ kind: 'review' })
    expect(commandIn(`@redline review${'.'.repeat(10_000)}x`, '@redline')).toMatchObject({ kind: 'other' })
  })
})

describe('commentEventOf', () => {
  const comment = { id: 5, body: '@redline review', user: { login: 'pat', type: 'User' } }
  it('takes created comments on pull requests, and says why not otherwise', () => {
    const onPr = { action: 'created', issue: { number: 3, pull_request: { url: 'u' } }, comment }
    expect(commentEventOf('issue_comment', onPr, repository)).toEqual({
      event: {
        pr: { ...repository, prNumber: 3 },
        comment: { id: 5, body: '@redline review', author: 'pat', byBot: false }
      }
    })
    expect(commentEventOf('issue_comment', { ...onPr, issue: { number: 3 } }, repository)).toEqual({
      skip: expect.stringMatching(/on an issue, not a pull request/)
    })
    expect(commentEventOf('issue_comment', { ...onPr, action: 'edited' }, repository)).toEqual({
      skip: expect.stringMatching(/action 'edited'/)
    })
    const inThread = {
      action: 'created',
      pull_request: { number: 3 },
      comment: { ...comment, in_reply_to_id: 2, user: { login: 'x[bot]' } }
    }
    expect(commentEventOf('pull_request_review_comment', inThread, repository)).toMatchObject({
      event: { comment: { threadOf: 2, byBot: true } }
    })
  })
})
