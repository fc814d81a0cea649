/** The repository guidance at a commit, read in one go, for tests and benches that need no early read. */
import { guidanceCandidates, guidanceFrom, type GuidanceFile } from '../src/agent/first-message.js'
import type { Git } from '../src/git/git.js'
import type { Logger } from '../src/logger.js'

export function readGuidance(
  git: Git,
  baseSha: string,
  logger: Logger,
  changedPaths: readonly string[] = []
): Promise<GuidanceFile[]> {
  const paths = guidanceCandidates(changedPaths)
  return guidanceFrom(paths, git.readBlobs(baseSha, paths), logger)
}
