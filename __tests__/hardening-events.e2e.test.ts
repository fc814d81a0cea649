/**
 * The hardening matrix, events: payloads a runner can hand the action that are not a reviewable pull
 * request. Each ends in one line that says why, and none reaches the model.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import {
  expectNoSecretLeak,
  expectNotice,
  expectOneError,
  pullRequestPayload,
  runOn,
  setUp,
  tearDown,
  type World
} from './support/hardening.js'

jest.setTimeout(90_000)

let world: World | undefined

afterEach(async () => {
  await tearDown(world)
  world = undefined
})

describe('events', () => {
  it('a non-JSON event file: one error naming GITHUB_EVENT_PATH, no stack trace, no request', async () => {
    world = await setUp()
    const result = await runOn(world, { payloadText: '{"action": "opened", "pull_request": ' })
    expectOneError(result, /^The event payload at GITHUB_EVENT_PATH \(\S+event\.json\) is not JSON: /)
    expect(world.github.requests).toHaveLength(0)
    expect(world.messages.requests).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })

  it('an event file that is JSON but not an object', async () => {
    world = await setUp()
    const result = await runOn(world, { payloadText: '[1, 2]' })
    expectOneError(result, /^The event payload at GITHUB_EVENT_PATH .* is not a JSON object\.$/)
    expect(world.github.requests).toHaveLength(0)
  })

  it('a pull_request payload with fields missing names each one', async () => {
    world = await setUp()
    const payload = pullRequestPayload(world.fixture) as { pull_request: Record<string, unknown> }
    delete (payload.pull_request.head as Record<string, unknown>)['sha']
    payload.pull_request['number'] = 'one'
    const result = await runOn(world, { payload })
    expectOneError(
      result,
      /^The pull_request event payload is malformed: pull_request\.number: .*; pull_request\.head\.sha: /
    )
    expect(world.github.requests).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })

  it('an unsupported event says which events Redline runs on', async () => {
    world = await setUp()
    const result = await runOn(world, { eventName: 'push', payload: { ref: 'refs/heads/main' } })
    expectOneError(result, /pull_request_target.*issue_comment.* not on 'push'/)
    expect(world.github.requests).toHaveLength(0)
  })

  it('a closed pull request (the closed action) is a quiet skip', async () => {
    world = await setUp()
    const result = await runOn(world, { payload: pullRequestPayload(world.fixture, 'closed') })
    expectNotice(result, /^Nothing to review for pull_request action 'closed'/)
    expect(world.github.requests).toHaveLength(0)
    expect(world.messages.requests).toHaveLength(0)
  })

  it('a pull request merged since the event is a quiet skip that says merged', async () => {
    world = await setUp({ server: { pr: { state: 'closed', merged: true } } })
    const result = await runOn(world, { payload: pullRequestPayload(world.fixture, 'synchronize') })
    expectNotice(result, /^PR #1 is merged; nothing to review\.$/)
    expect(world.messages.requests).toHaveLength(0)
    expect(world.github.reviews).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })

  it('a dispatch to a pull request that does not exist fails naming it', async () => {
    world = await setUp()
    const result = await runOn(world, {
      eventName: 'workflow_dispatch',
      payload: { inputs: { 'pr-number': '99' } }
    })
    expectOneError(result, /^Pull request #99 was not found in acme\/widgets/)
    expect(world.messages.requests).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })
})
