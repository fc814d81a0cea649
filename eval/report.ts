/**
 * The results of a live run as Markdown and a JSON twin: every metric overall, for the tuning fixtures
 * and for the holdout, with bootstrap intervals over fixtures, and paired differences between arms.
 */
import type { RunRecord } from './model.js'
import {
  addCounts,
  computeMetrics,
  rates,
  runCounts,
  totalCounts,
  type Counts,
  type Metrics
} from './score.js'
import { bootstrap, pairedDifference, type Interval } from './stats.js'
import type { MatchMode } from './match.js'
import { benchmarkView, renderBenchmarkView, type BenchmarkView } from './benchmark-view.js'

export interface ReportMeta {
  date: string
  model: string
  judgeModel: string
  runs: number
  fixtures: number
  redlineCommit: string
  estimateUsd: number
  spentUsd: number
  judgeUsd: number
  skippedRuns: number
  /** Every job the cap kept from starting, and why. */
  skipped?: Array<{ fixture: string; arm: string; run: number; reason: string }>
  /** Outside entries left out by name (the benchmark flags them as broken), and why. */
  excluded?: Array<{ id: string; reason: string }>
  /** Reviews planned (re-reviews count) and reviews that ran. */
  reviews?: { planned: number; ran: number }
  /** The spend reached --max-cost and runs in flight were stopped. */
  capReached?: boolean
  maxCostUsd?: number
  /** The judge: samples per comment (the majority decides), unreadable answers, comments whose samples differed. */
  judge?: {
    samples: number
    judged: number
    calls: number
    /** Calls the reviews that ran needed (every comment, `samples` times); fewer were made if the cap stopped it. */
    wanted?: number
    unreadable: number
    disagreements: number
  }
  /** Which fixtures ran: the tuning split (the default) or the holdout (--holdout). */
  split?: 'tuning' | 'holdout'
  wallMs: number
  arms: Array<{ name: string; inputs: Record<string, string> }>
}

type RateName = 'precision' | 'recall' | 'f1' | 'f05'
const RATES: RateName[] = ['precision', 'recall', 'f1', 'f05']

export type Intervals = Record<MatchMode, Record<RateName, Interval>>

/** A run reduced to what the intervals resample: its counts in both modes, matched once. */
interface Scored {
  fixture: string
  arm: string
  located: Counts
  meaning: Counts
}

function scored(runs: readonly RunRecord[]): Scored[] {
  return runs.map(r => ({
    fixture: r.fixture,
    arm: r.arm,
    located: runCounts(r, 'located'),
    meaning: runCounts(r, 'meaning')
  }))
}

/** Runs grouped by fixture: the unit the bootstrap resamples. */
function byFixture<T extends { fixture: string }>(runs: readonly T[]): T[][] {
  const groups = new Map<string, T[]>()
  for (const run of runs) groups.set(run.fixture, [...(groups.get(run.fixture) ?? []), run])
  return [...groups.values()]
}

function sum(sample: readonly Scored[][], mode: MatchMode, arm?: string): Counts {
  let counts: Counts = { matched: 0, comments: 0, defects: 0 }
  for (const group of sample) {
    for (const run of group) if (arm === undefined || run.arm === arm) counts = addCounts(counts, run[mode])
  }
  return counts
}

export function intervals(runs: readonly RunRecord[], seed = 13): Intervals {
  const units = byFixture(scored(runs))
  const result = {} as Intervals
  for (const mode of ['located', 'meaning'] as const) {
    result[mode] = {} as Record<RateName, Interval>
    for (const rate of RATES)
      result[mode][rate] = bootstrap(units, sample => rates(sum(sample, mode))[rate], { seed })
  }
  return result
}

export interface Comparison {
  arm: string
  against: string
  f1: Interval
  f1Meaning: Interval
  precision: Interval
  recall: Interval
  /** The 95% interval of the F1 difference excludes 0. */
  distinguishable: boolean
}

