import { describe, expect, it } from '@jest/globals'
import { decideFromEvent, parseRepository } from '../../src/context.js'
import { ConfigurationError } from '../../src/errors.js'

const repository = { owner: 'acme', repo: 'widgets' }
const head = 'a'.repeat(40)
const base = 'b'.repeat(40)
const pullPayload = (action: string, draft = false) => ({
  action,
  pull_request: { number: 7, draft, head: { sha: head }, base: { sha: base } }
})

describe('decideFromEvent', () => {
  it.each(['opened', 'reopened', 'ready_for_review', 'synchronize'])('reviews pull_request %s', action => {
    const decision = decideFromEvent({
      eventName: 'pull_request',
      payload: pullPayload(action),
      repository,
      reviewDrafts: false
    })
    expect(decision).toEqual({
      review: {
        kind: 'pull_request',
        repository,
        prNumber: 7,
        action,
        headSha: head,
        baseSha: base,
        draft: false
      }
    })
  })

  it('skips other pull_request actions quietly', () => {
    const decision = decideFromEvent({
      eventName: 'pull_request',
      payload: pullPayload('labeled'),
      repository,
      reviewDrafts: false
    })
    expect(decision).toEqual({ skip: expect.stringContaining("action 'labeled'") })
  })

  it('skips drafts unless review-drafts is set', () => {
    const payload = pullPayload('opened', true)
    expect(decideFromEvent({ eventName: 'pull_request', payload, repository, reviewDrafts: false })).toEqual({
      skip: expect.stringContaining('draft')
    })
    expect(
      decideFromEvent({ eventName: 'pull_request', payload, repository, reviewDrafts: true })
    ).toMatchObject({
      review: { draft: true }
    })
  })

  it('rejects a malformed pull_request payload, naming the field', () => {
    const payload = {
      action: 'opened',
      pull_request: { number: 7, head: { sha: 'nope' }, base: { sha: base } }
    }
    expect(() =>
      decideFromEvent({ eventName: 'pull_request', payload, repository, reviewDrafts: false })
    ).toThrow(/pull_request\.head\.sha/)
  })

  it('takes the PR number of a dispatch from the input, then from the dispatch inputs', () => {
    expect(
      decideFromEvent({
        eventName: 'workflow_dispatch',
        payload: {},
        repository,
        prNumberInput: 12,
        reviewDrafts: false
      })
    ).toEqual({
      review: { kind: 'workflow_dispatch', repository, prNumber: 12 }
    })
    const payload = { inputs: { 'pr-number': '#13' } }
    expect(
      decideFromEvent({ eventName: 'workflow_dispatch', payload, repository, reviewDrafts: false })
    ).toEqual({
      review: { kind: 'workflow_dispatch', repository, prNumber: 13 }
    })
  })

  it('rejects a dispatch without a PR number', () => {
    expect(() =>
      decideFromEvent({
        eventName: 'workflow_dispatch',
        payload: { inputs: {} },
        repository,
        reviewDrafts: false
      })
    ).toThrow(ConfigurationError)
  })

  it('rejects other events', () => {
    expect(() =>
      decideFromEvent({ eventName: 'push', payload: {}, repository, reviewDrafts: false })
    ).toThrow(/not on 'push'/)
  })
})

describe('parseRepository', () => {
  it('splits owner/repo and rejects anything else', () => {
    expect(parseRepository('acme/widgets')).toEqual(repository)
    expect(() => parseRepository('acme')).toThrow(ConfigurationError)
    expect(() => parseRepository(undefined)).toThrow(ConfigurationError)
  })
})
