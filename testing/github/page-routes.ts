/**
 * The stand-in's routes for what the pull request page shows besides reviews: check runs (create and update,
 * with their annotations) and the pull request's description (update a pull request). Request bodies are
 * checked against GitHub's documented parameters; a token without `checks: write` gets GitHub's 403.
 */
import { HttpError, notFound, type Reply, type RequestContext } from './answers.js'
import { pullJson } from './render.js'
import type { GitHubStore } from './store.js'
import { isRecord, nowIso, stableNumber } from './util.js'

const CHECKS_DOCS = {
  create: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
  update: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
  updatePull: 'https://docs.github.com/rest/pulls/pulls#update-a-pull-request'
}
const STATUSES = ['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending']
const CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out'
]
const LEVELS = ['notice', 'warning', 'failure']
const CREATE_KEYS = [
  'name',
  'head_sha',
  'details_url',
  'external_id',
  'status',
  'started_at',
  'conclusion',
  'completed_at',
  'output',
  'actions'
]
const OUTPUT_KEYS = ['title', 'summary', 'text', 'annotations', 'images']
const ANNOTATION_KEYS = [
  'path',
  'start_line',
  'end_line',
  'start_column',
  'end_column',
  'annotation_level',
  'message',
  'title',
  'raw_details'
]
const PULL_KEYS = ['title', 'body', 'state', 'base', 'maintainer_can_modify']

export interface StoredAnnotation {
  path: string
  start_line: number
  end_line: number
  annotation_level: string
  message: string
  title?: string
}

export interface StoredCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  details_url: string | null
  started_at: string | null
  completed_at: string | null
  output: { title: string | null; summary: string | null; text: string | null }
  annotations: StoredAnnotation[]
  /** How many requests added annotations to it. */
  annotationBatches: number
}

function invalid(message: string, documentationUrl: string): HttpError {
  return new HttpError(422, {
    message: 'Invalid request.',
    errors: [message],
    documentation_url: documentationUrl,
    status: '422'
  })
}

function unknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  where: string,
  docs: string
): void {
  const extra = Object.keys(value).filter(key => !allowed.includes(key))
  if (extra.length > 0)
    throw invalid(
      `${extra.join(', ')} ${extra.length === 1 ? 'is' : 'are'} not a permitted key of ${where}.`,
      docs
    )
}

export class PageRoutes {
  readonly checkRuns: StoredCheckRun[] = []

  constructor(
    private readonly store: GitHubStore,
    private readonly checks: 'write' | 'none'
  ) {}

  /** Answers the routes this file serves, or undefined for any other. */
  async route(ctx: RequestContext): Promise<Reply | undefined> {
    const match = /^\/repos\/([^/]+)\/([^/]+)\/(check-runs(?:\/(\d+))?|pulls\/(\d+))$/.exec(ctx.path)
    if (!match) return undefined
    const [, owner, repo, , checkId, pullNumber] = match
    const isCheck = pullNumber === undefined
    if (isCheck ? !['POST', 'PATCH'].includes(ctx.method) : ctx.method !== 'PATCH') return undefined
    try {
      const same = `${owner}/${repo}`.toLowerCase() === this.store.repoPath.toLowerCase()
      if (!same) throw notFound()
      if (!isCheck) return await this.updatePull(ctx, Number(pullNumber))
      if (this.checks !== 'write') {
        throw new HttpError(403, {
          message: 'Resource not accessible by integration',
          documentation_url: checkId ? CHECKS_DOCS.update : CHECKS_DOCS.create,
          status: '403'
        })
      }
      if (ctx.method === 'POST' && checkId === undefined) return this.create(ctx)
      if (ctx.method === 'PATCH' && checkId !== undefined) return this.update(ctx, Number(checkId))
      return undefined
    } catch (error) {
      if (error instanceof HttpError)
        return { status: error.status, body: error.body, headers: error.headers }
      throw error
    }
  }

  private create(ctx: RequestContext): Reply {
    const body = isRecord(ctx.body) ? ctx.body : {}
    unknownKeys(body, CREATE_KEYS, 'the check run', CHECKS_DOCS.create)
    if (typeof body.name !== 'string' || body.name === '')
      throw invalid('name is missing.', CHECKS_DOCS.create)
    if (typeof body.head_sha !== 'string' || !/^[0-9a-f]{40}$/.test(body.head_sha))
      throw invalid('head_sha is missing or not a commit SHA.', CHECKS_DOCS.create)
    const run: StoredCheckRun = {
      id: 4_000_000_001 + this.checkRuns.length,
      name: body.name,
      head_sha: body.head_sha,
      status: 'queued',
      conclusion: null,
      details_url: null,
      started_at: nowIso(),
      completed_at: null,
      output: { title: null, summary: null, text: null },
      annotations: [],
      annotationBatches: 0
    }
    this.apply(run, body, CHECKS_DOCS.create)
    this.checkRuns.push(run)
    return { status: 201, body: this.json(run) }
  }

