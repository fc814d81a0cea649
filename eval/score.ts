/**
 * Scores runs: counts of matched comments and defects, the rates built from them, and the breakdowns the
 * report shows. Every function here is pure over RunRecords.
 */
import { atLeast, SEVERITIES } from '../src/findings/severity.js'
import { matchComments, nearAcceptedLocation, type MatchMode, type MatchResult } from './match.js'
import type { PostedComment, RunCosts, RunRecord } from './model.js'
import { mean } from './stats.js'

export interface Counts {
  /** Matched pairs: true positives on both sides. */
  matched: number
  comments: number
  defects: number
}

export interface Rates {
  precision: number
  recall: number
  f1: number
  f05: number
}

/** F-beta from counts; NaN when there is nothing to score (no comment and no defect). */
export function fBeta(counts: Counts, beta: number): number {
  const b2 = beta * beta
  const fp = counts.comments - counts.matched
  const fn = counts.defects - counts.matched
  const denominator = (1 + b2) * counts.matched + b2 * fn + fp
  return denominator === 0 ? Number.NaN : ((1 + b2) * counts.matched) / denominator
}

export function rates(counts: Counts): Rates {
  return {
    precision: counts.comments === 0 ? Number.NaN : counts.matched / counts.comments,
    recall: counts.defects === 0 ? Number.NaN : counts.matched / counts.defects,
    f1: fBeta(counts, 1),
    f05: fBeta(counts, 0.5)
  }
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { matched: a.matched + b.matched, comments: a.comments + b.comments, defects: a.defects + b.defects }
}

const ZERO: Counts = { matched: 0, comments: 0, defects: 0 }

export function matchRun(run: RunRecord, mode: MatchMode): MatchResult {
  return matchComments(run.comments, run.defects, run.verdicts, mode)
}

export function runCounts(run: RunRecord, mode: MatchMode): Counts {
  return {
    matched: matchRun(run, mode).pairs.length,
    comments: run.comments.length,
    defects: run.defects.length
  }
}

export function totalCounts(runs: readonly RunRecord[], mode: MatchMode): Counts {
  return runs.reduce((sum, run) => addCounts(sum, runCounts(run, mode)), ZERO)
}

export interface Breakdown extends Counts {
  /** Matched comments of this group over its comments. */
  precision: number
  /** Matched defects of this group over its defects. */
  recall: number
  /** Comments of this group that matched (differs from `matched` when groups differ by side). */
  matchedComments: number
}

/**
 * Per severity or category, located matching: recall groups defects by their golden value, precision
 * groups comments by the value the review gave them.
 */
export function breakdown(
  runs: readonly RunRecord[],
  keyOfDefect: (d: RunRecord['defects'][number]) => string,
  keyOfComment: (c: PostedComment) => string
): Record<string, Breakdown> {
  const groups: Record<string, Breakdown> = {}
  const group = (key: string): Breakdown =>
    (groups[key] ??= {
      matched: 0,
      comments: 0,
      defects: 0,
      matchedComments: 0,
      precision: Number.NaN,
      recall: Number.NaN
    })
  for (const run of runs) {
    const { pairs } = matchRun(run, 'located')
    const matchedComments = new Set(pairs.map(([c]) => c))
    const matchedDefects = new Set(pairs.map(([, d]) => d))
    for (const defect of run.defects) {
      const g = group(keyOfDefect(defect))
      g.defects++
      if (matchedDefects.has(defect.id)) g.matched++
    }
    for (const comment of run.comments) {
      const g = group(keyOfComment(comment))
      g.comments++
      if (matchedComments.has(comment.id)) g.matchedComments++
    }
  }
  for (const g of Object.values(groups)) {
    g.precision = g.comments === 0 ? Number.NaN : g.matchedComments / g.comments
    g.recall = g.defects === 0 ? Number.NaN : g.matched / g.defects
  }
  return groups
}

/** Of the comments the judge matched by meaning, the share that also sit within the line tolerance. */
export function lineAccuracy(runs: readonly RunRecord[]): { matched: number; located: number; rate: number } {
  let matched = 0
  let located = 0
  for (const run of runs) {
    const comments = new Map(run.comments.map(c => [c.id, c]))
    const defects = new Map(run.defects.map(d => [d.id, d]))
    for (const [c, d] of matchRun(run, 'meaning').pairs) {
      matched++
      if (
        nearAcceptedLocation(comments.get(c) as PostedComment, defects.get(d) as RunRecord['defects'][number])
      )
        located++
    }
  }
  return { matched, located, rate: matched === 0 ? Number.NaN : located / matched }
}

