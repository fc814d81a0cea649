/**
 * One review, whichever front door asked for it: read the prior state, scope the review, review with the
 * model, publish. Each step returns what it made, and the outcome is built from those returns. Never throws:
 * a step that breaks ends the run as `fatal`, with what was found kept.
 */
import type Anthropic from '@anthropic-ai/sdk'
import { emptyUsage, priceFor, reviewWithModel, type ModelReview, type RunClock } from '../agent/index.js'
import { gatherEvidence, NO_DOOR_TRUST, wantsEvidence, type Evidence } from '../evidence/index.js'
import { settleCarried } from '../findings/reconcile.js'
import type { Logger } from '../logger.js'
import { plural } from '../text/measure.js'
import type { Delivery, PriorReview, ReviewHost, ReviewResult } from './host.js'
import { decideFromState } from './increment.js'
import { nothingToReviewOverview } from './notes.js'
import type { ReviewOutcome, RunEnd } from './outcome.js'
import { configChangeNote } from './config.js'
import { scopeReview, type ReviewScope } from './scope.js'
import { publishingMarginMs, type ReviewSettings } from './settings.js'
import { coverageOf, pendingAfter } from './settle.js'
import { walkthroughOf } from './walkthrough.js'
import type { RunRecord } from '../state/marker.js'

export interface ReviewOptions {
  /** Makes the model client; by default one for the settings' key and base URL. */
  anthropic?: () => Anthropic
  /** Milliseconds, for the run's clock. */
  now?: () => number
}

export async function review<D>(
  host: ReviewHost<D>,
  settings: ReviewSettings,
  logger: Logger,
  options: ReviewOptions = {}
): Promise<ReviewOutcome<D>> {
  const now = options.now ?? Date.now
  // One clock for the whole run, started now; the model's part ends early enough to publish.
  const clock: RunClock = {
    deadline: now() + settings.timeLimitMs - publishingMarginMs(settings.timeLimitMs),
    limitMs: settings.timeLimitMs,
    now
  }
  const startedAt = now()
  let prior: PriorReview<D> | undefined
  let scoped: ReviewScope | undefined
  let model: ModelReview | undefined
  try {
    prior = await logger.group('Read the last review', () => host.readPrior(logger))
    const skip = skipReason(prior, settings)
    if (skip !== undefined) return skipped(prior, skip, settings)
    const known = prior
    scoped = await logger.group('Scope the review', () => scopeFor(host, known, settings, logger))
    const inScope = scoped
    if (inScope.triage.reviewable.length === 0) {
      logger.info('No reviewable file; no model call is made.')
      const result = withRunRecord(nothingToReview(known, inScope, settings), undefined, startedAt, now())
      return await publishStep(host, known, inScope, undefined, result, settings, logger)
    }
    const evidence = await evidenceFor(host, known, inScope, settings, logger)
    model = await logger.group('Review with the model', () =>
      reviewWithModel({
        ...modelInput(known, inScope, settings, logger, options),
        ...(evidence?.section ? { evidence: evidence.section } : {}),
        clock
      })
    )
    const result = withRunRecord(
      {
        ...resultOf(known, inScope, model, settings, logger),
        ...(evidence ? { evidence: evidence.reports } : {})
      },
      model,
      startedAt,
      now()
    )
    if (result.end.kind === 'fatal') return outcomeOf(known, inScope, model, result, settings)
    return await publishStep(host, known, inScope, model, result, settings, logger)
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error))
    return { ...partialOutcome(prior, scoped, model, settings), end: { kind: 'fatal', error: failure } }
  }
}

/** The result with this run's account added; a fatal end writes no state, so it keeps none. */
function withRunRecord(
  result: ReviewResult,
  model: ModelReview | undefined,
  startedAt: number,
  endedAt: number
): ReviewResult {
  const { end } = result
  if (end.kind !== 'completed' && end.kind !== 'budget' && end.kind !== 'interrupted') return result
  const usage = model?.run.usage
  const run: RunRecord = {
    at: new Date(startedAt).toISOString(),
    seconds: Math.max(0, Math.round((endedAt - startedAt) / 1000)),
    inputTokens: (usage?.inputTokens ?? 0) + (usage?.cacheReadTokens ?? 0) + (usage?.cacheWriteTokens ?? 0),
    outputTokens: usage?.outputTokens ?? 0,
    costUsd: usage?.costUsd ?? 0,
    turns: model?.run.turns ?? 0,
    reviewed: result.coverage.reviewed,
    reviewable: result.coverage.reviewable,
    end: end.kind
  }
  return { ...result, run }
}

