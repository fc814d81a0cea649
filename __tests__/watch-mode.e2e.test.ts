/**
 * Watch mode over several pushes, run as the runner runs the bundled action: dismissals that stick, replies
 * that reach the reviewer, quiet pushes, one evolving findings list.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  createActionWorld,
  firstUserText,
  postedReviews,
  pullRequestPayload,
  runOn,
  type ActionWorld
} from './support/action-world.js'
import { reply, type RecordedMessagesRequest } from '../testing/messages-server.js'
import type { RunResult } from '../testing/runner.js'

jest.setTimeout(240_000)

const BASE = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'
const DIVIDE = BASE + '\nexport function divide(a: number, b: number): number {\n  return a / b\n}\n'
const GUARDED = DIVIDE.replace(
  '  return a / b',
  "  if (b === 0) throw new RangeError('zero')\n  return a / b"
)

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

const STATE = '<!-- redline:state '

let world: ActionWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

async function divideWorld(options: { contents?: 'read' | 'write' } = {}): Promise<ActionWorld> {
  world = await createActionWorld(
    { base: { 'src/math.ts': BASE }, commits: [{ files: { 'src/math.ts': DIVIDE } }] },
    { pr: { title: 'Add divide', body: 'Adds a divide helper.' }, ...options }
  )
  return world
}

/** The text of every tool_result in a request's last message. */
function toolResults(request: RecordedMessagesRequest): string[] {
  const messages = request.body.messages ?? []
  const last = messages[messages.length - 1]
  if (!last || !Array.isArray(last.content)) return []
  return last.content
    .filter(part => part.type === 'tool_result')
    .map(part => (typeof part.content === 'string' ? part.content : JSON.stringify(part.content)))
}

/** A first review that posts the divide finding inline; returns the finding's id. */
async function firstReview(w: ActionWorld): Promise<string> {
  let id = ''
  w.messages.push(reply.toolUse('add_finding', DIVIDE_FINDING), request => {
    id = /f_[a-z0-9]+/.exec(toolResults(request)[0] ?? '')?.[0] ?? ''
    return reply.toolUse('publish_review', { summary: 'Adds divide; it does not guard against zero.' })
  })
  const result = await runOn(w)
  expect(result.exitCode).toBe(0)
  expect(id).toMatch(/^f_/)
  return id
}

async function push(w: ActionWorld, files: Record<string, string>): Promise<string> {
  const head = w.fixture.pushHead(files)
  w.fixture.freshCheckout()
  return head
}

async function rerun(w: ActionWorld, head: string): Promise<RunResult> {
  return runOn(w, { payload: pullRequestPayload(w.fixture, 'synchronize', head) })
}

function statefulReviews(w: ActionWorld) {
  return w.github.reviews.filter(review => review.body.includes(STATE))
}

function findingsOf(
  result: RunResult
): Array<{ id: string; status: string; note?: string; commentId?: number }> {
  return JSON.parse(readFileSync(result.outputs['findings-file'] as string, 'utf8')).findings
}

function botReplies(w: ActionWorld) {
  return w.github.reviewComments.filter(
    c => c.in_reply_to_id !== undefined && c.user.login === w.github.viewer.login
  )
}

