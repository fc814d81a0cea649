import { describe, expect, it } from '@jest/globals'
import { loadIncrementalDiff } from '../../src/diff/incremental.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import { renderFileDiff } from '../../src/diff/prompt-diff.js'
import type { Git } from '../../src/git/git.js'
import { silentLogger } from '../../src/logger.js'

const FROM = 'a'.repeat(40)
const HEAD = 'b'.repeat(40)

/** A repository that knows both commits and answers every diff with `text`. */
function gitWithDiff(text: string): Git {
  const unused = (): never => {
    throw new Error('not used by the incremental diff')
  }
  return {
    workspaceDir: '/nowhere',
    isRepository: () => Promise.resolve(true),
    fetchShas: () => Promise.resolve([]),
    fetchRef: unused,
    deepen: unused,
    hasCommit: () => Promise.resolve(true),
    mergeBase: unused,
    diff: () => Promise.resolve(text),
    streamDiff: (_from, _to, onText) => Promise.resolve(onText(text)),
    show: unused,
    lsTree: unused,
    grep: unused,
    grepWords: unused,
    catFileType: unused,
    readBlobs: unused,
    openBlobReader: unused
  }
}

const header = 'diff --git a/app.ts b/app.ts\nindex 1111111..2222222 100644\n--- a/app.ts\n+++ b/app.ts\n'
const lines = (...body: string[]): string => body.map(line => `${line}\n`).join('')

// The base has "line 1".."line 10". The last reviewed push had added "added earlier" after line 3; the
// head drops it again, removes the base's line 4 and rewrites line 8.
const PR_DIFF =
  header +
  lines(
    '@@ -1,10 +1,9 @@',
    ' line 1',
    ' line 2',
    ' line 3',
    '-line 4',
    ' line 5',
    ' line 6',
    ' line 7',
    '-line 8',
    '+eight',
    ' line 9',
    ' line 10'
  )
const SINCE_REVIEW =
  header +
  lines(
    '@@ -1,11 +1,9 @@',
    ' line 1',
    ' line 2',
    ' line 3',
    '-added earlier',
    '-line 4',
    ' line 5',
    ' line 6',
    ' line 7',
    '-line 8',
    '+eight',
    ' line 9',
    ' line 10'
  )

describe('loadIncrementalDiff', () => {
  it('numbers removed lines as the pull request diff does, where LEFT comments are placed', async () => {
    const prFiles = parseUnifiedDiff(PR_DIFF)
    const incremental = await loadIncrementalDiff({
      git: gitWithDiff(SINCE_REVIEW),
      fromSha: FROM,
      headSha: HEAD,
      prFiles,
      logger: silentLogger
    })
    const [file] = incremental.files
    const removed = file?.hunks.flatMap(hunk => hunk.lines.filter(line => line.kind === 'del'))
    // "added earlier" never was in the base, so it has no LEFT line; the others keep the base's numbers.
    expect(removed?.map(line => [line.text, line.oldLine])).toEqual([
      ['added earlier', undefined],
      ['line 4', 4],
      ['line 8', 8]
    ])
    expect(
      renderFileDiff(file!)
        .split('\n')
        .filter(line => line.includes(' - ('))
    ).toEqual(['     - (not in the base) added earlier', '     - (old 4) line 4', '     - (old 8) line 8'])
    // Positions of the reviewed commit still follow its own numbering.
    expect(incremental.lineMap?.mapLine('app.ts', 'RIGHT', 4)).toEqual({ deleted: true })
    expect(incremental.lineMap?.mapLine('app.ts', 'RIGHT', 6)).toEqual({ path: 'app.ts', line: 4 })
    expect(incremental.lineMap?.mapLine('app.ts', 'RIGHT', 10)).toEqual({ path: 'app.ts', line: 8 })
  })
})
