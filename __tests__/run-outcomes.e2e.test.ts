/**
 * Each way a run can end, run as the runner runs the bundled action: what is posted, what the state
 * remembers, the exit code and the one line a user sees. A review never claims what it did not do.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  createActionWorld,
  errorLines,
  firstUserText,
  postedReviews,
  runOn,
  type ActionWorld
} from './support/action-world.js'
import { reply, type Step } from '../testing/messages-server.js'

jest.setTimeout(180_000)

const MATH_BASE = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'
const MATH_HEAD = MATH_BASE + '\nexport function divide(a: number, b: number): number {\n  return a / b\n}\n'

const DIVIDE_FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/math.ts',
  title: 'Division by zero returns Infinity',
  description: 'divide(1, 0) returns Infinity instead of failing; callers cannot tell.',
  start_line: 6,
  end_line: 6,
  quote: 'return a / b'
}

/** The SDK tries a request five times (four retries); a short retry-after keeps the test quick. */
const ATTEMPTS = 5
const quickRetry = { 'retry-after-ms': '5' }
const failing = (status: number): Step[] =>
  Array.from({ length: ATTEMPTS }, () => reply.error(status, `Error ${status}`, quickRetry))

/** One workflow run's job, attempted twice ("Re-run jobs" keeps the run id and counts the attempt up). */
const FIRST_ATTEMPT = { GITHUB_RUN_ID: '9001', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'review' }
const SECOND_ATTEMPT = { ...FIRST_ATTEMPT, GITHUB_RUN_ATTEMPT: '2' }

let world: ActionWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

async function mathWorld(options: { apiKey?: string } = {}): Promise<ActionWorld> {
  world = await createActionWorld(
    { base: { 'src/math.ts': MATH_BASE }, commits: [{ files: { 'src/math.ts': MATH_HEAD } }] },
    { pr: { title: 'Add divide', body: 'Adds a divide helper.' }, ...options }
  )
  return world
}

function findingsFile(result: { outputs: Record<string, string> }): { findings: Array<{ title: string }> } {
  return JSON.parse(readFileSync(result.outputs['findings-file'] as string, 'utf8'))
}

function expectNothingPosted(w: ActionWorld): void {
  expect(postedReviews(w)).toHaveLength(0)
  expect(w.github.reviews).toHaveLength(0)
}

describe('a run that reviewed nothing posts nothing and fails with one line', () => {
  it('a rejected key (401): no review, the line names the secret, and a re-run with the right key reviews', async () => {
    const w = await mathWorld({ apiKey: 'sk-ant-the-right-one' })
    const result = await runOn(w, { inputs: { 'anthropic-api-key': 'sk-ant-wrong' } })
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      'The Anthropic API rejected the key (401 authentication_error): check the ANTHROPIC_API_KEY secret.'
    ])
    expectNothingPosted(w)
    expect(result.outputs['review-id']).toBe('')
    expect(result.outputs['coverage']).toBe('0/1')
    expect(result.summary).toContain('rejected the key')

    // Nothing was recorded as reviewed, so the next run reviews the pull request.
    w.messages.push(reply.toolUse('publish_review', { summary: 'Fine.' }))
    const again = await runOn(w, { inputs: { 'anthropic-api-key': 'sk-ant-the-right-one' } })
    expect(again.exitCode).toBe(0)
    expect(postedReviews(w)).toHaveLength(1)
    expect(again.outputs['coverage']).toBe('1/1')
  })

  it('a spend limit (429): not retried, and the line says what to do', async () => {
    const w = await mathWorld()
    w.messages.push(
      reply.error(
        429,
        "This request would exceed your account's monthly spend limit. Please try again later."
      )
    )
    const result = await runOn(w)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      'The Anthropic spend limit was reached (429): raise it in the Console; nothing was reviewed.'
    ])
    expect(w.messages.requests).toHaveLength(1)
    expectNothingPosted(w)
  })

  it('an unknown model (404): the line names the model and the input', async () => {
    const w = await mathWorld()
    w.messages.push({ status: 404, type: 'not_found_error', message: 'model: gpt-4o' })
    const result = await runOn(w, { inputs: { model: 'gpt-4o' } })
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      "Model 'gpt-4o' was not found (404): set `model` to a Claude model id such as claude-sonnet-5-5; " +
        'GET /v1/models (the Models API) lists the ids this key can use.'
    ])
    expectNothingPosted(w)
  })

  it.each([500, 529])('every request answers %i: nothing posted, a re-run is the next step', async status => {
    const w = await mathWorld()
    w.messages.push(...failing(status))
    const result = await runOn(w, { env: FIRST_ATTEMPT })
    expect(result.exitCode).toBe(1)
    const [line, ...rest] = errorLines(result)
    expect(rest).toEqual([])
    expect(line).toMatch(status === 529 ? /stayed overloaded/ : /kept failing \(500 api_error\)/)
    expect(line).toMatch(/Nothing was reviewed: re-run the job\.$/)
    expect(w.messages.requests).toHaveLength(ATTEMPTS)
    expectNothingPosted(w)

    // "Re-run jobs": the same run id, the next attempt. It reviews, and the head is covered.
    w.messages.push(
      reply.toolUse('add_finding', DIVIDE_FINDING),
      reply.toolUse('publish_review', { summary: 'Adds divide.' })
    )
    const rerun = await runOn(w, { env: SECOND_ATTEMPT })
    expect(rerun.exitCode).toBe(0)
    expect(postedReviews(w)).toHaveLength(1)
    expect(rerun.outputs['coverage']).toBe('1/1')
  })

  it('a model that hangs under time-limit 0.25: the time-limit line within 30 s, nothing posted', async () => {
    const w = await mathWorld()
    w.messages.push(...Array.from({ length: ATTEMPTS }, () => reply.delay(60_000, reply.text('late'))))
    const started = Date.now()
    const result = await runOn(w, { inputs: { 'time-limit': '0.25' } })
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      'The time limit of 0.25 minutes ran out before the model answered; nothing was reviewed. Raise ' +
        "time-limit, keeping it a few minutes under the job's timeout-minutes."
    ])
    expectNothingPosted(w)
  })

  it('a model that never answers ends at the request timeout as a transient fault', async () => {
    const w = await mathWorld()
    w.messages.push(...Array.from({ length: ATTEMPTS }, () => reply.delay(60_000, reply.text('late'))))
    const started = Date.now()
    const result = await runOn(w, { env: { REDLINE_MODEL_TIMEOUT_MS: '300' } })
    expect(Date.now() - started).toBeLessThan(60_000)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      'The Anthropic API did not answer in time (the request timed out). Nothing was reviewed: re-run the job.'
    ])
    expectNothingPosted(w)
  })
})

