/** The REST routes of the stand-in and their handlers, with the 422s GitHub answers. */
import {
  DOCS,
  errorReply,
  HttpError,
  MAX_BODY_CHARS,
  MAX_PR_FILES,
  notFound,
  REVIEW_ERRORS,
  unprocessable,
  type Reply,
  type RequestContext
} from './answers.js'
import type { CommitInfo } from './git.js'
import { validateComment, type ValidComment } from './placement.js'
import {
  commentJson,
  commitJson,
  filesJson,
  issueCommentJson,
  prAuthorLogin,
  pullJson,
  repoJson,
  reviewJson
} from './render.js'
import type { CommentDraft, GitHubStore, ReviewState, StoredReview, StoredReviewComment } from './store.js'
import { charCount, isRecord, nowIso } from './util.js'

interface Route {
  method: string
  pattern: RegExp
  handler: (ctx: RequestContext, params: Record<string, string>) => Promise<Reply>
}

export interface RestSettings {
  tokenKind: 'installation' | 'user'
  /** A review rejected with 422 leaves an empty PENDING review of the viewer behind. */
  strayReviewOn422: boolean
}

export class RestApi {
  private readonly routes: Route[]

  constructor(
    private readonly store: GitHubStore,
    private readonly settings: RestSettings,
    graphql: (ctx: RequestContext) => Promise<Reply>
  ) {
    this.routes = this.buildRoutes(graphql)
  }

