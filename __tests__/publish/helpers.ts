import type { Side } from '../../src/diff/model.js'
import type { Finding } from '../../src/findings/finding.js'
import type { Severity } from '../../src/findings/severity.js'
import type { CommentableLines } from '../../src/publish/select.js'
import { overridden, type Overrides } from '../support/overrides.js'

/** GitHub's limit on a review or comment body, in characters as `measure` counts them. */
export const GITHUB_BODY_LIMIT = 65_536

export const SHA_A = 'a'.repeat(40)
export const SHA_B = 'b'.repeat(40)
export const SHA_C = 'c'.repeat(40)

let counter = 0

/** A realistic finding: what the findings store produces, with every field a review can carry. */
export function makeFinding(overrides: Overrides<Finding> = {}): Finding {
  counter++
  const line = overrides.startLine ?? 10 + counter
  return overridden(
    {
      id: `f_${counter.toString(36).padStart(6, '0')}`,
      severity: 'medium',
      category: 'correctness',
      file: 'src/app.ts',
      title: `Finding number ${counter}`,
      description: `The value computed here can be undefined when the cache is cold (case ${counter}).`,
      startLine: line,
      endLine: line,
      side: 'RIGHT',
      status: 'open',
      firstSeenSha: SHA_A,
      lastConfirmedSha: SHA_A,
      fingerprint: counter.toString(16).padStart(16, '0')
    },
    overrides
  )
}

/** Commentable lines given as `path:side` → [first, last] ranges, one range per hunk. */
export function fakeLines(hunks: Record<string, Array<[number, number]>>): CommentableLines {
  const find = (path: string, side: Side, line: number) =>
    (hunks[`${path}:${side}`] ?? []).findIndex(([a, b]) => line >= a && line <= b)
  return {
    canComment: (path, side, line) => find(path, side, line) >= 0,
    sameHunk: (path, side, start, end) => {
      const a = find(path, side, start)
      return a >= 0 && a === find(path, side, end)
    }
  }
}

/** Every line of every file is commentable on both sides. */
export const everyLine: CommentableLines = { canComment: () => true, sameHunk: () => true }

export function severities(findings: Finding[]): Severity[] {
  return findings.map(finding => finding.severity)
}
