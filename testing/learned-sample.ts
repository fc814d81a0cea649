/**
 * The sample `.github/redline/learned.md` docs/learning.md shows, made by the learn run's own code: three
 * maintainers' dismissals as evidence, the model's proposal, the checks and the plan. The docs test
 * compares its copy with this, so the sample is what a first run really writes.
 * `npx tsx testing/learned-sample.ts` prints it.
 */
import { pathToFileURL } from 'node:url'
import { decide } from '../src/learn/decide.js'
import type { EvidenceItem } from '../src/learn/types.js'
import { parseLearnedFile } from '../src/state/learned-file.js'

const REASON = 'Every caller in src/legacy validates the input before this is reached.'

function dismissal(pr: number, comment: number, actor: string, path: string, day: number): EvidenceItem {
  return {
    url: `https://github.com/octo/widgets/pull/${pr}#discussion_r${comment}`,
    kind: 'dismissal',
    pr,
    actor,
    createdAt: `2026-10-${String(day).padStart(2, '0')}T12:00:00Z`,
    path,
    line: 14,
    finding: {
      title: 'Missing null check on the parsed record',
      category: 'correctness',
      severity: 'medium'
    },
    text: REASON,
    explicitReason: true
  }
}

export function learnedSample(): string {
  const given = [
    dismissal(412, 1804113, 'maya', 'src/legacy/orders.ts', 2),
    dismissal(431, 1811920, 'omar', 'src/legacy/billing/invoice.ts', 9),
    dismissal(447, 1820377, 'lena', 'src/legacy/users.ts', 16)
  ]
  const decision = decide({
    current: parseLearnedFile(''),
    deletions: [],
    given,
    rules: [
      {
        title: 'Null checks in the legacy code',
        rule: 'Do not flag a missing null check in src/legacy: every caller validates its input before the call.',
        paths: ['src/legacy/**'],
        evidence: given.map(item => item.url)
      }
    ],
    removals: [],
    now: '2026-10-19T06:17:00Z'
  })
  return decision.plan.text
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(learnedSample())
