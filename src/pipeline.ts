import type Anthropic from '@anthropic-ai/sdk'
import { budgetLimits } from './agent/budgets.js'
import { createAnthropic } from './agent/client.js'
import { buildFirstUserContent, readGuidance } from './agent/context.js'
import { runAgent, type AgentRun } from './agent/loop.js'
import { emptyUsage, priceFor, type Usage } from './agent/pricing.js'
import { SYSTEM_PROMPT } from './agent/prompt.js'
import { findingTools } from './agent/tools/finding-tools.js'
import { ToolRegistry } from './agent/tools/registry.js'
import { readLinesAt, repoTools } from './agent/tools/repo-tools.js'
import type { ReviewRequest } from './context.js'
import { DiffLineSet } from './diff/line-set.js'
import { loadPullDiff } from './diff/source.js'
import { triage, type TriageResult } from './diff/triage.js'
import { ConfigurationError, errorMessage } from './errors.js'
import type { Finding } from './findings/finding.js'
import { settleCarried } from './findings/reconcile.js'
import { FindingsStore } from './findings/store.js'
import { createGit, type Git } from './git/git.js'
import type { Octokit } from './github/client.js'
import { fetchViewerLogin } from './github/identity.js'
import { getMergeBase, getPullRequest, listPullFiles, type PullRequestInfo } from './github/pulls.js'
import { listReviews } from './github/reviews.js'
import type { Settings } from './inputs.js'
import type { Logger } from './logger.js'
import { decodeMarker } from './review/marker.js'
import { reviewOfRun } from './review/post-review.js'
import { readState } from './review/read-state.js'
import { fallbackSummary, nothingToReviewSummary, skippedFilesNote } from './review/notes.js'
import { PublishError, publishReview, type PublishResult } from './review/publish.js'
import { lineChangesForAgent, scopeOfReview, statusChanged } from './rereview.js'

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

/** Everything one run produced, whether or not it posted; main turns it into the summary and outputs. */
export interface ReviewOutcome {
  prNumber: number
  headSha?: string
  /** Why nothing was reviewed, when nothing was. */
  skipped?: string
  findings: Finding[]
  usage: Usage
  coverageNotes: string[]
  triage?: TriageResult
  agent?: AgentRun
  publish?: PublishResult
  /** Posting failed; the findings are still in the summary and the findings file. */
  publishError?: string
  /** The review an earlier attempt of this workflow run posted, when this attempt found it and stopped. */
  earlierReview?: { id: number; url: string }
}

function noUsage(settings: Settings): Usage {
  return emptyUsage(priceFor(settings.model))
}

