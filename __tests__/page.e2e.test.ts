/**
 * What the pull request page shows, through the bundled action against the stand-ins: the walkthrough in the
 * review body (kept row by row across pushes), its diagram, `@redline describe`, and the "Redline" check run
 * with its conclusion and annotations, updated by a dismissal in a thread, and its 403 fallback.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { reply } from '../testing/messages-server.js'
import {
  createActionWorld,
  postedReviews,
  pullRequestPayload,
  runOn,
  type ActionWorld
} from './support/action-world.js'
import { toolResults } from './support/hardening-world.js'

jest.setTimeout(240_000)

const MATH_BASE = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'
const MATH_HEAD = MATH_BASE + '\nexport function divide(a: number, b: number): number {\n  return a / b\n}\n'
const API_BASE = "export const route = '/v1/sum'\n"
const API_HEAD =
  "import { divide } from './math'\nexport const route = '/v1/sum'\nexport const ratio = divide\n"
const LOCK = '{ "lockfileVersion": 3 }\n'

let world: ActionWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

function walkthroughOf(rows: Array<[string, string]>, summary = 'Adds divide and exposes it as ratio.') {
  return {
    summary,
    files: rows.map(([path, change]) => ({ paths: [path], change })),
    effort: 2,
    effort_reason: 'Two small functions and one import.'
  }
}

const publish = (summary: string, fields: Record<string, unknown> = {}) =>
  reply.toolUse('publish_review', { summary, ...fields })

/** The body of the review that now holds Redline's state: the last one posted, as updated since. */
function latestBody(w: ActionWorld): string {
  return w.github.reviews[w.github.reviews.length - 1]?.body ?? ''
}

function tableRow(body: string, path: string): string | undefined {
  return body.split('\n').find(line => line.startsWith(`| \`${path}\``))
}

async function pushWorld(prBody = 'What it does.'): Promise<ActionWorld> {
  world = await createActionWorld(
    {
      base: { 'src/math.ts': MATH_BASE, 'src/api.ts': API_BASE, 'package-lock.json': LOCK },
      commits: [
        {
          files: {
            'src/math.ts': MATH_HEAD,
            'src/api.ts': API_HEAD,
            'package-lock.json': '{ "lockfileVersion": 3, "x": 1 }\n'
          }
        }
      ]
    },
    { pr: { title: 'Add divide', body: prBody } }
  )
  return world
}

