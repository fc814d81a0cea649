/**
 * Runs the bundled action on a pull-request repository exactly as a runner runs it, against the GitHub
 * stand-in (which records the posted review instead of publishing it) and any Messages endpoint: the
 * scripted stand-in offline, the real API (through a recording proxy) live.
 */
import { readFile } from 'node:fs/promises'
import { startGitHubServer, type GitHubStandIn } from '../testing/github-server.js'
import { pullRequestPayload, type PrFixture } from '../testing/pr-fixture.js'
import { runAction } from '../testing/runner.js'
import { postedComments, type FileFinding, type PostedReview } from './capture.js'
import type { Fixture, PostedComment } from './model.js'

export const GITHUB_TOKEN = 'ghs_evaluationtoken'

export interface ReviewOutcome {
  exitCode: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  findings: FileFinding[]
  review?: PostedReview
  comments: PostedComment[]
  wallMs: number
  budgetStops: number
  costUsd: number
}

export async function startGitHub(pr: PrFixture, fixture: Fixture): Promise<GitHubStandIn> {
  return startGitHubServer({
    fixture: pr,
    token: GITHUB_TOKEN,
    pr: { title: fixture.title, body: fixture.body }
  })
}

export interface ReviewOptions {
  pr: PrFixture
  github: GitHubStandIn
  /** Undefined: the SDK's default, the real API. */
  anthropicBaseUrl?: string
  apiKey: string
  inputs?: Record<string, string>
  action: 'opened' | 'synchronize'
  timeoutMs?: number
}

export async function runReview(options: ReviewOptions): Promise<ReviewOutcome> {
  const { pr, github } = options
  const reviewsBefore = github.reviews.length
  const started = Date.now()
  const result = await runAction({
    workspace: pr.workspaceDir,
    eventName: 'pull_request',
    payload: pullRequestPayload(pr, options.action),
    inputs: { 'anthropic-api-key': options.apiKey, 'github-token': GITHUB_TOKEN, ...options.inputs },
    repository: `${pr.owner}/${pr.repo}`,
    sha: pr.mergeSha,
    ref: `refs/pull/${pr.prNumber}/merge`,
    githubApiUrl: github.url,
    githubGraphqlUrl: github.graphqlUrl,
    ...(options.anthropicBaseUrl === undefined ? {} : { anthropicBaseUrl: options.anthropicBaseUrl }),
    timeoutMs: options.timeoutMs ?? 15 * 60_000
  })
  const wallMs = Date.now() - started
  try {
    const file = result.outputs['findings-file']
    const findings = file
      ? ((JSON.parse(await readFile(file, 'utf8')) as { findings: FileFinding[] }).findings ?? [])
      : []
    const stored = github.reviews.slice(reviewsBefore).at(-1)
    const review: PostedReview | undefined = stored && {
      body: stored.body,
      comments: github.reviewComments
        .filter(c => c.pull_request_review_id === stored.id)
        .map(c => ({ id: c.id, path: c.path, line: c.original_line, startLine: c.original_start_line }))
    }
    return {
      exitCode: result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      outputs: result.outputs,
      findings,
      ...(review ? { review } : {}),
      comments: postedComments(findings, review),
      wallMs,
      budgetStops: (result.stdout.match(/Review agent stopped \(budget\)/g) ?? []).length,
      costUsd: Number(result.outputs['cost-usd'] ?? 0) || 0
    }
  } finally {
    await result.cleanup()
  }
}