/** The commit this run reviews: the event's head for pull_request (what the run was started for), else the PR's head now. */
function reviewedCommits(request: ReviewRequest, pr: PullRequestInfo): { headSha: string; baseSha: string } {
  if (request.kind === 'pull_request') return { headSha: request.headSha, baseSha: request.baseSha }
  return { headSha: pr.headSha, baseSha: pr.baseSha }
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

/**
 * Under pull_request_target the workspace is the base branch and the head, often a fork's, is not in it.
 * It is fetched from refs/pull/N/head as objects only: never checked out, so nothing from the pull request
 * runs or replaces a file of the workspace. If the pull request moved on since the event, the event's
 * commit is fetched by id.
 */
async function fetchPullHead(git: Git, prNumber: number, headSha: string, logger: Logger): Promise<void> {
  try {
    if (!(await git.isRepository()) || (await git.hasCommit(headSha))) return
    await git.fetchRef(`refs/pull/${prNumber}/head`)
    if (!(await git.hasCommit(headSha))) await git.fetchShas([headSha])
  } catch (error) {
    // The diff is loaded next, and falls back to the files API when git cannot give it.
    logger.warning(`Could not fetch the head from refs/pull/${prNumber}/head: ${errorMessage(error)}`)
  }
}

/** One review of one pull request: state → diff → agent → publish. Throws only for what it cannot report. */
export async function reviewPullRequest(options: PipelineOptions): Promise<ReviewOutcome> {
  const { settings, request, octokit, logger } = options
  const repository = request.repository
  const prNumber = request.prNumber
  const outcome: ReviewOutcome = { prNumber, findings: [], usage: noUsage(settings), coverageNotes: [] }

  const pr = await getPullRequest(octokit, repository, prNumber).catch((error: unknown) => {
    if ((error as { status?: number }).status === 404) {
      throw new ConfigurationError(
        `Pull request #${prNumber} was not found in ${repository.owner}/${repository.repo} (or the token cannot read it).`
      )
    }
    throw error
  })
  if (pr.state !== 'open')
    return { ...outcome, skipped: `PR #${prNumber} is ${pr.state}; nothing to review.` }
  const { headSha, baseSha } = reviewedCommits(request, pr)
  outcome.headSha = headSha

  const viewerLogin = await fetchViewerLogin(octokit, options.graphqlUrl)
  const reviews = await listReviews(octokit, { ...repository, prNumber })
  const { state, warnings } = readState(reviews, viewerLogin, logger)
  outcome.coverageNotes.push(...warnings)
  const earlier = options.runId ? reviewOfRun(reviews, viewerLogin, options.runId) : undefined
  if (earlier && earlier.commit_id === headSha) {
    const marker = decodeMarker(earlier.body)
    return {
      ...outcome,
      findings: marker.kind === 'ok' ? marker.state.findings : [],
      earlierReview: { id: earlier.id, url: earlier.html_url },
      skipped: `An earlier attempt of this workflow run already posted review ${earlier.html_url}; not posting another.`
    }
  }
  if (state && state.lastReviewedSha === headSha && request.kind === 'pull_request' && !settings.fullReview) {
    return {
      ...outcome,
      findings: state.findings,
      skipped: `Commit ${headSha.slice(0, 7)} was already reviewed; set full-review: true to review it again.`
    }
  }

  const git = createGit(options.workspace, logger)
  if (request.kind === 'pull_request' && request.event === 'pull_request_target') {
    await fetchPullHead(git, prNumber, headSha, logger)
  }
  const mergeBaseSha = await mergeBaseOf(options, baseSha, headSha)
  const pullDiff = await loadPullDiff({
    git,
    headSha,
    baseSha,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    logger,
    fallback: () => listPullFiles(octokit, repository, prNumber)
  })
  outcome.coverageNotes.push(...pullDiff.notes)
  const lineSet = DiffLineSet.fromFiles(pullDiff.files)
  const scope = await scopeOfReview({
    git,
    prFiles: pullDiff.files,
    state,
    headSha,
    fullReview: settings.fullReview,
    logger
  })
  outcome.coverageNotes.push(...scope.notes)
  const triaged = triage(scope.files, { exclude: settings.exclude })
  outcome.triage = triaged
  if (triaged.skipped.length > 0) outcome.coverageNotes.push(skippedFilesNote(triaged))

  let findings: Finding[]
  let summary: string
  if (triaged.reviewable.length === 0) {
    findings = settleCarried(scope.carried, scope.changes, new Set(), headSha)
    if (state && !statusChanged(state.findings, findings)) {
      return { ...outcome, findings, skipped: 'Nothing reviewable changed since the last review.' }
    }
    summary = nothingToReviewSummary(triaged)
    logger.info('No reviewable file; no model call is made.')
  } else {
    const store = new FindingsStore({
      existing: scope.carried,
      lines: lineSet,
      headSha,
      readHeadLines: path => readLinesAt(git, headSha, path)
    })
    const tools = new ToolRegistry([
      ...repoTools({ git, headSha, baseSha: mergeBaseSha ?? baseSha, files: pullDiff.files }),
      ...findingTools(store)
    ])
    const guidance = await readGuidanceAtBase(git, baseSha, logger)
    const firstUserContent = buildFirstUserContent({
      repository: `${repository.owner}/${repository.repo}`,
      pr: {
        number: prNumber,
        title: pr.title,
        body: pr.body,
        author: pr.author,
        baseRef: pr.baseRef,
        headRef: pr.headRef
      },
      headSha,
      baseSha: mergeBaseSha ?? baseSha,
      triage: triaged,
      guidance,
      instructions: settings.instructions,
      minSeverity: settings.minSeverity,
      maxComments: settings.maxComments,
      ...(scope.sinceSha || scope.carried.length > 0
        ? {
            reReview: {
              sinceSha: scope.sinceSha ?? state?.lastReviewedSha ?? headSha,
              findings: scope.carried,
              lineChanges: lineChangesForAgent(scope.changes)
            }
          }
        : {})
    })
    const client = (
      options.anthropic ??
      (() =>
        createAnthropic({
          apiKey: settings.anthropicApiKey,
          ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {})
        }))
    )()
    const agent = await runAgent({
      client,
      model: settings.model,
      budget: budgetLimits(settings.budget),
      system: SYSTEM_PROMPT,
      firstUserContent,
      tools,
      logger
    })
    outcome.agent = agent
    outcome.usage = agent.usage
    outcome.coverageNotes.push(...agent.coverageNotes)
    findings = settleCarried(store.all(), scope.changes, new Set(store.touched()), headSha)
    summary = agent.summary ?? fallbackSummary(findings, agent)
  }
  outcome.findings = findings
  for (const skipped of triaged.skipped) logger.debug(`Skipped ${skipped.path}: ${skipped.reason}`)

  try {
    const publish = await publishReview({
      octokit,
      graphqlUrl: options.graphqlUrl,
      repository,
      prNumber,
      commitSha: headSha,
      findings,
      summary,
      coverageNotes: outcome.coverageNotes,
      lineSet,
      settings: {
        minSeverity: settings.minSeverity,
        maxComments: settings.maxComments,
        dryRun: settings.dryRun
      },
      ...(state ? { previousState: state } : {}),
      ...(options.runId ? { runId: options.runId } : {}),
      viewerLogin,
      logger
    })
    outcome.publish = publish
    outcome.findings = publish.findings
  } catch (error) {
    outcome.publishError = errorMessage(error)
    if (error instanceof PublishError) {
      outcome.publish = error.result
      outcome.findings = error.result.findings
    }
  }
  return outcome
}