describe('the walkthrough', () => {
  it('opens the first review collapsed, refuses a path not in the PR, and a push rewrites only its file row', async () => {
    const w = await pushWorld()
    w.messages.push(
      publish('Adds divide.', { walkthrough: walkthroughOf([['src/nope.ts', 'Not in this change']]) }),
      publish('Adds divide.', {
        walkthrough: walkthroughOf([
          ['src/math.ts', 'Adds divide(a, b).'],
          ['src/api.ts', 'Exposes divide as ratio.']
        ])
      })
    )
    const first = await runOn(w)
    expect(first.exitCode).toBe(0)
    expect(toolResults(w.messages.requests[1]!).join('\n')).toContain(
      'Not recorded: the walkthrough names "src/nope.ts", which is not a file of this pull request.'
    )
    const body = postedReviews(w)[0]!.body
    expect(body).toContain('<details>\n<summary><b>Walkthrough</b> · effort to review 2/5</summary>')
    expect(body).toContain('Adds divide and exposes it as ratio.')
    expect(tableRow(body, 'src/math.ts')).toBe('| `src/math.ts` | Adds divide(a, b). |')
    expect(tableRow(body, 'src/api.ts')).toBe('| `src/api.ts` | Exposes divide as ratio. |')
    expect(tableRow(body, 'package-lock.json')).toContain('Skipped by Redline')
    expect(body).toContain('**Effort to review: 2/5** · Two small functions and one import.')
    expect(body).not.toContain('src/nope.ts')
    // The job summary shows the same walkthrough and links the check.
    expect(first.summary).toContain('Adds divide(a, b).')
    expect(first.summary).toMatch(
      /\[The "Redline" check run\]\(https:\/\/github\.com\/[^)]+\/runs\/\d+\): success/
    )

    const firstHead = w.fixture.headSha
    const head = w.fixture.pushHead(
      { 'src/api.ts': API_HEAD + "export const version = 'v2'\n" },
      'Add version'
    )
    w.fixture.freshCheckout()
    w.messages.push(
      publish('Adds a version constant.', {
        walkthrough: walkthroughOf(
          [['src/api.ts', 'Exposes ratio and a version.']],
          'Adds divide, ratio and a version.'
        )
      })
    )
    const second = await runOn(w, { payload: pullRequestPayload(w.fixture, 'synchronize', head) })
    expect(second.exitCode).toBe(0)
    const after = latestBody(w)
    expect(tableRow(after, 'src/math.ts')).toBe('| `src/math.ts` | Adds divide(a, b). |')
    expect(tableRow(after, 'src/api.ts')).toBe('| `src/api.ts` | Exposes ratio and a version. |')
    expect(after).toContain('Adds divide, ratio and a version.')
    expect(w.github.checkRuns.map(run => [run.head_sha, run.status, run.conclusion])).toEqual([
      [firstHead, 'completed', 'success'],
      [head, 'completed', 'success']
    ])
  })

  it('off: none of it and no fields asked; diagrams: a broken one is dropped, a valid one posted', async () => {
    const w = await pushWorld('')
    w.messages.push(publish('Adds divide.'))
    await runOn(w, { inputs: { walkthrough: 'off' } })
    const tools = (w.messages.requests[0]!.body.tools ?? []) as Array<{
      name: string
      input_schema: { properties: Record<string, unknown> }
    }>
    const publishTool = tools.find(tool => tool.name === 'publish_review')!
    expect(Object.keys(publishTool.input_schema.properties)).toEqual(['summary'])
    expect(postedReviews(w)[0]!.body).not.toContain('Walkthrough')

    const rows = walkthroughOf([
      ['src/math.ts', 'Adds divide(a, b).'],
      ['src/api.ts', 'Exposes divide as ratio.']
    ])
    const broken = 'sequenceDiagram\n  Api->>Math: divide(a, b)\n  loop forever\n  Math-->>Api: a / b'
    w.messages.push(publish('Adds divide.', { walkthrough: rows, diagram: broken }))
    await runOn(w, { inputs: { 'full-review': 'true', diagrams: 'true' } })
    const second = latestBody(w)
    expect(second).toContain('<summary><b>Walkthrough</b>')
    expect(second).not.toContain('```mermaid')

    const valid =
      'sequenceDiagram\n  participant Api\n  participant Math\n  Api->>Math: divide(a, b)\n  Math-->>Api: a / b'
    w.messages.push(publish('Adds divide.', { walkthrough: rows, diagram: valid }))
    await runOn(w, { inputs: { 'full-review': 'true', diagrams: 'true', walkthrough: 'expanded' } })
    const third = latestBody(w)
    expect(third).toContain('<details open>')
    expect(third).toContain(
      '```mermaid\nsequenceDiagram\n  participant Api\n  participant Math\n  Api->>Math: divide(a, b)'
    )
  })

  it('describe: on-open gives a PR opened without a description one from its first review', async () => {
    const w = await pushWorld('')
    w.messages.push(
      publish('Adds divide.', {
        walkthrough: walkthroughOf([['src/math.ts', 'Adds divide(a, b).']]),
        description: 'Adds `divide` and exposes it as `ratio`.'
      })
    )
    expect((await runOn(w, { inputs: { describe: 'on-open' } })).exitCode).toBe(0)
    const patch = w.github.requests.filter(r => r.method === 'PATCH' && /\/pulls\/\d+$/.test(r.path))
    expect(patch).toHaveLength(1)
    const body = (patch[0]!.body as { body: string }).body
    expect(body).toMatch(
      /^<!-- redline:description -->\n### Description by Redline\n\nAdds `divide` and exposes it as `ratio`\.\n<!-- \/redline:description -->$/
    )
  })
})

/** A pull request whose workspace is the base branch, as on a comment event; a maintainer may command. */
async function commandWorld(server: Record<string, unknown> = {}, body = 'Adds a divide helper.') {
  world = await createActionWorld(
    {
      base: { 'src/math.ts': MATH_BASE },
      commits: [{ files: { 'src/math.ts': MATH_HEAD } }],
      checkout: 'pull_request_target'
    },
    { pr: { title: 'Add divide', body }, server: { permissions: { maintainer: 'maintain' }, ...server } }
  )
  return world
}