/** Paired differences of `arm` minus `against` over resamples of the fixtures both ran. */
export function compareArms(runs: readonly RunRecord[], against: string, arm: string): Comparison {
  const fixtures = byFixture(scored(runs.filter(r => r.arm === against || r.arm === arm))).filter(
    group => group.some(r => r.arm === against) && group.some(r => r.arm === arm)
  )
  const of = (name: string, mode: MatchMode, rate: RateName) => (sample: readonly Scored[][]) =>
    rates(sum(sample, mode, name))[rate]
  const diff = (mode: MatchMode, rate: RateName): Interval =>
    pairedDifference(fixtures, of(against, mode, rate), of(arm, mode, rate))
  const f1 = diff('located', 'f1')
  return {
    arm,
    against,
    f1,
    f1Meaning: diff('meaning', 'f1'),
    precision: diff('located', 'precision'),
    recall: diff('located', 'recall'),
    distinguishable: f1.low > 0 || f1.high < 0
  }
}

export interface ArmReport {
  name: string
  inputs: Record<string, string>
  all: Metrics
  tuning: Metrics
  holdout: Metrics
  intervals: { all: Intervals; tuning: Intervals; holdout: Intervals }
}

export interface Report {
  meta: ReportMeta
  /** Outside benchmark runs: scores per repository and overall, as the benchmark reports them. */
  benchmark?: BenchmarkView
  arms: ArmReport[]
  comparisons: Comparison[]
  noiseNote: string
  runs: RunRecord[]
}

export function buildReport(meta: ReportMeta, runs: readonly RunRecord[]): Report {
  const arms = meta.arms.map(arm => {
    const mine = runs.filter(r => r.arm === arm.name)
    const tuning = mine.filter(r => !r.holdout)
    const holdout = mine.filter(r => r.holdout)
    return {
      name: arm.name,
      inputs: arm.inputs,
      all: computeMetrics(mine),
      tuning: computeMetrics(tuning),
      holdout: computeMetrics(holdout),
      intervals: { all: intervals(mine), tuning: intervals(tuning), holdout: intervals(holdout) }
    }
  })
  const first = meta.arms[0]?.name ?? ''
  const comparisons = meta.arms.slice(1).map(arm => compareArms(runs, first, arm.name))
  // About 10 F1 points at 25 fixtures, widening as 1/sqrt(n) for smaller sets.
  const noisePoints = Math.round(10 * Math.sqrt(25 / Math.max(1, meta.fixtures)))
  const noiseNote =
    `With ${meta.fixtures} fixtures, an F1 difference under about ${noisePoints} points is noise: count a difference ` +
    'only when its paired 95% interval excludes 0, and confirm it on the holdout fixtures.'
  const benchmark = benchmarkView(runs, meta.judgeModel)
  return { meta, arms, comparisons, noiseNote, ...(benchmark ? { benchmark } : {}), runs: [...runs] }
}

const pct = (v: number): string => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}` : 'n/a')
const num = (v: number, digits = 1): string => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a')
const share = (part: number, whole: number, rate: number): string =>
  `${part}/${whole}${Number.isFinite(rate) ? ` (${pct(rate)}%)` : ''}`
const ci = (i: Interval): string => `${pct(i.estimate)} [${pct(i.low)}, ${pct(i.high)}]`
const signed = (i: Interval): string => {
  const s = (v: number): string =>
    Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}` : 'n/a'
  return `${s(i.estimate)} [${s(i.low)}, ${s(i.high)}]`
}

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map(r => `| ${r.join(' | ')} |`)
  ].join('\n')
}

