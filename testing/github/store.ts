/**
 * The stand-in's in-memory store: the pull request of a fixture repository, its reviews, review comments,
 * threads and issue comments, and the mutations on them. Git holds the commits; this holds everything else.
 */
import { git } from '../pr-fixture.js'
import { gitAsync, RepoReader, type FileDiff } from './git.js'
import { deepMerge, nowIso, stableNumber } from './util.js'

export interface FixtureLike {
  originDir: string
  owner: string
  repo: string
  prNumber: number
  baseRef: string
  headRef: string
  /** owner/repo of the head branch when it is not the base repository (a fork). */
  headRepo?: string
}

export interface UserJson {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string
  url: string
  html_url: string
  type: 'User' | 'Bot' | 'Organization'
  site_admin: boolean
  [key: string]: unknown
}

export type ReviewState = 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED'
export type Side = 'LEFT' | 'RIGHT'

export interface StoredReview {
  id: number
  node_id: string
  user: UserJson
  body: string
  state: ReviewState
  commit_id: string
  submitted_at: string | null
  created_at: string
}

export interface StoredReviewComment {
  id: number
  node_id: string
  pull_request_review_id: number
  user: UserJson
  body: string
  path: string
  /** Where the comment was made: the line numbers refer to the diff of `original_commit_id`. */
  original_commit_id: string
  original_line: number | null
  original_start_line: number | null
  side: Side
  start_side: Side | null
  subject_type: 'line' | 'file'
  in_reply_to_id?: number
  thread_id: string
  created_at: string
  updated_at: string
}

export interface StoredThread {
  id: string
  path: string
  comment_ids: number[]
  isResolved: boolean
  resolvedBy: string | null
}

export interface StoredIssueComment {
  id: number
  node_id: string
  user: UserJson
  body: string
  created_at: string
  updated_at: string
}

export interface SeedComment {
  path: string
  line?: number
  side?: Side
  start_line?: number
  start_side?: Side
  body: string
}

export interface SeedReview {
  user?: string | UserJson
  body?: string
  state?: ReviewState
  commit_id?: string
  comments?: SeedComment[]
}

export interface SeedReviewComment extends SeedComment {
  user?: string | UserJson
  commit_id?: string
  /** Joins the thread of this comment instead of starting a new one. */
  in_reply_to?: number
}

export interface PatchLimits {
  /** A file whose patch is longer than this many lines is listed without `patch`. */
  filePatchLines?: number
  /** A file whose patch is larger than this many bytes is listed without `patch`. */
  filePatchBytes?: number
  /**
   * Once the patches already in one response add up to this many lines, later files in that response come
   * with zero additions/deletions/changes and no patch (github.com behaves this way; see the community
   * discussion "pull request files and compare return 0 additions ... past a response's diff limit").
   */
  responsePatchLines?: number
}

export interface Snapshot {
  head: string
  base: string
  merge: string | null
}

/** What a new review comment stores: where it was made and what it says (`line` null for a file comment). */
export interface CommentDraft {
  path: string
  body: string
  line: number | null
  side: Side
  startLine: number | null
  startSide: Side | null
}

export interface StoreOptions {
  fixture: FixtureLike
  viewerLogin?: string
  /** Partial overrides deep-merged into the pull request JSON. */
  pr?: Record<string, unknown>
  limits?: PatchLimits
  /**
   * Repository roles by login (admin, maintain, write, triage, read, or none: not a collaborator, answered
   * 404); anyone else reads only. The fixture's head author (octocat) writes unless this says otherwise.
   */
  permissions?: Record<string, string>
  /**
   * The GitHub account each commit email belongs to (null: none), beside the defaults: the fixture's head
   * author is octocat, GitHub's own committer address is web-flow, and `<id>+<login>@users.noreply.github.com`
   * is <login>, as GitHub links them. Any other address belongs to no account.
   */
  accounts?: Record<string, string | null>
}

/** A reaction someone left on a comment. */
export interface StoredReaction {
  id: number
  subject: 'issue-comment' | 'review-comment'
  commentId: number
  content: string
  user: string
}

