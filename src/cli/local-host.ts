/**
 * The command line's host: the current branch is reviewed against its base, the prior state is a file under
 * .git, git alone gives the merge base, and publishing means saving the state (the review is printed by the
 * caller).
 */
import type Anthropic from '@anthropic-ai/sdk'
import {
  review,
  reviewSettingsOf,
  type ResolvedSettings,
  type ReviewHost,
  type ReviewOutcome
} from '../engine/index.js'
import { ConfigurationError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import type { Walkthrough } from '../findings/walkthrough.js'
import type { Logger } from '../logger.js'
import type { ReviewState } from '../state/marker.js'
import type { Flags } from './args.js'
import { logFileSettings, readLocalConfig, requireApiKey, resolveLocal } from './local-config.js'
import { readLocalOrganisation } from './organisation.js'
import { readBranch, type LocalBranch } from './repo.js'
import { loadState, saveState, stateFilePath, stateKey } from './state-file.js'

export interface LocalReview {
  branch: LocalBranch
  outcome: ReviewOutcome<never>
  /** Ids of findings that were open before this run and are resolved now. */
  resolvedNow: string[]
  /** The settings the review ran with, and where each came from. */
  settings: ResolvedSettings
  /** The walkthrough of the branch, when the model wrote one (and the setting is not off). */
  walkthrough?: Walkthrough
}

function resolvedSince(before: readonly Finding[], after: readonly Finding[]): string[] {
  const open = new Set(before.filter(f => f.status === 'open').map(f => f.id))
  return after.filter(f => f.status === 'resolved' && open.has(f.id)).map(f => f.id)
}

/** The host, and the findings the saved state held before this run (once the engine has read them). */
function localHost(
  branch: LocalBranch,
  options: { base: string; full: boolean }
): { host: ReviewHost<never>; before: () => Finding[]; walkthrough: () => Walkthrough | undefined } {
  const statePath = stateFilePath(branch.gitDir)
  const key = stateKey(branch.branch, options.base)
  let before: Finding[] = []
  let walkthrough: Walkthrough | undefined
  const host: ReviewHost<never> = {
    workspace: branch.root,
    gitEnvironment: 'user',
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
      walkthrough = result.walkthrough
      await saveState(statePath, key, {
        lastReviewedSha: result.headSha,
        ...(result.pending.length > 0 ? { pending: result.pending } : {}),
        findings: result.findings
      })
      return { findings: result.findings }
    }
  }
  return { host, before: () => before, walkthrough: () => walkthrough }
}

/** A branch with no commit of its own: nothing to review, which is no failure (a pre-push hook runs on it). */
export interface NothingToReview {
  nothingToReview: string
}

/**
 * One review of the current branch, by the same engine as the action's, under the repository's configuration
 * at the merge base: the flags win over the environment, which wins over the file, then the defaults.
 */
export async function reviewLocally(input: {
  cwd: string
  flags: Flags
  env: Readonly<Record<string, string | undefined>>
  logger: Logger
  anthropic?: () => Anthropic
}): Promise<LocalReview | NothingToReview> {
  const { flags, logger } = input
  const base = flags.base?.trim() ?? ''
  const branch = await readBranch(input.cwd, base)
  if (branch.headSha === branch.mergeBaseSha)
    return { nothingToReview: `Nothing to review: HEAD has no commits that '${base}' does not have.` }
  const config = await readLocalConfig(branch.root, branch.mergeBaseSha, logger)
  const { organisation } = await readLocalOrganisation(branch.root, flags, input.env, logger)
  const settings = resolveLocal(flags, input.env, config, organisation)
  requireApiKey(settings)
  logFileSettings(settings.sources, config, logger)
  if (branch.dirty)
    logger.warning('The working tree has uncommitted changes; only commits up to HEAD are reviewed.')
  const { host, before, walkthrough } = localHost(branch, { base, full: settings.values['full-review'] })
  const outcome = await review(host, reviewSettingsOf(settings.values, config, organisation), logger, {
    ...(input.anthropic ? { anthropic: input.anthropic } : {})
  })
  const written = walkthrough()
  return {
    branch,
    outcome,
    resolvedNow: resolvedSince(before(), outcome.findings),
    settings,
    ...(written ? { walkthrough: written } : {})
  }
}
