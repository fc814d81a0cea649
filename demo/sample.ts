/**
 * The demo's sample pull request and the scripted model session that reviews it. The script drives the real
 * review loop through the Messages stand-in: every tool call below runs against the sample repository.
 */
import { reply, type Step } from '../testing/messages-server.js'
import type { PrFixtureSpec } from '../testing/pr-fixture.js'

const SUM = [
  'export function sum(values: readonly number[]): number {',
  '  return values.reduce((total, value) => total + value, 0)',
  '}',
  ''
].join('\n')

const AVERAGE = [
  '',
  '/** The arithmetic mean of `values`. */',
  'export function average(values: readonly number[]): number {',
  '  return sum(values) / values.length',
  '}',
  ''
].join('\n')

const GUARD = "  if (values.length === 0) throw new RangeError('average of an empty list')"

export const SAMPLE_PR = { title: 'Add average()', body: 'Adds `average` next to `sum` for the report page.' }

export const SAMPLE: PrFixtureSpec = {
  owner: 'acme',
  repo: 'widgets',
  base: {
    'README.md': '# widgets\n\nSmall statistics helpers.\n',
    'REVIEW.md':
      '# Review guidance\n\nPublic functions must reject input they cannot handle; never return NaN.\n',
    'src/stats.ts': SUM
  },
  commits: [{ files: { 'src/stats.ts': SUM + AVERAGE }, message: 'Add average()' }]
}

/** The author's answer to the review: the suggested guard, applied. */
export const FIX = {
  files: { 'src/stats.ts': SUM + AVERAGE.replace('  return sum', `${GUARD}\n  return sum`) },
  message: 'Reject an empty list in average()'
}

const FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/stats.ts',
  title: 'average([]) returns NaN',
  description:
    'With an empty list, `values.length` is 0 and the division yields `NaN`, which the report page would ' +
    'print as-is. REVIEW.md asks public functions to reject input they cannot handle.',
  start_line: 7,
  end_line: 7,
  quote: 'return sum(values) / values.length',
  suggestion: `${GUARD}\n  return sum(values) / values.length`
}

/** The first review: read the file, record one finding, publish. */
export function firstReviewScript(): Step[] {
  return [
    reply.toolUse('read_file', { path: 'src/stats.ts' }),
    reply.toolUse('add_finding', FINDING),
    reply.toolUse('publish_review', {
      summary: 'Adds `average()`. It divides by the list length without a check, so an empty list gives NaN.'
    })
  ]
}

/** The re-review after the fix: the first message lists the earlier finding by id; it is marked resolved. */
export function reReviewScript(): Step[] {
  return [
    request => {
      const first = JSON.stringify(request.body.messages?.[0]?.content ?? '')
      const id = /f_[A-Za-z0-9]+/.exec(first)?.[0]
      if (!id) throw new Error('the re-review did not show the earlier finding to the model')
      return reply.toolUse('update_finding', {
        id,
        status: 'resolved',
        note: 'average() now rejects an empty list'
      })
    },
    reply.toolUse('publish_review', { summary: 'The empty-list guard was added; nothing else changed.' })
  ]
}