export class GitHubStore {
  /** The server's base URL, which profile and API URLs point at; empty until the server listens. */
  url = ''
  readonly reviews: StoredReview[] = []
  readonly reviewComments: StoredReviewComment[] = []
  readonly threads: StoredThread[] = []
  readonly issueComments: StoredIssueComment[] = []
  readonly reactions: StoredReaction[] = []
  readonly permissions: Record<string, string>
  readonly accounts: Record<string, string | null>
  viewer: UserJson

  readonly fixture: FixtureLike
  readonly repoReader: RepoReader
  readonly limits: Required<PatchLimits>
  readonly repoId: number
  prOverrides: Record<string, unknown>
  private headOverride: string | null = null
  private nextReviewId = 1_000_001
  private nextCommentId = 2_000_001
  private nextIssueCommentId = 3_000_001
  private nextThreadId = 1

  constructor(options: StoreOptions) {
    this.fixture = options.fixture
    this.limits = {
      filePatchLines: options.limits?.filePatchLines ?? 20_000,
      filePatchBytes: options.limits?.filePatchBytes ?? 1_000_000,
      responsePatchLines: options.limits?.responsePatchLines ?? 20_000
    }
    this.prOverrides = options.pr ?? {}
    this.permissions = { octocat: 'write', ...options.permissions }
    this.accounts = {
      'pat@example.com': 'octocat',
      'noreply@github.com': 'web-flow',
      ...options.accounts
    }
    this.repoReader = new RepoReader(options.fixture.originDir)
    this.repoId = stableNumber(`${options.fixture.owner}/${options.fixture.repo}`, 100_000_000)
    this.viewer = this.user(options.viewerLogin ?? 'github-actions[bot]')
  }

  /** Profile and API URLs point at the server, which only knows its port once it listens. */
  setUrl(url: string): void {
    this.url = url
    this.viewer = this.user(this.viewer.login)
  }

  // ----- test controls -----

  setHead(sha: string | null): void {
    if (sha !== null) {
      const full = git(this.fixture.originDir, ['rev-parse', '--verify', `${sha}^{commit}`])
      this.headOverride = full
    } else {
      this.headOverride = null
    }
  }

  updatePr(overrides: Record<string, unknown>): void {
    this.prOverrides = deepMerge(this.prOverrides, overrides)
  }

  addReview(seed: SeedReview): StoredReview {
    const user = this.seedUser(seed.user)
    const commitId = seed.commit_id ?? this.currentHeadSync()
    const state = seed.state ?? 'COMMENTED'
    const review = this.storeReview(user, seed.body ?? '', state, commitId)
    for (const comment of seed.comments ?? []) {
      this.storeComment(review, user, commitId, this.normalizeSeed(comment))
    }
    return review
  }

  addComment(seed: SeedReviewComment): StoredReviewComment {
    const user = this.seedUser(seed.user)
    const commitId = seed.commit_id ?? this.currentHeadSync()
    const review = this.storeReview(user, '', 'COMMENTED', commitId)
    if (seed.in_reply_to !== undefined) {
      const parent = this.reviewComments.find(c => c.id === seed.in_reply_to)
      if (!parent) throw new Error(`no review comment ${seed.in_reply_to} to reply to`)
      return this.storeReply(review, user, parent, seed.body)
    }
    return this.storeComment(review, user, commitId, this.normalizeSeed(seed))
  }

  addIssueComment(seed: { user?: string | UserJson; body: string }): StoredIssueComment {
    const id = this.nextIssueCommentId++
    const at = nowIso()
    const comment = {
      id,
      node_id: `IC_kwDOStandIn${id}`,
      user: this.seedUser(seed.user),
      body: seed.body,
      created_at: at,
      updated_at: at
    }
    this.issueComments.push(comment)
    return comment
  }

  resolveThread(threadId: string, by = this.viewer.login): void {
    const thread = this.threads.find(t => t.id === threadId)
    if (!thread) throw new Error(`no thread ${threadId}`)
    this.markResolved(thread, by)
  }

  private seedUser(user: string | UserJson | undefined): UserJson {
    if (user === undefined) return this.user('octocat')
    return typeof user === 'string' ? this.user(user) : user
  }