function comment(w: ActionWorld, body: string, inputs: Record<string, string> = {}) {
  const stored = w.github.addIssueComment({ user: { login: 'maintainer', type: 'User' } as never, body })
  const payload = {
    action: 'created',
    issue: { number: w.fixture.prNumber, pull_request: { url: 'https://example.test/pulls/1' } },
    comment: { id: stored.id, body, user: { login: 'maintainer', type: 'User' } },
    repository: { full_name: `${w.fixture.owner}/${w.fixture.repo}` }
  }
  return runOn(w, { eventName: 'issue_comment', payload, inputs })
}

const HIGH = {
  severity: 'high',
  category: 'correctness',
  file: 'src/math.ts',
  title: 'Division by zero returns Infinity',
  description: 'divide(1, 0) returns Infinity instead of failing; callers cannot tell.',
  start_line: 6,
  end_line: 6,
  quote: 'return a / b'
}
const low = (line: number, quote: string, title: string, file = 'src/math.ts') => ({
  severity: 'low',
  category: 'maintainability',
  file,
  title,
  description: `${title}: a small thing.`,
  start_line: line,
  end_line: line,
  quote
})

describe('@redline describe', () => {
  it('writes a section after the author text, and a second describe replaces only that section', async () => {
    const w = await commandWorld({}, 'Fixes #12')
    w.messages.push(reply.toolUse('write_description', { description: 'Adds `divide(a, b)`.' }))
    expect((await comment(w, '@redline describe')).exitCode).toBe(0)
    const pullBody = async () =>
      (
        (await (
          await fetch(`${w.github.url}/repos/${w.fixture.owner}/${w.fixture.repo}/pulls/1`, {
            headers: { authorization: `token ${w.token}` }
          })
        ).json()) as { body: string }
      ).body
    const once = await pullBody()
    expect(once.startsWith('Fixes #12\n\n<!-- redline:description -->')).toBe(true)
    expect(once).toContain('Adds `divide(a, b)`.')

    w.messages.push(
      reply.toolUse('write_description', { description: 'Adds `divide`, which returns Infinity on zero.' })
    )
    expect((await comment(w, '@redline describe')).exitCode).toBe(0)
    const twice = await pullBody()
    expect(twice.startsWith('Fixes #12\n\n<!-- redline:description -->')).toBe(true)
    expect(twice.split('<!-- redline:description -->')).toHaveLength(2)
    expect(twice).toContain('which returns Infinity on zero')
    expect(twice).not.toContain('Adds `divide(a, b)`.')
    // The second run was shown what the author wrote, without Redline's own section.
    const asked = JSON.stringify(w.messages.requests[1]!.body.messages?.[0])
    expect(asked).toContain('Fixes #12')
    expect(asked).not.toContain('Adds `divide(a, b)`.')

    // A dry run writes nothing into the body and posts no reply: the log shows what it would write.
    const isWrite = (r: { method: string; path: string }) =>
      ['POST', 'PATCH', 'PUT'].includes(r.method) && r.path !== '/graphql'
    const writesBefore = w.github.requests.filter(isWrite).length
    const repliesBefore = w.github.issueComments.length
    w.messages.push(reply.toolUse('write_description', { description: 'A third description.' }))
    const dry = await comment(w, '@redline describe', { 'dry-run': 'true' })
    expect(dry.exitCode).toBe(0)
    expect(dry.stdout).toContain(
      'Dry run: the description was not written. It would read:\nA third description.'
    )
    expect(dry.stdout).toContain('Dry run: no reply posted.')
    expect(await pullBody()).toBe(twice)
    // Only the command itself was added to the conversation.
    expect(w.github.issueComments).toHaveLength(repliesBefore + 1)
    const writes = w.github.requests.filter(isWrite).slice(writesBefore)
    // The 👀 on the command is the only write.
    expect(writes.map(r => r.path)).toEqual([expect.stringMatching(/\/issues\/comments\/\d+\/reactions$/)])
  })
})

