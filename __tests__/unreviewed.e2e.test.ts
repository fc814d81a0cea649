/**
 * Pull requests the action does not review on purpose, run as the runner runs the bundled action: a
 * Dependabot run without the key, an author in skip-authors, a fork's pull_request run, a draft, the skip
 * label. Each is a notice and exit 0 with no model call; under a gate (fail-on) each fails with one line
 * saying what was not reviewed and how to review it. Each completes the "Redline" check on the head in one
 * request: neutral, or failure under a gate, with a summary that says why and how to get a review.
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

/** The check-run requests the runs made, in order: with a pull request left unreviewed, the only writes. */
function checkRequests(w: World) {
  return w.github.requests.filter(r => /\/check-runs/.test(r.path))
}

/** The run's one check request: a create, completed at once, on the event's head. */
function expectOneCompletedCreate(w: World, since: number, conclusion: string): void {
  const made = checkRequests(w).slice(since)
  expect(made.map(r => r.method)).toEqual(['POST'])
  expect(made[0]!.body).toMatchObject({
    name: 'Redline',
    head_sha: w.fixture.headSha,
    status: 'completed',
    conclusion
  })
}

/** A pull_request payload with the draft flag and labels set as GitHub sends them. */
function withState(w: World, state: { draft?: boolean; labels?: string[] }): object {
  const payload = pullRequestPayload(w.fixture) as { pull_request: Record<string, unknown> }
  if (state.draft) payload.pull_request['draft'] = true
  if (state.labels) payload.pull_request['labels'] = state.labels.map(name => ({ name }))
  return payload
}

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
    // One check per run and no other request: neutral without the gate, failure with it.
    expect(world.github.requests).toHaveLength(2)
    expect(world.github.checkRuns.map(run => [run.status, run.conclusion])).toEqual([
      ['completed', 'neutral'],
      ['completed', 'failure']
    ])
    expect(world.github.checkRuns[1]!.output.summary).toMatch(
      /^Redline did not review this pull request: it is by Dependabot.*\n\nTo review it, comment `@redline review` for one review now, or add ANTHROPIC_API_KEY as a Dependabot secret\.\n\nThe gate \(`fail-on: high`\) does not pass a pull request it did not review\.$/
    )
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
    expect(world.github.checkRuns.map(run => [run.conclusion, run.output.summary])).toEqual([
      [
        'neutral',
        expect.stringMatching(/its author renovate\[bot\] matches skip-authors.*leave renovate\[bot\] out/s)
      ]
    ])
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
    // A token that may write checks (a private repository can give forks one) gets the failing check.
    expect(world.github.requests).toHaveLength(1)
    expectOneCompletedCreate(world, 0, 'failure')
    expect(world.github.checkRuns[0]!.output).toMatchObject({
      title: 'Not reviewed',
      summary: expect.stringMatching(/it comes from a fork.*`@redline review`.*pull_request_target/s)
    })
    expect(world.messages.requests).toHaveLength(0)
  })

  it('a draft under a gate fails its check; the skip label without one is neutral; each says why and how', async () => {
    world = await setUp()
    const w = world
    const draft = await runOn(w, { payload: withState(w, { draft: true }), inputs: { 'fail-on': 'high' } })
    expectOneError(draft, /^The gate \(fail-on: high\) did not review PR #1: it is a draft\./)
    expectOneCompletedCreate(w, 0, 'failure')
    expect(w.github.checkRuns[0]!.output.summary).toBe(
      'Redline did not review this pull request: it is a draft.\n\n' +
        'It is reviewed when marked ready for review (or with review-drafts: true); or comment ' +
        '`@redline review` for one review now.\n\n' +
        'The gate (`fail-on: high`) does not pass a pull request it did not review.'
    )

    const labeled = await runOn(w, {
      payload: withState(w, { labels: ['redline:skip'] }),
      inputs: { 'trigger-phrase': '/redline' }
    })
    expectNotice(labeled, /^PR #1 has the label redline:skip; it is not reviewed\.$/)
    expectOneCompletedCreate(w, 1, 'neutral')
    expect(w.github.checkRuns[1]!.output).toEqual({
      title: 'Not reviewed',
      summary:
        'Redline did not review this pull request: it has the label redline:skip.\n\n' +
        'To review it, remove the label redline:skip or comment `/redline review` for one review now.',
      text: null
    })
    expect(w.github.reviews).toHaveLength(0)
    expect(w.messages.requests).toHaveLength(0)
  })
})
