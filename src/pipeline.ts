import type Anthropic from '@anthropic-ai/sdk'
import { budgetLimits, type BudgetKind } from './agent/budgets.js'
import { createAnthropic } from './agent/client.js'
import { readGuidance } from './agent/context.js'
import type { AgentRun } from './agent/loop.js'
import { emptyUsage, priceFor, type Usage } from './agent/pricing.js'
import { reviewWithAgent, type AgentReview } from './agent/review.js'
import type { ReviewRequest } from './context.js'
import { DiffLineSet } from './diff/line-set.js'
import type { ApiFile } from './diff/model.js'
import { loadPullDiff, type PullDiff } from './diff/source.js'
import { triage, type TriageResult } from './diff/triage.js'
import { ConfigurationError, errorMessage, httpStatus } from './errors.js'
import type { Finding } from './findings/finding.js'
import { settleCarried } from './findings/reconcile.js'
import { createGit, type Git } from './git/git.js'
import type { Octokit } from './github/client.js'
import { fetchViewerLogin } from './github/identity.js'
import { getMergeBase, getPullRequest, listPullFiles, type PullRequestInfo } from './github/pulls.js'
import { listReviews } from './github/reviews.js'
import type { Settings } from './inputs.js'
import type { Logger } from './logger.js'
import type { ReviewCoverage } from './review/body.js'
import type { PendingFile, ReviewState } from './review/marker.js'
import { readState } from './review/read-state.js'
import { fallbackSummary, nothingToReviewSummary, skippedFilesNote } from './review/notes.js'
import { PublishError, publishReview, type PublishResult } from './review/publish.js'
import {
  decideFromState,
  lineChangesForAgent,
  scopeOfReview,
  statusChanged,
  type PriorDecision,
  type Scope
} from './rereview.js'

export interface PipelineOptions {
  settings: Settings
  request: ReviewRequest
  octokit: Octokit
  graphqlUrl: string
  workspace: string
  logger: Logger
  /** Created on first use, so a run that needs no model never builds a client. */
  anthropic?: () => Anthropic
}

/**
 * Every way a run ends. What each one posts, remembers and exits with:
 *
 *   skipped      nothing to do (closed PR, head already reviewed, nothing new)   nothing    untouched   success
 *   completed    the model published, or ended its turn                          review     head        success
 *   budget       a budget ran out                                                 review     head, uncovered files pending   success
 *   fatal        the model failed before any finding, or a step broke             nothing    untouched   failure
 *   interrupted  the model failed after findings were made                       review (says so)  every file of this run pending   failure
 */
export type RunEnd =
  | { kind: 'skipped'; reason: string }
  | { kind: 'completed' }
  | { kind: 'budget'; budget: BudgetKind }
  | { kind: 'fatal'; error: Error }
  | { kind: 'interrupted'; error: Error }

/** Everything one run produced, whether or not it posted; main turns it into the summary and outputs. */
export interface ReviewOutcome {
  prNumber: number
  headSha?: string
  end: RunEnd
  findings: Finding[]
  usage: Usage
  coverageNotes: string[]
  /** What the model saw of this run's reviewable files; absent when no review was attempted. */
  coverage?: ReviewCoverage
  triage?: TriageResult
  agent?: AgentRun
  publish?: PublishResult
  /** Posting failed; the findings are still in the summary and the findings file. */
  publishError?: { message: string; status?: number }
}

/** What the last review left, and whether this run has anything to do. */
export interface PriorState {
  pr: PullRequestInfo
  headSha: string
  baseSha: string
  viewerLogin: string
  state?: ReviewState
  decision: PriorDecision
  /** Set when there is nothing to review. */
  skip?: string
  notes: string[]
}

/** What this run reviews. */
export interface ReviewScope {
  git: Git
  pullDiff: PullDiff
  lineSet: DiffLineSet
  mergeBaseSha?: string
  scope: Scope
  triage: TriageResult
  notes: string[]
}

/** The commit this run reviews: the event's head for pull_request (what the run was started for), else the PR's head now. */
function reviewedCommits(request: ReviewRequest, pr: PullRequestInfo): { headSha: string; baseSha: string } {
  if (request.kind === 'pull_request') return { headSha: request.headSha, baseSha: request.baseSha }
  return { headSha: pr.headSha, baseSha: pr.baseSha }
}

