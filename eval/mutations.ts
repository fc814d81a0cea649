/**
 * Mutation checks of the scorer: proof that it can fail. From the comments the oracle posted, --validate
 * builds sets of comments whose right answer is known pair by pair (which comment is which defect, and
 * which comment is no defect at all), scores each set with the real scorer and with a broken one, and
 * fails unless the real scorer makes only right matches and each broken scorer is caught making wrong ones.
 *
 * - A judge that matches everything, on a set of comments at the exact golden line that describe another
 *   problem: it must make wrong matches.
 * - A matcher with no location rule, on a set of true descriptions on the wrong file or 4 or more lines
 *   outside every accepted location: the same.
 * - A matcher with a wider line tolerance (10 lines), on the 4-lines-off set.
 * - A matcher that is not one-to-one, on a set with a duplicate of every matched comment.
 *
 * "Match precision" is the share of the pairs a scorer made that are right. The real scorer must score 1.0
 * on every set, and find every right pair; a broken scorer must score below MUTANT_BOUND on its set.
 */
import type { Judge } from './judge.js'
import { LINE_TOLERANCE, matchComments, type MatchMode } from './match.js'
import type { GoldenDefect, PostedComment } from './model.js'
import { NOISE_DESCRIPTION, NOISE_TITLE } from './scripted-models.js'

/** A broken scorer must make wrong matches often enough to push its match precision below this. */
export const MUTANT_BOUND = 0.75

/** One seeded fixture as the oracle left it: the comments it posted and the head's lines. */
export interface TrapSource {
  fixture: string
  defects: GoldenDefect[]
  /** The oracle's posted comments (one per defect, matched located). */
  comments: PostedComment[]
  /** Files of the head, with their line counts. */
  files: Record<string, number>
}

/** A set of comments with the known right pairs. */
export interface TrapSet {
  name: string
  comments: PostedComment[]
  defects: GoldenDefect[]
  /** `comment id -> defect id`: the only right pairs. */
  truth: Map<string, string>
  /** Comments that must match nothing under the real scorer. */
  traps: string[]
}

export interface Scorer {
  name: string
  judge: 'real' | 'matches everything'
  mode: MatchMode
  tolerance: number
  oneToOne: boolean
}

export const REAL_SCORER: Scorer = {
  name: 'real scorer',
  judge: 'real',
  mode: 'located',
  tolerance: LINE_TOLERANCE,
  oneToOne: true
}

export interface MutationCheck {
  set: string
  mutant: string
  comments: number
  realMatchPrecision: number
  realPairs: number
  rightPairs: number
  mutantMatchPrecision: number
  mutantPairs: number
  /** Located review precision of the set: the real scorer's, then the mutant's. */
  reviewPrecision: { real: number; mutant: number }
  problems: string[]
}

function withText(comment: PostedComment, title: string, description: string): PostedComment {
  return { ...comment, title, description }
}

/**
 * How far outside every accepted location a true finding must not match. Fixed here, not taken from
 * LINE_TOLERANCE, so that widening the tolerance in match.ts fails the check.
 */
export const OUTSIDE_LINES = 4

/** A line exactly OUTSIDE_LINES lines outside every accepted location in `file`. */
function lineOutside(defect: GoldenDefect, file: string, length: number): number | undefined {
  const here = defect.locations.filter(l => l.file === file)
  const gap = OUTSIDE_LINES
  const ok = (line: number) => here.every(l => line >= l.end + gap || line <= l.start - gap)
  const after = Math.max(...here.map(l => l.end)) + gap
  if (after <= length && ok(after)) return after
  const before = Math.min(...here.map(l => l.start)) - gap
  if (before >= 1 && ok(before)) return before
  return undefined
}

/**
 * The trap sets over every seeded fixture. Defects alternate: one keeps its true comment, the next gets a
 * trap instead, so a broken scorer's wrong pairs cannot hide behind a right pair for the same defect.
 */
