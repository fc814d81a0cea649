/**
 * The command line's host: the current branch is reviewed against its base, the prior state is a file under
 * .git, git alone gives the merge base, and publishing means saving the state (the review is printed by the
 * caller).
 */
import type Anthropic from '@anthropic-ai/sdk'
import { review, type ReviewHost, type ReviewOutcome, type ReviewSettings } from '../engine/index.js'
import { ConfigurationError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import type { ReviewState } from '../state/marker.js'
import type { CliOptions } from './args.js'
import { readBranch, type LocalBranch } from './repo.js'
import { loadState, saveState, stateFilePath, stateKey } from './state-file.js'

export interface LocalReview {
  branch: LocalBranch
  outcome: ReviewOutcome<never>
  /** Ids of findings that were open before this run and are resolved now. */
  resolvedNow: string[]
}

export function localSettings(options: CliOptions, apiKey: string): ReviewSettings {
  return {
    anthropicApiKey: apiKey,
    model: options.model,
    budget: options.budget,
    timeLimitMs: options.timeLimitMs,
    fullReview: options.full,
    exclude: [],
    instructions: options.instructions,
    verifyFindings: options.budget === 'deep',
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.awsRegion ? { awsRegion: options.awsRegion } : {}),
    ...(options.vertexProject ? { vertexProject: options.vertexProject } : {}),
    ...(options.vertexRegion ? { vertexRegion: options.vertexRegion } : {})
  }
}

function resolvedSince(before: readonly Finding[], after: readonly Finding[]): string[] {
  const open = new Set(before.filter(f => f.status === 'open').map(f => f.id))
  return after.filter(f => f.status === 'resolved' && open.has(f.id)).map(f => f.id)
}

/** The host, and the findings the saved state held before this run (once the engine has read them). */
function localHost(
  branch: LocalBranch,
  options: CliOptions
): { host: ReviewHost<never>; before: () => Finding[] } {
  const statePath = stateFilePath(branch.gitDir)
  const key = stateKey(branch.branch, options.base)
  let before: Finding[] = []
  const host: ReviewHost<never> = {
    workspace: branch.root,
    readPrior: async logger => {
      const notes: string[] = []
      let state: ReviewState | undefined
      if (!options.full) {
        const loaded = await loadState(statePath, key)
        if (loaded.warning) {
          logger.warning(loaded.warning)
          notes.push(loaded.warning)
        }
        state = loaded.state
      }
      before = state?.findings ?? []
      return {
        target: {
          repository: branch.repository,
          title: '',
          body: branch.commits,
          author: branch.author,
          baseRef: options.base,
          headRef: branch.branch
        },
        headSha: branch.headSha,
        baseSha: branch.baseSha,
        ...(state ? { state } : {}),
        replies: new Map(),
        notes,
        requested: false,
        againHint: 'pass --full'
      }
    },
    diffSource: () => ({
      mergeBase: async () => branch.mergeBaseSha,
      listFiles: () => {
        throw new ConfigurationError('git could not produce the diff of this branch; see the warning above.')
      }
    }),
    publish: async result => {
      await saveState(statePath, key, {
        lastReviewedSha: result.headSha,
        ...(result.pending.length > 0 ? { pending: result.pending } : {}),
        findings: result.findings
      })
      return { findings: result.findings }
    }
  }
  return { host, before: () => before }
}

/** A branch with no commit of its own: nothing to review, which is no failure (a pre-push hook runs on it). */
export interface NothingToReview {
  nothingToReview: string
}

/** One review of the current branch, by the same engine as the action's. */
export async function reviewLocally(input: {
  cwd: string
  options: CliOptions
  apiKey: string
  logger: Logger
  anthropic?: () => Anthropic
}): Promise<LocalReview | NothingToReview> {
  const { options, logger } = input
  const branch = await readBranch(input.cwd, options.base)
  if (branch.headSha === branch.mergeBaseSha)
    return { nothingToReview: `Nothing to review: HEAD has no commits that '${options.base}' does not have.` }
  if (branch.dirty)
    logger.warning('The working tree has uncommitted changes; only commits up to HEAD are reviewed.')
  const { host, before } = localHost(branch, options)
  const outcome = await review(host, localSettings(options, input.apiKey), logger, {
    ...(input.anthropic ? { anthropic: input.anthropic } : {})
  })
  return { branch, outcome, resolvedNow: resolvedSince(before(), outcome.findings) }
}
