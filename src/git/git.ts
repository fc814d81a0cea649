/**
 * The thin shell over git: `createGit` puts together the parts, each a module of its own concern (commits
 * and fetches, objects, blobs, diffs, grep) over one runner.
 */
import type { Logger } from '../logger.js'
import { openBlobReader, readBlobs } from './blobs.js'
import { CommitChecks, deepen, fetchRef, fetchShas, mergeBase } from './commits.js'
import { streamDiffText } from './diff.js'
import { grep, grepWords } from './grep.js'
import { catFileType, lsTree, show } from './objects.js'
import { GitRunner, type GitEnvironment } from './runner.js'
import type { Git } from './types.js'

export { diffArgs } from './arguments.js'
export { commitAnswers } from './commits.js'
export { GitError } from './git-error.js'
export type { GitEnvironment } from './runner.js'
export { holdsWord } from './grep.js'
export type { BlobReader, Git, GrepMatch, GrepOptions, ObjectKind, TreeEntry } from './types.js'

/** `environment`: `user` on the command line only; the action's git gets the minimal one (see runner.ts). */
export function createGit(workspaceDir: string, logger: Logger, environment?: GitEnvironment): Git {
  const runner = new GitRunner(workspaceDir, logger, environment)
  const commits = new CommitChecks(runner)
  /** Both revisions are peeled to commits (see diffArgs): once git has diffed them, both are known here. */
  const streamDiff: Git['streamDiff'] = async (from, to, onText, paths) => {
    await streamDiffText(runner, from, to, onText, paths)
    commits.present([from, to])
  }
  return {
    workspaceDir: runner.cwd,
    isRepository: (shas = []) => commits.isRepositoryWith(shas),
    fetchShas: (shas, depth) => fetchShas(runner, commits, shas, depth),
    fetchRef: (ref, depth) => fetchRef(runner, ref, depth),
    deepen: (shas, by) => deepen(runner, shas, by),
    hasCommit: sha => commits.hasCommit(sha),
    mergeBase: (a, b) => mergeBase(runner, a, b),
    async diff(from, to, paths) {
      const parts: string[] = []
      await streamDiff(from, to, text => void parts.push(text), paths)
      return parts.join('')
    },
    streamDiff,
    show: (sha, filePath) => show(runner, sha, filePath),
    lsTree: (sha, dirPath) => lsTree(runner, sha, dirPath),
    grep: (sha, pattern, options) => grep(runner, sha, pattern, options),
    grepWords: (sha, words, maxPerWord) => grepWords(runner, sha, words, maxPerWord),
    catFileType: (sha, filePath) => catFileType(runner, sha, filePath),
    readBlobs: (sha, paths) => readBlobs(runner, sha, paths),
    openBlobReader: () => openBlobReader(runner)
  }
}
