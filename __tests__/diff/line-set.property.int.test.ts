import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DiffLineSet } from '../../src/diff/line-set.js'
import type { Side } from '../../src/diff/model.js'
import { loadPullDiff } from '../../src/diff/source.js'
import { createGit } from '../../src/git/git.js'
import { silentLogger } from '../../src/logger.js'
import { startGitHubServer, type GitHubStandIn } from '../../testing/github-server.js'
import { createPrFixture, type PrFixture } from '../../testing/pr-fixture.js'

const numbered = (n: number, edit: (i: number) => string | null = i => `line ${i}`): string =>
  Array.from({ length: n }, (_, k) => edit(k + 1))
    .filter((line): line is string => line !== null)
    .join('\n') + '\n'

/** A small deterministic PRNG, so a failure reproduces. */
function prng(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

/**
 * The diff-line set is Redline's promise that a comment will land. This checks it against the GitHub
 * stand-in, which computes GitHub's rule on its own from the repository: every line the set accepts is
 * accepted by GitHub, and every line it refuses is refused.
 */
describe('the diff-line set agrees with GitHub', () => {
  let fixture: PrFixture
  let github: GitHubStandIn
  let lineSet: DiffLineSet
  const lengths = new Map<string, { LEFT: number; RIGHT: number }>()

  beforeAll(async () => {
    fixture = createPrFixture({
      base: {
        'src/app.ts': numbered(60),
        'src/gone.ts': numbered(5),
        'src/moved.ts': numbered(30),
        'src/edge.ts': numbered(12),
        'docs/space name é.md': numbered(8)
      },
      commits: [
        {
          files: {
            // Changes near the top, in the middle (two hunks close together) and at the end.
            'src/app.ts': numbered(62, i =>
              i === 2
                ? 'changed 2'
                : i === 20
                  ? null
                  : i === 27
                    ? 'changed 27'
                    : i === 61
                      ? 'added 61'
                      : `line ${i}`
            ),
            'src/gone.ts': null,
            'src/new.ts': numbered(4, i => `fresh ${i}`),
            'src/edge.ts': numbered(12, i => (i === 1 || i === 12 ? `edge ${i}` : `line ${i}`)),
            'docs/space name é.md': numbered(9, i => (i === 5 ? 'five' : `line ${i}`))
          },
          renames: { 'src/moved.ts': 'lib/moved.ts' }
        },
        { files: { 'lib/moved.ts': numbered(30, i => (i === 15 ? 'moved and edited' : `line ${i}`)) } }
      ]
    })
    github = await startGitHubServer({ fixture })
    const git = createGit(fixture.workspaceDir, silentLogger)
    const diff = await loadPullDiff({
      git,
      headSha: fixture.headSha,
      baseSha: fixture.baseSha,
      mergeBaseSha: fixture.mergeBaseSha,
      logger: silentLogger,
      fallback: () => Promise.reject(new Error('git should produce the diff'))
    })
    expect(diff.source).toBe('git')
    lineSet = DiffLineSet.fromFiles(diff.files)
    for (const file of diff.files) {
      const last = (side: Side) =>
        Math.max(
          0,
          ...file.hunks.flatMap(h =>
            h.lines.map(l => (side === 'LEFT' ? (l.oldLine ?? 0) : (l.newLine ?? 0)))
          )
        )
      lengths.set(file.path, { LEFT: last('LEFT') + 3, RIGHT: last('RIGHT') + 3 })
    }
  })

  afterAll(async () => {
    await github.close()
    fixture.cleanup()
  })

  async function accepted(comment: Record<string, unknown>): Promise<boolean> {
    const response = await fetch(`${github.url}/repos/${fixture.owner}/${fixture.repo}/pulls/1/reviews`, {
      method: 'POST',
      headers: { authorization: 'token ghs_testtoken', 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'COMMENT',
        commit_id: fixture.headSha,
        body: 'probe',
        comments: [{ body: 'x', ...comment }]
      })
    })
    if (response.status !== 200 && response.status !== 422) throw new Error(`unexpected ${response.status}`)
    return response.status === 200
  }

  it('for every single line of every file, on both sides', async () => {
    const outcomes = { accepted: 0, refused: 0 }
    const disagreements: string[] = []
    for (const [path, max] of lengths) {
      for (const side of ['LEFT', 'RIGHT'] as const) {
        for (let line = 1; line <= max[side]; line++) {
          const ours = lineSet.canComment(path, side, line)
          const theirs = await accepted({ path, side, line })
          outcomes[theirs ? 'accepted' : 'refused']++
          if (ours !== theirs) disagreements.push(`${path} ${side} ${line}: set ${ours}, GitHub ${theirs}`)
        }
      }
    }
    expect(disagreements).toEqual([])
    // Both answers occur often, so agreement means something.
    expect(outcomes.accepted).toBeGreaterThan(50)
    expect(outcomes.refused).toBeGreaterThan(50)
    expect(lineSet.paths().sort()).toEqual(
      [
        'docs/space name é.md',
        'lib/moved.ts',
        'src/app.ts',
        'src/edge.ts',
        'src/gone.ts',
        'src/new.ts'
      ].sort()
    )
  }, 120_000)

  it('for multi-line ranges, which must stay inside one hunk', async () => {
    const random = prng(7)
    const disagreements: string[] = []
    const paths = [...lengths.keys()]
    for (let i = 0; i < 120; i++) {
      const path = paths[Math.floor(random() * paths.length)]!
      const side: Side = random() < 0.5 ? 'LEFT' : 'RIGHT'
      const max = lengths.get(path)![side]
      const start = 1 + Math.floor(random() * max)
      const end = Math.min(max, start + 1 + Math.floor(random() * 8))
      if (end <= start) continue
      const ours =
        lineSet.canComment(path, side, start) &&
        lineSet.canComment(path, side, end) &&
        lineSet.sameHunk(path, side, start, end)
      const theirs = await accepted({ path, side, line: end, start_line: start, start_side: side })
      if (ours !== theirs)
        disagreements.push(`${path} ${side} ${start}-${end}: set ${ours}, GitHub ${theirs}`)
    }
    expect(disagreements).toEqual([])
  }, 120_000)
})