/** Why there is nothing to do, or undefined. The host may know already; else the last state decides. */
function skipReason<D>(prior: PriorReview<D>, settings: ReviewSettings): string | undefined {
  if (prior.skip) return prior.skip.reason
  const decision = decideFromState(prior.state, prior.headSha, {
    requested: prior.requested,
    fullReview: settings.fullReview,
    againHint: prior.againHint
  })
  return decision.kind === 'already-reviewed' ? decision.reason : undefined
}

function skipped<D>(prior: PriorReview<D>, reason: string, settings: ReviewSettings): ReviewOutcome<D> {
  const delivered = prior.skip?.delivered
  return {
    end: { kind: 'skipped', reason, ...(prior.skip?.unreviewed ? { unreviewed: true as const } : {}) },
    headSha: prior.headSha,
    findings: prior.skip?.findings ?? prior.state?.findings ?? [],
    usage: emptyUsage(priceFor(settings.model)),
    notes: prior.notes,
    ...(delivered !== undefined ? { delivered } : {})
  }
}

async function scopeFor<D>(
  host: ReviewHost<D>,
  prior: PriorReview<D>,
  settings: ReviewSettings,
  logger: Logger
): Promise<ReviewScope> {
  const scope = await scopeReview(
    {
      workspace: host.workspace,
      ...(host.gitEnvironment ? { gitEnvironment: host.gitEnvironment } : {}),
      headSha: prior.headSha,
      baseSha: prior.baseSha,
      ...(prior.state ? { state: prior.state } : {}),
      fullReview: settings.fullReview,
      exclude: settings.exclude,
      ...(settings.include ? { include: settings.include } : {}),
      logger
    },
    host.diffSource(prior, logger)
  )
  const note = settings.repositoryConfig
    ? configChangeNote(scope.pullDiff.files.map(file => file.path))
    : undefined
  return note ? { ...scope, notes: [...scope.notes, note] } : scope
}

/** The tools' results for the model and a report per source; nothing when none is configured. */
async function evidenceFor<D>(
  host: ReviewHost<D>,
  prior: PriorReview<D>,
  scoped: ReviewScope,
  settings: ReviewSettings,
  logger: Logger
): Promise<Evidence | undefined> {
  const wanted = settings.evidence
  if (!wantsEvidence(wanted)) return undefined
  return logger.group('Evidence from tools', () =>
    gatherEvidence({
      settings: wanted,
      trust: prior.checksTrust ?? NO_DOOR_TRUST,
      workspace: host.workspace,
      headSha: prior.headSha,
      lineSet: scoped.lineSet,
      reviewable: scoped.triage.reviewable.map(entry => entry.file.path),
      logger
    })
  )
}

function modelInput<D>(
  prior: PriorReview<D>,
  scoped: ReviewScope,
  settings: ReviewSettings,
  logger: Logger,
  options: ReviewOptions
): Parameters<typeof reviewWithModel>[0] {
  const { increment } = scoped
  return {
    target: prior.target,
    git: scoped.git,
    headSha: prior.headSha,
    baseSha: prior.baseSha,
    ...(scoped.mergeBaseSha ? { mergeBaseSha: scoped.mergeBaseSha } : {}),
    prFiles: scoped.pullDiff.files,
    lineSet: scoped.lineSet,
    triage: scoped.triage,
    ...(prior.state
      ? {
          earlier: {
            lastReviewedSha: prior.state.lastReviewedSha,
            ...(increment.sinceSha ? { sinceSha: increment.sinceSha } : {}),
            carried: increment.carried,
            changes: increment.changes,
            carriedOver: increment.carriedOver,
            replies: prior.replies
          }
        }
      : {}),
    ...(scoped.baseReader ? { baseReader: scoped.baseReader } : {}),
    settings,
    logger,
    ...(options.anthropic ? { client: options.anthropic } : {})
  }
}

/** The run when no file needs the model: the earlier findings settled against what changed, nothing new. */
function nothingToReview<D>(
  prior: PriorReview<D>,
  scoped: ReviewScope,
  settings: ReviewSettings
): ReviewResult {
  const { increment } = scoped
  const walkthrough = walkthroughOf(prior.state, undefined, scoped, settings)
  return {
    ...(walkthrough ? { walkthrough } : {}),
    end: { kind: 'completed' },
    headSha: prior.headSha,
    findings: settleCarried(increment.carried, increment.changes, new Set(), prior.headSha),
    overview: prior.state
      ? `No reviewable change since ${prior.state.lastReviewedSha.slice(0, 7)}.`
      : nothingToReviewOverview(scoped.triage),
    notes: [...prior.notes, ...scoped.notes],
    pending: [],
    coverage: coverageOf(0, []),
    lineSet: scoped.lineSet,
    answerReplies: false
  }
}