  private normalizeSeed(seed: SeedComment): CommentDraft {
    const side = seed.side ?? 'RIGHT'
    return {
      path: seed.path,
      body: seed.body,
      line: seed.line ?? null,
      side,
      startLine: seed.start_line ?? null,
      startSide: seed.start_line === undefined ? null : (seed.start_side ?? side)
    }
  }

  private currentHeadSync(): string {
    return (
      this.headOverride ??
      git(this.fixture.originDir, ['rev-parse', `refs/pull/${this.fixture.prNumber}/head`])
    )
  }

  // ----- users and identifiers -----

  user(login: string, type?: 'User' | 'Bot'): UserJson {
    const isBot = type ? type === 'Bot' : login.endsWith('[bot]')
    const id = login === 'github-actions[bot]' ? 41898282 : stableNumber(login, 1_000)
    const profile = isBot
      ? `https://github.com/apps/${login.replace(/\[bot\]$/, '')}`
      : `https://github.com/${login}`
    return {
      login,
      id,
      node_id: isBot ? `BOT_kgDOStandIn${id}` : `U_kgDOStandIn${id}`,
      avatar_url: `https://avatars.githubusercontent.com/${isBot ? 'in/15368' : `u/${id}`}?v=4`,
      gravatar_id: '',
      url: `${this.url}/users/${encodeURIComponent(login)}`,
      html_url: profile,
      type: isBot ? 'Bot' : 'User',
      site_admin: false,
      user_view_type: 'public'
    }
  }

  get repoPath(): string {
    return `${this.fixture.owner}/${this.fixture.repo}`
  }

  get htmlPull(): string {
    return `https://github.com/${this.repoPath}/pull/${this.fixture.prNumber}`
  }

  get apiRepo(): string {
    return `${this.url}/repos/${this.repoPath}`
  }

  /** The repository's owner, an organization. */
  /** The account a commit's email belongs to, as GitHub shows it as the commit's author or committer. */
  accountOf(email: string): UserJson | null {
    const listed = this.accounts[email.toLowerCase()]
    if (listed !== undefined) return listed === null ? null : this.user(listed)
    const noreply = /^\d+\+([^@]+)@users\.noreply\.github\.com$/i.exec(email)
    return noreply?.[1] ? this.user(noreply[1]) : null
  }

  ownerUser(): UserJson {
    const owner = this.user(this.fixture.owner)
    owner.type = 'Organization'
    return owner
  }

  // ----- pull request state -----

  async snapshot(): Promise<Snapshot> {
    const n = this.fixture.prNumber
    const baseRef = `refs/heads/${this.fixture.baseRef}`
    const out = await gitAsync(this.fixture.originDir, [
      'for-each-ref',
      '--format=%(objectname) %(refname)',
      `refs/pull/${n}/`,
      baseRef
    ])
    const refs = new Map(
      out.stdout
        .split('\n')
        .filter(Boolean)
        .map(line => [line.slice(41), line.slice(0, 40)] as const)
    )
    const head = refs.get(`refs/pull/${n}/head`)
    const base = refs.get(baseRef)
    if (!head || !base) throw new Error(`the origin has no refs/pull/${n}/head or ${baseRef}`)
    return { head: this.headOverride ?? head, base, merge: refs.get(`refs/pull/${n}/merge`) ?? null }
  }

  /** The files of a pull request at `commit`: GitHub diffs it against its merge base with the base tip. */
  async prDiff(commit: string, base: string): Promise<{ mergeBase: string; files: FileDiff[] }> {
    const mergeBase = await this.repoReader.mergeBase(base, commit)
    if (!mergeBase) throw new Error(`no merge base between ${base} and ${commit}`)
    return { mergeBase, files: await this.repoReader.diff(mergeBase, commit) }
  }

  async prCommits(snapshot: Snapshot): Promise<string[]> {
    return this.repoReader.revList(['--reverse', snapshot.head, `^${snapshot.base}`])
  }

  // ----- reading -----

  rootOf(comment: StoredReviewComment): StoredReviewComment {
    if (comment.in_reply_to_id === undefined) return comment
    return this.reviewComments.find(c => c.id === comment.in_reply_to_id) ?? comment
  }

  reviewOf(comment: StoredReviewComment): StoredReview | undefined {
    return this.reviews.find(r => r.id === comment.pull_request_review_id)
  }