/** The pull request, Redline's identity and its last review's state, and whether there is anything to do. */
export async function readPriorState(options: PipelineOptions): Promise<PriorState> {
  const { octokit, request, settings, logger } = options
  const { repository, prNumber } = request
  const pr = await getPullRequest(octokit, repository, prNumber).catch((error: unknown) => {
    if (httpStatus(error) === 404) {
      throw new ConfigurationError(
        `Pull request #${prNumber} was not found in ${repository.owner}/${repository.repo} (or the token cannot read it).`
      )
    }
    throw error
  })
  const { headSha, baseSha } = reviewedCommits(request, pr)
  const viewerLogin = await fetchViewerLogin(octokit, options.graphqlUrl)
  const prior: PriorState = { pr, headSha, baseSha, viewerLogin, decision: { kind: 'first' }, notes: [] }
  if (pr.state !== 'open') return { ...prior, skip: `PR #${prNumber} is ${pr.state}; nothing to review.` }

  const reviews = await listReviews(octokit, { ...repository, prNumber })
  const { state, warnings } = readState(reviews, viewerLogin, logger)
  prior.notes.push(...warnings)
  if (state) {
    prior.state = state
    const pending = state.pendingAll ? 'every file' : plural(state.pending?.length ?? 0, 'file')
    logger.info(`Last review: ${state.lastReviewedSha.slice(0, 7)}, ${pending} pending.`)
  }
  prior.decision = decideFromState(state, headSha, {
    trigger: request.kind,
    fullReview: settings.fullReview
  })
  if (prior.decision.kind === 'already-reviewed') prior.skip = prior.decision.reason
  return prior
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

async function mergeBaseOf(
  options: PipelineOptions,
  baseSha: string,
  headSha: string
): Promise<string | undefined> {
  try {
    return await getMergeBase(options.octokit, options.request.repository, baseSha, headSha)
  } catch (error) {
    options.logger.warning(
      `The compare API did not give the merge base (${errorMessage(error)}); asking git.`
    )
    return undefined
  }
}

/** Where the merge base and, when git cannot diff, the files come from: GitHub for the action, git for the CLI. */
export interface PullSource {
  mergeBase(baseSha: string, headSha: string): Promise<string | undefined>
  listFiles(): Promise<ApiFile[]>
}

function gitHubSource(options: PipelineOptions): PullSource {
  return {
    mergeBase: (baseSha, headSha) => mergeBaseOf(options, baseSha, headSha),
    listFiles: () => listPullFiles(options.octokit, options.request.repository, options.request.prNumber)
  }
}

/** The PR diff, its comment lines, what changed since the last review, and what of it is worth a model call. */
export async function scopeReview(
  options: Pick<PipelineOptions, 'settings' | 'workspace' | 'logger'>,
  prior: Pick<PriorState, 'headSha' | 'baseSha' | 'state'>,
  source: PullSource
): Promise<ReviewScope> {
  const { settings, logger } = options
  const { headSha, baseSha, state } = prior
  const git = createGit(options.workspace, logger)
  const mergeBaseSha = await source.mergeBase(baseSha, headSha)
  const pullDiff = await loadPullDiff({
    git,
    headSha,
    baseSha,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    logger,
    fallback: () => source.listFiles()
  })
  const notes = [...pullDiff.notes]
  const lineSet = DiffLineSet.fromFiles(pullDiff.files)
  const scope = await scopeOfReview({
    git,
    prFiles: pullDiff.files,
    state,
    headSha,
    fullReview: settings.fullReview,
    logger
  })
  notes.push(...scope.notes)
  const triaged = triage(scope.files, { exclude: settings.exclude })
  if (triaged.skipped.length > 0) notes.push(skippedFilesNote(triaged))
  for (const skipped of triaged.skipped) logger.debug(`Skipped ${skipped.path}: ${skipped.reason}`)
  logger.info(
    `${plural(triaged.reviewable.length, 'file')} to review, ${triaged.skipped.length} skipped` +
      (scope.sinceSha ? ` (changes since ${scope.sinceSha.slice(0, 7)})` : '') +
      (scope.carriedOver.length > 0 ? `, ${scope.carriedOver.length} carried over` : '') +
      '.'
  )
  return {
    git,
    pullDiff,
    lineSet,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    scope,
    triage: triaged,
    notes
  }
}

/**
 * Guidance comes from the base branch's tip, which the author of the pull request does not control. The diff
 * needs only the merge base, so the tip is fetched here; without it there is no guidance, never the head's.
 */
async function readGuidanceAtBase(git: Git, baseSha: string, logger: Logger) {
  try {
    await git.fetchShas([baseSha])
  } catch (error) {
    logger.warning(`Could not fetch the base commit for repository guidance: ${errorMessage(error)}`)
    return []
  }
  return readGuidance(git, baseSha, logger)
}

export async function runModel(
  options: Pick<PipelineOptions, 'settings' | 'request' | 'logger' | 'anthropic'>,
  prior: Pick<PriorState, 'pr' | 'headSha' | 'baseSha' | 'state'>,
  scoped: ReviewScope
) {
  const { settings, request, logger } = options
  const { pr, headSha, baseSha, state } = prior
  const { scope } = scoped
  const guidance = await readGuidanceAtBase(scoped.git, baseSha, logger)
  const client = (
    options.anthropic ??
    (() =>
      createAnthropic({
        apiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {})
      }))
  )()
  const reReview =
    scope.sinceSha || scope.carried.length > 0 || scope.carriedOver.length > 0
      ? {
          reReview: {
            sinceSha: scope.sinceSha ?? state?.lastReviewedSha ?? headSha,
            findings: scope.carried,
            lineChanges: lineChangesForAgent(scope.changes),
            carriedOver: scope.carriedOver
          }
        }
      : {}
  return reviewWithAgent({
    client,
    model: settings.model,
    budget: budgetLimits(settings.budget),
    git: scoped.git,
    headSha,
    baseSha: scoped.mergeBaseSha ?? baseSha,
    prFiles: scoped.pullDiff.files,
    lineSet: scoped.lineSet,
    triage: scoped.triage,
    carried: scope.carried,
    context: {
      repository: `${request.repository.owner}/${request.repository.repo}`,
      pr: {
        number: request.prNumber,
        title: pr.title,
        body: pr.body,
        author: pr.author,
        baseRef: pr.baseRef,
        headRef: pr.headRef
      },
      guidance,
      instructions: settings.instructions,
      minSeverity: settings.minSeverity,
      maxComments: settings.maxComments,
      ...reReview
    },
    logger
  })
}