  private update(ctx: RequestContext, id: number): Reply {
    const run = this.checkRuns.find(candidate => candidate.id === id)
    if (!run) throw notFound()
    const body = isRecord(ctx.body) ? ctx.body : {}
    unknownKeys(
      body,
      CREATE_KEYS.filter(key => key !== 'head_sha'),
      'the check run',
      CHECKS_DOCS.update
    )
    if ('head_sha' in body) throw invalid('head_sha cannot be updated.', CHECKS_DOCS.update)
    this.apply(run, body, CHECKS_DOCS.update)
    return { status: 200, body: this.json(run) }
  }

  /** The documented fields of a create or update, onto `run`; annotations are appended. */
  private apply(run: StoredCheckRun, body: Record<string, unknown>, docs: string): void {
    if (body.status !== undefined && !STATUSES.includes(String(body.status)))
      throw invalid(`status is not one of ${STATUSES.join(', ')}.`, docs)
    if (body.conclusion !== undefined && !CONCLUSIONS.includes(String(body.conclusion)))
      throw invalid(`conclusion is not one of ${CONCLUSIONS.join(', ')}.`, docs)
    if (body.status === 'completed' && body.conclusion === undefined)
      throw invalid('conclusion is required when status is completed.', docs)
    if (typeof body.details_url === 'string') run.details_url = body.details_url
    if (typeof body.started_at === 'string') run.started_at = body.started_at
    if (body.conclusion !== undefined) {
      run.status = 'completed'
      run.conclusion = String(body.conclusion)
      run.completed_at = typeof body.completed_at === 'string' ? body.completed_at : nowIso()
    } else if (typeof body.status === 'string') {
      run.status = body.status
    }
    if (body.output !== undefined) this.applyOutput(run, body.output, docs)
  }

  private applyOutput(run: StoredCheckRun, output: unknown, docs: string): void {
    if (!isRecord(output)) throw invalid('output is not an object.', docs)
    unknownKeys(output, OUTPUT_KEYS, 'output', docs)
    if (typeof output.title !== 'string' || typeof output.summary !== 'string')
      throw invalid('output needs a title and a summary.', docs)
    if (output.summary.length > 65_535) throw invalid('output.summary is longer than 65535 characters.', docs)
    run.output = {
      title: output.title,
      summary: output.summary,
      text: typeof output.text === 'string' ? output.text : null
    }
    if (output.annotations === undefined) return
    if (!Array.isArray(output.annotations)) throw invalid('output.annotations is not an array.', docs)
    if (output.annotations.length > 50) throw invalid('Only 50 annotations may be sent per request.', docs)
    for (const annotation of output.annotations) run.annotations.push(this.annotation(annotation, docs))
    run.annotationBatches += 1
  }

  private annotation(value: unknown, docs: string): StoredAnnotation {
    if (!isRecord(value)) throw invalid('an annotation is not an object.', docs)
    unknownKeys(value, ANNOTATION_KEYS, 'an annotation', docs)
    const { path, start_line, end_line, annotation_level, message, title } = value
    const lines =
      Number.isInteger(start_line) &&
      Number.isInteger(end_line) &&
      (start_line as number) >= 1 &&
      (end_line as number) >= (start_line as number)
    if (typeof path !== 'string' || path === '' || !lines || typeof message !== 'string' || message === '')
      throw invalid('an annotation needs path, start_line <= end_line and message.', docs)
    if (!LEVELS.includes(String(annotation_level)))
      throw invalid(`annotation_level is not one of ${LEVELS.join(', ')}.`, docs)
    return {
      path,
      start_line: start_line as number,
      end_line: end_line as number,
      annotation_level: String(annotation_level),
      message,
      ...(typeof title === 'string' ? { title } : {})
    }
  }

  private json(run: StoredCheckRun): Record<string, unknown> {
    const url = `${this.store.apiRepo}/check-runs/${run.id}`
    return {
      id: run.id,
      head_sha: run.head_sha,
      node_id: Buffer.from(`CheckRun:${run.id}`).toString('base64'),
      external_id: '',
      url,
      html_url: `https://github.com/${this.store.repoPath}/runs/${run.id}`,
      details_url: run.details_url,
      status: run.status,
      conclusion: run.conclusion,
      started_at: run.started_at,
      completed_at: run.completed_at,
      output: {
        title: run.output.title,
        summary: run.output.summary,
        text: run.output.text,
        annotations_count: run.annotations.length,
        annotations_url: `${url}/annotations`
      },
      name: run.name,
      check_suite: { id: stableNumber(`suite-${run.head_sha}`, 1_000_000_000) },
      app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
      pull_requests: []
    }
  }

  private async updatePull(ctx: RequestContext, number: number): Promise<Reply> {
    if (number !== this.store.fixture.prNumber) throw notFound()
    const body = isRecord(ctx.body) ? ctx.body : {}
    unknownKeys(body, PULL_KEYS, 'the pull request', CHECKS_DOCS.updatePull)
    if (body.body !== undefined && body.body !== null && typeof body.body !== 'string')
      throw invalid('body is not a string.', CHECKS_DOCS.updatePull)
    const changes: Record<string, unknown> = {}
    if (body.body !== undefined) changes.body = body.body
    if (typeof body.title === 'string') changes.title = body.title
    this.store.updatePr(changes)
    return { status: 200, body: await pullJson(this.store) }
  }
}
