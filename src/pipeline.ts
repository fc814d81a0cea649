import type Anthropic from '@anthropic-ai/sdk'
import { budgetLimits, runLimits, type BudgetKind } from './agent/budgets.js'
import { RateLimitSignal } from './agent/passes.js'
import { createAnthropic } from './agent/client.js'
import { guidanceCandidates, guidanceFrom, type GuidanceFile } from './agent/first-message.js'
import { fallbackSummary, type AgentRun } from './agent/loop.js'
import { emptyUsage, priceFor, type Usage } from './agent/pricing.js'
import { planReview, reviewWithAgent, type AgentReview } from './agent/review.js'
import { symbolReferences } from './agent/symbols.js'
import type { ReviewRequest } from './event.js'
import { DiffLineSet } from './diff/line-set.js'
import type { ApiFileList } from './diff/model.js'
import { renderAhead } from './diff/prompt-diff.js'
import { loadPullDiff, type PullDiff } from './diff/source.js'
import { triage, triageFile, type TriageResult } from './diff/triage.js'
import { ConfigurationError, errorMessage, httpStatus } from './errors.js'
import type { Finding } from './findings/finding.js'
import { settleCarried } from './findings/reconcile.js'
import { createGit, type BlobReader, type Git } from './git/git.js'
import type { Octokit } from './github/client.js'
import { fetchViewerLogin } from './github/identity.js'
import { getMergeBase, getPullRequest, listPullFiles, type PullRequestInfo } from './github/pulls.js'
import { listReviews } from './github/reviews.js'
import type { Settings } from './inputs.js'
import type { Logger } from './logger.js'
import type { ReviewCoverage } from './review/body.js'
import type { PendingFile, ReviewState } from './review/marker.js'
import { readConversations, type FindingReply } from './review/conversations.js'
import { plural } from './review/markdown.js'
import { readState } from './review/read-state.js'
import { decodeMarker } from './review/marker.js'
import { reviewOfRun } from './review/deliver.js'
import { readThreadActivity } from './github/threads.js'
import { readLinesAt } from './agent/tools/repo-tools.js'
import { nothingToReviewSummary, skippedFilesNote } from './review/notes.js'
import { PublishError, publishReview, type PublishResult } from './review/publish.js'
import {
  decideFromState,
  lineChangesForAgent,
  scopeOfReview,
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
  /** The id written into the review's marker; one per workflow run's job (see workflowRunId). */
  runId?: string
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
  /** The review an earlier attempt of this workflow run posted, when this attempt found it and stopped. */
  earlierReview?: { id: number; url: string; findings: Finding[] }
}

/** What the last review left, and whether this run has anything to do. */
export interface PriorState {
  pr: PullRequestInfo
  headSha: string
  baseSha: string
  viewerLogin: string
  /** The last state, with findings whose thread a person resolved marked dismissed. */
  state?: ReviewState
  /** The review the state came from. */
  stateReviewId?: number
  /** People's replies since the last review, per finding id. */
  replies: Map<string, FindingReply[]>
  /** The highest reply id once these replies are answered. */
  repliesSeen?: number
  decision: PriorDecision
  /** Set when there is nothing to review. */
  skip?: string
  /** The review an earlier attempt of this workflow run already posted for this head. */
  earlierReview?: { id: number; url: string; findings: Finding[] }
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
  /** The repository guidance at the base, being read since triage found files to review (see runModel). */
  guidance: Promise<GuidanceFile[]>
}

/** The commit this run reviews: the event's head for pull_request (what the run was started for), else the PR's head now. */
function reviewedCommits(request: ReviewRequest, pr: PullRequestInfo): { headSha: string; baseSha: string } {
  if (request.kind === 'pull_request') return { headSha: request.headSha, baseSha: request.baseSha }
  return { headSha: pr.headSha, baseSha: pr.baseSha }
}