export function buildTrapSets(sources: readonly TrapSource[]): TrapSet[] {
  const sets = {
    'wrong meaning on the golden line': newSet('wrong meaning on the golden line'),
    'true finding on the wrong file': newSet('true finding on the wrong file'),
    'true finding 4 lines outside every location': newSet('true finding 4 lines outside every location'),
    'duplicate of a matched finding': newSet('duplicate of a matched finding')
  }
  let index = 0
  for (const source of sources) {
    for (const defect of source.defects) {
      const found = source.comments.find(c => c.file === defect.file && c.startLine === defect.lines[0])
      if (!found) continue
      const keep = index++ % 2 === 0
      const base: PostedComment = { ...found, title: found.title, description: found.description }
      const key = `${source.fixture}:${defect.id}`
      for (const set of Object.values(sets)) set.defects.push(defect)
      if (keep) {
        for (const set of Object.values(sets)) {
          set.comments.push({ ...base, id: `${key}:true` })
          set.truth.set(`${key}:true`, defect.id)
        }
        // A duplicate counts once: the set holds the comment twice, and only one may be paired.
        const dup = sets['duplicate of a matched finding']
        dup.comments.push({ ...base, id: `${key}:dup` })
        dup.truth.set(`${key}:dup`, defect.id)
        dup.traps.push(`${key}:dup`)
        continue
      }
      const wrong = sets['wrong meaning on the golden line']
      wrong.comments.push(withText({ ...base, id: `${key}:wrong` }, NOISE_TITLE, NOISE_DESCRIPTION))
      wrong.traps.push(`${key}:wrong`)

      const other = Object.keys(source.files)
        .sort()
        .find(file => !defect.locations.some(l => l.file === file))
      if (other) {
        const set = sets['true finding on the wrong file']
        set.comments.push({ ...base, id: `${key}:file`, file: other, startLine: 1, endLine: 1 })
        set.traps.push(`${key}:file`)
      }
      const off = lineOutside(defect, defect.file, source.files[defect.file] ?? 0)
      if (off !== undefined) {
        const set = sets['true finding 4 lines outside every location']
        set.comments.push({ ...base, id: `${key}:off`, startLine: off, endLine: off })
        set.traps.push(`${key}:off`)
      }
    }
  }
  return Object.values(sets)
}

function newSet(name: string): TrapSet {
  return { name, comments: [], defects: [], truth: new Map(), traps: [] }
}

/** The pairs a scorer makes on a set, given the real judge's verdicts. */
export function scorePairs(
  set: TrapSet,
  verdicts: Record<string, string[]>,
  scorer: Scorer
): Array<[string, string]> {
  const allowed: Record<string, string[]> =
    scorer.judge === 'real'
      ? verdicts
      : Object.fromEntries(set.comments.map(c => [c.id, set.defects.map(d => d.id)]))
  // Defects of one fixture only pair with comments of that fixture.
  const fixtureOf = (id: string) => id.slice(0, id.indexOf(':'))
  const pairs: Array<[string, string]> = []
  const groups = new Map<string, { comments: PostedComment[]; defects: GoldenDefect[] }>()
  for (const c of set.comments) {
    const g = groups.get(fixtureOf(c.id)) ?? { comments: [], defects: [] }
    g.comments.push(c)
    groups.set(fixtureOf(c.id), g)
  }
  for (const [fixture, g] of groups) {
    g.defects = set.defects.filter(d => d.id.startsWith(`${fixture}/`))
    const scoped = Object.fromEntries(
      g.comments.map(c => [c.id, (allowed[c.id] ?? []).filter(d => g.defects.some(x => x.id === d))])
    )
    if (scorer.oneToOne) {
      pairs.push(...matchComments(g.comments, g.defects, scoped, scorer.mode, scorer.tolerance).pairs)
      continue
    }
    // Not one-to-one: every comment that may pair with a defect counts, duplicates included.
    for (const c of g.comments) {
      for (const d of g.defects) {
        if (!scoped[c.id]?.includes(d.id)) continue
        const single = matchComments([c], [d], { [c.id]: [d.id] }, scorer.mode, scorer.tolerance)
        if (single.pairs.length > 0) {
          pairs.push([c.id, d.id])
          break
        }
      }
    }
  }
  return pairs
}