describe('watch mode', () => {
  it('a thread resolved by hand dismisses its finding, and the same finding is never raised again', async () => {
    const w = await divideWorld()
    const id = await firstReview(w)
    const thread = w.github.threads[0]
    expect(thread).toBeDefined()
    w.github.resolveThread(thread!.id, 'alice')

    const head = await push(w, { 'src/other.ts': 'export const other = 2\n' })
    let refusal = ''
    w.messages.push(
      request => {
        expect(firstUserText(request)).toContain(`${id} [dismissed]`)
        return reply.toolUse('add_finding', DIVIDE_FINDING)
      },
      request => {
        refusal = toolResults(request)[0] ?? ''
        return reply.toolUse('publish_review', { summary: 'Adds a constant.' })
      }
    )
    const second = await rerun(w, head)
    expect(second.exitCode).toBe(0)
    expect(refusal).toContain(`same issue as ${id}`)
    expect(refusal).toContain('was dismissed (dismissed: @alice resolved the thread)')
    expect(refusal).toContain('update_finding')
    // Nothing new was posted: one review, one inline comment, and the finding stays dismissed.
    expect(postedReviews(w)).toHaveLength(1)
    expect(w.github.reviewComments.filter(c => c.in_reply_to_id === undefined)).toHaveLength(1)
    expect(findingsOf(second)).toEqual([
      expect.objectContaining({ id, status: 'dismissed', note: 'dismissed: @alice resolved the thread' })
    ])
    expect(second.outputs['findings-open']).toBe('0')
  })

  it('a reply reaches the next re-review, and a dismissal after it is answered once in its thread', async () => {
    const w = await divideWorld()
    const id = await firstReview(w)
    const comment = w.github.reviewComments[0]!
    w.github.addComment({
      user: 'alice',
      path: comment.path,
      body: 'This is intended: callers check for Infinity.',
      in_reply_to: comment.id
    })

    const head = await push(w, { 'src/other.ts': 'export const other = 2\n' })
    w.messages.push(
      request => {
        const text = firstUserText(request)
        expect(text).toContain('Reply from @alice: This is intended: callers check for Infinity.')
        // The reply sits inside the untrusted findings block.
        const block = text.slice(text.indexOf('<untrusted-data source="findings">'))
        expect(block.indexOf('Reply from @alice')).toBeLessThan(block.indexOf('</untrusted-data>'))
        return reply.toolUse('update_finding', {
          id,
          status: 'dismissed',
          note: 'Intended: callers handle Infinity.'
        })
      },
      reply.toolUse('publish_review', { summary: 'Adds a constant.' })
    )
    const second = await rerun(w, head)
    expect(second.exitCode).toBe(0)
    expect(botReplies(w).map(c => c.body)).toEqual(['Dismissed: Intended: callers handle Infinity.'])
    expect(w.github.threads[0]?.isResolved).toBe(true)

    // Another push: the reply was answered already and is not given to the model again.
    const third = await push(w, { 'src/more.ts': 'export const more = 3\n' })
    w.messages.push(request => {
      expect(firstUserText(request)).not.toContain('Reply from @alice')
      return reply.toolUse('publish_review', { summary: 'Adds another constant.' })
    })
    expect((await rerun(w, third)).exitCode).toBe(0)
    expect(botReplies(w)).toHaveLength(1)
  })

  it('keeps a finding after a reply with its reason, answering each reply only once', async () => {
    const w = await divideWorld()
    const id = await firstReview(w)
    const comment = w.github.reviewComments[0]!
    w.github.addComment({ user: 'bob', path: comment.path, body: 'Is this real?', in_reply_to: comment.id })
    const head = await push(w, { 'src/other.ts': 'export const other = 2\n' })
    w.messages.push(
      reply.toolUse('update_finding', { id, note: 'Yes: divide(1, 0) returns Infinity silently.' }),
      reply.toolUse('publish_review', { summary: 'Still open.' })
    )
    expect((await rerun(w, head)).exitCode).toBe(0)
    expect(botReplies(w).map(c => c.body)).toEqual([
      'Kept: Yes: divide(1, 0) returns Infinity silently. Resolve this thread to dismiss the finding.'
    ])
    expect(w.github.threads[0]?.isResolved).toBe(false)
    const again = await push(w, { 'src/more.ts': 'export const more = 3\n' })
    w.messages.push(reply.toolUse('publish_review', { summary: 'Still open.' }))
    expect((await rerun(w, again)).exitCode).toBe(0)
    expect(botReplies(w)).toHaveLength(1)
  })

  it('a push that changes nothing reviewable posts no review; the last one is updated to the new head', async () => {
    const w = await divideWorld()
    await firstReview(w)
    const requestsBefore = w.messages.requests.length
    const head = await push(w, { 'README.md': '# Math\n\nNow documented.\n' })
    const second = await rerun(w, head)
    expect(second.exitCode).toBe(0)
    expect(w.messages.requests).toHaveLength(requestsBefore)
    expect(postedReviews(w)).toHaveLength(1)
    const reviews = statefulReviews(w)
    expect(reviews).toHaveLength(1)
    expect(reviews[0]?.body).toContain(`"sha":"${head}"`)
    expect(reviews[0]?.body).toMatch(/"q":2/)
    expect(second.outputs['review-id']).toBe(String(reviews[0]?.id))
    // The state is read back from the rewritten review: the same head is not reviewed again.
    const third = await rerun(w, head)
    expect(third.annotations.map(a => a.message)).toContain(
      `Commit ${head.slice(0, 7)} was already reviewed; set full-review: true to review it again.`
    )
  })

  it('three pushes keep one list: stable ids, each finding inline once, the fixed one resolved', async () => {
    const w = await divideWorld()
    const first = await firstReview(w)

    const mean =
      '\nexport function mean(xs: number[]): number {\n  return xs.reduce((a, b) => a + b) / xs.length\n}\n'
    // Push 2 keeps the divide bug and adds a mean without an empty-list guard.
    const secondHead = await push(w, { 'src/math.ts': DIVIDE + mean })
    let second = ''
    w.messages.push(
      request => {
        expect(firstUserText(request)).toContain(first)
        return reply.toolUse('add_finding', {
          severity: 'medium',
          category: 'correctness',
          file: 'src/math.ts',
          title: 'mean([]) throws',
          description: 'reduce without an initial value throws a TypeError on an empty array.',
          start_line: 10,
          end_line: 10,
          quote: 'xs.reduce((a, b) => a + b)'
        })
      },
      request => {
        second = /f_[a-z0-9]+/.exec(toolResults(request)[0] ?? '')?.[0] ?? ''
        return reply.toolUse('publish_review', { summary: 'Adds mean.' })
      }
    )
    const run2 = await rerun(w, secondHead)
    expect(run2.exitCode).toBe(0)
    expect(second).toMatch(/^f_/)
    expect(second).not.toBe(first)

    // Push 3 fixes divide.
    const thirdHead = await push(w, { 'src/math.ts': GUARDED + mean })
    w.messages.push(
      reply.toolUse('update_finding', { id: first, status: 'resolved', note: 'guarded against zero' }),
      reply.toolUse('publish_review', { summary: 'divide is guarded now.' })
    )
    const run3 = await rerun(w, thirdHead)
    expect(run3.exitCode).toBe(0)

    const findings = findingsOf(run3)
    expect(findings.map(f => [f.id, f.status]).sort()).toEqual(
      [
        [first, 'resolved'],
        [second, 'open']
      ].sort()
    )
    const topLevel = w.github.reviewComments.filter(c => c.in_reply_to_id === undefined)
    expect(topLevel).toHaveLength(2)
    expect(topLevel.map(c => /redline:finding (f_[a-z0-9]+)/.exec(c.body)?.[1]).sort()).toEqual(
      [first, second].sort()
    )
    const firstThread = w.github.threads.find(
      t => t.comment_ids[0] === findings.find(f => f.id === first)?.commentId
    )
    expect(firstThread?.isResolved).toBe(true)
    expect(botReplies(w).map(c => c.body)).toEqual([
      `Resolved in ${thirdHead.slice(0, 7)}: guarded against zero`
    ])
    // Two reviews were posted (push 1 and push 2 each had a new inline comment); push 3 rewrote the last.
    expect(postedReviews(w)).toHaveLength(2)
  })

  it('without contents: write it replies instead of resolving, with one warning', async () => {
    const w = await divideWorld({ contents: 'read' })
    const id = await firstReview(w)
    const head = await push(w, { 'src/math.ts': GUARDED })
    w.messages.push(
      reply.toolUse('update_finding', { id, status: 'resolved', note: 'guarded' }),
      reply.toolUse('publish_review', { summary: 'Guarded.' })
    )
    const second = await rerun(w, head)
    expect(second.exitCode).toBe(0)
    expect(botReplies(w).map(c => c.body)).toEqual([`Resolved in ${head.slice(0, 7)}: guarded`])
    expect(w.github.threads[0]?.isResolved).toBe(false)
    const warnings = second.annotations.filter(a => a.level === 'warning').map(a => a.message)
    expect(warnings.filter(m => /contents: write/.test(m))).toHaveLength(1)
    expect(second.stdout).not.toMatch(/Resolved 1 thread/)
  })
})