function armSection(arm: ArmReport): string {
  const subsets: Array<[string, Metrics, Intervals]> = [
    ['all', arm.all, arm.intervals.all],
    ['tuning', arm.tuning, arm.intervals.tuning],
    ['holdout', arm.holdout, arm.intervals.holdout]
  ]
  const overall = table(
    ['fixtures', 'match', 'runs', 'precision', 'recall', 'F1', 'F0.5'],
    subsets.flatMap(([name, m, iv]) =>
      (['located', 'meaning'] as const).map(mode => [
        name,
        mode === 'located' ? 'file ±3 lines + judge' : 'judge only',
        String(m.runs),
        ci(iv[mode].precision),
        ci(iv[mode].recall),
        ci(iv[mode].f1),
        ci(iv[mode].f05)
      ])
    )
  )
  const breakdown = (title: string, groups: Metrics['bySeverity']): string =>
    table(
      [title, 'defects', 'recall', 'comments', 'precision'],
      Object.entries(groups).map(([key, g]) => [
        key,
        String(g.defects),
        pct(g.recall),
        String(g.comments),
        pct(g.precision)
      ])
    )
  const m = arm.all
  const c = m.costsPerPr
  const other = table(
    ['measure', 'value'],
    [
      [
        'medium+ comments on clean PRs',
        `${m.cleanMediumPlus.total} in ${m.cleanMediumPlus.cleanRuns} runs (${num(m.cleanMediumPlus.perPr, 2)} per PR)`
      ],
      ['comments per PR', num(m.commentsPerPr, 2)],
      [
        'line accuracy (judge matches within ±3 lines)',
        share(m.lineAccuracy.located, m.lineAccuracy.matched, m.lineAccuracy.rate)
      ],
      [
        'suggestions that apply with git apply',
        share(m.suggestions.applied, m.suggestions.checked, m.suggestions.rate)
      ],
      [
        're-review: fixed findings resolved',
        share(m.rereview.resolved, m.rereview.fixedFound, m.rereview.resolveRate)
      ],
      [
        're-review: fixed defects raised again',
        share(m.rereview.reraised, m.rereview.fixed, m.rereview.reraiseRate)
      ],
      ['tokens per PR (input / output)', `${num(c.inputTokens, 0)} / ${num(c.outputTokens, 0)}`],
      ['dollars per PR', `$${num(c.costUsd, 4)}`],
      ['wall time per PR', `${num(c.wallMs / 1000)} s`],
      ['model requests / tool calls per PR', `${num(c.modelRequests)} / ${num(c.toolCalls)}`],
      ['quote retries / budget stops per PR', `${num(c.quoteRetries, 2)} / ${num(c.budgetStops, 2)}`],
      ['runs that failed', String(m.errors)]
    ]
  )
  const inputs =
    Object.entries(arm.inputs)
      .map(([k, v]) => `\`${k}: ${v}\``)
      .join(', ') || 'defaults'
  return [
    `## Arm \`${arm.name}\` (${inputs})`,
    overall,
    '### By severity (located)',
    breakdown('severity', m.bySeverity),
    '### By category (located)',
    breakdown('category', m.byCategory),
    '### Noise, placement, re-review and cost',
    other
  ].join('\n\n')
}

function fixtureTable(report: Report): string {
  const rows = new Map<string, string[]>()
  for (const run of report.runs) {
    const key = `${run.fixture} ${run.arm}`
    const row = rows.get(key) ?? [
      run.fixture,
      run.language,
      run.holdout ? 'holdout' : '',
      run.arm,
      '',
      '',
      ''
    ]
    const found = totalCounts([run], 'located').matched
    row[4] = `${row[4] ? `${row[4]} ` : ''}${found}/${run.defects.length}`
    row[5] = `${row[5] ? `${row[5]} ` : ''}${run.comments.length}`
    if (run.error)
      row[6] = `${row[6] ? `${row[6]}; ` : ''}run ${run.run}: ${run.error.slice(0, 80).replace(/\|/g, '/')}`
    rows.set(key, row)
  }
  return table(
    ['fixture', 'language', 'set', 'arm', 'found per run', 'comments per run', 'errors'],
    [...rows.values()]
  )
}

