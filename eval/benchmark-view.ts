/**
 * Scores as Martian's Code Review Bench reports them: precision, recall and F1 per repository and overall,
 * pooled over comments (its golden comments carry no place, so this is the judge-only score), with the
 * judge named, beside the public leaderboard so a number can be set next to it.
 */
import type { RunRecord } from './model.js'
import { rates, totalCounts, type Counts, type Rates } from './score.js'

/** The public leaderboard's F1 (judge: Claude Opus 4.5), for reference beside a run. */
export const LEADERBOARD_F1: ReadonlyArray<[string, number]> = [
  ['Cubic v2', 61.8],
  ['Qodo Extended v2', 57.9],
  ['Augment', 53.5],
  ['Bugbot', 45.5],
  ['Greptile', 44.0],
  ['Copilot', 37.0],
  ['Claude', 35.3],
  ['CodeRabbit', 35.2]
]
export const LEADERBOARD_JUDGE = 'Claude Opus 4.5'

export interface BenchmarkRow extends Counts, Rates {
  repository: string
  prs: number
}

export interface BenchmarkView {
  judgeModel: string
  rows: BenchmarkRow[]
  overall: BenchmarkRow
}

function row(repository: string, runs: readonly RunRecord[]): BenchmarkRow {
  const counts = totalCounts(runs, 'meaning')
  return { repository, prs: new Set(runs.map(r => r.fixture)).size, ...counts, ...rates(counts) }
}

/** Undefined when no run belongs to a benchmark project (the built-in fixtures). */
export function benchmarkView(runs: readonly RunRecord[], judgeModel: string): BenchmarkView | undefined {
  const outside = runs.filter(r => r.project !== undefined)
  if (outside.length === 0) return undefined
  const projects = [...new Set(outside.map(r => r.project as string))].sort()
  return {
    judgeModel,
    rows: projects.map(p =>
      row(
        p,
        outside.filter(r => r.project === p)
      )
    ),
    overall: row('overall', outside)
  }
}

const pct = (v: number): string => (Number.isFinite(v) ? (v * 100).toFixed(1) : 'n/a')

export function renderBenchmarkView(view: BenchmarkView): string {
  const line = (r: BenchmarkRow) =>
    `| ${r.repository} | ${r.prs} | ${r.matched}/${r.comments} | ${r.matched}/${r.defects} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} |`
  return [
    '## As the benchmark reports it',
    '',
    `Judge: ${view.judgeModel}. Pooled over every run's comments; matched by meaning (the golden comments have no place).`,
    '',
    '| repository | PRs | precision (matched/comments) | recall (matched/golden) | precision | recall | F1 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...view.rows.map(line),
    line(view.overall).replace('| overall |', '| **overall** |'),
    '',
    `Public leaderboard F1 (judge ${LEADERBOARD_JUDGE}): ` +
      LEADERBOARD_F1.map(([tool, f1]) => `${tool} ${f1.toFixed(1)}`).join(', ') +
      '. A different judge or judge prompt moves the numbers: compare loosely.'
  ].join('\n')
}