  /** Reviews anyone can see: everything but other users' pending reviews. */
  visibleReviews(): StoredReview[] {
    return this.reviews.filter(r => r.state !== 'PENDING' || r.user.login === this.viewer.login)
  }

  viewerPending(): StoredReview | undefined {
    return this.reviews.find(r => r.state === 'PENDING' && r.user.login === this.viewer.login)
  }

  /** Review comments anyone can see: none of a pending review's. */
  visibleComments(): StoredReviewComment[] {
    const hidden = new Set(this.reviews.filter(r => r.state === 'PENDING').map(r => r.id))
    return this.reviewComments.filter(c => !hidden.has(c.pull_request_review_id))
  }

  // ----- storing -----

  storeReview(user: UserJson, body: string, state: ReviewState, commitId: string): StoredReview {
    const id = this.nextReviewId++
    const at = nowIso()
    const review: StoredReview = {
      id,
      node_id: `PRR_kwDOStandIn${id}`,
      user,
      body,
      state,
      commit_id: commitId,
      submitted_at: state === 'PENDING' ? null : at,
      created_at: at
    }
    this.reviews.push(review)
    return review
  }

  storeComment(
    review: StoredReview,
    user: UserJson,
    commitId: string,
    input: CommentDraft
  ): StoredReviewComment {
    const id = this.nextCommentId++
    const at = nowIso()
    const thread: StoredThread = {
      id: `PRRT_kwDOStandIn${this.nextThreadId++}`,
      path: input.path,
      comment_ids: [id],
      isResolved: false,
      resolvedBy: null
    }
    const comment: StoredReviewComment = {
      id,
      node_id: `PRRC_kwDOStandIn${id}`,
      pull_request_review_id: review.id,
      user,
      body: input.body,
      path: input.path,
      original_commit_id: commitId,
      original_line: input.line,
      original_start_line: input.startLine,
      side: input.side,
      start_side: input.startLine === null ? null : input.startSide,
      subject_type: input.line === null ? 'file' : 'line',
      thread_id: thread.id,
      created_at: at,
      updated_at: at
    }
    this.threads.push(thread)
    this.reviewComments.push(comment)
    return comment
  }

  storeReply(
    review: StoredReview,
    user: UserJson,
    parent: StoredReviewComment,
    body: string
  ): StoredReviewComment {
    const root = this.rootOf(parent)
    const id = this.nextCommentId++
    const at = nowIso()
    const reply: StoredReviewComment = {
      ...root,
      id,
      node_id: `PRRC_kwDOStandIn${id}`,
      pull_request_review_id: review.id,
      user,
      body,
      in_reply_to_id: root.id,
      created_at: at,
      updated_at: at
    }
    this.reviewComments.push(reply)
    this.threads.find(t => t.id === root.thread_id)?.comment_ids.push(id)
    return reply
  }

  // ----- removing and resolving -----

  /** Deletes a review with its comments, and the threads those comments started. */
  removeReview(review: StoredReview): void {
    this.reviews.splice(this.reviews.indexOf(review), 1)
    for (const comment of this.reviewComments.filter(c => c.pull_request_review_id === review.id)) {
      this.reviewComments.splice(this.reviewComments.indexOf(comment), 1)
      const thread = this.threads.find(t => t.id === comment.thread_id)
      if (thread && comment.in_reply_to_id === undefined) this.threads.splice(this.threads.indexOf(thread), 1)
    }
  }

  /** Deletes one review comment; a thread left without comments goes too. */
  removeComment(comment: StoredReviewComment): void {
    this.reviewComments.splice(this.reviewComments.indexOf(comment), 1)
    const thread = this.threads.find(t => t.id === comment.thread_id)
    if (thread) {
      thread.comment_ids = thread.comment_ids.filter(id => id !== comment.id)
      if (thread.comment_ids.length === 0) this.threads.splice(this.threads.indexOf(thread), 1)
    }
  }

  /** Resolves a thread as `by`, or unresolves it when `by` is null. */
  markResolved(thread: StoredThread, by: string | null): void {
    thread.isResolved = by !== null
    thread.resolvedBy = by
  }
}
