/**
 * The walkthrough in the marker, so that a re-review keeps the rows of files it did not look at again.
 *
 *   w   { s: summary, e: effort, er: effort reason, r: [[[files index…], change]…], sk: [files index…],
 *         dg: diagram }
 *
 * Paths go into the marker's path table like findings' paths. Texts are capped (WALKTHROUGH_WIRE_LIMITS);
 * when the marker must shrink the walkthrough goes first (see fitMarker): a lost table only means the next
 * review shows the rows it rewrites.
 */
import { z } from 'zod'
import { MAX_EFFORT, MIN_EFFORT, type Walkthrough } from '../findings/walkthrough.js'
import { truncate } from '../text/measure.js'

export const WALKTHROUGH_WIRE_LIMITS = { summary: 1000, change: 300, reason: 200, diagram: 4000 } as const

const index = z.number().int().nonnegative()

export const wireWalkthrough = z.object({
  s: z.string().max(2000),
  e: z.number().int().min(MIN_EFFORT).max(MAX_EFFORT),
  er: z.string().max(1000),
  r: z.array(z.tuple([z.array(index).min(1), z.string().max(1000)])),
  sk: z.array(index).optional(),
  dg: z.string().max(5000).optional()
})
export type WireWalkthrough = z.infer<typeof wireWalkthrough>

/** Every path the walkthrough names, for the marker's path table. */
export function walkthroughPaths(walkthrough: Walkthrough | undefined): string[] {
  if (!walkthrough) return []
  return [...walkthrough.rows.flatMap(row => row.paths), ...(walkthrough.skipped ?? [])]
}

export function walkthroughToWire(
  walkthrough: Walkthrough,
  pathIndex: ReadonlyMap<string, number>
): WireWalkthrough {
  const at = (path: string) => pathIndex.get(path) as number
  const wire: WireWalkthrough = {
    s: truncate(walkthrough.summary, WALKTHROUGH_WIRE_LIMITS.summary),
    e: walkthrough.effort,
    er: truncate(walkthrough.effortReason, WALKTHROUGH_WIRE_LIMITS.reason),
    r: walkthrough.rows.map(row => [row.paths.map(at), truncate(row.change, WALKTHROUGH_WIRE_LIMITS.change)])
  }
  if (walkthrough.skipped && walkthrough.skipped.length > 0) wire.sk = walkthrough.skipped.map(at)
  // A cut diagram would not parse: kept whole or not at all.
  if (walkthrough.diagram !== undefined && walkthrough.diagram.length <= WALKTHROUGH_WIRE_LIMITS.diagram)
    wire.dg = walkthrough.diagram
  return wire
}

/** The walkthrough, or undefined when an index points outside the path table. */
export function walkthroughFromWire(
  wire: WireWalkthrough,
  files: readonly string[]
): Walkthrough | undefined {
  const path = (at: number) => files[at]
  const all = [...wire.r.flatMap(([paths]) => paths), ...(wire.sk ?? [])]
  if (all.some(at => path(at) === undefined)) return undefined
  const walkthrough: Walkthrough = {
    summary: wire.s,
    effort: wire.e,
    effortReason: wire.er,
    rows: wire.r.map(([paths, change]) => ({ paths: paths.map(at => files[at] as string), change }))
  }
  if (wire.sk && wire.sk.length > 0) walkthrough.skipped = wire.sk.map(at => files[at] as string)
  if (wire.dg !== undefined) walkthrough.diagram = wire.dg
  return walkthrough
}
