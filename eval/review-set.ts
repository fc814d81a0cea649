/**
 * A fixed scripted review set whose right score is known by construction, and the scorer's score of it.
 * The mutation checks score it with the real scorer and with copies of the scorer's files that each lose
 * one rule; a rule whose removal leaves the score unchanged is not being tested.
 *
 * Seeded fixtures alternate defect by defect: a kept defect gets its true finding on its primary lines and a
 * duplicate of it (which must count once); a trapped defect gets no true finding but three traps, each of
 * which must match nothing: another problem's description on its exact lines, its true description at the
 * same lines of another file, and its true description OUTSIDE_LINES lines outside every accepted location.
 * Each clean fixture gets one medium finding, the noise the clean-PR count must see.
 */
import { lexicalJudge } from './judge.js'
import type { Fixture, GoldenDefect, PostedComment, RunRecord } from './model.js'
import { computeMetrics } from './score.js'
import { NOISE_DESCRIPTION, NOISE_TITLE, titleOf } from './scripted-models.js'

/** How far outside every accepted location a true finding must not match; fixed, not LINE_TOLERANCE. */
export const OUTSIDE_LINES = 4

export interface ReviewSet {
  records: RunRecord[]
  /** The right score: the kept defects matched (located), one noise comment per clean fixture. */
  expected: { located: number; cleanNoise: number }
}

/** What the checks compare: the score as the report would give it. */
export interface SetScore {
  located: { matched: number; comments: number; defects: number }
  meaningMatched: number
  cleanNoise: number
}

function comment(defect: GoldenDefect, id: string, changes: Partial<PostedComment> = {}): PostedComment {
  return {
    id,
    where: 'inline',
    file: defect.file,
    startLine: defect.lines[0],
    endLine: defect.lines[1],
    severity: defect.severity,
    category: defect.category,
    title: titleOf(defect),
    description: defect.description,
    ...changes
  }
}

/** A line OUTSIDE_LINES lines past every accepted location of the defect in its primary file. */
function lineOutside(defect: GoldenDefect): number | undefined {
  const here = defect.locations.filter(l => l.file === defect.file)
  const ok = (line: number) =>
    line >= 1 && here.every(l => line >= l.end + OUTSIDE_LINES || line <= l.start - OUTSIDE_LINES)
  const after = Math.max(...here.map(l => l.end)) + OUTSIDE_LINES
  const before = Math.min(...here.map(l => l.start)) - OUTSIDE_LINES
  return ok(after) ? after : ok(before) ? before : undefined
}

function traps(fixture: Fixture, defect: GoldenDefect, key: string): PostedComment[] {
  const other = Object.keys({ ...fixture.base, ...fixture.head })
    .sort()
    .find(file => !defect.locations.some(l => l.file === file))
  const off = lineOutside(defect)
  return [
    comment(defect, `${key}:wrong`, { title: NOISE_TITLE, description: NOISE_DESCRIPTION }),
    ...(other ? [comment(defect, `${key}:file`, { file: other })] : []),
    ...(off === undefined ? [] : [comment(defect, `${key}:off`, { startLine: off, endLine: off })])
  ]
}

function record(fixture: Fixture, comments: PostedComment[]): RunRecord {
  return {
    fixture: fixture.id,
    language: fixture.language,
    arm: 'scripted',
    run: 1,
    holdout: fixture.holdout,
    clean: fixture.clean,
    defects: fixture.golden,
    comments,
    verdicts: {},
    suggestions: [],
    costs: {
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      wallMs: 0,
      modelRequests: 0,
      toolCalls: 0,
      quoteRetries: 0,
      budgetStops: 0
    }
  }
}

export function buildReviewSet(fixtures: readonly Fixture[]): ReviewSet {
  let index = 0
  let located = 0
  let cleanNoise = 0
  const records = fixtures.map(fixture => {
    if (fixture.clean) {
      const file = Object.keys(fixture.head).sort()[0] ?? ''
      cleanNoise++
      return record(fixture, [
        {
          id: `${fixture.id}:noise`,
          where: 'inline',
          file,
          startLine: 1,
          endLine: 1,
          severity: 'medium',
          category: 'maintainability',
          title: NOISE_TITLE,
          description: NOISE_DESCRIPTION
        }
      ])
    }
    const comments = fixture.golden.flatMap(defect => {
      const key = `${defect.id}`
      if (index++ % 2 === 1) return traps(fixture, defect, key)
      located++
      return [comment(defect, `${key}:true`), comment(defect, `${key}:dup`)]
    })
    return record(fixture, comments)
  })
  return { records, expected: { located, cleanNoise } }
}

/** The set's score with the judge and scorer this module was loaded with. */
export async function scoreReviewSet(records: readonly RunRecord[]): Promise<SetScore> {
  const judge = lexicalJudge()
  const judged: RunRecord[] = []
  for (const r of records) judged.push({ ...r, verdicts: await judge.verdicts(r.comments, r.defects) })
  const metrics = computeMetrics(judged)
  return {
    located: {
      matched: metrics.located.matched,
      comments: metrics.located.comments,
      defects: metrics.located.defects
    },
    meaningMatched: metrics.meaning.matched,
    cleanNoise: metrics.cleanMediumPlus.total
  }
}
