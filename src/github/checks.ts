/**
 * The thin shell over GitHub's check runs: create one on a commit, complete it, and add annotations in the
 * batches of 50 the Checks API takes per request (each update appends its annotations to the run's).
 */
import type { Octokit } from './client.js'
import type { Repository } from './refs.js'

/** The Checks API takes at most this many annotations per request. */
export const ANNOTATIONS_PER_REQUEST = 50

export type AnnotationLevel = 'notice' | 'warning' | 'failure'
export type CheckConclusion = 'success' | 'failure' | 'neutral'

export interface CheckAnnotation {
  path: string
  start_line: number
  end_line: number
  annotation_level: AnnotationLevel
  message: string
  title?: string
}

export interface CheckOutput {
  title: string
  summary: string
  text?: string
}

export interface CheckRunRef {
  id: number
  htmlUrl: string
}

function refOf(data: { id: number; html_url: string | null }): CheckRunRef {
  return { id: data.id, htmlUrl: data.html_url ?? '' }
}

/** A check run in progress on `headSha`. */
export async function startCheckRun(
  octokit: Octokit,
  repository: Repository,
  input: { name: string; headSha: string; detailsUrl?: string; output: CheckOutput }
): Promise<CheckRunRef> {
  const { data } = await octokit.rest.checks.create({
    owner: repository.owner,
    repo: repository.repo,
    name: input.name,
    head_sha: input.headSha,
    status: 'in_progress',
    started_at: new Date().toISOString(),
    ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
    output: input.output
  })
  return refOf(data)
}

export interface CompletedCheck {
  conclusion: CheckConclusion
  output: CheckOutput
  annotations: readonly CheckAnnotation[]
  detailsUrl?: string
}

/**
 * Completes a check run: the started one when given, else a new one on `headSha`. The first 50 annotations
 * go with the completion; each further 50 in an update of their own.
 */
export async function completeCheckRun(
  octokit: Octokit,
  repository: Repository,
  target: { started: CheckRunRef } | { name: string; headSha: string },
  check: CompletedCheck
): Promise<CheckRunRef> {
  const repo = { owner: repository.owner, repo: repository.repo }
  const batches: CheckAnnotation[][] = []
  for (let at = 0; at < check.annotations.length; at += ANNOTATIONS_PER_REQUEST)
    batches.push(check.annotations.slice(at, at + ANNOTATIONS_PER_REQUEST))
  const [first = [], ...rest] = batches
  const completion = {
    status: 'completed' as const,
    conclusion: check.conclusion,
    completed_at: new Date().toISOString(),
    ...(check.detailsUrl ? { details_url: check.detailsUrl } : {}),
    output: { ...check.output, ...(first.length > 0 ? { annotations: first } : {}) }
  }
  const { data } =
    'started' in target
      ? await octokit.rest.checks.update({ ...repo, check_run_id: target.started.id, ...completion })
      : await octokit.rest.checks.create({
          ...repo,
          name: target.name,
          head_sha: target.headSha,
          ...completion
        })
  for (const batch of rest) {
    await octokit.rest.checks.update({
      ...repo,
      check_run_id: data.id,
      output: { ...check.output, annotations: batch }
    })
  }
  return refOf(data)
}
