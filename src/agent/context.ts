/**
 * What the model is told besides the diff, assembled for one review: the repository guidance at the base, and
 * for a re-review the earlier findings with the head's text of their lines.
 */
import { errorMessage } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { CarriedChange } from '../findings/reconcile.js'
import type { BlobReader, Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { guidanceCandidates, guidanceFrom, type GuidanceFile, type ReReviewContext } from './first-message.js'
import { readLinesAt } from './tools/repo-tools.js'

/**
 * Guidance comes from the base branch's tip, which the author of the pull request does not control. The diff
 * needs only the merge base, so the tip is fetched here; without it there is no guidance, never the head's.
 * `reader`, a process opened for this read beforehand, is closed when it is done.
 */
export async function readGuidanceAtBase(
  git: Git,
  baseSha: string,
  logger: Logger,
  changedPaths: string[],
  reader?: BlobReader
): Promise<GuidanceFile[]> {
  // Asked at once, beside the check that the tip is here, rather than after it: the work that follows (see
  // planReview) then runs while git answers. The answer counts only when nothing was fetched, as a reader
  // started before a fetch is not relied on to see what the fetch brought.
  const paths = guidanceCandidates(changedPaths)
  const early = reader?.read(baseSha, paths)
  early?.catch(() => undefined)
  try {
    let fetched: string[]
    try {
      fetched = await git.fetchShas([baseSha])
    } catch (error) {
      logger.warning(`Could not fetch the base commit for repository guidance: ${errorMessage(error)}`)
      return []
    }
    return await guidanceFrom(
      paths,
      early && fetched.length === 0 ? early : git.readBlobs(baseSha, paths),
      logger
    )
  } finally {
    reader?.close()
  }
}

/** What the last review left, as the model's first message tells it. */
export interface EarlierReview {
  /** The commit the last review covered. */
  lastReviewedSha: string
  /** Set when this run reviews only what changed since it. */
  sinceSha?: string
  /** Its findings, followed to the head. */
  carried: Finding[]
  /** How each carried finding's lines changed since. */
  changes: ReadonlyMap<string, CarriedChange>
  /** Files it did not get to, reviewed whole in this run. */
  carriedOver: string[]
  /** People's replies in the findings' threads since, by finding id. */
  replies: ReadonlyMap<string, ReadonlyArray<{ author: string; body: string }>>
}

/** The re-review section's input, or undefined when there is no earlier review to speak of. */
export async function reReviewContext(
  git: Git,
  headSha: string,
  earlier: EarlierReview | undefined
): Promise<ReReviewContext | undefined> {
  if (!earlier) return undefined
  if (!earlier.sinceSha && earlier.carried.length === 0 && earlier.carriedOver.length === 0) return undefined
  return {
    sinceSha: earlier.sinceSha ?? earlier.lastReviewedSha,
    findings: earlier.carried,
    lineChanges: lineChangesForAgent(earlier.changes),
    carriedOver: earlier.carriedOver,
    currentText: await currentTextOf(git, headSha, earlier.carried),
    replies: Object.fromEntries(
      [...earlier.replies].map(([id, replies]) => [
        id,
        replies.map(r => ({ author: r.author, body: r.body }))
      ])
    )
  }
}

function lineChangesForAgent(
  changes: ReadonlyMap<string, CarriedChange>
): Record<string, 'changed' | 'deleted'> {
  const result: Record<string, 'changed' | 'deleted'> = {}
  for (const [id, change] of changes) {
    if (change === 'removed') result[id] = 'deleted'
    else if (change !== 'unchanged') result[id] = 'changed'
  }
  return result
}

/** The head's text of each open finding's lines, so a re-review can check them without a tool call. */
async function currentTextOf(git: Git, headSha: string, findings: readonly Finding[]) {
  const text: Record<string, string[]> = {}
  const files = new Map<string, Promise<string[] | undefined>>()
  for (const finding of findings) {
    if (finding.status !== 'open' || finding.startLine === undefined || finding.endLine === undefined)
      continue
    if ((finding.side ?? 'RIGHT') !== 'RIGHT') continue
    if (!files.has(finding.file)) files.set(finding.file, readLinesAt(git, headSha, finding.file))
    const lines = await files.get(finding.file)
    if (lines) text[finding.id] = lines.slice(finding.startLine - 1, finding.endLine)
  }
  return text
}