export interface RereviewTotals {
  fixed: number
  fixedFound: number
  resolved: number
  reraised: number
  /** Resolved over fixed defects the first review had found. */
  resolveRate: number
  /** Fixed defects raised again over fixed defects. */
  reraiseRate: number
}

export function rereviewTotals(runs: readonly RunRecord[]): RereviewTotals {
  const sum = { fixed: 0, fixedFound: 0, resolved: 0, reraised: 0 }
  for (const run of runs) {
    if (!run.rereview) continue
    sum.fixed += run.rereview.fixed.length
    sum.fixedFound += run.rereview.fixedFound.length
    sum.resolved += run.rereview.resolved.length
    sum.reraised += run.rereview.reraised.length
  }
  return {
    ...sum,
    resolveRate: sum.fixedFound === 0 ? Number.NaN : sum.resolved / sum.fixedFound,
    reraiseRate: sum.fixed === 0 ? Number.NaN : sum.reraised / sum.fixed
  }
}

export type CostSummary = Record<keyof RunCosts, number>

/** Mean per pull request of every cost; a fixture's re-review counts towards its pull request. */
export function costsPerPr(runs: readonly RunRecord[]): CostSummary {
  const keys: Array<keyof RunCosts> = [
    'inputTokens',
    'outputTokens',
    'costUsd',
    'wallMs',
    'modelRequests',
    'toolCalls',
    'quoteRetries',
    'budgetStops'
  ]
  const summary = {} as CostSummary
  for (const key of keys)
    summary[key] = mean(runs.map(run => run.costs[key] + (run.rereview?.costs[key] ?? 0)))
  return summary
}

export interface Metrics {
  runs: number
  fixtures: number
  errors: number
  located: Counts & Rates
  meaning: Counts & Rates
  bySeverity: Record<string, Breakdown>
  byCategory: Record<string, Breakdown>
  /** Comments at medium or above on clean pull requests, per clean run. */
  cleanMediumPlus: { total: number; cleanRuns: number; perPr: number }
  commentsPerPr: number
  lineAccuracy: { matched: number; located: number; rate: number }
  suggestions: { checked: number; applied: number; rate: number }
  rereview: RereviewTotals
  costsPerPr: CostSummary
}

export function computeMetrics(runs: readonly RunRecord[]): Metrics {
  const located = totalCounts(runs, 'located')
  const meaning = totalCounts(runs, 'meaning')
  const clean = runs.filter(run => run.clean)
  const cleanTotal = clean.reduce(
    (sum, run) => sum + run.comments.filter(c => atLeast(c.severity, 'medium')).length,
    0
  )
  const checked = runs.reduce((sum, run) => sum + run.suggestions.length, 0)
  const applied = runs.reduce((sum, run) => sum + run.suggestions.filter(s => s.applies).length, 0)
  const bySeverity = breakdown(
    runs,
    d => d.severity,
    c => c.severity
  )
  return {
    runs: runs.length,
    fixtures: new Set(runs.map(run => run.fixture)).size,
    errors: runs.filter(run => run.error !== undefined).length,
    located: { ...located, ...rates(located) },
    meaning: { ...meaning, ...rates(meaning) },
    bySeverity: Object.fromEntries(
      SEVERITIES.toReversed().flatMap(s => (bySeverity[s] ? [[s, bySeverity[s]]] : []))
    ),
    byCategory: breakdown(
      runs,
      d => d.category,
      c => c.category
    ),
    cleanMediumPlus: {
      total: cleanTotal,
      cleanRuns: clean.length,
      perPr: clean.length === 0 ? Number.NaN : cleanTotal / clean.length
    },
    commentsPerPr: mean(runs.map(run => run.comments.length)),
    lineAccuracy: lineAccuracy(runs),
    suggestions: { checked, applied, rate: checked === 0 ? Number.NaN : applied / checked },
    rereview: rereviewTotals(runs),
    costsPerPr: costsPerPr(runs)
  }
}
