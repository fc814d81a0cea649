/**
 * One local review of the current branch, through the same steps as the action (scopeReview, runModel and
 * settleReview from the pipeline). Only the shell differs: the prior state comes
 * from a file under .git instead of the last review, git alone gives the merge base, and "publish" means
 * saving the state and printing.
 */
import type Anthropic from '@anthropic-ai/sdk'
import { fallbackSummary } from '../agent/loop.js'
import { emptyUsage, priceFor } from '../agent/pricing.js'
import { ConfigurationError } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import { settleCarried } from '../findings/reconcile.js'
import type { Settings } from '../inputs.js'
import type { Logger } from '../logger.js'
import { runModel, scopeReview, settleReview, type ReviewOutcome } from '../pipeline.js'
import { decideFromState } from '../rereview.js'
import { nothingToReviewSummary } from '../review/notes.js'
import type { ReviewState } from '../review/marker.js'
import type { CliOptions } from './args.js'
import { readBranch, type LocalBranch } from './repo.js'
import { loadState, saveState, stateFilePath, stateKey } from './state-file.js'

export interface LocalReview {
  branch: LocalBranch
  outcome: ReviewOutcome
  summary?: string
  /** Ids of findings that were open before this run and are resolved now. */
  resolvedNow: string[]
  /** Set when the run had nothing to do. */
  skipped?: string
  notes: string[]
  /** What this run reviewed: the whole branch, or the changes since this commit. */
  sinceSha?: string
}

export function localSettings(options: CliOptions, apiKey: string): Settings {
  return {
    anthropicApiKey: apiKey,
    // The CLI reads nothing from GitHub and posts nothing.
    githubToken: '',
    model: options.model,
    minSeverity: options.minSeverity,
    maxComments: 4,
    budget: options.budget,
    fullReview: options.full,
    exclude: [],
    instructions: options.instructions,
    reviewDrafts: true,
    failOn: 'none',
    dryRun: true,
    verifyFindings: false
  }
}

function resolvedSince(before: readonly Finding[], after: readonly Finding[]): string[] {
  const open = new Set(before.filter(f => f.status === 'open').map(f => f.id))
  return after.filter(f => f.status === 'resolved' && open.has(f.id)).map(f => f.id)
}

export async function reviewLocally(input: {
  cwd: string
  options: CliOptions
  apiKey: string
  logger: Logger
  anthropic?: () => Anthropic
}): Promise<LocalReview> {
  const { options, logger } = input
  const settings = localSettings(options, input.apiKey)
  const branch = await readBranch(input.cwd, options.base)
  if (branch.headSha === branch.mergeBaseSha) {
    throw new ConfigurationError(
      `HEAD has no commits that '${options.base}' does not have; nothing to review.`
    )
  }
  if (branch.dirty)
    logger.warning('The working tree has uncommitted changes; only commits up to HEAD are reviewed.')
  const statePath = stateFilePath(branch.gitDir)
  const key = stateKey(branch.branch, options.base)
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
  const outcome: ReviewOutcome = {
    prNumber: 0,
    headSha: branch.headSha,
    end: { kind: 'completed' },
    findings: state?.findings ?? [],
    usage: emptyUsage(priceFor(settings.model)),
    coverageNotes: notes
  }
  const result: LocalReview = { branch, outcome, resolvedNow: [], notes }
  const decision = decideFromState(state, branch.headSha, {
    trigger: 'pull_request',
    fullReview: options.full
  })
  if (decision.kind === 'already-reviewed') {
    result.skipped = `${branch.headSha.slice(0, 7)} was already reviewed; pass --full to review it again.`
    outcome.end = { kind: 'skipped', reason: result.skipped }
    return result
  }

  const prior = {
    headSha: branch.headSha,
    baseSha: branch.baseSha,
    ...(state ? { state } : {}),
    pr: {
      number: 0,
      title: `Branch ${branch.branch}`,
      body: branch.commits,
      draft: false,
      state: 'open',
      headSha: branch.headSha,
      baseSha: branch.baseSha,
      baseRef: options.base,
      headRef: branch.branch,
      author: branch.author,
      htmlUrl: ''
    }
  }
  const steps = { settings, workspace: branch.root, logger }
  const scoped = await logger.group('Scope the review', () =>
    scopeReview(steps, prior, {
      mergeBase: async () => branch.mergeBaseSha,
      listFiles: () => {
        throw new ConfigurationError('git could not produce the diff of this branch; see the warning above.')
      }
    })
  )
  notes.push(...scoped.notes)
  if (scoped.scope.sinceSha) result.sinceSha = scoped.scope.sinceSha
  const reviewable = scoped.triage.reviewable.map(entry => entry.file.path)
  const before = state?.findings ?? []

  if (reviewable.length === 0) {
    const findings = settleCarried(scoped.scope.carried, scoped.scope.changes, new Set(), branch.headSha)
    outcome.findings = findings
    result.summary = nothingToReviewSummary(scoped.triage)
    result.resolvedNow = resolvedSince(before, findings)
    await saveState(statePath, key, { lastReviewedSha: branch.headSha, findings })
    return result
  }

  const request = {
    kind: 'workflow_dispatch' as const,
    pr: {
      owner: branch.repository.split('/')[0] ?? '',
      repo: branch.repository.split('/')[1] ?? '',
      prNumber: 0
    }
  }
  const review = await logger.group('Review with the model', () =>
    runModel(
      { settings, request, logger, ...(input.anthropic ? { anthropic: input.anthropic } : {}) },
      { ...prior, replies: new Map() },
      scoped
    )
  )
  outcome.agent = review.run
  outcome.usage = review.run.usage
  notes.push(...review.run.coverageNotes)
  const { end, findings, pending, coverage } = settleReview({
    state,
    scope: scoped.scope,
    review,
    headSha: branch.headSha,
    reviewable
  })
  outcome.end = end
  if (end.kind === 'fatal') return result
  outcome.findings = findings
  outcome.coverage = coverage
  result.summary = review.run.summary ?? fallbackSummary(findings, review.run)
  result.resolvedNow = resolvedSince(before, findings)
  await saveState(statePath, key, {
    lastReviewedSha: branch.headSha,
    ...(pending.length > 0 ? { pending } : {}),
    findings
  })
  return result
}
