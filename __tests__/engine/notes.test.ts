import { describe, expect, it } from '@jest/globals'
import type { TriageResult } from '../../src/diff/triage.js'
import { nothingToReviewOverview, skippedFilesNote } from '../../src/engine/notes.js'

function skipped(count: number): TriageResult {
  return {
    reviewable: [],
    skipped: Array.from({ length: count }, (_, i) => ({
      path: `docs/page-${i}.md`,
      reason: 'documentation' as const,
      status: 'modified' as const,
      additions: 1,
      deletions: 0
    }))
  }
}

describe('review notes', () => {
  it('names skipped files with their reason, up to a limit', () => {
    expect(skippedFilesNote(skipped(2))).toBe(
      'Not reviewed: `docs/page-0.md` (documentation), `docs/page-1.md` (documentation).'
    )
    const many = skippedFilesNote(skipped(30))
    expect(many).toContain('`docs/page-24.md` (documentation), and 5 more.')
    expect(many).not.toContain('page-25')
  })

  it('says why nothing was reviewed', () => {
    expect(nothingToReviewOverview(skipped(0))).toBe(
      'Nothing to review: this change has no file content to review.'
    )
    expect(nothingToReviewOverview(skipped(1))).toMatch(/the one changed file is of a kind Redline skips/)
    expect(nothingToReviewOverview(skipped(3))).toMatch(/all 3 changed files are/)
  })
})