describe('a run that was interrupted after findings were made', () => {
  it('posts them in a review that says so, fails, and a re-run reviews again without a second comment', async () => {
    const w = await mathWorld()
    w.messages.push(reply.toolUse('add_finding', DIVIDE_FINDING), ...failing(500))
    const first = await runOn(w, { env: FIRST_ATTEMPT })
    expect(first.exitCode).toBe(1)
    expect(errorLines(first)).toEqual([
      'The review was interrupted: The Anthropic API kept failing (500 api_error) after its retries. ' +
        'The findings so far are posted; re-run the job to finish the review.'
    ])
    const [interrupted] = postedReviews(w)
    expect(interrupted?.comments.map(c => c.line)).toEqual([6])
    expect(interrupted?.body).toMatch(/This review was interrupted and is incomplete/)
    expect(interrupted?.body).not.toMatch(/looks clean/)
    expect(findingsFile(first).findings.map(f => f.title)).toEqual(['Division by zero returns Infinity'])
    expect(first.summary).toContain('Division by zero returns Infinity')

    // "Re-run jobs" (the same run id, the next attempt), with a healthy model: the files the interrupted
    // attempt left pending are reviewed, and its finding is carried.
    let rerunText = ''
    w.messages.push(
      request => {
        rerunText = firstUserText(request)
        return reply.toolUse('add_finding', DIVIDE_FINDING)
      },
      reply.toolUse('publish_review', { summary: 'Adds divide.' })
    )
    const second = await runOn(w, { env: SECOND_ATTEMPT })
    expect(rerunText).toContain('Division by zero returns Infinity')
    expect(rerunText).toContain('with the whole pull-request diff of the files carried over')
    expect(rerunText).toContain('=== src/math.ts (modified, +4 -0)')
    expect(errorLines(second)).toEqual([])
    expect(second.exitCode).toBe(0)
    expect(second.outputs['coverage']).toBe('1/1')
    expect(w.messages.requests.length).toBe(ATTEMPTS + 1 + 2)
    // Nothing new went inline, so the interrupted review is rewritten rather than followed by another.
    expect(postedReviews(w)).toHaveLength(1)
    expect(w.github.reviews).toHaveLength(1)
    expect(w.github.reviews[0]?.body).not.toMatch(/interrupted/)
    expect(w.github.reviewComments.filter(c => c.in_reply_to_id === undefined)).toHaveLength(1)
    expect(second.outputs['findings-open']).toBe('1')

    // Now the head is covered: a third run for it has nothing to do.
    const third = await runOn(w)
    expect(third.exitCode).toBe(0)
    expect(w.messages.requests.length).toBe(ATTEMPTS + 3)
    expect(third.annotations.map(a => a.message)).toContain(
      `Commit ${w.fixture.headSha.slice(0, 7)} was already reviewed; set full-review: true to review it again.`
    )
  })

  it('a re-run of a review that finished makes no model call and posts nothing new', async () => {
    const w = await mathWorld()
    w.messages.push(
      reply.toolUse('add_finding', DIVIDE_FINDING),
      reply.toolUse('publish_review', { summary: 'Adds divide.' })
    )
    const first = await runOn(w, { env: FIRST_ATTEMPT })
    expect(first.exitCode).toBe(0)
    const rerun = await runOn(w, { env: SECOND_ATTEMPT, inputs: { 'full-review': 'true' } })
    expect(rerun.exitCode).toBe(0)
    expect(w.messages.requests).toHaveLength(2)
    expect(postedReviews(w)).toHaveLength(1)
    expect(rerun.annotations.map(a => a.message)).toContainEqual(
      expect.stringMatching(
        /^An earlier attempt of this workflow run already posted review \S+; not posting another\.$/
      )
    )
    expect(rerun.outputs['review-id']).toBe(String(w.github.reviews[0]?.id))
  })
})