/** How the model's part ended, in the terms of RunEnd. */
export function endOfReview(review: AgentReview): RunEnd {
  const { run } = review
  if (run.failure) {
    // Nothing recorded: nothing worth posting, and a re-run loses nothing.
    return review.touched.length === 0
      ? { kind: 'fatal', error: run.failure }
      : { kind: 'interrupted', error: run.failure }
  }
  if (run.budgetExhausted) return { kind: 'budget', budget: run.budgetExhausted }
  return { kind: 'completed' }
}

/**
 * The files the next run must review whole: what this run's model did not see, or, when it was interrupted,
 * everything it was to review. Each keeps the last commit at which it had been covered, if any.
 */
export function pendingAfter(
  state: ReviewState | undefined,
  reviewable: readonly string[],
  uncovered: readonly string[],
  interrupted: boolean
): PendingFile[] {
  const before = new Map((state?.pending ?? []).map(file => [file.path, file]))
  const paths = interrupted ? reviewable : uncovered
  return paths.map(path => {
    const earlier = before.get(path)
    if (earlier) return { ...earlier }
    // Not pending last time: covered up to the last reviewed commit.
    return state && !state.pendingAll ? { path, coveredSha: state.lastReviewedSha } : { path }
  })
}

function coverageOf(reviewable: number, pending: readonly PendingFile[]): ReviewCoverage {
  return { reviewed: reviewable - pending.length, reviewable, pending: pending.map(file => file.path) }
}

async function publish(
  options: PipelineOptions,
  prior: PriorState,
  scoped: ReviewScope,
  input: {
    findings: Finding[]
    summary: string
    notes: string[]
    pending: PendingFile[]
    coverage: ReviewCoverage
    interrupted?: string
    budgetRanOut?: string
  }
): Promise<PublishResult> {
  const { settings, octokit, request, logger } = options
  return publishReview({
    octokit,
    graphqlUrl: options.graphqlUrl,
    repository: request.repository,
    prNumber: request.prNumber,
    commitSha: prior.headSha,
    findings: input.findings,
    summary: input.summary,
    coverageNotes: input.notes,
    lineSet: scoped.lineSet,
    settings: {
      minSeverity: settings.minSeverity,
      maxComments: settings.maxComments,
      dryRun: settings.dryRun
    },
    ...(prior.state ? { previousState: prior.state } : {}),
    pending: input.pending,
    coverage: input.coverage,
    ...(input.interrupted !== undefined ? { interrupted: input.interrupted } : {}),
    ...(input.budgetRanOut !== undefined ? { budgetRanOut: input.budgetRanOut } : {}),
    viewerLogin: prior.viewerLogin,
    logger
  })
}

