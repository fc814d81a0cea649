import { describe, expect, it } from '@jest/globals'
import { loadFixtures } from '../../eval/fixtures.js'
import { lexicalJudge, type Judge } from '../../eval/judge.js'
import type { PostedComment } from '../../eval/model.js'
import {
  buildTrapSets,
  MUTANT_BOUND,
  MUTANTS,
  REAL_SCORER,
  runMutationChecks,
  type TrapSource
} from '../../eval/mutations.js'
import { runCounts } from '../../eval/score.js'
import { titleOf } from '../../eval/scripted-models.js'
import { run } from './records.js'

const fixtures = await loadFixtures()

/** What the oracle posts: each golden defect on its primary lines, in its own words. */
const sources: TrapSource[] = fixtures
  .filter(f => !f.clean)
  .map(f => {
    const tree: Record<string, string> = { ...f.base, ...f.head }
    return {
      fixture: f.id,
      defects: f.golden,
      comments: f.golden.map((d, i): PostedComment => ({
        id: `c${i}`,
        where: 'inline',
        file: d.file,
        startLine: d.lines[0],
        endLine: d.lines[1],
        severity: d.severity,
        category: d.category,
        title: titleOf(d),
        description: d.description
      })),
      files: Object.fromEntries(Object.entries(tree).map(([p, t]) => [p, t.split('\n').length]))
    }
  })

const everything: Judge = {
  verdicts: async (comments, defects) => Object.fromEntries(comments.map(c => [c.id, defects.map(d => d.id)]))
}

describe('the mutation checks of the scorer', () => {
  it('pass with the real scorer and catch every broken one below the bound', async () => {
    const checks = await runMutationChecks(sources, lexicalJudge())
    expect(checks.map(c => c.problems)).toEqual(MUTANTS.map(() => []))
    for (const check of checks) {
      expect(check.realMatchPrecision).toBe(1)
      expect(check.mutantMatchPrecision).toBeLessThan(MUTANT_BOUND)
    }
  })

  it('fail when the "mutant" is the real scorer: a check that cannot tell them apart is no check', async () => {
    const checks = await runMutationChecks(
      sources,
      lexicalJudge(),
      MUTANTS.map(m => ({ set: m.set, scorer: REAL_SCORER }))
    )
    for (const check of checks) expect(check.problems.join('\n')).toMatch(/must be below 0\.75/)
  })

  it('fail when the real judge matches everything', async () => {
    const checks = await runMutationChecks(sources, everything)
    const judgeSet = checks.find(c => c.set === 'wrong meaning on the golden line')!
    expect(judgeSet.problems.join('\n')).toMatch(
      /the real scorer's match precision is 0\.\d+; it must be 1\.0/
    )
  })

  it('builds traps the real scorer rejects one by one, located', () => {
    const sets = buildTrapSets(sources)
    const judge = (c: PostedComment, d: { description: string }) =>
      c.description === d.description ? [true] : []
    for (const set of sets.filter(s => s.name !== 'duplicate of a matched finding')) {
      expect(set.traps.length).toBeGreaterThanOrEqual(5)
      for (const id of set.traps) {
        const comment = set.comments.find(c => c.id === id)!
        const defect = set.defects.find(d => id.includes(`:${d.id}:`))!
        const verdicts = { [id]: judge(comment, defect).length > 0 ? [defect.id] : [] }
        const record = run({ defects: [defect], comments: [comment], verdicts })
        expect(runCounts(record, 'located').matched).toBe(0)
      }
    }
  })

  it('counts a duplicate of a matched finding once', () => {
    const source = sources[0]!
    const [d] = source.defects
    const c = source.comments[0]!
    const record = run({
      defects: [d!],
      comments: [c, { ...c, id: 'copy' }],
      verdicts: { [c.id]: [d!.id], copy: [d!.id] }
    })
    expect(runCounts(record, 'located')).toEqual({ matched: 1, comments: 2, defects: 1 })
  })
})
