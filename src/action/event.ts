import { z } from 'zod'
import { ConfigurationError } from '../errors.js'
import type { PullRequestRef, Repository } from '../github/refs.js'
import { draft as draftUnreviewed, type Unreviewed } from './unreviewed.js'

export const PULL_REQUEST_ACTIONS = ['opened', 'reopened', 'ready_for_review', 'synchronize'] as const
export type PullRequestAction = (typeof PULL_REQUEST_ACTIONS)[number]

/** A label added: a review when it is the review label (labels.review), else nothing to do. */
export const LABELED = 'labeled'

/** The events that carry a pull request in their payload. */
export type PullRequestEvent = 'pull_request' | 'pull_request_target'

/** What the triggering event asks for, parsed once from the payload. */
export type ReviewRequest =
  | {
      kind: 'pull_request'
      /**
       * Under pull_request_target the workspace holds the base branch, not the pull request: the head is
       * fetched as objects from refs/pull/N/head and never checked out.
       */
      event: PullRequestEvent
      pr: PullRequestRef
      action: PullRequestAction | typeof LABELED
      headSha: string
      baseSha: string
      draft: boolean
      /** The pull request's labels when the event was sent. */
      labels: string[]
    }
  | { kind: 'workflow_dispatch'; pr: PullRequestRef }
  /**
   * A `@redline review` or `full review` comment. Comment events run in the base repository with its secrets,
   * as pull_request_target does, so the head is fetched as objects and never checked out.
   */
  | { kind: 'comment'; pr: PullRequestRef; full: boolean }

/** A review to run, or why not; `unreviewed` when the pull request is one a gate must not pass unseen. */
export type EventDecision = { review: ReviewRequest } | { skip: string; unreviewed?: Unreviewed }

const sha = z.string().regex(/^[0-9a-f]{40}$/, 'a 40-character commit SHA')

const repoOfSide = z.object({ full_name: z.string() }).nullish()

const pullRequestPayload = z.object({
  action: z.string(),
  pull_request: z.object({
    number: z.number().int().positive(),
    draft: z.boolean().optional(),
    head: z.object({ sha, repo: repoOfSide }),
    base: z.object({ sha, repo: repoOfSide }),
    labels: z.array(z.object({ name: z.string() })).nullish()
  }),
  label: z.object({ name: z.string() }).nullish()
})

/**
 * Whether the pull request comes from another repository. GitHub sends a fork's pull_request event no
 * secrets; a head repository of null is a fork that has since been deleted.
 */
export function isForkPullRequest(payload: unknown): boolean {
  const parsed = pullRequestPayload.safeParse(payload)
  if (!parsed.success) return false
  const { head, base } = parsed.data.pull_request
  if (head.repo === null) return true
  if (!head.repo || !base.repo) return false
  return head.repo.full_name.toLowerCase() !== base.repo.full_name.toLowerCase()
}

/**
 * Why a fork's pull_request run has nothing to do, when the key is missing for that reason. A key that is
 * missing on a pull request from the same repository is a mistake in the workflow and stays an error.
 */
export function forkWithoutSecretsNotice(eventName: string, payload: unknown): string | undefined {
  if (eventName !== 'pull_request' || !isForkPullRequest(payload)) return undefined
  const number = (payload as { pull_request: { number: number } }).pull_request.number
  return (
    `PR #${number} comes from a fork, and GitHub gives pull_request runs from forks no secrets, so there is ` +
    'no anthropic-api-key and no review. To review pull requests from forks, run Redline on ' +
    'pull_request_target as docs/forks.md describes (examples/review-forks.yml).'
  )
}

/**
 * The id written into the review's marker: the same for every attempt of one workflow run's job, so that a
 * re-run recognises a review an earlier attempt posted. Outside a runner every run is its own.
 */
export function workflowRunId(env: NodeJS.ProcessEnv, random: () => string): string {
  const run = env['GITHUB_RUN_ID']?.trim()
  if (!run || !/^\d+$/.test(run)) return random()
  // It ends up inside HTML comments, where `--` does not belong.
  const job = (env['GITHUB_JOB'] ?? '').replace(/[^A-Za-z0-9_.-]/g, '_').replace(/-{2,}/g, '-')
  return `${run}${job ? `/${job}` : ''}`.slice(0, 64)
}