/**
 * One review of one pull request, as named steps: read the prior state, scope the review, review with the
 * model, publish. Never throws: a step that breaks ends the run as `fatal`, with what was found kept.
 */
export async function reviewPullRequest(options: PipelineOptions): Promise<ReviewOutcome> {
  const { settings, request, logger } = options
  const outcome: ReviewOutcome = {
    prNumber: request.prNumber,
    end: { kind: 'completed' },
    findings: [],
    usage: emptyUsage(priceFor(settings.model)),
    coverageNotes: []
  }
  try {
    const prior = await logger.group('Read the last review', () => readPriorState(options))
    outcome.headSha = prior.headSha
    outcome.coverageNotes.push(...prior.notes)
    outcome.findings = prior.state?.findings ?? []
    if (prior.skip) return { ...outcome, end: { kind: 'skipped', reason: prior.skip } }

    const scoped = await logger.group('Scope the review', () =>
      scopeReview(options, prior, gitHubSource(options))
    )
    outcome.coverageNotes.push(...scoped.notes)
    outcome.triage = scoped.triage
    const { scope, triage: triaged } = scoped
    const reviewable = triaged.reviewable.map(entry => entry.file.path)

    if (reviewable.length === 0) {
      const findings = settleCarried(scope.carried, scope.changes, new Set(), prior.headSha)
      outcome.findings = findings
      outcome.coverage = coverageOf(0, [])
      if (prior.state && !statusChanged(prior.state.findings, findings)) {
        return {
          ...outcome,
          end: { kind: 'skipped', reason: 'Nothing reviewable changed since the last review.' }
        }
      }
      logger.info('No reviewable file; no model call is made.')
      await logger.group('Publish', async () => {
        await publishInto(outcome, () =>
          publish(options, prior, scoped, {
            findings,
            summary: nothingToReviewSummary(triaged),
            notes: outcome.coverageNotes,
            pending: [],
            coverage: coverageOf(0, [])
          })
        )
      })
      return outcome
    }

    const review = await logger.group('Review with the model', () => runModel(options, prior, scoped))
    outcome.agent = review.run
    outcome.usage = review.run.usage
    outcome.coverageNotes.push(...review.run.coverageNotes)
    const end = endOfReview(review)
    outcome.end = end
    if (end.kind === 'fatal') {
      outcome.coverage = coverageOf(
        reviewable.length,
        pendingAfter(prior.state, reviewable, reviewable, true)
      )
      return outcome
    }
    const interrupted = end.kind === 'interrupted'
    const findings = settleCarried(review.findings, scope.changes, new Set(review.touched), prior.headSha)
    outcome.findings = findings
    const pending = pendingAfter(prior.state, reviewable, review.uncovered, interrupted)
    outcome.coverage = coverageOf(reviewable.length, pending)
    logger.info(
      `Covered ${outcome.coverage.reviewed} of ${plural(reviewable.length, 'reviewable file')}` +
        (pending.length > 0 ? `; ${pending.length} pending for the next run.` : '.')
    )
    await logger.group('Publish', async () => {
      await publishInto(outcome, () =>
        publish(options, prior, scoped, {
          findings,
          summary: review.run.summary ?? fallbackSummary(findings, review.run),
          notes: outcome.coverageNotes,
          pending,
          coverage: outcome.coverage as ReviewCoverage,
          ...(interrupted ? { interrupted: end.error.message } : {}),
          ...(end.kind === 'budget' ? { budgetRanOut: end.budget } : {})
        })
      )
    })
    return outcome
  } catch (error) {
    return {
      ...outcome,
      end: { kind: 'fatal', error: error instanceof Error ? error : new Error(String(error)) }
    }
  }
}

/** Posts, recording the result or the failure in the outcome; the findings survive either way. */
async function publishInto(outcome: ReviewOutcome, post: () => Promise<PublishResult>): Promise<void> {
  try {
    const result = await post()
    outcome.publish = result
    outcome.findings = result.findings
  } catch (error) {
    const status = error instanceof PublishError ? error.status : httpStatus(error)
    outcome.publishError =
      status === undefined ? { message: errorMessage(error) } : { message: errorMessage(error), status }
    if (error instanceof PublishError) {
      outcome.publish = error.result
      outcome.findings = error.result.findings
    }
  }
}
