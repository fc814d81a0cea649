import { describe, expect, it } from '@jest/globals'
import { forkThreadWithoutKey } from '../../src/commands/fork-thread.js'

const SHA = 'a'.repeat(40)

function payload(headRepo: string | null, body = '@redline is this right?'): object {
  return {
    action: 'created',
    pull_request: {
      number: 7,
      head: { sha: SHA, repo: headRepo === null ? null : { full_name: headRepo } },
      base: { sha: SHA, repo: { full_name: 'acme/app' } }
    },
    comment: { id: 2, body, user: { login: 'mallory' }, in_reply_to_id: 1 }
  }
}

function inputs(values: Record<string, string> = {}): (name: string) => string {
  return name => values[name] ?? ''
}

describe('a thread question on a fork without the key', () => {
  it('ends with a notice naming why and what works instead', () => {
    const notice = forkThreadWithoutKey('pull_request_review_comment', payload('mallory/app'), inputs())
    expect(notice).toMatch(/^PR #7 comes from a fork, .*no secrets and a read-only token/)
    expect(notice).toContain('top-level comment of the pull request (@redline review,')
    expect(notice).toContain("issue_comment, which gets the repository's secrets")
    // A fork deleted since has no head repository: still a fork.
    expect(forkThreadWithoutKey('pull_request_review_comment', payload(null), inputs())).toBe(notice)
  })

  it('names the workflow’s own trigger phrase', () => {
    const notice = forkThreadWithoutKey(
      'pull_request_review_comment',
      payload('mallory/app', '/review why?'),
      inputs({ 'trigger-phrase': '/review' })
    )
    expect(notice).toContain('(/review review, /review full review')
  })

  it('leaves every other run to the usual path', () => {
    const forkThread = payload('mallory/app')
    expect(forkThreadWithoutKey('pull_request_review_comment', payload('acme/app'), inputs())).toBeUndefined()
    expect(forkThreadWithoutKey('issue_comment', forkThread, inputs())).toBeUndefined()
    const keyed = inputs({ 'anthropic-api-key': 'sk-ant-x' })
    expect(forkThreadWithoutKey('pull_request_review_comment', forkThread, keyed)).toBeUndefined()
    const bedrock = inputs({ provider: 'bedrock' })
    expect(forkThreadWithoutKey('pull_request_review_comment', forkThread, bedrock)).toBeUndefined()
    const unmentioned = payload('mallory/app', 'Looks fine to me.')
    expect(forkThreadWithoutKey('pull_request_review_comment', unmentioned, inputs())).toBeUndefined()
  })
})