/** The pull request, Redline's identity and its last review's state, and whether there is anything to do. */
export async function readPriorState(options: PipelineOptions): Promise<PriorState> {
  const { octokit, request, settings, logger } = options
  const ref = request.pr
  const pr = await getPullRequest(octokit, ref).catch((error: unknown) => {
    if (httpStatus(error) === 404) {
      throw new ConfigurationError(
        `Pull request #${ref.prNumber} was not found in ${ref.owner}/${ref.repo} (or the token cannot read it).`
      )
    }
    throw error
  })
  const { headSha, baseSha } = reviewedCommits(request, pr)
  const viewerLogin = await fetchViewerLogin(octokit, options.graphqlUrl)
  const prior: PriorState = {
    pr,
    headSha,
    baseSha,
    viewerLogin,
    replies: new Map(),
    decision: { kind: 'first' },
    notes: []
  }
  if (pr.state !== 'open') return { ...prior, skip: `PR #${ref.prNumber} is ${pr.state}; nothing to review.` }

  const reviews = await listReviews(octokit, ref)
  const { state: stored, reviewId, warnings } = readState(reviews, viewerLogin, logger)
  prior.notes.push(...warnings)
  const earlier = options.runId ? reviewOfRun(reviews, viewerLogin, options.runId) : undefined
  if (earlier && earlier.commit_id === headSha) {
    const marker = decodeMarker(earlier.body)
    return {
      ...prior,
      earlierReview: {
        id: earlier.id,
        url: earlier.html_url,
        findings: marker.kind === 'ok' ? marker.state.findings : []
      },
      skip: `An earlier attempt of this workflow run already posted review ${earlier.html_url}; not posting another.`
    }
  }
  const state = stored && (await withConversations(options, prior, stored))
  if (state) {
    prior.state = state
    if (reviewId !== undefined) prior.stateReviewId = reviewId
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

/** Applies what people did in Redline's threads: hand-resolved threads dismiss, replies go to the reviewer. */
async function withConversations(
  options: PipelineOptions,
  prior: PriorState,
  state: ReviewState
): Promise<ReviewState> {
  const commentIds = state.findings
    .filter(finding => finding.status === 'open' && finding.commentId !== undefined)
    .map(finding => finding.commentId as number)
  if (commentIds.length === 0) return state
  const { request, logger } = options
  let threads
  try {
    threads = await readThreadActivity(options.octokit, options.graphqlUrl, request.pr, commentIds)
  } catch (error) {
    logger.warning(`Could not read Redline's review threads: ${errorMessage(error)}`)
    return state
  }
  const conversations = readConversations(state.findings, threads, prior.viewerLogin, state.repliesSeen)
  for (const id of conversations.dismissedByPeople) {
    const finding = conversations.findings.find(f => f.id === id)
    logger.info(`Finding ${id} is dismissed: ${finding?.note ?? 'its thread was resolved'}.`)
  }
  if (conversations.replies.size > 0)
    logger.info(`New replies in ${plural(conversations.replies.size, 'thread')}.`)
  prior.replies = conversations.replies
  if (conversations.repliesSeen !== undefined) prior.repliesSeen = conversations.repliesSeen
  return { ...state, findings: conversations.findings }
}

async function mergeBaseOf(
  options: PipelineOptions,
  baseSha: string,
  headSha: string
): Promise<string | undefined> {
  try {
    return await getMergeBase(options.octokit, options.request.pr, baseSha, headSha)
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
  listFiles(): Promise<ApiFileList>
  /** Brings the head's objects into the checkout when the workspace does not hold them. */
  fetchHead?(git: Git, headSha: string): Promise<void>
}

function gitHubSource(options: PipelineOptions): PullSource {
  const { request, logger } = options
  return {
    mergeBase: (baseSha, headSha) => mergeBaseOf(options, baseSha, headSha),
    listFiles: () => listPullFiles(options.octokit, request.pr),
    ...(request.kind === 'pull_request' && request.event === 'pull_request_target'
      ? { fetchHead: (git: Git, headSha: string) => fetchPullHead(git, request.pr.prNumber, headSha, logger) }
      : {})
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
  await source.fetchHead?.(git, headSha)
  const mergeBaseSha = await source.mergeBase(baseSha, headSha)
  // Files are rendered ahead as triage decides them, and triage takes those decisions; a review that follows
  // an earlier one shows what changed since, mostly, and renders no file of this diff.
  const decide = triageFile({ exclude: settings.exclude })
  const firstReview = !state || settings.fullReview
  const diffing = loadPullDiff({
    git,
    headSha,
    baseSha,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    logger,
    fallback: () => source.listFiles(),
    ...(firstReview ? { onFile: renderAhead(decide) } : {})
  })
  // git is diffing by now; the guidance's reader starts beside it, and reads once triage found work.
  const guidanceReader = git.openBlobReader()
  let guidance: Promise<GuidanceFile[]> | undefined
  try {
    const pullDiff = await diffing
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
    const triaged = triage(scope.files, decide)
    if (triaged.skipped.length > 0) notes.push(skippedFilesNote(triaged))
    for (const skipped of triaged.skipped) logger.debug(`Skipped ${skipped.path}: ${skipped.reason}`)
    logger.info(
      `${plural(triaged.reviewable.length, 'file')} to review, ${triaged.skipped.length} skipped` +
        (scope.sinceSha ? ` (changes since ${scope.sinceSha.slice(0, 7)})` : '') +
        (scope.carriedOver.length > 0 ? `, ${scope.carriedOver.length} carried over` : '') +
        '.'
    )
    if (triaged.reviewable.length > 0) {
      const changedPaths = pullDiff.files.map(file => file.path)
      guidance = readGuidanceAtBase(git, baseSha, logger, changedPaths, guidanceReader)
    }
    return {
      git,
      pullDiff,
      lineSet,
      ...(mergeBaseSha ? { mergeBaseSha } : {}),
      scope,
      triage: triaged,
      notes,
      guidance: guidance ?? Promise.resolve([])
    }
  } finally {
    // readGuidanceAtBase closes the reader when it is done; without it, nothing else would.
    if (!guidance) guidanceReader.close()
  }
}

/**
 * Under pull_request_target the workspace is the base branch and the head, often a fork's, is not in it.
 * It is fetched from refs/pull/N/head as objects only: never checked out, so nothing from the pull request
 * runs or replaces a file of the workspace. If the pull request moved on since the event, the event's
 * commit is fetched by id.
 */
async function fetchPullHead(git: Git, prNumber: number, headSha: string, logger: Logger): Promise<void> {
  try {
    if (!(await git.isRepository([headSha])) || (await git.hasCommit(headSha))) return
    await git.fetchRef(`refs/pull/${prNumber}/head`)
    if (!(await git.hasCommit(headSha))) await git.fetchShas([headSha])
  } catch (error) {
    // The diff is loaded next, and falls back to the files API when git cannot give it.
    logger.warning(`Could not fetch the head from refs/pull/${prNumber}/head: ${errorMessage(error)}`)
  }
}

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

export async function runModel(
  options: Pick<PipelineOptions, 'settings' | 'request' | 'logger' | 'anthropic'>,
  prior: Pick<PriorState, 'pr' | 'headSha' | 'baseSha' | 'state' | 'replies'>,
  scoped: ReviewScope
) {
  const { settings, request, logger } = options
  const { pr, headSha, baseSha, state } = prior
  const { scope } = scoped
  // Each reads its own commit with git processes of its own: neither waits for the other.
  const reading = Promise.all([
    scoped.guidance,
    symbolReferences(
      scoped.git,
      headSha,
      scoped.triage.reviewable.map(entry => entry.file),
      logger
    )
  ])
  const batches = planReview(scoped.triage)
  const [guidance, symbols] = await reading
  const rateLimits = new RateLimitSignal()
  const client = (
    options.anthropic ??
    (() =>
      createAnthropic({
        apiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {}),
        onRateLimited: () => rateLimits.record()
      }))
  )()
  const reReview =
    scope.sinceSha || scope.carried.length > 0 || scope.carriedOver.length > 0
      ? {
          reReview: {
            sinceSha: scope.sinceSha ?? state?.lastReviewedSha ?? headSha,
            findings: scope.carried,
            lineChanges: lineChangesForAgent(scope.changes),
            carriedOver: scope.carriedOver,
            currentText: await currentTextOf(scoped.git, headSha, scope.carried),
            replies: Object.fromEntries(
              [...prior.replies].map(([id, replies]) => [
                id,
                replies.map(r => ({ author: r.author, body: r.body }))
              ])
            )
          }
        }
      : {}
  return reviewWithAgent({
    client,
    model: settings.model,
    budget: budgetLimits(settings.budget),
    run: runLimits(settings.budget),
    rateLimits,
    git: scoped.git,
    headSha,
    baseSha: scoped.mergeBaseSha ?? baseSha,
    prFiles: scoped.pullDiff.files,
    lineSet: scoped.lineSet,
    triage: scoped.triage,
    batches,
    carried: scope.carried,
    verify: settings.verifyFindings,
    context: {
      repository: `${request.pr.owner}/${request.pr.repo}`,
      pr: {
        number: request.pr.prNumber,
        title: pr.title,
        body: pr.body,
        author: pr.author,
        baseRef: pr.baseRef,
        headRef: pr.headRef
      },
      guidance,
      instructions: settings.instructions,
      symbols,
      ...reReview
    },
    logger
  })
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

/** What the model's review leaves, for the action and the CLI alike. */
export interface SettledReview {
  end: RunEnd
  /** Every finding at the head, carried ones settled against what changed (unused when the end is fatal). */
  findings: Finding[]
  /** What the next run reviews whole; every reviewable file when the run failed or was interrupted. */
  pending: PendingFile[]
  coverage: ReviewCoverage
}

export function settleReview(input: {
  state: ReviewState | undefined
  scope: Scope
  review: AgentReview
  headSha: string
  reviewable: readonly string[]
}): SettledReview {
  const { review, reviewable } = input
  const end = endOfReview(review)
  const failed = end.kind === 'fatal' || end.kind === 'interrupted'
  const pending = pendingAfter(input.state, reviewable, review.uncovered, failed)
  const findings = settleCarried(review.findings, input.scope.changes, new Set(review.touched), input.headSha)
  return { end, findings, pending, coverage: coverageOf(reviewable.length, pending) }
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
    /** Whether the reviewer saw people's replies through to the end, so they are answered now. */
    answerReplies: boolean
  }
): Promise<PublishResult> {
  const { settings, octokit, request, logger } = options
  return publishReview({
    octokit,
    graphqlUrl: options.graphqlUrl,
    pr: request.pr,
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
    ...(prior.stateReviewId !== undefined ? { previousReviewId: prior.stateReviewId } : {}),
    ...(input.answerReplies
      ? {
          replies: prior.replies,
          ...(prior.repliesSeen !== undefined ? { repliesSeen: prior.repliesSeen } : {})
        }
      : {}),
    pending: input.pending,
    coverage: input.coverage,
    ...(input.interrupted !== undefined ? { interrupted: input.interrupted } : {}),
    ...(input.budgetRanOut !== undefined ? { budgetRanOut: input.budgetRanOut } : {}),
    viewerLogin: prior.viewerLogin,
    ...(options.runId ? { runId: options.runId } : {}),
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
    prNumber: request.pr.prNumber,
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
    if (prior.earlierReview) {
      const { earlierReview } = prior
      return {
        ...outcome,
        findings: earlierReview.findings,
        earlierReview,
        end: { kind: 'skipped', reason: prior.skip ?? '' }
      }
    }
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
      logger.info('No reviewable file; no model call is made.')
      const summary = prior.state
        ? `No reviewable change since ${prior.state.lastReviewedSha.slice(0, 7)}.`
        : nothingToReviewSummary(triaged)
      await logger.group('Publish', async () => {
        await publishInto(outcome, () =>
          publish(options, prior, scoped, {
            findings,
            summary,
            notes: outcome.coverageNotes,
            pending: [],
            coverage: coverageOf(0, []),
            answerReplies: false
          })
        )
      })
      return outcome
    }

    const review = await logger.group('Review with the model', () => runModel(options, prior, scoped))
    outcome.agent = review.run
    outcome.usage = review.run.usage
    outcome.coverageNotes.push(...review.run.coverageNotes)
    const { end, findings, pending, coverage } = settleReview({
      state: prior.state,
      scope,
      review,
      headSha: prior.headSha,
      reviewable
    })
    outcome.end = end
    outcome.coverage = coverage
    if (end.kind === 'fatal') return outcome
    const interrupted = end.kind === 'interrupted'
    outcome.findings = findings
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
          coverage,
          ...(interrupted ? { interrupted: end.error.message } : {}),
          ...(end.kind === 'budget' ? { budgetRanOut: end.budget } : {}),
          answerReplies: !interrupted
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
