import { lstatSync } from 'node:fs'
import { join } from 'node:path'
import { DiffLineSet } from '../diff/line-set.js'
import { renderAhead } from '../diff/prompt-diff.js'
import { loadPullDiff, type PullDiff } from '../diff/source.js'
import { MANIFEST_NAMES, triage, triageFile, type TriageResult } from '../diff/triage.js'
import { createGit, type BlobReader, type Git, type GitEnvironment } from '../git/git.js'
import type { Logger } from '../logger.js'
import { plural } from '../text/measure.js'
import type { ReviewState } from '../state/marker.js'
import type { DiffSource } from './host.js'
import { sinceLastReview, type Increment } from './increment.js'
import { skippedFilesNote } from './notes.js'

/** What this run reviews: the pull request's diff, where comments can go, and what of it goes to the model. */
export interface ReviewScope {
  git: Git
  pullDiff: PullDiff
  lineSet: DiffLineSet
  mergeBaseSha?: string
  /** What changed since the last review, and its findings carried to the head. */
  increment: Increment
  triage: TriageResult
  notes: string[]
  /**
   * A reader opened beside the diff for the guidance at the base: open when there are files to review (the
   * model's part reads with it and closes it), closed otherwise.
   */
  baseReader?: BlobReader
}

export interface ScopeInput {
  workspace: string
  gitEnvironment?: GitEnvironment
  headSha: string
  baseSha: string
  state?: ReviewState
  fullReview: boolean
  exclude: readonly string[]
  include?: readonly string[]
  logger: Logger
}

/**
 * Whether a directory of the checked-out workspace holds a package manifest; asked once per directory. The
 * workspace is the merge commit (or the base branch), which has the manifests of both sides.
 */
export function packageRootsOf(workspace: string): (dir: string) => boolean {
  const known = new Map<string, boolean>()
  return dir => {
    let root = known.get(dir)
    if (root === undefined) {
      root =
        dir === '' ||
        MANIFEST_NAMES.some(name => {
          try {
            return lstatSync(join(workspace, dir, name)).isFile()
          } catch {
            return false
          }
        })
      known.set(dir, root)
    }
    return root
  }
}

/** Triage of what is reviewed this time, said in the log and, for skipped files, in the notes. */
function triageIncrement(
  increment: Awaited<ReturnType<typeof sinceLastReview>>,
  decide: ReturnType<typeof triageFile>,
  notes: string[],
  logger: ScopeInput['logger']
): ReturnType<typeof triage> {
  const triaged = triage(increment.files, decide)
  if (triaged.skipped.length > 0) notes.push(skippedFilesNote(triaged))
  for (const skipped of triaged.skipped) logger.debug(`Skipped ${skipped.path}: ${skipped.reason}`)
  logger.info(
    `${plural(triaged.reviewable.length, 'file')} to review, ${triaged.skipped.length} skipped` +
      (increment.sinceSha ? ` (changes since ${increment.sinceSha.slice(0, 7)})` : '') +
      (increment.carriedOver.length > 0 ? `, ${increment.carriedOver.length} carried over` : '') +
      '.'
  )
  return triaged
}

/** The PR diff, its comment lines, what changed since the last review, and what of it is worth a model call. */
export async function scopeReview(input: ScopeInput, source: DiffSource): Promise<ReviewScope> {
  const { headSha, baseSha, state, logger } = input
  const git = createGit(input.workspace, logger, input.gitEnvironment)
  await source.fetchHead?.(git, headSha)
  const mergeBaseSha = await source.mergeBase(baseSha, headSha)
  // Files are rendered ahead as triage decides them, and triage takes those decisions; a review that follows
  // an earlier one shows what changed since, mostly, and renders no file of this diff.
  const decide = triageFile({
    exclude: [...input.exclude],
    include: [...(input.include ?? [])],
    isPackageRoot: packageRootsOf(input.workspace)
  })
  const firstReview = !state || input.fullReview
  const diffing = loadPullDiff({
    git,
    headSha,
    baseSha,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    logger,
    fallback: () => source.listFiles(),
    ...(firstReview ? { onFile: renderAhead(decide) } : {})
  })
  // git is diffing by now; the guidance's reader starts beside it.
  const baseReader = git.openBlobReader()
  let handedOver = false
  try {
    const pullDiff = await diffing
    const notes = [...pullDiff.notes]
    const lineSet = DiffLineSet.fromFiles(pullDiff.files)
    const increment = await sinceLastReview({
      git,
      prFiles: pullDiff.files,
      state,
      headSha,
      fullReview: input.fullReview,
      logger
    })
    notes.push(...increment.notes)
    const triaged = triageIncrement(increment, decide, notes, logger)
    handedOver = triaged.reviewable.length > 0
    return {
      git,
      pullDiff,
      lineSet,
      ...(mergeBaseSha ? { mergeBaseSha } : {}),
      increment,
      triage: triaged,
      notes,
      ...(handedOver ? { baseReader } : {})
    }
  } finally {
    if (!handedOver) baseReader.close()
  }
}
