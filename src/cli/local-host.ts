/**
 * The command line's host: the current branch is reviewed against its base, the prior state is a file under
 * .git, git alone gives the merge base, and publishing means saving the state (the review is printed by the
 * caller).
 */
import type Anthropic from '@anthropic-ai/sdk'
import {
  readRepositoryConfig,
  review,
  type ReviewHost,
  type ReviewOutcome,
  type ReviewSettings
} from '../engine/index.js'
import { createGit } from '../git/git.js'
import type { CheckSpec } from '../evidence/index.js'
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
        againHint: 'pass --full',
        // A local branch is code its owner runs already.
        checksTrust: { run: true }
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

/** One review of the current branch, by the same engine as the action's. */
export async function reviewLocally(input: {
  cwd: string
  options: CliOptions
  apiKey: string
  logger: Logger
  anthropic?: () => Anthropic
}): Promise<LocalReview> {
  const { options, logger } = input
  const branch = await readBranch(input.cwd, options.base)
  if (branch.headSha === branch.mergeBaseSha) {
    throw new ConfigurationError(
      `HEAD has no commits that '${options.base}' does not have; nothing to review.`
    )
  }
  if (branch.dirty)
    logger.warning('The working tree has uncommitted changes; only commits up to HEAD are reviewed.')
  const { host, before } = localHost(branch, options)
  // The checks and evidence files of the base's configuration, as the action reads them; nothing else of it.
  const config = await readRepositoryConfig(createGit(branch.root, logger), branch.mergeBaseSha, logger)
  // Checked against the settings table's types when the file was parsed.
  const checks = (config.values['checks'] as CheckSpec[] | undefined) ?? []
  const files = (config.values['evidence'] as string[] | undefined) ?? []
  const settings: ReviewSettings = {
    ...localSettings(options, input.apiKey),
    ...(checks.length > 0 || files.length > 0 ? { evidence: { files, checks } } : {})
  }
  const outcome = await review(host, settings, logger, {
    ...(input.anthropic ? { anthropic: input.anthropic } : {})
  })
  return { branch, outcome, resolvedNow: resolvedSince(before(), outcome.findings) }
}
