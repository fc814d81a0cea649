import { describe, expect, it } from '@jest/globals'
import {
  decideFromEvent,
  forkWithoutSecretsNotice,
  isForkPullRequest,
  parseRepository,
  workflowRunId
} from '../../src/action/event.js'
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
        event: 'pull_request',
        pr: { ...repository, prNumber: 7 },
        action,
        headSha: head,
        baseSha: base,
        draft: false,
        labels: []
      }
    })
  })

  it('skips other pull_request actions quietly', () => {
    const decision = decideFromEvent({
      eventName: 'pull_request',
      payload: pullPayload('unlabeled'),
      repository,
      reviewDrafts: false
    })
    expect(decision).toEqual({ skip: expect.stringContaining("action 'unlabeled'") })
  })

  it('reviews a label added only when it is the review label, drafts too, and reads the labels', () => {
    const labeled = (name: string) => ({
      ...pullPayload('labeled', true),
      label: { name },
      pull_request: { ...pullPayload('labeled', true).pull_request, labels: [{ name }, { name: 'bug' }] }
    })
    const decide = (name: string) =>
      decideFromEvent({
        eventName: 'pull_request',
        payload: labeled(name),
        repository,
        reviewDrafts: false,
        reviewLabel: 'redline:review'
      })
    expect(decide('redline:review')).toMatchObject({
      review: { action: 'labeled', draft: true, labels: ['redline:review', 'bug'] }
    })
    expect(decide('bug')).toEqual({ skip: expect.stringContaining("label 'bug'") })
  })

  it('skips drafts unless review-drafts is set', () => {
    const payload = pullPayload('opened', true)
    expect(decideFromEvent({ eventName: 'pull_request', payload, repository, reviewDrafts: false })).toEqual({
      skip: expect.stringContaining('draft'),
      unreviewed: expect.objectContaining({ why: 'it is a draft' })
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
      review: { kind: 'workflow_dispatch', pr: { ...repository, prNumber: 12 } }
    })
    const payload = { inputs: { 'pr-number': '#13' } }
    expect(
      decideFromEvent({ eventName: 'workflow_dispatch', payload, repository, reviewDrafts: false })
    ).toEqual({
      review: { kind: 'workflow_dispatch', pr: { ...repository, prNumber: 13 } }
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

describe('pull_request_target and forks', () => {
  const sides = (headRepo: string | null) => ({
    action: 'synchronize',
    pull_request: {
      number: 7,
      head: { sha: head, repo: headRepo === null ? null : { full_name: headRepo } },
      base: { sha: base, repo: { full_name: 'acme/widgets' } }
    }
  })

  it.each(['opened', 'reopened', 'ready_for_review', 'synchronize'])(
    'reviews pull_request_target %s, marked as such',
    action => {
      const payload = { ...sides('mallory/widgets'), action }
      expect(
        decideFromEvent({ eventName: 'pull_request_target', payload, repository, reviewDrafts: false })
      ).toMatchObject({
        review: { kind: 'pull_request', event: 'pull_request_target', action, headSha: head }
      })
    }
  )

  it('skips other pull_request_target actions and refuses a malformed one', () => {
    expect(
      decideFromEvent({
        eventName: 'pull_request_target',
        payload: { ...sides('mallory/widgets'), action: 'closed' },
        repository,
        reviewDrafts: false
      })
    ).toEqual({ skip: expect.stringContaining("pull_request_target action 'closed'") })
    expect(() =>
      decideFromEvent({ eventName: 'pull_request_target', payload: {}, repository, reviewDrafts: false })
    ).toThrow(/^The pull_request_target event payload is malformed: /)
  })

  it('tells a fork by its head repository, a deleted fork included, whatever the case', () => {
    expect(isForkPullRequest(sides('mallory/widgets'))).toBe(true)
    expect(isForkPullRequest(sides(null))).toBe(true)
    expect(isForkPullRequest(sides('acme/widgets'))).toBe(false)
    expect(isForkPullRequest(sides('ACME/Widgets'))).toBe(false)
    // Without the repositories in the payload nothing says it is a fork.
    expect(isForkPullRequest(pullPayload('opened'))).toBe(false)
    expect(isForkPullRequest({})).toBe(false)
  })

  it('explains a fork under pull_request only', () => {
    expect(forkWithoutSecretsNotice('pull_request', sides('mallory/widgets'))).toMatch(
      /^PR #7 comes from a fork.*pull_request_target/
    )
    expect(forkWithoutSecretsNotice('pull_request', sides('acme/widgets'))).toBeUndefined()
    expect(forkWithoutSecretsNotice('pull_request_target', sides('mallory/widgets'))).toBeUndefined()
  })
})

describe('workflowRunId', () => {
  it('is the same for every attempt of a run and job, and random outside a runner', () => {
    const env = { GITHUB_RUN_ID: '123456', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'review' }
    const random = () => 'cafe01'
    expect(workflowRunId(env, random)).toBe('123456/review')
    expect(workflowRunId({ ...env, GITHUB_RUN_ATTEMPT: '2' }, random)).toBe('123456/review')
    expect(workflowRunId({ ...env, GITHUB_JOB: 'other job!' }, random)).toBe('123456/other_job_')
    expect(workflowRunId({ ...env, GITHUB_JOB: 'a--b' }, random)).toBe('123456/a-b')
    expect(workflowRunId({}, random)).toBe('cafe01')
    expect(workflowRunId({ GITHUB_RUN_ID: 'x1' }, random)).toBe('cafe01')
    expect(workflowRunId({ ...env, GITHUB_JOB: 'j'.repeat(100) }, random)).toHaveLength(64)
  })
})

describe('parseRepository', () => {
  it('splits owner/repo and rejects anything else', () => {
    expect(parseRepository('acme/widgets')).toEqual(repository)
    expect(() => parseRepository('acme')).toThrow(ConfigurationError)
    expect(() => parseRepository(undefined)).toThrow(ConfigurationError)
  })
})