/** Right pairs over pairs made; a defect paired twice is right once. */
function matchPrecision(pairs: ReadonlyArray<[string, string]>, truth: Map<string, string>): number {
  if (pairs.length === 0) return Number.NaN
  return new Set(pairs.filter(([c, d]) => truth.get(c) === d).map(([, d]) => d)).size / pairs.length
}

/** The mutants and the set each must be caught on. */
export const MUTANTS: Array<{ set: string; scorer: Scorer }> = [
  {
    set: 'wrong meaning on the golden line',
    scorer: { ...REAL_SCORER, name: 'judge that matches everything', judge: 'matches everything' }
  },
  {
    set: 'true finding on the wrong file',
    scorer: { ...REAL_SCORER, name: 'matcher with no location rule', mode: 'meaning' }
  },
  {
    set: 'true finding 4 lines outside every location',
    scorer: { ...REAL_SCORER, name: 'matcher with no location rule', mode: 'meaning' }
  },
  {
    set: 'true finding 4 lines outside every location',
    scorer: { ...REAL_SCORER, name: 'matcher with a 10-line tolerance', tolerance: 10 }
  },
  {
    set: 'duplicate of a matched finding',
    scorer: { ...REAL_SCORER, name: 'matcher that is not one-to-one', oneToOne: false }
  }
]

export async function runMutationChecks(
  sources: readonly TrapSource[],
  judge: Judge,
  mutants = MUTANTS,
  /** Fewer trap comments than this and a set proves too little; a run over a few fixtures passes 1. */
  minTraps = 5
): Promise<MutationCheck[]> {
  const sets = new Map(buildTrapSets(sources).map(s => [s.name, s]))
  const checks: MutationCheck[] = []
  for (const { set: name, scorer } of mutants) {
    const set = sets.get(name)
    if (!set) throw new Error(`no trap set '${name}'`)
    const verdicts: Record<string, string[]> = {}
    for (const source of sources) {
      const mine = set.comments.filter(c => c.id.startsWith(`${source.fixture}:`))
      Object.assign(verdicts, await judge.verdicts(mine, source.defects))
    }
    const real = scorePairs(set, verdicts, REAL_SCORER)
    const mutant = scorePairs(set, verdicts, scorer)
    const problems: string[] = []
    const at = `mutation '${scorer.name}' on '${name}'`
    const realPrecision = matchPrecision(real, set.truth)
    const mutantPrecision = matchPrecision(mutant, set.truth)
    const right = new Set(real.filter(([c, d]) => set.truth.get(c) === d).map(([, d]) => d)).size
    const wanted = new Set(set.truth.values()).size
    if (set.traps.length < minTraps)
      problems.push(`${at}: only ${set.traps.length} trap comments; the set is too small`)
    if (realPrecision !== 1)
      problems.push(`${at}: the real scorer's match precision is ${realPrecision.toFixed(3)}; it must be 1.0`)
    if (right !== wanted) problems.push(`${at}: the real scorer found ${right} of ${wanted} right pairs`)
    const pairedTraps = real.filter(([c]) => set.traps.includes(c)).map(([c]) => c)
    // A duplicate may take its twin's place; what matters is that the pair is made once.
    if (name !== 'duplicate of a matched finding' && pairedTraps.length > 0)
      problems.push(`${at}: the real scorer matched ${pairedTraps.join(', ')}`)
    if (!(mutantPrecision < MUTANT_BOUND))
      problems.push(
        `${at}: the broken scorer's match precision is ${Number.isNaN(mutantPrecision) ? 'undefined' : mutantPrecision.toFixed(3)}; ` +
          `it must be below ${MUTANT_BOUND}, or the check cannot catch it`
      )
    const reviewPrecision = (pairs: ReadonlyArray<[string, string]>) =>
      set.comments.length === 0 ? Number.NaN : pairs.length / set.comments.length
    checks.push({
      set: name,
      mutant: scorer.name,
      comments: set.comments.length,
      realMatchPrecision: realPrecision,
      realPairs: real.length,
      rightPairs: wanted,
      mutantMatchPrecision: mutantPrecision,
      mutantPairs: mutant.length,
      reviewPrecision: { real: reviewPrecision(real), mutant: reviewPrecision(mutant) },
      problems
    })
  }
  return checks
}