  /** Answers an authenticated request, or returns undefined when no route takes it. */
  async route(ctx: RequestContext): Promise<Reply | undefined> {
    const routePath = this.canonicalPath(ctx.path)
    for (const route of this.routes) {
      if (route.method !== ctx.method) continue
      const found = route.pattern.exec(routePath)
      if (!found) continue
      const params = Object.fromEntries(
        Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v ?? '')])
      )
      const sameRepo =
        params.owner?.toLowerCase() === this.store.fixture.owner.toLowerCase() &&
        params.repo?.toLowerCase() === this.store.fixture.repo.toLowerCase()
      if (params.owner !== undefined && !sameRepo) {
        return errorReply(notFound())
      }
      if (params.number !== undefined && Number(params.number) !== this.store.fixture.prNumber) {
        return errorReply(notFound())
      }
      try {
        return await route.handler(ctx, params)
      } catch (error) {
        if (error instanceof HttpError) return errorReply(error)
        throw error
      }
    }
    return undefined
  }

  /** The /repos/{owner}/{repo} form of a path, as GitHub serves its /repositories/{id} links. */
  canonicalPath(path: string): string {
    const repoAlias = `/repositories/${this.store.repoId}/`
    return path.startsWith(repoAlias) ? `/repos/${this.store.repoPath}/${path.slice(repoAlias.length)}` : path
  }

  // ----- routes -----

  private buildRoutes(graphql: (ctx: RequestContext) => Promise<Reply>): Route[] {
    const repo = '^/repos/(?<owner>[^/]+)/(?<repo>[^/]+)'
    const pull = `${repo}/pulls/(?<number>\\d+)`
    const r = (method: string, pattern: string, handler: Route['handler']): Route => ({
      method,
      pattern: new RegExp(`${pattern}$`),
      handler
    })
    return [
      r('GET', '^/user', () => this.getUser()),
      r('POST', '^/graphql', graphql),
      r('GET', repo, async () => ({ status: 200, body: repoJson(this.store) })),
      r('GET', pull, ctx => this.getPull(ctx)),
      r('GET', `${pull}/files`, ctx => this.listFiles(ctx)),
      r('GET', `${pull}/commits`, ctx => this.listPullCommits(ctx)),
      r('GET', `${pull}/reviews`, ctx => this.listReviews(ctx)),
      r('POST', `${pull}/reviews`, ctx => this.createReview(ctx)),
      r('GET', `${pull}/reviews/(?<id>\\d+)`, (_ctx, p) => this.getReview(p)),
      r('PUT', `${pull}/reviews/(?<id>\\d+)`, (ctx, p) => this.updateReview(ctx, p)),
      r('DELETE', `${pull}/reviews/(?<id>\\d+)`, (_ctx, p) => this.deleteReview(p)),
      r('POST', `${pull}/reviews/(?<id>\\d+)/events`, (ctx, p) => this.submitReview(ctx, p)),
      r('GET', `${pull}/reviews/(?<id>\\d+)/comments`, (ctx, p) => this.listReviewComments(ctx, p)),
      r('GET', `${pull}/comments`, ctx => this.listPullComments(ctx)),
      r('POST', `${pull}/comments`, ctx => this.createPullComment(ctx)),
      r('POST', `${pull}/comments/(?<cid>\\d+)/replies`, (ctx, p) => this.replyToComment(ctx, p)),
      r('GET', `${repo}/pulls/comments/(?<cid>\\d+)`, (_ctx, p) => this.getComment(p)),
      r('PATCH', `${repo}/pulls/comments/(?<cid>\\d+)`, (ctx, p) => this.updateComment(ctx, p)),
      r('DELETE', `${repo}/pulls/comments/(?<cid>\\d+)`, (_ctx, p) => this.deleteComment(p)),
      r('GET', `${repo}/issues/(?<number>\\d+)/comments`, ctx => this.listIssueComments(ctx)),
      r('POST', `${repo}/issues/(?<number>\\d+)/comments`, ctx => this.createIssueComment(ctx)),
      r('PATCH', `${repo}/issues/comments/(?<cid>\\d+)`, (ctx, p) => this.updateIssueComment(ctx, p)),
      r('POST', `${repo}/issues/comments/(?<cid>\\d+)/reactions`, (ctx, p) =>
        this.react(ctx, p, 'issue-comment')
      ),
      r('POST', `${repo}/pulls/comments/(?<cid>\\d+)/reactions`, (ctx, p) =>
        this.react(ctx, p, 'review-comment')
      ),
      r('GET', `${repo}/collaborators/(?<user>[^/]+)/permission`, (_ctx, p) => this.permission(p)),
      r('GET', `${repo}/compare/(?<basehead>.+)`, (ctx, p) => this.compare(ctx, p)),
      r('GET', `${repo}/commits/(?<ref>[^/]+)`, (_ctx, p) => this.getCommit(p))
    ]
  }

  private async getUser(): Promise<Reply> {
    if (this.settings.tokenKind === 'installation') {
      return {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: DOCS.getUser,
          status: '403'
        }
      }
    }
    return { status: 200, body: this.store.viewer }
  }

  private async getPull(ctx: RequestContext): Promise<Reply> {
    const accept = String(ctx.headers.accept ?? '')
    if (/\.(diff|patch)\b/.test(accept)) {
      const snap = await this.store.snapshot()
      const { mergeBase, files } = await this.store.prDiff(snap.head, snap.base)
      if (files.length > 300) {
        throw new HttpError(406, {
          message:
            "Sorry, the diff exceeded the maximum number of files (300). Consider using 'List pull requests files' API or locally cloning the repository instead.",
          errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
          documentation_url: DOCS.listFiles,
          status: '406'
        })
      }
      return {
        status: 200,
        text: await this.store.repoReader.rawDiff(mergeBase, snap.head),
        headers: { 'content-type': 'application/vnd.github.diff; charset=utf-8' }
      }
    }
    return { status: 200, body: await pullJson(this.store) }
  }

  private async listFiles(ctx: RequestContext): Promise<Reply> {
    const snap = await this.store.snapshot()
    const { files } = await this.store.prDiff(snap.head, snap.base)
    const paged = this.page(ctx, files.slice(0, MAX_PR_FILES))
    return { status: 200, body: filesJson(this.store, paged.items, snap.head), headers: paged.headers }
  }

  private async listPullCommits(ctx: RequestContext): Promise<Reply> {
    const snap = await this.store.snapshot()
    const shas = (await this.store.prCommits(snap)).slice(0, 250)
    const paged = this.page(ctx, shas, { perPage: 30, max: 100 })
    const infos = await Promise.all(paged.items.map(sha => this.store.repoReader.commit(sha)))
    return {
      status: 200,
      body: infos.filter((i): i is CommitInfo => i !== null).map(i => commitJson(this.store, i)),
      headers: paged.headers
    }
  }

  private findReview(params: Record<string, string>): StoredReview {
    const review = this.store.visibleReviews().find(r => r.id === Number(params.id))
    if (!review) throw notFound()
    return review
  }

  private async listReviews(ctx: RequestContext): Promise<Reply> {
    const paged = this.page(ctx, this.store.visibleReviews())
    return { status: 200, body: paged.items.map(r => reviewJson(this.store, r)), headers: paged.headers }
  }

  private async getReview(params: Record<string, string>): Promise<Reply> {
    return { status: 200, body: reviewJson(this.store, this.findReview(params)) }
  }

  private requireBody(ctx: RequestContext, docs: string, options: { required: boolean }): string | undefined {
    const body = isRecord(ctx.body) ? ctx.body.body : undefined
    if (body === undefined || body === null) {
      if (options.required) throw unprocessable([REVIEW_ERRORS.bodyBlank], docs)
      return undefined
    }
    if (typeof body !== 'string') {
      throw new HttpError(422, {
        message: "Invalid request.\n\nFor 'properties/body', " + JSON.stringify(body) + ' is not a string.',
        documentation_url: docs,
        status: '422'
      })
    }
    if (charCount(body) > MAX_BODY_CHARS) throw unprocessable([REVIEW_ERRORS.bodyTooLong], docs)
    if (options.required && body.trim() === '') throw unprocessable([REVIEW_ERRORS.bodyBlank], docs)
    return body
  }

  private async createReview(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    const docs = DOCS.createReview
    const event = input.event
    if (
      event !== undefined &&
      event !== null &&
      event !== 'APPROVE' &&
      event !== 'REQUEST_CHANGES' &&
      event !== 'COMMENT'
    ) {
      throw unprocessable([REVIEW_ERRORS.event], docs)
    }
    const body = this.requireBody(ctx, docs, { required: false }) ?? ''
    const snap = await this.store.snapshot()
    let commitId = snap.head
    if (input.commit_id !== undefined && input.commit_id !== null) {
      const commits = await this.store.prCommits(snap)
      if (typeof input.commit_id !== 'string' || !commits.includes(input.commit_id)) {
        throw unprocessable([REVIEW_ERRORS.commit], docs)
      }
      commitId = input.commit_id
    }
    if (this.store.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    if (event === 'APPROVE' || event === 'REQUEST_CHANGES') {
      if ((await prAuthorLogin(this.store)) === this.store.viewer.login) {
        throw unprocessable(
          [event === 'APPROVE' ? REVIEW_ERRORS.approveOwn : REVIEW_ERRORS.requestChangesOwn],
          docs
        )
      }
    }
    const rawComments = input.comments ?? []
    if (!Array.isArray(rawComments)) {
      throw new HttpError(422, {
        message:
          "Invalid request.\n\nFor 'properties/comments', " +
          JSON.stringify(rawComments) +
          ' is not an array.',
        documentation_url: docs,
        status: '422'
      })
    }
    if (
      (event === 'REQUEST_CHANGES' || event === 'COMMENT') &&
      body.trim() === '' &&
      rawComments.length === 0
    ) {
      throw unprocessable([REVIEW_ERRORS.bodyBlank], docs)
    }
    const { files } = await this.store.prDiff(commitId, snap.base)
    const errors: string[] = []
    const accepted: ValidComment[] = []
    for (const raw of rawComments) {
      const result = await validateComment(this.store, files, raw)
      if (Array.isArray(result)) errors.push(...result)
      else accepted.push(result)
    }
    if (errors.length > 0) {
      if (this.settings.strayReviewOn422 && !this.store.viewerPending())
        this.store.storeReview(this.store.viewer, '', 'PENDING', commitId)
      throw unprocessable(errors, docs)
    }
    const state: ReviewState =
      event === 'APPROVE'
        ? 'APPROVED'
        : event === 'REQUEST_CHANGES'
          ? 'CHANGES_REQUESTED'
          : event === 'COMMENT'
            ? 'COMMENTED'
            : 'PENDING'
    // Checked again because another request may have created a pending review while this one read the diff.
    if (this.store.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    const review = this.store.storeReview(this.store.viewer, body, state, commitId)
    for (const comment of accepted) this.store.storeComment(review, this.store.viewer, commitId, comment)
    return { status: 200, body: reviewJson(this.store, review) }
  }

  private async updateReview(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    const body = this.requireBody(ctx, DOCS.updateReview, { required: true }) ?? ''
    review.body = body
    return { status: 200, body: reviewJson(this.store, review) }
  }

  private async deleteReview(params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    if (review.state !== 'PENDING') throw unprocessable([REVIEW_ERRORS.deleteSubmitted], DOCS.deleteReview)
    this.store.removeReview(review)
    return { status: 200, body: reviewJson(this.store, review) }
  }

  private async submitReview(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    const input = isRecord(ctx.body) ? ctx.body : {}
    const event = input.event
    if (event !== 'APPROVE' && event !== 'REQUEST_CHANGES' && event !== 'COMMENT') {
      throw unprocessable([REVIEW_ERRORS.event], DOCS.submitReview)
    }
    if (review.state !== 'PENDING') throw unprocessable([REVIEW_ERRORS.alreadySubmitted], DOCS.submitReview)
    const body = this.requireBody(ctx, DOCS.submitReview, { required: false })
    if (body !== undefined) review.body = body
    review.state =
      event === 'APPROVE' ? 'APPROVED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : 'COMMENTED'
    review.submitted_at = nowIso()
    return { status: 200, body: reviewJson(this.store, review) }
  }

  private async listReviewComments(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    const snap = await this.store.snapshot()
    const paged = this.page(
      ctx,
      this.store.reviewComments.filter(c => c.pull_request_review_id === review.id)
    )
    const body = await Promise.all(paged.items.map(c => commentJson(this.store, c, snap)))
    return { status: 200, body, headers: paged.headers }
  }

  private async listPullComments(ctx: RequestContext): Promise<Reply> {
    const snap = await this.store.snapshot()
    const paged = this.page(ctx, this.store.visibleComments())
    const body = await Promise.all(paged.items.map(c => commentJson(this.store, c, snap)))
    return { status: 200, body, headers: paged.headers }
  }

  private findComment(params: Record<string, string>): StoredReviewComment {
    const comment = this.store.visibleComments().find(c => c.id === Number(params.cid))
    if (!comment) throw notFound()
    return comment
  }

  private async getComment(params: Record<string, string>): Promise<Reply> {
    return {
      status: 200,
      body: await commentJson(this.store, this.findComment(params), await this.store.snapshot())
    }
  }

  private async updateComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const comment = this.findComment(params)
    comment.body = this.requireBody(ctx, DOCS.createComment, { required: true }) ?? ''
    comment.updated_at = nowIso()
    return { status: 200, body: await commentJson(this.store, comment, await this.store.snapshot()) }
  }

  private async deleteComment(params: Record<string, string>): Promise<Reply> {
    const comment = this.findComment(params)
    this.store.removeComment(comment)
    return { status: 204 }
  }

  private async replyToComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const parent = this.findComment(params)
    const body = this.requireBody(ctx, DOCS.reply, { required: true }) ?? ''
    if (this.store.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], DOCS.reply)
    const snap = await this.store.snapshot()
    const review = this.store.storeReview(this.store.viewer, '', 'COMMENTED', snap.head)
    const reply = this.store.storeReply(review, this.store.viewer, parent, body)
    return { status: 201, body: await commentJson(this.store, reply, snap) }
  }

  private async createPullComment(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    const docs = DOCS.createComment
    if (input.in_reply_to !== undefined && input.in_reply_to !== null) {
      return this.replyToComment(ctx, { cid: String(input.in_reply_to) })
    }
    const snap = await this.store.snapshot()
    const commits = await this.store.prCommits(snap)
    if (typeof input.commit_id !== 'string' || !commits.includes(input.commit_id)) {
      throw unprocessable([REVIEW_ERRORS.commit], docs)
    }
    if (this.store.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    const { files } = await this.store.prDiff(input.commit_id, snap.base)
    let stored: CommentDraft
    if (input.subject_type === 'file') {
      const body = this.requireBody(ctx, docs, { required: true }) ?? ''
      if (typeof input.path !== 'string' || !files.some(f => f.filename === input.path)) {
        throw unprocessable([REVIEW_ERRORS.path], docs)
      }
      stored = { path: input.path, body, line: null, side: 'RIGHT', startLine: null, startSide: null }
    } else {
      const result = await validateComment(this.store, files, input)
      if (Array.isArray(result)) throw unprocessable(result, docs)
      stored = result
    }
    const review = this.store.storeReview(this.store.viewer, '', 'COMMENTED', input.commit_id)
    const comment = this.store.storeComment(review, this.store.viewer, input.commit_id, stored)
    return { status: 201, body: await commentJson(this.store, comment, snap) }
  }

  private async listIssueComments(ctx: RequestContext): Promise<Reply> {
    const paged = this.page(ctx, this.store.issueComments)
    return {
      status: 200,
      body: paged.items.map(c => issueCommentJson(this.store, c)),
      headers: paged.headers
    }
  }

  private async createIssueComment(ctx: RequestContext): Promise<Reply> {
    const body = this.requireBody(ctx, DOCS.issueComment, { required: true }) ?? ''
    const comment = this.store.addIssueComment({ user: this.store.viewer, body })
    return { status: 201, body: issueCommentJson(this.store, comment) }
  }

  private async updateIssueComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const comment = this.store.issueComments.find(c => c.id === Number(params.cid))
    if (!comment) throw notFound()
    comment.body = this.requireBody(ctx, DOCS.issueComment, { required: true }) ?? ''
    comment.updated_at = nowIso()
    return { status: 200, body: issueCommentJson(this.store, comment) }
  }

  /** A reaction as GitHub stores it: one of a kind per user and comment (200 when it exists, else 201). */
  private async react(
    ctx: RequestContext,
    params: Record<string, string>,
    subject: 'issue-comment' | 'review-comment'
  ): Promise<Reply> {
    const commentId = Number(params.cid)
    const exists =
      subject === 'issue-comment'
        ? this.store.issueComments.some(c => c.id === commentId)
        : this.store.reviewComments.some(c => c.id === commentId)
    if (!exists) throw notFound()
    const content = String((ctx.body as { content?: unknown } | undefined)?.content ?? '')
    if (!['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'].includes(content)) {
      return {
        status: 422,
        body: { message: 'Validation Failed', errors: [{ field: 'content', code: 'invalid' }] }
      }
    }
    const user = this.store.viewer.login
    const known = this.store.reactions.find(
      r => r.subject === subject && r.commentId === commentId && r.content === content && r.user === user
    )
    if (known) return { status: 200, body: { id: known.id, content, user: this.store.viewer } }
    const reaction = { id: 4_000_001 + this.store.reactions.length, subject, commentId, content, user }
    this.store.reactions.push(reaction)
    return { status: 201, body: { id: reaction.id, content, user: this.store.viewer } }
  }

  /** A user's role on the repository; `permission` is the legacy name, in which maintain reads as write. */
  private async permission(params: Record<string, string>): Promise<Reply> {
    const login = decodeURIComponent(params.user ?? '')
    const role = this.store.permissions[login] ?? 'read'
    if (role === 'none') throw notFound()
    const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
    return { status: 200, body: { permission, role_name: role, user: { login, type: 'User' } } }
  }

  private async compare(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const spec = params.basehead ?? ''
    const separator = spec.includes('...') ? '...' : '..'
    const [baseSpec = '', headSpec = ''] = spec.split(separator)
    const stripOwner = (s: string): string => s.replace(/^[^:]+:/, '')
    const [base, head] = await Promise.all([
      this.store.repoReader.resolve(stripOwner(baseSpec)),
      this.store.repoReader.resolve(stripOwner(headSpec))
    ])
    if (!base || !head) throw notFound()
    const mergeBase = await this.store.repoReader.mergeBase(base, head)
    if (!mergeBase) throw notFound()
    const [ahead, behind, files, baseInfo, mergeBaseInfo] = await Promise.all([
      this.store.repoReader.revList(['--reverse', head, `^${base}`]),
      this.store.repoReader.revList([base, `^${head}`]),
      this.store.repoReader.diff(mergeBase, head),
      this.store.repoReader.commit(base),
      this.store.repoReader.commit(mergeBase)
    ])
    if (!baseInfo || !mergeBaseInfo) throw notFound()
    const paged = this.page(ctx, ahead, { perPage: 250, max: 250 })
    const commitInfos = await Promise.all(paged.items.map(sha => this.store.repoReader.commit(sha)))
    const status =
      ahead.length === 0 && behind.length === 0
        ? 'identical'
        : behind.length === 0
          ? 'ahead'
          : ahead.length === 0
            ? 'behind'
            : 'diverged'
    const html = `https://github.com/${this.store.repoPath}/compare/${baseSpec}...${headSpec}`
    return {
      status: 200,
      headers: paged.headers,
      body: {
        url: `${this.store.apiRepo}/compare/${baseSpec}...${headSpec}`,
        html_url: html,
        permalink_url: `https://github.com/${this.store.repoPath}/compare/${this.store.fixture.owner}:${base.slice(0, 7)}...${this.store.fixture.owner}:${head.slice(0, 7)}`,
        diff_url: `${html}.diff`,
        patch_url: `${html}.patch`,
        base_commit: commitJson(this.store, baseInfo),
        merge_base_commit: commitJson(this.store, mergeBaseInfo),
        status,
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
        commits: commitInfos.filter((i): i is CommitInfo => i !== null).map(i => commitJson(this.store, i)),
        files: filesJson(this.store, files.slice(0, 300), head)
      }
    }
  }

  private async getCommit(params: Record<string, string>): Promise<Reply> {
    const sha = await this.store.repoReader.resolve(params.ref ?? '')
    const info = sha ? await this.store.repoReader.commit(sha) : null
    if (!info) {
      throw new HttpError(422, {
        message: `No commit found for SHA: ${params.ref}`,
        documentation_url: 'https://docs.github.com/rest/commits/commits#get-a-commit',
        status: '422'
      })
    }
    return { status: 200, body: commitJson(this.store, info) }
  }

  // ----- helpers -----

  private page<T>(
    ctx: RequestContext,
    items: T[],
    defaults: { perPage: number; max: number } = { perPage: 30, max: 100 }
  ): { items: T[]; headers: Record<string, string> } {
    const perPageRaw = Number.parseInt(ctx.query.per_page ?? '', 10)
    const perPage =
      Number.isNaN(perPageRaw) || perPageRaw < 1 ? defaults.perPage : Math.min(perPageRaw, defaults.max)
    const pageRaw = Number.parseInt(ctx.query.page ?? '', 10)
    const page = Number.isNaN(pageRaw) || pageRaw < 1 ? 1 : pageRaw
    const lastPage = Math.max(1, Math.ceil(items.length / perPage))
    const slice = items.slice((page - 1) * perPage, page * perPage)
    const headers: Record<string, string> = {}
    if (lastPage > 1) {
      const repoPrefix = `/repos/${this.store.repoPath}/`
      const stablePath = ctx.path.startsWith(repoPrefix)
        ? `/repositories/${this.store.repoId}/${ctx.path.slice(repoPrefix.length)}`
        : ctx.path
      const link = (p: number): string => {
        const query = new URLSearchParams({ ...ctx.query })
        query.delete('page')
        query.set('page', String(p))
        return `<${this.store.url}${stablePath}?${query.toString()}>`
      }
      const parts: string[] = []
      if (page > 1) parts.push(`${link(Math.min(page - 1, lastPage))}; rel="prev"`)
      if (page < lastPage) {
        parts.push(`${link(page + 1)}; rel="next"`)
        parts.push(`${link(lastPage)}; rel="last"`)
      }
      if (page > 1) parts.push(`${link(1)}; rel="first"`)
      headers.link = parts.join(', ')
    }
    return { items: slice, headers }
  }
}
