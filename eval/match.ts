/**
 * One-to-one matching of posted comments to golden defects. A pair may match when the judge calls them
 * the same issue and, in the located mode, the comment sits in the defect's file within a few lines of an
 * accepted location. Among the allowed pairs the largest matching is taken, so the order in which a
 * review lists its comments cannot change the score.
 */
import type { GoldenDefect, PostedComment } from './model.js'

/** How far, in lines, a comment may sit from an accepted location and still count as located. */
export const LINE_TOLERANCE = 3

export type MatchMode = 'located' | 'meaning'

export interface MatchResult {
  /** [comment id, defect id] pairs. */
  pairs: Array<[string, string]>
  unmatchedComments: string[]
  missedDefects: string[]
}

/** Whether the comment's lines lie within `tolerance` lines of one of the defect's accepted locations. */
export function nearAcceptedLocation(
  comment: PostedComment,
  defect: GoldenDefect,
  tolerance = LINE_TOLERANCE
): boolean {
  // A golden comment with no place (an outside benchmark's) can only be matched by meaning.
  if (defect.locations.length === 0) return true
  if (comment.startLine === undefined) return false
  const start = comment.startLine
  const end = comment.endLine ?? start
  return defect.locations.some(
    location =>
      location.file === comment.file && start <= location.end + tolerance && end >= location.start - tolerance
  )
}

/** Maximum bipartite matching (augmenting paths); the sets are a handful of items each. */
export function maximumMatching(
  left: readonly string[],
  right: readonly string[],
  allowed: (l: string, r: string) => boolean
): Array<[string, string]> {
  const owner = new Map<string, string>()
  const edges = new Map(left.map(l => [l, right.filter(r => allowed(l, r))]))
  const augment = (l: string, seen: Set<string>): boolean => {
    for (const r of edges.get(l) ?? []) {
      if (seen.has(r)) continue
      seen.add(r)
      const current = owner.get(r)
      if (current === undefined || augment(current, seen)) {
        owner.set(r, l)
        return true
      }
    }
    return false
  }
  for (const l of left) augment(l, new Set())
  return right.flatMap(r => {
    const l = owner.get(r)
    return l === undefined ? [] : [[l, r] as [string, string]]
  })
}

export function matchComments(
  comments: readonly PostedComment[],
  defects: readonly GoldenDefect[],
  verdicts: Readonly<Record<string, readonly string[]>>,
  mode: MatchMode,
  tolerance = LINE_TOLERANCE
): MatchResult {
  const byId = new Map(defects.map(d => [d.id, d]))
  const commentsById = new Map(comments.map(c => [c.id, c]))
  const pairs = maximumMatching(
    comments.map(c => c.id),
    defects.map(d => d.id),
    (c, d) => {
      if (!(verdicts[c] ?? []).includes(d)) return false
      if (mode === 'meaning') return true
      return nearAcceptedLocation(
        commentsById.get(c) as PostedComment,
        byId.get(d) as GoldenDefect,
        tolerance
      )
    }
  )
  const matchedComments = new Set(pairs.map(([c]) => c))
  const matchedDefects = new Set(pairs.map(([, d]) => d))
  return {
    pairs,
    unmatchedComments: comments.filter(c => !matchedComments.has(c.id)).map(c => c.id),
    missedDefects: defects.filter(d => !matchedDefects.has(d.id)).map(d => d.id)
  }
}