/** The first thing a reader needs: how much of the plan ran, and what the cap kept from running. */
export function runHeadline(meta: ReportMeta): string[] {
  const reviews = meta.reviews ? `${meta.reviews.ran} of ${meta.reviews.planned} planned reviews` : undefined
  const judge =
    meta.judge?.wanted !== undefined ? `${meta.judge.calls} of ${meta.judge.wanted} judge calls` : undefined
  const skipped = meta.skipped ?? []
  return [
    ...(reviews && judge ? [`**Ran ${reviews} and ${judge}.**`] : []),
    ...(meta.excluded ?? []).map(e => `Left out ${e.id}: ${e.reason}.`),
    ...(skipped.length > 0
      ? [
          `**${skipped.length} jobs were skipped; the run is incomplete:**`,
          ...skipped.map(j => `- \`${j.arm}\` ${j.fixture} run ${j.run}: ${j.reason}`)
        ]
      : [])
  ]
}

export function renderMarkdown(report: Report): string {
  const { meta } = report
  const arms = meta.arms.map(a => `\`${a.name}\``).join(', ')
  const header = [
    `# Redline review quality: ${meta.date}, ${meta.model}` +
      (meta.split === 'holdout' ? ' — HOLDOUT' : meta.split === 'tuning' ? ' — tuning split' : ''),
    '',
    ...(meta.split === 'holdout'
      ? [
          '**This report reads the holdout fixtures.** They are read once per release and never tuned on; ' +
            'do not change the prompt or tools in response to it and run it again.',
          ''
        ]
      : []),
    ...runHeadline(meta),
    '',
    `Reviewer ${meta.model}, judge ${meta.judgeModel}; ${meta.fixtures} fixtures × ${meta.runs} runs; arms ${arms}; ` +
      `Redline at ${meta.redlineCommit.slice(0, 12)}. Spent $${meta.spentUsd.toFixed(2)} ` +
      `($${meta.judgeUsd.toFixed(2)} of it on the judge) against an estimate of $${meta.estimateUsd.toFixed(2)}; ` +
      `wall time ${(meta.wallMs / 60_000).toFixed(1)} min.` +
      (meta.skippedRuns > 0
        ? ` **${meta.skippedRuns} runs were not started: --max-cost was reached.**`
        : '') +
      (meta.capReached ? ' **The spend reached --max-cost and the runs in flight were stopped.**' : '') +
      (meta.judge
        ? ` Judge: ${meta.judge.judged} comments × ${meta.judge.samples} samples (majority decides), ` +
          `${meta.judge.unreadable} unreadable answers, ${meta.judge.disagreements} comments whose samples disagreed.`
        : ''),
    '',
    'Rates are percentages with bootstrap 95% intervals over fixtures. "Located" needs the same file, an ' +
      'accepted location within ±3 lines and the judge; "judge only" is the meaning-only score public ' +
      'benchmarks report. Tune on the tuning fixtures; the holdout fixtures are the check.'
  ].join('\n')
  const comparisons =
    report.comparisons.length === 0
      ? ''
      : [
          '## Arms compared (paired over fixtures)',
          table(
            ['arm', 'against', 'ΔF1 located', 'ΔF1 judge only', 'Δprecision', 'Δrecall', 'verdict'],
            report.comparisons.map(c => [
              c.arm,
              c.against,
              signed(c.f1),
              signed(c.f1Meaning),
              signed(c.precision),
              signed(c.recall),
              c.distinguishable ? 'different' : 'within noise'
            ])
          ),
          report.noiseNote
        ].join('\n\n')
  return [
    header,
    report.benchmark ? renderBenchmarkView(report.benchmark) : '',
    ...report.arms.map(armSection),
    comparisons,
    '## Fixtures',
    fixtureTable(report),
    ''
  ]
    .filter(Boolean)
    .join('\n\n')
}
