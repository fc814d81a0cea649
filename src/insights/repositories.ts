/**
 * The report across repositories: each repository's headline figures as one row, and the rows ranked by
 * acted-upon rate and by cost. The overall figures are the same report over every repository's rows at once.
 */
import type { InsightsReport, ReportInput, RepositoryRow } from './report.js'

export type { RepositoryRow } from './report.js'

export function repositoryRow(report: InsightsReport): RepositoryRow {
  const h = report.headline
  return {
    repo: report.repo,
    pulls: report.pulls,
    pullsReviewed: report.pullsReviewed,
    runs: report.runs,
    decided: report.all.decided,
    actedUpon: report.all.actedUpon,
    actedUponRate: h.actedUponRate,
    dismissalRate: h.dismissalRate,
    mergedOpenRate: h.mergedOpenRate,
    findingsPerPr: h.findingsPerPr,
    inlinePerPr: h.inlinePerPr,
    costUsd: h.totalCostUsd,
    costPerPr: h.costPerPr,
    costPerActedUpon: h.costPerActedUpon,
    medianReviewSeconds: h.medianReviewSeconds
  }
}

/** Highest acted-upon rate first; a repository with nothing settled yet last; ties by more settled findings. */
export function byActedUponRate(rows: readonly RepositoryRow[]): RepositoryRow[] {
  return [...rows].sort(
    (a, b) =>
      (b.actedUponRate ?? -1) - (a.actedUponRate ?? -1) ||
      b.decided - a.decided ||
      a.repo.localeCompare(b.repo)
  )
}

/** Highest total cost first. */
export function byCost(rows: readonly RepositoryRow[]): RepositoryRow[] {
  return [...rows].sort((a, b) => b.costUsd - a.costUsd || a.repo.localeCompare(b.repo))
}

/** Every repository's rows as one input, for the overall figures. */
export function combinedInput(
  label: string,
  inputs: readonly ReportInput[],
  since: string,
  generatedAt: string
): ReportInput {
  return {
    repo: label,
    since,
    generatedAt,
    pulls: inputs.reduce((sum, input) => sum + input.pulls, 0),
    pullsReviewed: inputs.reduce((sum, input) => sum + input.pullsReviewed, 0),
    findings: inputs.flatMap(input => input.findings),
    runs: inputs.flatMap(input => input.runs)
  }
}
