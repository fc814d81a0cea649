import { z } from 'zod'
import { ConfigurationError } from './errors.js'

export const PULL_REQUEST_ACTIONS = ['opened', 'reopened', 'ready_for_review', 'synchronize'] as const
export type PullRequestAction = (typeof PULL_REQUEST_ACTIONS)[number]

export interface Repository {
  owner: string
  repo: string
}

/** What the triggering event asks for, parsed once from the payload. */
export type ReviewRequest =
  | {
      kind: 'pull_request'
      repository: Repository
      prNumber: number
      action: PullRequestAction
      headSha: string
      baseSha: string
      draft: boolean
    }
  | { kind: 'workflow_dispatch'; repository: Repository; prNumber: number }

export type EventDecision = { review: ReviewRequest } | { skip: string }

const sha = z.string().regex(/^[0-9a-f]{40}$/, 'a 40-character commit SHA')

const pullRequestPayload = z.object({
  action: z.string(),
  pull_request: z.object({
    number: z.number().int().positive(),
    draft: z.boolean().optional(),
    head: z.object({ sha }),
    base: z.object({ sha })
  })
})

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
}): EventDecision {
  const { eventName, payload, repository } = input
  if (eventName === 'pull_request') {
    const parsed = pullRequestPayload.safeParse(payload)
    if (!parsed.success) {
      throw new ConfigurationError(
        `The pull_request event payload is malformed: ${describeIssues(parsed.error)}`
      )
    }
    const { action, pull_request: pr } = parsed.data
    if (!(PULL_REQUEST_ACTIONS as readonly string[]).includes(action)) {
      return {
        skip: `Nothing to review for pull_request action '${action}' (reviews run on ${PULL_REQUEST_ACTIONS.join(', ')}).`
      }
    }
    const draft = pr.draft === true
    if (draft && !input.reviewDrafts) {
      return {
        skip: `PR #${pr.number} is a draft; it will be reviewed when marked ready (or set review-drafts: true).`
      }
    }
    return {
      review: {
        kind: 'pull_request',
        repository,
        prNumber: pr.number,
        action: action as PullRequestAction,
        headSha: pr.head.sha,
        baseSha: pr.base.sha,
        draft
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
    return { review: { kind: 'workflow_dispatch', repository, prNumber } }
  }
  throw new ConfigurationError(
    `Redline reviews pull requests: it runs on 'pull_request' (opened, reopened, ready_for_review, synchronize) ` +
      `and 'workflow_dispatch' with a pr-number, not on '${eventName || '(no event)'}'.`
  )
}
