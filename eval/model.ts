/**
 * The data the evaluation works on: fixtures with golden defects, the comments a review posted, and what
 * each run measured. Plain data only, so the matcher, scorer and statistics stay pure.
 */
import type { Severity } from '../src/findings/severity.js'

export const CATEGORIES = [
  'correctness',
  'security',
  'concurrency',
  'performance',
  'error-handling',
  'resource-leak',
  'api-contract',
  'data',
  'tests',
  'maintainability',
  'style'
] as const
export type Category = (typeof CATEGORIES)[number]

/** The defect classes the fixture set must cover (eval/README.md), one per golden defect. */
export const DEFECT_CLASSES = [
  'logic',
  'concurrency',
  'error-handling',
  'resource-leak',
  'security',
  'api-contract',
  'data-loss',
  'performance',
  'async',
  'configuration'
] as const
export type DefectClass = (typeof DEFECT_CLASSES)[number]

/** cause: the changed line that is wrong; symptom: unchanged code that misbehaves because of it. */
export type LocationRole = 'cause' | 'symptom'

export interface GoldenLocation {
  file: string
  start: number
  end: number
  role: LocationRole
}

export interface GoldenDefect {
  /** `<fixture>/<name of the golden file>`. */
  id: string
  /** The primary cited range: a cause, in the diff, in one hunk. */
  file: string
  lines: [number, number]
  /** Every place a comment may sit and still count as located. */
  locations: GoldenLocation[]
  kind: string
  /** Which of DEFECT_CLASSES it belongs to; the size rules count them. */
  defectClass?: DefectClass
  multiHop: boolean
  category: Category
  severity: Severity
  description: string
  /** Replacement text for `lines`, used by the scripted oracle. */
  suggestion?: string
  /** Set when the fixture's follow-up commit fixes this defect. */
  fixedBy?: 'fix'
}

/** A file tree: path to text. */
export type Tree = Record<string, string>

export interface Fixture {
  id: string
  language: string
  title: string
  body: string
  holdout: boolean
  /** A clean fixture's right answer is no finding at medium or above. */
  clean: boolean
  /** The shared codebase (eval/codebases/<name>) the base is built on, when there is one. */
  codebase?: string
  base: Tree
  /** Files the head adds or changes (whole contents). */
  head: Tree
  /** Files the head deletes. */
  deleted: string[]
  /** A follow-up commit on the head that fixes some defects. */
  fix?: { files: Tree; message: string }
  golden: GoldenDefect[]
  /** Outside repositories (manifest): the refs to build from instead of trees. */
  source?: { repo: string; base: string; head: string; fix?: string }
  /** The benchmark project an outside fixture belongs to (Martian's golden file), for per-repository scores. */
  project?: string
  /** Outside fixtures: bytes of the files the PR changes, at the head, for the estimate. */
  changedBytes?: number
}

/** One comment as the review posted it: inline on lines, or listed in the review body. */
export interface PostedComment {
  /** The finding id behind the comment. */
  id: string
  where: 'inline' | 'body'
  file: string
  startLine?: number
  endLine?: number
  severity: Severity
  category: string
  title: string
  description: string
  suggestion?: string
}

/** What one review run of the action cost and did, beyond its comments. */
export interface RunCosts {
  inputTokens: number
  outputTokens: number
  costUsd: number
  wallMs: number
  modelRequests: number
  toolCalls: number
  quoteRetries: number
  budgetStops: number
}

/** The follow-up review after the fix commit. */
export interface ReReview {
  /** Defects the fix commit fixes and the first review had found (located). */
  fixedFound: string[]
  /** Of those, the ones whose finding the re-review marked resolved. */
  resolved: string[]
  /** Fixed defects raised again by a new comment in the re-review. */
  reraised: string[]
  /** Fixed defects, found or not. */
  fixed: string[]
  costs: RunCosts
}

export interface SuggestionCheck {
  commentId: string
  applies: boolean
  reason?: string
}

/** Everything the scorer needs about one run of one fixture in one arm. */
export interface RunRecord {
  fixture: string
  language: string
  arm: string
  run: number
  holdout: boolean
  clean: boolean
  defects: GoldenDefect[]
  comments: PostedComment[]
  /** For each comment id, the golden defect ids the judge called the same issue. */
  verdicts: Record<string, string[]>
  suggestions: SuggestionCheck[]
  costs: RunCosts
  rereview?: ReReview
  /** The benchmark project of an outside fixture. */
  project?: string
  /** Set when the run did not finish; it then counts as a run with no comments. */
  error?: string
}
