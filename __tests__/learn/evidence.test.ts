import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createOctokit, type Octokit } from '../../src/github/client.js'
import { writeAccess } from '../../src/github/permissions.js'
import { collect } from '../../src/insights/collect.js'
import { InsightsStore } from '../../src/insights/store.js'
import {
  MAX_EVIDENCE_ITEMS,
  MAX_EVIDENCE_TEXT,
  readEvidence,
  summarizeEvidence
} from '../../src/learn/evidence.js'
import type { EvidenceItem } from '../../src/learn/types.js'
import { memoryLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'
import {
  LEARN_PEOPLE,
  LEGACY_REASON,
  learnTime,
  makeLearnHistory,
  type LearnHistory,
  type MadeItem
} from '../../testing/learn-history.js'

const REPO = { owner: 'acme', repo: 'widgets' }
const NAME = 'acme/widgets'
const SINCE = '2026-09-01T00:00:00Z'

let github: HistoryStandIn
let made: LearnHistory
let store: InsightsStore

function octokit(token = 'ghs_testtoken'): Octokit {
  return createOctokit(token, memoryLogger(), { apiUrl: github.url, graphqlUrl: github.graphqlUrl })
}

function permissionRequests(): string[] {
  return github.requests.filter(r => /\/collaborators\/[^/]+\/permission$/.test(r.path)).map(r => r.path)
}

/** What identifies a made item among the evidence: a 👎 has no link of its own, so its thread and actor. */
function keyOf(item: { kind: string; pr: number; actor: string | null }): string {
  return `${item.kind} #${item.pr} @${item.actor ?? ''}`
}

function find(items: readonly EvidenceItem[], madeItem: MadeItem): EvidenceItem | undefined {
  return items.find(item =>
    madeItem.url !== undefined
      ? item.url === madeItem.url
      : keyOf(item) === keyOf(madeItem) &&
        item.url.endsWith(madeItem.thread.slice(madeItem.thread.indexOf('#')))
  )
}

beforeAll(async () => {
  github = await startHistoryServer({ owner: REPO.owner, repo: REPO.repo })
  made = makeLearnHistory(github.store)
  store = await InsightsStore.open()
  await collect({
    octokit: octokit(),
    graphqlUrl: github.graphqlUrl,
    repo: REPO,
    since: SINCE,
    redlineLogin: 'github-actions[bot]',
    store,
    logger: memoryLogger()
  })
}, 60_000)

afterAll(async () => {
  store.close()
  await github.close()
})

describe('reading the evidence of a history', () => {
  it('takes the three maintainers’ dismissals with their reasons, and not the one by a reader', async () => {
    const items = await readEvidence(store, NAME, SINCE, writeAccess(octokit(), REPO))
    expect(made.legacyDismissals.map(d => d.actor)).toEqual([...LEARN_PEOPLE.maintainers])
    expect(new Set(made.legacyDismissals.map(d => d.pr)).size).toBe(3)
    for (const dismissal of made.legacyDismissals) {
      const item = find(items, dismissal)
      expect(item).toMatchObject({
        kind: 'dismissal',
        pr: dismissal.pr,
        actor: dismissal.actor,
        createdAt: dismissal.createdAt,
        explicitReason: true,
        line: 14,
        finding: {
          title: 'Missing null check on the parsed record',
          category: 'correctness',
          severity: 'medium'
        }
      })
      expect(item?.text).toContain(LEGACY_REASON)
      expect(item?.path).toMatch(/^src\/legacy\//)
    }
    expect(made.readerDismissal.url).toBeDefined()
    expect(items.some(item => item.url === made.readerDismissal.url)).toBe(false)
    expect(items.some(item => item.pr === made.readerDismissal.pr)).toBe(false)
  })

  it('returns exactly the items made to count, each with a unique link, in order of time then link', async () => {
    const items = await readEvidence(store, NAME, SINCE, writeAccess(octokit(), REPO))
    expect(made.evidence).toHaveLength(9)
    expect(items.map(keyOf).sort()).toEqual(made.evidence.map(keyOf).sort())
    for (const madeItem of made.evidence) {
      const item = find(items, madeItem)
      expect(item).toBeDefined()
      expect(item?.createdAt).toBe(madeItem.createdAt)
      expect(item?.explicitReason).toBe(madeItem.explicitReason)
      if (madeItem.title) expect(item?.finding?.title).toBe(madeItem.title)
    }
    expect(new Set(items.map(item => item.url)).size).toBe(items.length)
    const sorted = [...items].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.url < b.url ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1
    )
    expect(items).toEqual(sorted)
    // Nothing withdrawn on verification, nothing a reader or a non-collaborator did.
    expect(items.some(item => item.finding?.title === 'Unchecked index')).toBe(false)
    expect(
      items.some(item => item.actor === LEARN_PEOPLE.reader || item.actor === LEARN_PEOPLE.outsider)
    ).toBe(false)
  })

  it('takes a maintainer’s review thread on a merged pull request, not a reader’s, a reply, a bot’s or one still open', async () => {
    const items = await readEvidence(store, NAME, SINCE, writeAccess(octokit(), REPO))
    const comments = items.filter(item => item.kind === 'human-comment')
    const wanted = made.items.filter(i => i.kind === 'human-comment' && i.eligible && i.actor === 'maya')
    expect(wanted).toHaveLength(1)
    expect(comments).toEqual([
      {
        url: wanted[0]?.url,
        kind: 'human-comment',
        pr: wanted[0]?.pr,
        actor: 'maya',
        createdAt: wanted[0]?.createdAt,
        path: 'src/net/client.ts',
        line: 21,
        text: wanted[0]?.text,
        explicitReason: false
      }
    ])
  })

  it('keeps a 👎 and a bare resolve of the same comment apart, and marks the resolve as giving no reason', async () => {
    const items = await readEvidence(store, NAME, SINCE, writeAccess(octokit(), REPO))
    const thread = made.items.find(i => i.kind === 'thumbs-down')?.thread as string
    const onThread = items.filter(item => item.url.endsWith(thread.slice(thread.indexOf('#'))))
    expect(onThread.map(item => `${item.kind} ${item.actor}`).sort()).toEqual([
      'dismissal lena',
      'thumbs-down omar'
    ])
    const resolve = onThread.find(item => item.kind === 'dismissal')
    expect(resolve).toMatchObject({ url: thread, explicitReason: false, text: null })
    expect(onThread.find(item => item.kind === 'thumbs-down')?.url).not.toBe(thread)
  })

  it('reads only what arose since the given instant: a thread from its merge, a fate at merge', async () => {
    const since = learnTime(13)
    const items = await readEvidence(store, NAME, since, writeAccess(octokit(), REPO))
    const mergedAt = (pr: number) => made.pulls.find(p => p.number === pr)?.mergedAt ?? ''
    const want = made.evidence.filter(
      item => (item.kind === 'human-comment' ? mergedAt(item.pr) : item.createdAt) >= since
    )
    expect(items.map(keyOf).sort()).toEqual(want.map(keyOf).sort())
    expect(items.some(item => item.kind === 'human-comment')).toBe(true)
    expect(items.some(item => item.kind === 'thumbs-down')).toBe(false)
    const withMilliseconds = since.replace(/Z$/, '.000Z')
    expect(await readEvidence(store, NAME, withMilliseconds, writeAccess(octokit(), REPO))).toEqual(items)
    await expect(readEvidence(store, NAME, 'last week', writeAccess(octokit(), REPO))).rejects.toThrow(
      /"last week" is not a time/
    )
  })

  it('asks GitHub once per person, and takes a non-collaborator as having no permission', async () => {
    const client = octokit()
    const canWrite = writeAccess(client, REPO)
    const before = permissionRequests().length
    await readEvidence(store, NAME, SINCE, canWrite)
    const asked = permissionRequests().slice(before)
    const gated = new Set(made.items.filter(i => i.gated && i.eligible).map(i => i.actor))
    expect(asked.map(path => decodeURIComponent(path.split('/')[5] ?? '')).sort()).toEqual([...gated].sort())
    await readEvidence(store, NAME, SINCE, canWrite)
    await readEvidence(store, NAME, SINCE, writeAccess(client, REPO))
    expect(permissionRequests().length - before).toBe(gated.size)
    expect(gated.has(LEARN_PEOPLE.outsider)).toBe(true)
  })

  it('summarizes the items by kind and pull request for the log', async () => {
    const items = await readEvidence(store, NAME, SINCE, writeAccess(octokit(), REPO))
    const summary = summarizeEvidence(items)
    const count = (kind: string) => made.evidence.filter(i => i.kind === kind).length
    expect(summary.byKind).toEqual({
      dismissal: count('dismissal'),
      'thumbs-down': count('thumbs-down'),
      'left-open': count('left-open'),
      fixed: count('fixed'),
      'human-comment': count('human-comment')
    })
    expect(summary.pulls).toBe(new Set(made.evidence.map(i => i.pr)).size)
    expect(summary.explicitReasons).toBe(3)
    expect(summary.line).toBe(
      `${items.length} evidence items from ${summary.pulls} pull requests: 4 dismissals (3 with a reason), 1 👎, ` +
        `1 finding left open, 2 findings fixed, 1 review comment by a person`
    )
  })
})

describe('the caps of the evidence', () => {
  it(`keeps the newest ${MAX_EVIDENCE_ITEMS} items and cuts each text to ${MAX_EVIDENCE_TEXT} characters`, async () => {
    const local = await InsightsStore.open()
    try {
      const comments = Array.from({ length: MAX_EVIDENCE_ITEMS + 20 }, (_, i) => ({
        commentId: 5_000 + i,
        url: `https://github.com/${NAME}/pull/9#discussion_r${5_000 + i}`,
        path: 'src/a.ts',
        line: i + 1,
        author: i % 2 === 0 ? 'maya' : 'rita',
        authorAssociation: 'MEMBER',
        body: `${'long words '.repeat(200)}${i}`,
        createdAt: `2026-10-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`
      }))
      local.savePull({
        repo: NAME,
        pull: {
          number: 9,
          title: 'Many threads',
          author: 'erin',
          url: `https://github.com/${NAME}/pull/9`,
          state: 'merged',
          createdAt: '2026-09-30T00:00:00Z',
          updatedAt: '2026-10-02T00:00:00Z',
          mergedAt: '2026-10-02T00:00:00Z',
          closedAt: '2026-10-02T00:00:00Z',
          headSha: 'c'.repeat(40)
        },
        reviewed: false,
        runs: [],
        findings: [],
        events: [],
        reviewComments: [
          ...comments,
          ...comments.map(c => ({ ...c, commentId: c.commentId + 10_000, url: `${c.url}0`, author: 'lena' }))
        ]
      })
      const asked: string[] = []
      const items = await readEvidence(local, NAME, SINCE, async login => {
        asked.push(login)
        return login !== 'rita'
      })
      expect(asked.sort()).toEqual(['lena', 'maya', 'rita'])
      expect(items).toHaveLength(MAX_EVIDENCE_ITEMS)
      const kept = [...comments, ...comments.map(c => ({ ...c, url: `${c.url}0`, author: 'lena' }))]
        .filter(c => c.author !== 'rita')
        .sort((a, b) =>
          a.createdAt === b.createdAt ? (a.url < b.url ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1
        )
        .slice(-MAX_EVIDENCE_ITEMS)
      expect(items.map(item => item.url)).toEqual(kept.map(c => c.url))
      for (const item of items) {
        expect(item.text?.length).toBeLessThanOrEqual(MAX_EVIDENCE_TEXT)
        expect(item.text?.endsWith('…')).toBe(true)
      }
    } finally {
      local.close()
    }
  })
})
