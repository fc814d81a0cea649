/**
 * Tells: what a model can see of a pull request without reading its code, and that could tell a clean PR
 * from a seeded one. If clean PRs came explained and well tested while seeded ones did not, a reviewer could
 * learn "explained and tested, say nothing" and score well without finding anything. --validate measures
 * each figure for both groups and fails when they differ by more than the figure's margin.
 */
import type { Fixture } from './model.js'

/** Words with which an author explains a choice in the description or in a code comment. */
const EXPLAINING =
  /\b(because|since|so that|so (the|it|a|an|we|callers|that|no|nothing)|on purpose|deliberately|intentional(ly)?|by (definition|design)|never|unchanged|as before|no behaviou?r change|which is|instead of|in order to|safe(ly)?|is fine|note that|why)\b/i

/** A line that declares one test, per language. */
const TEST_DECLARATION: Record<string, RegExp> = {
  go: /^\s*func Test\w*\(/,
  rust: /^\s*#\[test\]/,
  python: /^\s*(async\s+)?def test_\w*\(/,
  java: /^\s*@Test\b/,
  typescript: /^\s*(it|test)\(/
}

const COMMENT = /^\s*(\/\/|#(?!\[)|\/\*|\*(?!\*)|\*\*|"""|''')/

/** The figures of one pull request. */
export interface PrFigures {
  fixture: string
  clean: boolean
  /** 1 when a sentence of the description explains a choice, else 0: the group's mean is a share. */
  explainsInBody: number
  /** Added comment lines. */
  commentLines: number
  /** 1 when an added code comment explains a choice, else 0. */
  explainsInComments: number
  testsAdded: number
  changedLines: number
  filesChanged: number
}

/** Lines of `after` not in `before`, and the other way round, as multisets: enough to count what changed. */
function lineChanges(
  before: string | undefined,
  after: string | undefined
): { added: string[]; removed: number } {
  const counts = new Map<string, number>()
  for (const line of before?.split('\n') ?? []) counts.set(line, (counts.get(line) ?? 0) + 1)
  const added: string[] = []
  for (const line of after?.split('\n') ?? []) {
    const n = counts.get(line) ?? 0
    if (n > 0) counts.set(line, n - 1)
    else added.push(line)
  }
  const removed = [...counts.values()].reduce((sum, n) => sum + n, 0)
  return { added: added.filter(l => l.trim() !== ''), removed }
}

export function prFigures(fixture: Fixture): PrFigures {
  const files = [...new Set([...Object.keys(fixture.head), ...fixture.deleted])]
  let changedLines = 0
  const added: string[] = []
  for (const file of files) {
    const change = lineChanges(
      fixture.base[file],
      fixture.deleted.includes(file) ? undefined : fixture.head[file]
    )
    changedLines += change.added.length + change.removed
    if (!/\.(md|txt)$/i.test(file)) added.push(...change.added)
  }
  const comments = added.filter(line => COMMENT.test(line))
  const test = TEST_DECLARATION[fixture.language]
  return {
    fixture: fixture.id,
    clean: fixture.clean,
    explainsInBody: fixture.body.split(/(?<=[.!?])\s+/).some(s => EXPLAINING.test(s)) ? 1 : 0,
    commentLines: comments.length,
    explainsInComments: comments.some(line => EXPLAINING.test(line)) ? 1 : 0,
    testsAdded: test ? added.filter(line => test.test(line)).length : 0,
    changedLines,
    filesChanged: files.length
  }
}

export type FigureName = Exclude<keyof PrFigures, 'fixture' | 'clean'>

/**
 * How far the clean group's mean may sit from the seeded group's, per figure: absolute for counts a PR has a
 * few of, relative (a share of the seeded mean) for sizes.
 */
export const TELL_MARGINS: Record<FigureName, { absolute?: number; relative?: number }> = {
  explainsInBody: { absolute: 0.2 },
  commentLines: { absolute: 1.5 },
  explainsInComments: { absolute: 0.2 },
  testsAdded: { absolute: 0.75 },
  changedLines: { relative: 0.15 },
  filesChanged: { relative: 0.25 }
}

export interface TellFigure {
  figure: FigureName
  clean: number
  seeded: number
  margin: string
  ok: boolean
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length

export function tellFigures(fixtures: readonly Fixture[]): TellFigure[] {
  const figures = fixtures.map(prFigures)
  return (Object.keys(TELL_MARGINS) as FigureName[]).map(figure => {
    const clean = mean(figures.filter(f => f.clean).map(f => f[figure]))
    const seeded = mean(figures.filter(f => !f.clean).map(f => f[figure]))
    const { absolute, relative } = TELL_MARGINS[figure]
    const allowed = absolute ?? (relative ?? 0) * seeded
    return {
      figure,
      clean,
      seeded,
      margin: absolute !== undefined ? `±${absolute}` : `±${Math.round((relative ?? 0) * 100)}%`,
      ok: !(Math.abs(clean - seeded) > allowed)
    }
  })
}

export function tellProblems(figures: readonly TellFigure[]): string[] {
  return figures
    .filter(f => !f.ok)
    .map(
      f =>
        `tells: clean PRs average ${f.clean.toFixed(2)} ${f.figure} against ${f.seeded.toFixed(2)} for seeded ones ` +
        `(margin ${f.margin}): a reviewer could tell them apart without reading the code`
    )
}
