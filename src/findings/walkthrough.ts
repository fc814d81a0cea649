/**
 * The walkthrough: the map of a pull request that opens its review. The model writes it with its findings
 * (publish_review's walkthrough fields); each review keeps it in its marker, so a re-review rewrites only the
 * rows of files changed since and keeps the others.
 */

/** One line of the table: a file, or a group of files changed together, and what changed in them. */
export interface WalkthroughRow {
  paths: string[]
  change: string
}

export interface Walkthrough {
  /** Two or three sentences on what the pull request does. */
  summary: string
  rows: WalkthroughRow[]
  /** 1 to 5. */
  effort: number
  effortReason: string
  /** A Mermaid sequenceDiagram, already checked to parse. */
  diagram?: string
  /** Files of the pull request Redline did not review (generated, excluded, binary…), listed as skipped. */
  skipped?: string[]
}

/** A description the model wrote, with the texts its run was instructed with, which it must not repeat. */
export interface WrittenDescription {
  text: string
  instructions: readonly string[]
}

export const MIN_EFFORT = 1
export const MAX_EFFORT = 5

/** The paths a walkthrough names that are not files of the pull request, each once, in order. */
export function unknownPaths(rows: readonly WalkthroughRow[], prPaths: ReadonlySet<string>): string[] {
  const unknown = new Set<string>()
  for (const row of rows) for (const path of row.paths) if (!prPaths.has(path)) unknown.add(path)
  return [...unknown]
}

/** Paths named by more than one row: the table gives each file one line. */
export function repeatedPaths(rows: readonly WalkthroughRow[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const row of rows) {
    for (const path of row.paths) {
      if (seen.has(path)) repeated.add(path)
      seen.add(path)
    }
  }
  return [...repeated]
}

/**
 * The walkthrough after a re-review: this run's rows replace what the earlier rows said of the same files;
 * earlier rows of files this run did not describe stay as they were, and files no longer in the pull request
 * leave the table. The summary and effort are this run's when it wrote a walkthrough (they cover the whole pull
 * request), else the earlier ones; so is the diagram. Rows keep the order of the earlier table, new files after it.
 */
export function mergeWalkthrough(
  earlier: Walkthrough | undefined,
  now: Walkthrough | undefined,
  prPaths: ReadonlySet<string>
): Walkthrough | undefined {
  const base = now ?? earlier
  if (!base) return undefined
  const described = new Set((now?.rows ?? []).flatMap(row => row.paths))
  const replaced = new Set<WalkthroughRow>()
  const rows: WalkthroughRow[] = []
  for (const row of earlier?.rows ?? []) {
    const kept = row.paths.filter(path => prPaths.has(path) && !described.has(path))
    const newer = (now?.rows ?? []).filter(
      candidate => !replaced.has(candidate) && candidate.paths.some(path => row.paths.includes(path))
    )
    for (const candidate of newer) {
      replaced.add(candidate)
      rows.push(candidate)
    }
    if (kept.length > 0) rows.push(kept.length === row.paths.length ? row : { ...row, paths: kept })
  }
  for (const row of now?.rows ?? []) if (!replaced.has(row)) rows.push(row)
  const merged: Walkthrough = {
    summary: base.summary,
    effort: base.effort,
    effortReason: base.effortReason,
    rows: rows
      .map(row => ({ ...row, paths: row.paths.filter(path => prPaths.has(path)) }))
      .filter(row => row.paths.length > 0)
  }
  const diagram = now?.diagram ?? earlier?.diagram
  if (diagram !== undefined) merged.diagram = diagram
  const inRows = new Set(merged.rows.flatMap(row => row.paths))
  const skipped = [...new Set([...(earlier?.skipped ?? []), ...(now?.skipped ?? [])])].filter(
    path => prPaths.has(path) && !inRows.has(path)
  )
  if (skipped.length > 0) merged.skipped = skipped
  return merged
}

/** How a review shows its walkthrough: collapsed under a summary line, open, or not at all. */
export const WALKTHROUGH_MODES = ['collapsed', 'expanded', 'off'] as const
export type WalkthroughMode = (typeof WALKTHROUGH_MODES)[number]

/** When Redline writes a pull request's description: never, on `@redline describe`, or also when one opens empty. */
export const DESCRIBE_MODES = ['off', 'command', 'on-open'] as const
export type DescribeMode = (typeof DESCRIBE_MODES)[number]