describe('the "Redline" check run', () => {
  it('fails at fail-on with an annotation per open finding, and turns success when a thread answer dismisses the high one', async () => {
    const w = await commandWorld()
    w.messages.push(
      reply.blocks([
        { type: 'tool_use', name: 'add_finding', input: HIGH },
        {
          type: 'tool_use',
          name: 'add_finding',
          input: low(5, 'export function divide', 'Missing JSDoc on divide')
        },
        { type: 'tool_use', name: 'add_finding', input: low(7, '}', 'No test covers divide') }
      ] as never),
      publish('Adds divide.')
    )
    const reviewed = await runOn(w, { eventName: 'pull_request_target', inputs: { 'fail-on': 'high' } })
    expect(reviewed.exitCode).toBe(1)
    expect(w.github.checkRuns).toHaveLength(1)
    const [check] = w.github.checkRuns
    expect(check).toMatchObject({
      name: 'Redline',
      head_sha: w.fixture.headSha,
      status: 'completed',
      conclusion: 'failure'
    })
    expect(check!.annotations.map(a => [a.annotation_level, a.start_line])).toEqual([
      ['failure', 6],
      ['warning', 5],
      ['warning', 7]
    ])
    expect(check!.output.summary).toContain('3 open findings: 1 high, 2 low.')

    const opening = w.github.reviewComments.find(c => c.in_reply_to_id === undefined)!
    const body = '@redline is this real? every caller checks b first.'
    const question = w.github.addComment({ in_reply_to: opening.id, body, user: 'maintainer' } as never)
    w.messages.push(
      reply.toolUse('answer', {
        reply: 'Right: both callers check b.',
        verdict: 'dismiss',
        reason: 'callers check b'
      })
    )
    const payload = {
      action: 'created',
      pull_request: { number: w.fixture.prNumber },
      comment: {
        id: question.id,
        body,
        user: { login: 'maintainer', type: 'User' },
        in_reply_to_id: opening.id
      },
      repository: { full_name: `${w.fixture.owner}/${w.fixture.repo}` }
    }
    const answered = await runOn(w, {
      eventName: 'pull_request_review_comment',
      payload,
      inputs: { 'fail-on': 'high' }
    })
    expect(answered.exitCode).toBe(0)
    const latest = w.github.checkRuns[w.github.checkRuns.length - 1]!
    expect(latest).toMatchObject({ head_sha: w.fixture.headSha, status: 'completed', conclusion: 'success' })
    expect(latest.annotations).toHaveLength(2)
  })

  it('sends 120 open findings in three annotation batches', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `export const value${i} = ${i}`)
    world = await createActionWorld({
      base: { 'README.md': 'x\n' },
      commits: [{ files: { 'src/values.ts': `${lines.join('\n')}\n` } }]
    })
    const w = world
    const findings = lines.map((quote, i) => ({
      type: 'tool_use',
      name: 'add_finding',
      input: low(i + 1, quote, `Constant value${i} is never read`, 'src/values.ts')
    }))
    w.messages.push(reply.blocks(findings as never), publish('Adds constants.'))
    expect((await runOn(w)).exitCode).toBe(0)
    expect(w.github.checkRuns).toHaveLength(1)
    const [check] = w.github.checkRuns
    expect(check!.annotationBatches).toBe(3)
    expect(new Set(check!.annotations.map(a => a.start_line)).size).toBe(120)
    const batches = w.github.requests.filter(r => /\/check-runs/.test(r.path))
    expect(
      batches.map(r => (r.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0)
    ).toEqual([0, 50, 50, 20])
  })

  it('without checks: write: one notice, the review is posted, and the step still follows fail-on', async () => {
    const w = await commandWorld({ checks: 'none' })
    w.messages.push(reply.toolUse('add_finding', HIGH), publish('Adds divide.'))
    const result = await runOn(w, { eventName: 'pull_request_target', inputs: { 'fail-on': 'high' } })
    expect(result.exitCode).toBe(1)
    expect(postedReviews(w)).toHaveLength(1)
    expect(w.github.checkRuns).toHaveLength(0)
    const notices = result.annotations.filter(a => /lacks `checks: write`/.test(a.message))
    expect(notices).toHaveLength(1)
    expect(notices[0]!.level).toBe('notice')
  })
})