/** What the model's review leaves for publishing: its findings, and what the next run must review whole. */
function resultOf<D>(
  prior: PriorReview<D>,
  scoped: ReviewScope,
  model: ModelReview,
  settings: ReviewSettings,
  logger: Logger
): ReviewResult {
  const reviewable = scoped.triage.reviewable.map(entry => entry.file.path)
  const failed = model.end.kind === 'fatal' || model.end.kind === 'interrupted'
  const pending = pendingAfter(prior.state, reviewable, model.uncovered, failed)
  const coverage = coverageOf(reviewable.length, pending)
  if (model.end.kind !== 'fatal') {
    logger.info(
      `Covered ${coverage.reviewed} of ${plural(reviewable.length, 'reviewable file')}` +
        (pending.length > 0 ? `; ${pending.length} pending for the next run.` : '.')
    )
  }
  const walkthrough = walkthroughOf(prior.state, model.walkthrough, scoped, settings)
  return {
    ...(walkthrough ? { walkthrough } : {}),
    ...(model.description ? { description: model.description } : {}),
    end: model.end,
    headSha: prior.headSha,
    findings: model.findings,
    overview: model.overview,
    notes: [...prior.notes, ...scoped.notes, ...model.run.coverageNotes],
    pending,
    coverage,
    lineSet: scoped.lineSet,
    answerReplies: model.end.kind !== 'interrupted'
  }
}

async function publishStep<D>(
  host: ReviewHost<D>,
  prior: PriorReview<D>,
  scoped: ReviewScope,
  model: ModelReview | undefined,
  result: ReviewResult,
  settings: ReviewSettings,
  logger: Logger
): Promise<ReviewOutcome<D>> {
  const delivery = await logger.group('Publish', () => publishSafely(host, prior, result, logger))
  return outcomeOf(prior, scoped, model, result, settings, delivery)
}

/** Publishing's failures become the delivery's error: the findings survive them. */
async function publishSafely<D>(
  host: ReviewHost<D>,
  prior: PriorReview<D>,
  result: ReviewResult,
  logger: Logger
): Promise<Delivery<D>> {
  try {
    return await host.publish(result, prior, logger)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { findings: result.findings, error: { message } }
  }
}

function outcomeOf<D>(
  prior: PriorReview<D>,
  scoped: ReviewScope,
  model: ModelReview | undefined,
  result: ReviewResult,
  settings: ReviewSettings,
  delivery?: Delivery<D>
): ReviewOutcome<D> {
  const end: RunEnd = result.end
  return {
    end,
    headSha: prior.headSha,
    // A fatal end publishes nothing and keeps nothing new: the findings are the earlier ones.
    findings: end.kind === 'fatal' ? (prior.state?.findings ?? []) : (delivery?.findings ?? result.findings),
    usage: model?.run.usage ?? emptyUsage(priceFor(settings.model)),
    notes: result.notes,
    ...(end.kind !== 'fatal' ? { overview: result.overview } : {}),
    coverage: result.coverage,
    triage: scoped.triage,
    ...(scoped.increment.sinceSha ? { sinceSha: scoped.increment.sinceSha } : {}),
    ...(model ? { agent: model.run } : {}),
    ...(delivery?.delivered !== undefined ? { delivered: delivery.delivered } : {}),
    ...(delivery?.error ? { publishError: delivery.error } : {}),
    ...(result.evidence ? { evidence: result.evidence } : {})
  }
}

/** What a run that broke had got to: the earlier findings, and the notes and triage of the steps that ended. */
function partialOutcome<D>(
  prior: PriorReview<D> | undefined,
  scoped: ReviewScope | undefined,
  model: ModelReview | undefined,
  settings: ReviewSettings
): Omit<ReviewOutcome<D>, 'end'> {
  return {
    ...(prior ? { headSha: prior.headSha } : {}),
    findings: prior?.state?.findings ?? [],
    usage: model?.run.usage ?? emptyUsage(priceFor(settings.model)),
    notes: [...(prior?.notes ?? []), ...(scoped?.notes ?? []), ...(model?.run.coverageNotes ?? [])],
    ...(scoped ? { triage: scoped.triage } : {}),
    ...(model ? { agent: model.run } : {})
  }
}