describe('a run whose budget ran out', () => {
  it('posts what it found with a note naming the budget, and never calls the change clean', async () => {
    const w = await mathWorld()
    w.messages.push(...Array.from({ length: 8 }, () => reply.toolUse('list_directory', { path: '.' })))
    const result = await runOn(w, { inputs: { budget: 'fast' } })
    expect(result.exitCode).toBe(0)
    const [review] = postedReviews(w)
    expect(review?.body).toMatch(/the turns budget ran out/)
    expect(review?.body).not.toMatch(/looks clean/)
    expect(result.outputs['coverage']).toBe('1/1')
  })
})

describe('coverage of a pull request larger than the first message', () => {
  const FILES = 30
  function bigFile(index: number): string {
    return Array.from(
      { length: 150 },
      (_, n) => `export const value${index}_${n} = ${n} // line ${n} of module ${index}`
    ).join('\n')
  }

  it('says what it reviewed, keeps the rest pending, and the next run reviews the rest', async () => {
    const files = Object.fromEntries(
      Array.from({ length: FILES }, (_, i) => [`src/m${String(i).padStart(2, '0')}.ts`, bigFile(i)])
    )
    world = await createActionWorld({ base: { 'README.md': '# big\n' }, commits: [{ files }] })
    const w = world
    // budget fast reviews one pass of a pull request too large for one message; the rest stays pending.
    w.messages.push(reply.toolUse('publish_review', { summary: 'Constants only.' }))
    const first = await runOn(w, { inputs: { budget: 'fast' } })
    expect(first.exitCode).toBe(0)
    const [partial] = postedReviews(w)
    const match = /Reviewed (\d+) of 30 files/.exec(partial?.body ?? '')
    const reviewed = Number(match?.[1])
    expect(reviewed).toBeGreaterThan(0)
    expect(reviewed).toBeLessThan(FILES)
    expect(partial?.body).not.toMatch(/looks clean/)
    expect(partial?.body).toMatch(/not reviewed yet/)
    expect(first.outputs['coverage']).toBe(`${reviewed}/${FILES}`)
    expect(first.summary).toContain(`Reviewed ${reviewed} of 30 files`)
    expect(firstUserText(w.messages.requests[0]!)).toMatch(/reviewed in \d+ passes/)
    expect(w.messages.requests).toHaveLength(1)

    // Same head, run again: only the files left over are reviewed, named as carried over, shown whole.
    w.messages.push(request => {
      const text = firstUserText(request)
      expect(text).toContain('Carried over')
      expect(text).toContain('=== src/m29.ts')
      expect(text).not.toContain('=== src/m00.ts')
      return reply.toolUse('publish_review', { summary: 'The rest are constants too.' })
    })
    const second = await runOn(w, { inputs: { budget: 'fast' } })
    expect(second.exitCode).toBe(0)
    expect(second.outputs['coverage']).toBe(`${FILES - reviewed}/${FILES - reviewed}`)
    expect(w.github.reviews).toHaveLength(1)
    expect(w.github.reviews[0]?.body).toMatch(/looks clean/)
    expect(w.github.reviews[0]?.body).not.toMatch(/not reviewed yet/)
  })
})

describe('a completed review of the whole change', () => {
  it('is the only one that may call the change clean', async () => {
    const w = await mathWorld()
    w.messages.push(reply.toolUse('publish_review', { summary: 'Adds divide.' }))
    const result = await runOn(w)
    expect(result.exitCode).toBe(0)
    expect(postedReviews(w)[0]?.body).toMatch(/looks clean/)
    expect(result.outputs['coverage']).toBe('1/1')
    // The job log reads as a table of contents: one group per step.
    const groups = result.stdout.split('\n').filter(line => line.startsWith('::group::'))
    expect(groups).toEqual([
      '::group::Read the configuration',
      '::group::Read the last review',
      '::group::Scope the review',
      '::group::Review with the model',
      '::group::Publish'
    ])
  })
})