/** Which attempt of the workflow run this is: "Re-run jobs" keeps GITHUB_RUN_ID and counts this up. */
export function workflowRunAttempt(env: NodeJS.ProcessEnv): number {
  const attempt = Number(env['GITHUB_RUN_ATTEMPT']?.trim())
  return Number.isInteger(attempt) && attempt >= 1 ? attempt : 1
}

const dispatchPayload = z.object({
  inputs: z.record(z.string(), z.unknown()).nullish()
})

export function parseRepository(value: string | undefined): Repository {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value ?? '')
  if (!match) {
    throw new ConfigurationError(`GITHUB_REPOSITORY is '${value ?? ''}'. Expected the form owner/repo.`)
  }
  return { owner: match[1] as string, repo: match[2] as string }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map(issue => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ')
}

function dispatchPrNumber(inputs: Record<string, unknown> | null | undefined): number | undefined {
  const raw = inputs?.['pr-number'] ?? inputs?.['pr_number'] ?? inputs?.['pull-request']
  if (raw === undefined || raw === null || raw === '') return undefined
  const text = String(raw).trim().replace(/^#/, '')
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new ConfigurationError(
      `The workflow_dispatch input pr-number is '${String(raw)}'. Expected a PR number.`
    )
  }
  return Number(text)
}

/**
 * Turns the event into a review request, or a reason to do nothing. Only mistakes in the workflow (an event
 * Redline does not handle, a dispatch without a PR number, a malformed payload) are errors; an ignored
 * pull_request action or a draft PR is a quiet skip.
 */
export function decideFromEvent(input: {
  eventName: string
  payload: unknown
  repository: Repository
  prNumberInput?: number
  reviewDrafts: boolean
  /**
   * The label that asks for a review. Until the settings are known it is undefined, and any label added
   * is taken as a request.
   */
  reviewLabel?: string
}): EventDecision {
  const { eventName, payload, repository } = input
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const parsed = pullRequestPayload.safeParse(payload)
    if (!parsed.success) {
      throw new ConfigurationError(
        `The ${eventName} event payload is malformed: ${describeIssues(parsed.error)}`
      )
    }
    const { action, pull_request: pr, label } = parsed.data
    // A labeled event names the label added; without it there is nothing to go by.
    const labeled = action === LABELED && label !== null && label !== undefined
    if (labeled && input.reviewLabel !== undefined && label.name !== input.reviewLabel) {
      return {
        skip: `Nothing to review for the label '${label.name}': a review is asked for with the label '${input.reviewLabel}'.`
      }
    }
    if (!labeled && !(PULL_REQUEST_ACTIONS as readonly string[]).includes(action)) {
      return {
        skip: `Nothing to review for ${eventName} action '${action}' (reviews run on ${PULL_REQUEST_ACTIONS.join(', ')}, and on ${LABELED} with the review label).`
      }
    }
    const draft = pr.draft === true
    // Adding the review label asks for this review, as a manual dispatch does: a draft is reviewed too.
    if (draft && !input.reviewDrafts && !labeled) {
      const unreviewed = draftUnreviewed(pr.number)
      return { skip: unreviewed.notice, unreviewed }
    }
    return {
      review: {
        kind: 'pull_request',
        event: eventName,
        pr: { ...repository, prNumber: pr.number },
        action: action as PullRequestAction | typeof LABELED,
        headSha: pr.head.sha,
        baseSha: pr.base.sha,
        draft,
        labels: (pr.labels ?? []).map(entry => entry.name)
      }
    }
  }
  if (eventName === 'workflow_dispatch') {
    const parsed = dispatchPayload.safeParse(payload ?? {})
    if (!parsed.success) {
      throw new ConfigurationError(
        `The workflow_dispatch event payload is malformed: ${describeIssues(parsed.error)}`
      )
    }
    const prNumber = input.prNumberInput ?? dispatchPrNumber(parsed.data.inputs)
    if (prNumber === undefined) {
      throw new ConfigurationError(
        "A workflow_dispatch run needs the PR to review: set the action's 'pr-number' input, e.g. " +
          '`pr-number: ${{ inputs.pr-number }}`.'
      )
    }
    return { review: { kind: 'workflow_dispatch', pr: { ...repository, prNumber } } }
  }
  throw new ConfigurationError(
    `Redline reviews pull requests: it runs on 'pull_request' or 'pull_request_target' (opened, reopened, ` +
      `ready_for_review, synchronize), 'workflow_dispatch' with a pr-number, and 'issue_comment' or ` +
      `'pull_request_review_comment' for its commands, not on '${eventName || '(no event)'}'.`
  )
}
