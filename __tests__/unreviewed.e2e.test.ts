/**
 * Pull requests the action does not review on purpose, run as the runner runs the bundled action: a
 * Dependabot run without the key, an author in skip-authors, a fork's pull_request run. Each is a notice and
 * exit 0 with no model call; under a gate (fail-on) each fails with one line saying what was not reviewed
 * and how to review it.
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

/** The fixture's pull_request payload, opened by `login`. */
function openedBy(w: World, login: string): object {
  const payload = pullRequestPayload(w.fixture) as { pull_request: Record<string, unknown> }
  payload.pull_request['user'] = { login, type: 'Bot' }
  return payload
}

const NO_KEY = { 'anthropic-api-key': '' }

describe('pull requests the action does not review', () => {
  it('Dependabot without the key: a notice naming Dependabot secrets, exit 0; under a gate, one line and exit 1', async () => {
    world = await setUp()
    const payload = openedBy(world, 'dependabot[bot]')
    const quiet = await runOn(world, { payload, inputs: NO_KEY })
    expectNotice(
      quiet,
      /^PR #1 is by Dependabot, .*Dependabot secrets only.*add the key as a Dependabot secret/
    )

    const gated = await runOn(world, { payload, inputs: { ...NO_KEY, 'fail-on': 'high' } })
    expectOneError(
      gated,
      /^The gate \(fail-on: high\) did not review PR #1: it is by Dependabot, .*Add ANTHROPIC_API_KEY as a Dependabot secret/
    )
    expect(world.github.requests).toHaveLength(0)
    expect(world.messages.requests).toHaveLength(0)
  })

  it('an author in skip-authors: no model call, a notice, exit 0', async () => {
    world = await setUp()
    const result = await runOn(world, {
      payload: openedBy(world, 'renovate[bot]'),
      inputs: { 'skip-authors': 'someone-else, *[bot]' }
    })
    expectNotice(result, /^PR #1 is by renovate\[bot\], who matches skip-authors; it is not reviewed\.$/)
    expect(world.messages.requests).toHaveLength(0)
    expect(world.github.reviews).toHaveLength(0)
    expectNoSecretLeak(world, result)
  })

  it('a fork under pull_request with fail-on and no key: the gate fails, naming the fork workflow', async () => {
    world = await setUp({ spec: { forkOwner: 'mallory' } })
    const result = await runOn(world, { inputs: { ...NO_KEY, 'fail-on': 'high' } })
    expectOneError(
      result,
      /^The gate \(fail-on: high\) did not review PR #1: it comes from a fork, .*examples\/review-forks\.yml/
    )
    expect(world.github.requests).toHaveLength(0)
    expect(world.messages.requests).toHaveLength(0)
  })
})
