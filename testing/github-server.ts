/**
 * An offline stand-in for the GitHub REST and GraphQL APIs, served over real HTTP on 127.0.0.1 and backed
 * by a pull-request fixture's git repository. It re-implements GitHub's own rules (which lines of a diff
 * accept a review comment, what a 422 looks like, pagination, pending-review limits) independently of the
 * action's code, so that mistakes in the action show up as the failures GitHub would give.
 */
import { spawn } from 'node:child_process'
import * as fs from 'node:fs'
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSchema, graphql, GraphQLError, parse, validate, type GraphQLSchema } from 'graphql'
import { git, gitEnv } from './pr-fixture.js'

// ---------------------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------------------

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

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  /** Parsed JSON when the request carried JSON, otherwise the raw text (or undefined when empty). */
  body: unknown
  /** Status the stand-in answered with. */
  status?: number
}

export interface FaultMatcher {
  method?: string
  pathPattern: RegExp
  /** Let this many matching requests through before the fault starts. */
  skip?: number
}

export interface FaultResponse {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Handle the request as usual (a review is created) and only then answer with this fault. */
  afterHandling?: boolean
  /** Read the request and never answer it; the connection stays open until the client gives up. */
  hang?: boolean
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

export interface GitHubServerOptions {
  fixture: FixtureLike
  viewerLogin?: string
  token?: string
  tokenKind?: 'installation' | 'user'
  /** Partial overrides deep-merged into the pull request JSON (title, body, draft, user, state, head...). */
  pr?: Record<string, unknown>
  /** A review rejected with 422 leaves an empty PENDING review of the viewer behind, as GitHub sometimes does. */
  strayReviewOn422?: boolean
  limits?: PatchLimits
  /**
   * The token's `contents` permission. resolveReviewThread with an Actions token needs `write`; with `read` it
   * answers FORBIDDEN "Resource not accessible by integration", as GitHub does.
   */
  contents?: 'read' | 'write'
}

export interface GitHubStandIn {
  url: string
  graphqlUrl: string
  requests: RecordedRequest[]
  unknownRoutes: RecordedRequest[]
  reviews: StoredReview[]
  reviewComments: StoredReviewComment[]
  threads: StoredThread[]
  issueComments: StoredIssueComment[]
  viewer: UserJson
  /** Moves the pull request's head to `sha` (null goes back to following refs/pull/N/head). */
  setHead(sha: string | null): void
  /** Changes fields of the pull request JSON from now on. */
  updatePr(overrides: Record<string, unknown>): void
  failNext(matcher: FaultMatcher, response: FaultResponse, times?: number): void
  addReview(seed: SeedReview): StoredReview
  addComment(seed: SeedReviewComment): StoredReviewComment
  addIssueComment(seed: { user?: string | UserJson; body: string }): StoredIssueComment
  resolveThread(threadId: string, by?: string): void
  close(): Promise<void>
}

// ---------------------------------------------------------------------------------------------------------
// GitHub's answers
// ---------------------------------------------------------------------------------------------------------

const DOCS = {
  rest: 'https://docs.github.com/rest',
  createReview: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
  updateReview: 'https://docs.github.com/rest/pulls/reviews#update-a-review-for-a-pull-request',
  deleteReview: 'https://docs.github.com/rest/pulls/reviews#delete-a-pending-review-for-a-pull-request',
  submitReview: 'https://docs.github.com/rest/pulls/reviews#submit-a-review-for-a-pull-request',
  createComment: 'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
  reply: 'https://docs.github.com/rest/pulls/comments#create-a-reply-for-a-review-comment',
  issueComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  getUser: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  listFiles: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files',
  graphql: 'https://docs.github.com/graphql',
  secondaryRateLimit:
    'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits'
}

/** Messages GitHub puts in `errors` of a 422 from the review endpoints. */
export const REVIEW_ERRORS = {
  line: 'Line could not be resolved',
  path: 'Path could not be resolved',
  position: 'Pull request review thread position is invalid',
  diffTooLarge: 'Pull request review thread path diff too large',
  startLineHunk: 'Pull request review thread start line must be part of the same hunk as the line.',
  startLineOrder: 'Pull request review thread start line must precede the end line.',
  side: 'Pull request review thread side is not included in the list',
  event: 'Variable $event of type PullRequestReviewEvent was provided invalid value',
  commit: 'The commitOID is not part of the pull request',
  onePending: 'User can only have one pending review per pull request',
  bodyTooLong: 'Body is too long (maximum is 65536 characters)',
  bodyBlank: "Body can't be blank",
  alreadySubmitted: 'Review has already been submitted.',
  deleteSubmitted: 'Can not delete a non-pending pull request review',
  approveOwn: 'Can not approve your own pull request',
  requestChangesOwn: 'Can not request changes on your own pull request'
} as const

export const MAX_BODY_CHARS = 65_536
export const MAX_PR_FILES = 3000

/** Ready-made fault responses for `failNext`. */
export const faults = {
  secondaryRateLimit(retryAfterSeconds = 1): FaultResponse {
    return {
      status: 403,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
        documentation_url: DOCS.secondaryRateLimit,
        status: '403'
      }
    }
  },
  primaryRateLimit(resetEpochSeconds = Math.floor(Date.now() / 1000) + 1): FaultResponse {
    return {
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetEpochSeconds) },
      body: {
        message: 'API rate limit exceeded for installation ID 1.',
        documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        status: '403'
      }
    }
  },
  serverError(status = 500): FaultResponse {
    return { status, body: { message: status === 502 ? 'Server Error' : 'Internal Server Error' } }
  },
  /** GitHub did the work but the answer was lost on the way: a 502 from the edge. */
  landedButBadGateway(): FaultResponse {
    return { status: 502, body: { message: 'Server Error' }, afterHandling: true }
  },
  hang(): FaultResponse {
    return { status: 0, hang: true }
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {}
  ) {
    super(`HTTP ${status}`)
  }
}

function notFound(): HttpError {
  return new HttpError(404, { message: 'Not Found', documentation_url: DOCS.rest, status: '404' })
}

function unprocessable(errors: string[], documentationUrl: string): HttpError {
  return new HttpError(422, {
    message: 'Unprocessable Entity',
    errors: [toSentence(errors)],
    documentation_url: documentationUrl,
    status: '422'
  })
}

/** Joins messages the way Rails' Array#to_sentence does, which is how GitHub reports several at once. */
function toSentence(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  if (items.length === 2) return `${items[0]} and ${items[1]}`
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`
}

function nowIso(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** GitHub counts characters, not UTF-16 code units. */
function charCount(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

function stableNumber(text: string, floor: number): number {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return floor + (hash % 90_000_000)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function deepMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target }
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key]
    out[key] = isRecord(value) && isRecord(existing) ? deepMerge(existing, value) : value
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Git access and the diff model (an independent parser of unified diffs)
// ---------------------------------------------------------------------------------------------------------

interface GitOutput {
  status: number
  stdout: string
}

function gitAsync(cwd: string, args: readonly string[]): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', ...args], { cwd, env: gitEnv() })
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', code => resolve({ status: code ?? -1, stdout: Buffer.concat(out).toString('utf8') }))
  })
}

interface DiffLine {
  kind: ' ' | '+' | '-' | '\\'
  oldNo: number | null
  newNo: number | null
  /** GitHub's legacy `position`: lines below the file's first @@ header, counting later headers too. */
  position: number
  hunk: number
}

interface Hunk {
  index: number
  headerPosition: number
  /** The header and every line of the hunk, as GitHub quotes them in `diff_hunk`. */
  text: string[]
}

interface FileDiff {
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed'
  filename: string
  previousFilename?: string
  oldBlob: string
  newBlob: string
  binary: boolean
  /** The hunks as GitHub's `patch` field shows them (from the first @@), or null when there are none. */
  patch: string | null
  patchLines: number
  additions: number
  deletions: number
  hunks: Hunk[]
  right: Map<number, DiffLine>
  left: Map<number, DiffLine>
  byPosition: Map<number, DiffLine>
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

function parseFilePatch(file: FileDiff, section: string[]): void {
  let position = -1
  let oldNo = 0
  let newNo = 0
  let current: Hunk | undefined
  const patchLines: string[] = []
  for (const line of section) {
    if (position < 0 && !line.startsWith('@@')) {
      if (line.startsWith('Binary files ') || line === 'GIT binary patch') file.binary = true
      continue
    }
    const header = HUNK_HEADER.exec(line)
    if (header) {
      position += 1
      oldNo = Number(header[1])
      newNo = Number(header[3])
      current = { index: file.hunks.length, headerPosition: position, text: [line] }
      file.hunks.push(current)
      patchLines.push(line)
      continue
    }
    if (!current) continue
    const kind = line[0]
    if (kind !== ' ' && kind !== '+' && kind !== '-' && kind !== '\\') continue
    position += 1
    patchLines.push(line)
    current.text.push(line)
    const entry: DiffLine = { kind, oldNo: null, newNo: null, position, hunk: current.index }
    if (kind === ' ') {
      entry.oldNo = oldNo++
      entry.newNo = newNo++
      file.left.set(entry.oldNo, entry)
      file.right.set(entry.newNo, entry)
    } else if (kind === '+') {
      entry.newNo = newNo++
      file.right.set(entry.newNo, entry)
      file.additions += 1
    } else if (kind === '-') {
      entry.oldNo = oldNo++
      file.left.set(entry.oldNo, entry)
      file.deletions += 1
    }
    file.byPosition.set(position, entry)
  }
  if (patchLines.length > 0) {
    file.patch = patchLines.join('\n')
    file.patchLines = patchLines.length
  }
}

const STATUS_NAMES: Record<string, FileDiff['status']> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed'
}

function parseDiff(raw: string, patch: string): FileDiff[] {
  const files: FileDiff[] = []
  const tokens = raw.split('\0')
  for (let i = 0; i < tokens.length; i++) {
    const meta = tokens[i]
    if (!meta || !meta.startsWith(':')) continue
    const [, , oldBlob = '', newBlob = '', status = 'M'] = meta.slice(1).split(' ')
    const letter = status[0] ?? 'M'
    let filename: string
    let previousFilename: string | undefined
    if (letter === 'R' || letter === 'C') {
      previousFilename = tokens[++i] ?? ''
      filename = tokens[++i] ?? ''
    } else {
      filename = tokens[++i] ?? ''
    }
    files.push({
      status: STATUS_NAMES[letter] ?? 'modified',
      filename,
      previousFilename,
      oldBlob,
      newBlob,
      binary: false,
      patch: null,
      patchLines: 0,
      additions: 0,
      deletions: 0,
      hunks: [],
      right: new Map(),
      left: new Map(),
      byPosition: new Map()
    })
  }
  const sections: string[][] = []
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) sections.push([])
    else sections[sections.length - 1]?.push(line)
  }
  files.forEach((file, index) => parseFilePatch(file, sections[index] ?? []))
  return files
}

interface Snapshot {
  head: string
  base: string
  merge: string | null
}

interface CommitInfo {
  sha: string
  tree: string
  parents: string[]
  authorName: string
  authorEmail: string
  authorDate: string
  committerName: string
  committerEmail: string
  committerDate: string
  message: string
}

class RepoReader {
  private readonly diffs = new Map<string, Promise<FileDiff[]>>()
  private readonly commits = new Map<string, Promise<CommitInfo | null>>()
  private readonly blobs = new Map<string, Promise<string | null>>()
  private readonly mergeBases = new Map<string, Promise<string | null>>()

  constructor(readonly gitDir: string) {}

  async resolve(ref: string): Promise<string | null> {
    if (!/^[\w./-]+$/.test(ref) || ref.startsWith('-')) return null
    for (const candidate of [`refs/heads/${ref}`, ref]) {
      const out = await gitAsync(this.gitDir, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`])
      if (out.status === 0) return out.stdout.trim()
    }
    return null
  }

  mergeBase(a: string, b: string): Promise<string | null> {
    const key = `${a} ${b}`
    let found = this.mergeBases.get(key)
    if (!found) {
      found = gitAsync(this.gitDir, ['merge-base', a, b]).then(out =>
        out.status === 0 ? out.stdout.trim() : null
      )
      this.mergeBases.set(key, found)
    }
    return found
  }

  async revList(args: string[]): Promise<string[]> {
    const out = await gitAsync(this.gitDir, ['rev-list', ...args])
    return out.status === 0 ? out.stdout.split('\n').filter(Boolean) : []
  }

  diff(from: string, to: string): Promise<FileDiff[]> {
    const key = `${from}..${to}`
    let found = this.diffs.get(key)
    if (!found) {
      const common = ['--no-color', '--no-ext-diff', '--no-textconv', '-M', from, to]
      found = Promise.all([
        gitAsync(this.gitDir, ['diff', '--raw', '-z', '--no-abbrev', ...common]),
        gitAsync(this.gitDir, ['diff', '-U3', '--src-prefix=a/', '--dst-prefix=b/', ...common])
      ]).then(([raw, patch]) => parseDiff(raw.stdout, patch.stdout))
      this.diffs.set(key, found)
    }
    return found
  }

  async rawDiff(from: string, to: string): Promise<string> {
    const out = await gitAsync(this.gitDir, ['diff', '--no-color', '--no-ext-diff', '-M', from, to])
    return out.stdout
  }

  commit(sha: string): Promise<CommitInfo | null> {
    let found = this.commits.get(sha)
    if (!found) {
      const format = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00')
      found = gitAsync(this.gitDir, ['show', '-s', `--format=${format}`, sha]).then(out => {
        if (out.status !== 0) return null
        const [
          full = '',
          tree = '',
          parents = '',
          an = '',
          ae = '',
          ad = '',
          cn = '',
          ce = '',
          cd = '',
          ...rest
        ] = out.stdout.split('\0')
        return {
          sha: full,
          tree,
          parents: parents.split(' ').filter(Boolean),
          authorName: an,
          authorEmail: ae,
          authorDate: isoZ(ad),
          committerName: cn,
          committerEmail: ce,
          committerDate: isoZ(cd),
          message: rest.join('\0').replace(/\n+$/, '')
        }
      })
      this.commits.set(sha, found)
    }
    return found
  }

  blobAt(commit: string, file: string): Promise<string | null> {
    const key = `${commit}:${file}`
    let found = this.blobs.get(key)
    if (!found) {
      found = gitAsync(this.gitDir, ['rev-parse', '--verify', '--quiet', key]).then(out =>
        out.status === 0 ? out.stdout.trim() : null
      )
      this.blobs.set(key, found)
    }
    return found
  }
}

function isoZ(date: string): string {
  const parsed = new Date(date)
  return Number.isNaN(parsed.getTime()) ? date : parsed.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

// ---------------------------------------------------------------------------------------------------------
// GraphQL schema (GitHub's public schema, built once per module instance)
// ---------------------------------------------------------------------------------------------------------

let cachedSchema: GraphQLSchema | undefined

function githubSchema(): GraphQLSchema {
  if (!cachedSchema) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'github-schema.graphql')
    // The published schema repeats two field definitions, which GitHub's own server tolerates.
    cachedSchema = buildSchema(fs.readFileSync(file, 'utf8'), { assumeValidSDL: true })
  }
  return cachedSchema
}

class GitHubGraphQLError extends Error {
  constructor(
    message: string,
    readonly type: string
  ) {
    super(message)
  }
}

interface GraphQLErrorJson {
  type?: string
  path?: readonly (string | number)[]
  extensions?: Record<string, unknown>
  locations?: readonly { line: number; column: number }[]
  message: string
}

/** Rewrites graphql-js validation messages into the wording of GitHub's GraphQL server. */
function githubValidationError(error: GraphQLError): GraphQLErrorJson {
  const locations = error.locations
  const field = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message)
  if (field) {
    return {
      extensions: { code: 'undefinedField', typeName: field[2], fieldName: field[1] },
      locations,
      message: `Field '${field[1]}' doesn't exist on type '${field[2]}'`
    }
  }
  const argument = /^Unknown argument "([^"]+)" on field "[^".]+\.([^"]+)"\./.exec(error.message)
  if (argument) {
    return {
      extensions: {
        code: 'argumentNotAccepted',
        name: argument[2],
        typeName: 'Field',
        argumentName: argument[1]
      },
      locations,
      message: `Field '${argument[2]}' doesn't accept argument '${argument[1]}'`
    }
  }
  return { locations, message: error.message }
}

interface ConnectionArgs {
  first?: number | null
  last?: number | null
  after?: string | null
  before?: string | null
}

function cursorFor(index: number): string {
  return Buffer.from(`cursor:v2:${index}`).toString('base64')
}

function indexOfCursor(cursor: string): number {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
  if (!match)
    throw new GitHubGraphQLError(
      `\`${cursor}\` does not appear to be a valid cursor.`,
      'INVALID_CURSOR_ARGUMENTS'
    )
  return Number(match[1])
}

function connection<T>(name: string, items: T[], args: ConnectionArgs): Record<string, unknown> {
  const { first, last, after, before } = args
  if (first == null && last == null) {
    throw new GitHubGraphQLError(
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
      'MISSING_PAGINATION_BOUNDARIES'
    )
  }
  for (const [label, value] of [
    ['first', first],
    ['last', last]
  ] as const) {
    if (value != null && value > 100) {
      throw new GitHubGraphQLError(
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${label}\` limit of 100 records.`,
        'EXCESSIVE_PAGINATION'
      )
    }
  }
  let start = after ? indexOfCursor(after) + 1 : 0
  let end = before ? indexOfCursor(before) : items.length
  if (first != null) end = Math.min(end, start + first)
  if (last != null) start = Math.max(start, end - last)
  const slice = items.slice(start, end).map((node, i) => ({ node, cursor: cursorFor(start + i) }))
  return {
    totalCount: items.length,
    nodes: slice.map(edge => edge.node),
    edges: slice,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice[slice.length - 1]?.cursor ?? null
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------------------------

interface Route {
  method: string
  pattern: RegExp
  handler: (ctx: RequestContext, params: Record<string, string>) => Promise<Reply>
}

interface Reply {
  status: number
  body?: unknown
  text?: string
  headers?: Record<string, string>
  hang?: boolean
}

interface RequestContext {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  body: unknown
}

interface FaultEntry {
  matcher: FaultMatcher
  response: FaultResponse
  remaining: number
  skip: number
}

/** Where a comment sits in a diff, or why it cannot sit there. */
interface Placement {
  file: FileDiff
  end: DiffLine
  start: DiffLine | null
}

interface CommentInput {
  path: unknown
  body: unknown
  line: unknown
  side: unknown
  start_line: unknown
  start_side: unknown
  position: unknown
}

class StandIn implements GitHubStandIn {
  url = ''
  graphqlUrl = ''
  readonly requests: RecordedRequest[] = []
  readonly unknownRoutes: RecordedRequest[] = []
  readonly reviews: StoredReview[] = []
  readonly reviewComments: StoredReviewComment[] = []
  readonly threads: StoredThread[] = []
  readonly issueComments: StoredIssueComment[] = []
  viewer: UserJson

  private readonly server: http.Server
  private readonly repoReader: RepoReader
  private readonly fixture: FixtureLike
  private readonly token: string
  private readonly tokenKind: 'installation' | 'user'
  private readonly strayReviewOn422: boolean
  private readonly contents: 'read' | 'write'
  private readonly limits: Required<PatchLimits>
  private readonly repoId: number
  private readonly faults: FaultEntry[] = []
  private readonly routes: Route[]
  private prOverrides: Record<string, unknown>
  private headOverride: string | null = null
  private nextReviewId = 1_000_001
  private nextCommentId = 2_000_001
  private nextIssueCommentId = 3_000_001
  private nextThreadId = 1
  private requestCount = 0

  constructor(options: GitHubServerOptions) {
    this.fixture = options.fixture
    this.token = options.token ?? 'ghs_testtoken'
    this.tokenKind = options.tokenKind ?? 'installation'
    this.strayReviewOn422 = options.strayReviewOn422 ?? false
    this.contents = options.contents ?? 'write'
    this.limits = {
      filePatchLines: options.limits?.filePatchLines ?? 20_000,
      filePatchBytes: options.limits?.filePatchBytes ?? 1_000_000,
      responsePatchLines: options.limits?.responsePatchLines ?? 20_000
    }
    this.prOverrides = options.pr ?? {}
    this.repoReader = new RepoReader(options.fixture.originDir)
    this.repoId = stableNumber(`${options.fixture.owner}/${options.fixture.repo}`, 100_000_000)
    this.viewer = this.user(options.viewerLogin ?? 'github-actions[bot]')
    this.routes = this.buildRoutes()
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ message: `stand-in failure: ${String(error?.stack ?? error)}` }))
      })
    })
  }

  async listen(): Promise<void> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve))
    // Built before the first query, so that building it never counts against a client's timeout.
    githubSchema()
    const { port } = this.server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
    this.graphqlUrl = `${this.url}/graphql`
    // Profile URLs point at this server, which only now knows its port.
    this.viewer = this.user(this.viewer.login)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
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

  failNext(matcher: FaultMatcher, response: FaultResponse, times = 1): void {
    this.faults.push({ matcher, response, remaining: times, skip: matcher.skip ?? 0 })
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
    thread.isResolved = true
    thread.resolvedBy = by
  }

  private seedUser(user: string | UserJson | undefined): UserJson {
    if (user === undefined) return this.user('octocat')
    return typeof user === 'string' ? this.user(user) : user
  }

  private normalizeSeed(seed: SeedComment): {
    path: string
    body: string
    line: number | null
    side: Side
    startLine: number | null
    startSide: Side | null
  } {
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

  private user(login: string, type?: 'User' | 'Bot'): UserJson {
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

  private get repoPath(): string {
    return `${this.fixture.owner}/${this.fixture.repo}`
  }

  private get htmlPull(): string {
    return `https://github.com/${this.repoPath}/pull/${this.fixture.prNumber}`
  }

  private get apiRepo(): string {
    return `${this.url}/repos/${this.repoPath}`
  }

  // ----- pull request state -----

  private async snapshot(): Promise<Snapshot> {
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
  private async prDiff(commit: string, base: string): Promise<{ mergeBase: string; files: FileDiff[] }> {
    const mergeBase = await this.repoReader.mergeBase(base, commit)
    if (!mergeBase) throw new Error(`no merge base between ${base} and ${commit}`)
    return { mergeBase, files: await this.repoReader.diff(mergeBase, commit) }
  }

  private async prCommits(snapshot: Snapshot): Promise<string[]> {
    return this.repoReader.revList(['--reverse', snapshot.head, `^${snapshot.base}`])
  }

  private async pullJson(): Promise<Record<string, unknown>> {
    const snap = await this.snapshot()
    const [{ files }, commits] = await Promise.all([this.prDiff(snap.head, snap.base), this.prCommits(snap)])
    const owner = this.user(this.fixture.owner)
    owner.type = 'Organization'
    const repo = this.repoJson()
    const author = this.user('octocat')
    const n = this.fixture.prNumber
    const visibleComments = this.reviewComments.filter(c => this.reviewOf(c)?.state !== 'PENDING')
    const pull: Record<string, unknown> = {
      url: `${this.apiRepo}/pulls/${n}`,
      id: stableNumber(`${this.repoPath}#${n}`, 500_000_000),
      node_id: `PR_kwDOStandIn${n}`,
      html_url: this.htmlPull,
      diff_url: `${this.htmlPull}.diff`,
      patch_url: `${this.htmlPull}.patch`,
      issue_url: `${this.apiRepo}/issues/${n}`,
      commits_url: `${this.apiRepo}/pulls/${n}/commits`,
      review_comments_url: `${this.apiRepo}/pulls/${n}/comments`,
      review_comment_url: `${this.apiRepo}/pulls/comments{/number}`,
      comments_url: `${this.apiRepo}/issues/${n}/comments`,
      statuses_url: `${this.apiRepo}/statuses/${snap.head}`,
      number: n,
      state: 'open',
      locked: false,
      title: 'Add a widget',
      user: author,
      body: 'This pull request adds a widget.',
      labels: [],
      milestone: null,
      active_lock_reason: null,
      created_at: '2023-11-14T22:13:20Z',
      updated_at: nowIso(),
      closed_at: null,
      merged_at: null,
      merge_commit_sha: snap.merge,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: this.headJson(snap.head, owner, repo),
      base: {
        label: `${this.fixture.owner}:${this.fixture.baseRef}`,
        ref: this.fixture.baseRef,
        sha: snap.base,
        user: owner,
        repo
      },
      _links: {
        self: { href: `${this.apiRepo}/pulls/${n}` },
        html: { href: this.htmlPull },
        issue: { href: `${this.apiRepo}/issues/${n}` },
        comments: { href: `${this.apiRepo}/issues/${n}/comments` },
        review_comments: { href: `${this.apiRepo}/pulls/${n}/comments` },
        review_comment: { href: `${this.apiRepo}/pulls/comments{/number}` },
        commits: { href: `${this.apiRepo}/pulls/${n}/commits` },
        statuses: { href: `${this.apiRepo}/statuses/${snap.head}` }
      },
      author_association: 'CONTRIBUTOR',
      auto_merge: null,
      draft: false,
      merged: false,
      mergeable: snap.merge !== null,
      rebaseable: true,
      mergeable_state: snap.merge !== null ? 'clean' : 'dirty',
      merged_by: null,
      comments: this.issueComments.length,
      review_comments: visibleComments.length,
      maintainer_can_modify: false,
      commits: commits.length,
      additions: files.reduce((sum, f) => sum + f.additions, 0),
      deletions: files.reduce((sum, f) => sum + f.deletions, 0),
      changed_files: files.length
    }
    return deepMerge(pull, this.prOverrides)
  }

  /** The head side of a pull request; a fork's has the fork's owner and repository. */
  private headJson(sha: string, owner: UserJson, repo: Record<string, unknown>): Record<string, unknown> {
    const headRepo = this.fixture.headRepo
    if (!headRepo || headRepo.toLowerCase() === this.repoPath.toLowerCase()) {
      return {
        label: `${this.fixture.owner}:${this.fixture.headRef}`,
        ref: this.fixture.headRef,
        sha,
        user: owner,
        repo
      }
    }
    const forkOwner = this.user(headRepo.split('/')[0] ?? headRepo)
    const forkId = stableNumber(headRepo, 100_000_000)
    return {
      label: `${forkOwner.login}:${this.fixture.headRef}`,
      ref: this.fixture.headRef,
      sha,
      user: forkOwner,
      repo: {
        ...repo,
        id: forkId,
        node_id: `R_kgDOStandIn${forkId}`,
        name: headRepo.split('/')[1] ?? this.fixture.repo,
        full_name: headRepo,
        owner: forkOwner,
        html_url: `https://github.com/${headRepo}`,
        fork: true,
        url: `${this.url}/repos/${headRepo}`
      }
    }
  }

  private repoJson(): Record<string, unknown> {
    const owner = this.user(this.fixture.owner)
    owner.type = 'Organization'
    return {
      id: this.repoId,
      node_id: `R_kgDOStandIn${this.repoId}`,
      name: this.fixture.repo,
      full_name: this.repoPath,
      private: false,
      owner,
      html_url: `https://github.com/${this.repoPath}`,
      description: null,
      fork: false,
      url: this.apiRepo,
      default_branch: this.fixture.baseRef,
      visibility: 'public',
      archived: false,
      disabled: false
    }
  }

  private async prAuthorLogin(): Promise<string> {
    const pull = await this.pullJson()
    const user = pull.user
    return isRecord(user) && typeof user.login === 'string' ? user.login : ''
  }

  // ----- locating comments in a diff -----

  private async locate(
    files: FileDiff[],
    input: { path: string; line: number; side: Side; startLine: number | null; startSide: Side | null }
  ): Promise<Placement | string[]> {
    const file = files.find(f => f.filename === input.path)
    if (!file) return [REVIEW_ERRORS.path]
    if (!file.binary && file.patch !== null && this.patchTooLarge(file)) return [REVIEW_ERRORS.diffTooLarge]
    const end = (input.side === 'LEFT' ? file.left : file.right).get(input.line)
    if (!end) return [REVIEW_ERRORS.line]
    if (input.startLine === null) return { file, end, start: null }
    const startSide = input.startSide ?? input.side
    const start = (startSide === 'LEFT' ? file.left : file.right).get(input.startLine)
    if (!start) return [REVIEW_ERRORS.startLineHunk]
    const offset = end.position - start.position
    if (offset < 1) return [REVIEW_ERRORS.startLineOrder]
    if (start.hunk !== end.hunk) return [REVIEW_ERRORS.startLineHunk]
    return { file, end, start }
  }

  private patchTooLarge(file: FileDiff): boolean {
    return (
      file.patchLines > this.limits.filePatchLines ||
      Buffer.byteLength(file.patch ?? '') > this.limits.filePatchBytes
    )
  }

  /** Validates one entry of a review's `comments` and returns what to store, or GitHub's error messages. */
  private async validateComment(
    files: FileDiff[],
    raw: unknown
  ): Promise<
    | {
        path: string
        body: string
        line: number
        side: Side
        startLine: number | null
        startSide: Side | null
      }
    | string[]
  > {
    if (!isRecord(raw)) return [REVIEW_ERRORS.path]
    const input = raw as unknown as CommentInput
    const errors: string[] = []
    if (typeof input.body !== 'string' || input.body.trim() === '') errors.push(REVIEW_ERRORS.bodyBlank)
    else if (charCount(input.body) > MAX_BODY_CHARS) errors.push(REVIEW_ERRORS.bodyTooLong)
    if (typeof input.path !== 'string') return [...errors, REVIEW_ERRORS.path]
    const side = input.side ?? 'RIGHT'
    if (side !== 'LEFT' && side !== 'RIGHT') return [...errors, REVIEW_ERRORS.side]
    const startSideRaw = input.start_side ?? null
    if (startSideRaw !== null && startSideRaw !== 'LEFT' && startSideRaw !== 'RIGHT') {
      return [...errors, REVIEW_ERRORS.side]
    }
    let line: number
    let resolvedSide: Side = side
    if (input.line !== undefined && input.line !== null) {
      if (!Number.isInteger(input.line) || (input.line as number) < 1) return [...errors, REVIEW_ERRORS.line]
      line = input.line as number
    } else if (input.position !== undefined && input.position !== null) {
      const file = files.find(f => f.filename === input.path)
      if (!file) return [...errors, REVIEW_ERRORS.path]
      const at = Number.isInteger(input.position) ? file.byPosition.get(input.position as number) : undefined
      if (!at || at.kind === '\\') return [...errors, REVIEW_ERRORS.position]
      resolvedSide = at.kind === '-' ? 'LEFT' : 'RIGHT'
      line = (resolvedSide === 'LEFT' ? at.oldNo : at.newNo) ?? 0
    } else {
      return [...errors, REVIEW_ERRORS.line]
    }
    let startLine: number | null = null
    if (input.start_line !== undefined && input.start_line !== null) {
      if (!Number.isInteger(input.start_line) || (input.start_line as number) < 1) {
        return [...errors, REVIEW_ERRORS.startLineHunk]
      }
      startLine = input.start_line as number
    }
    const startSide: Side | null = startLine === null ? null : ((startSideRaw as Side | null) ?? resolvedSide)
    const placed = await this.locate(files, {
      path: input.path,
      line,
      side: resolvedSide,
      startLine,
      startSide
    })
    if (Array.isArray(placed)) return [...errors, ...placed]
    if (errors.length > 0) return errors
    return { path: input.path, body: input.body as string, line, side: resolvedSide, startLine, startSide }
  }

  /** Where a stored comment sits now: GitHub keeps a line only while the code under it is unchanged. */
  private async currentPlacement(
    comment: StoredReviewComment,
    snap: Snapshot
  ): Promise<{ line: number | null; startLine: number | null; position: number | null; commitId: string }> {
    const root = this.rootOf(comment)
    const outdated = { line: null, startLine: null, position: null, commitId: root.original_commit_id }
    if (root.original_line === null) return outdated
    const { mergeBase, files } = await this.prDiff(snap.head, snap.base)
    const input = {
      path: root.path,
      line: root.original_line,
      side: root.side,
      startLine: root.original_start_line,
      startSide: root.start_side
    }
    if (root.original_commit_id !== snap.head) {
      const original = await this.prDiff(root.original_commit_id, snap.base).catch(() => null)
      if (!original) return outdated
      const sideCommitNow = root.side === 'LEFT' ? mergeBase : snap.head
      const sideCommitThen = root.side === 'LEFT' ? original.mergeBase : root.original_commit_id
      const [now, then] = await Promise.all([
        this.repoReader.blobAt(sideCommitNow, this.pathOnSide(files, root.path, root.side)),
        this.repoReader.blobAt(sideCommitThen, this.pathOnSide(original.files, root.path, root.side))
      ])
      if (now === null || now !== then) return outdated
    }
    const placed = await this.locate(files, input)
    if (Array.isArray(placed)) return outdated
    return {
      line: root.original_line,
      startLine: root.original_start_line,
      position: placed.end.position,
      commitId: snap.head
    }
  }

  private pathOnSide(files: FileDiff[], file: string, side: Side): string {
    if (side === 'RIGHT') return file
    return files.find(f => f.filename === file)?.previousFilename ?? file
  }

  private rootOf(comment: StoredReviewComment): StoredReviewComment {
    if (comment.in_reply_to_id === undefined) return comment
    return this.reviewComments.find(c => c.id === comment.in_reply_to_id) ?? comment
  }

  private reviewOf(comment: StoredReviewComment): StoredReview | undefined {
    return this.reviews.find(r => r.id === comment.pull_request_review_id)
  }

  // ----- storing -----

  private storeReview(user: UserJson, body: string, state: ReviewState, commitId: string): StoredReview {
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

  private storeComment(
    review: StoredReview,
    user: UserJson,
    commitId: string,
    input: {
      path: string
      body: string
      line: number | null
      side: Side
      startLine: number | null
      startSide: Side | null
    }
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

  private storeReply(
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

  // ----- JSON renderings -----

  private reviewJson(review: StoredReview): Record<string, unknown> {
    const n = this.fixture.prNumber
    const json: Record<string, unknown> = {
      id: review.id,
      node_id: review.node_id,
      user: review.user,
      body: review.body,
      state: review.state,
      html_url: `${this.htmlPull}#pullrequestreview-${review.id}`,
      pull_request_url: `${this.apiRepo}/pulls/${n}`,
      author_association: review.user.type === 'Bot' ? 'NONE' : 'MEMBER',
      _links: {
        html: { href: `${this.htmlPull}#pullrequestreview-${review.id}` },
        pull_request: { href: `${this.apiRepo}/pulls/${n}` }
      },
      commit_id: review.commit_id
    }
    if (review.submitted_at !== null) json.submitted_at = review.submitted_at
    return json
  }

  private async commentJson(comment: StoredReviewComment, snap: Snapshot): Promise<Record<string, unknown>> {
    const root = this.rootOf(comment)
    const now = await this.currentPlacement(comment, snap)
    let diffHunk = ''
    let originalPosition: number | null = null
    if (root.original_line !== null) {
      const original = await this.prDiff(root.original_commit_id, snap.base).catch(() => null)
      if (original) {
        const placed = await this.locate(original.files, {
          path: root.path,
          line: root.original_line,
          side: root.side,
          startLine: root.original_start_line,
          startSide: root.start_side
        })
        if (!Array.isArray(placed)) {
          const hunk = placed.file.hunks[placed.end.hunk]
          if (hunk) diffHunk = hunk.text.slice(0, placed.end.position - hunk.headerPosition + 1).join('\n')
          originalPosition = placed.end.position
        }
      }
    }
    const n = this.fixture.prNumber
    const url = `${this.apiRepo}/pulls/comments/${comment.id}`
    const html = `${this.htmlPull}#discussion_r${comment.id}`
    const json: Record<string, unknown> = {
      url,
      pull_request_review_id: comment.pull_request_review_id,
      id: comment.id,
      node_id: comment.node_id,
      diff_hunk: diffHunk,
      path: root.path,
      position: now.position,
      original_position: originalPosition,
      commit_id: now.commitId,
      original_commit_id: root.original_commit_id,
      user: comment.user,
      body: comment.body,
      created_at: comment.created_at,
      updated_at: comment.updated_at,
      html_url: html,
      pull_request_url: `${this.apiRepo}/pulls/${n}`,
      author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
      _links: {
        self: { href: url },
        html: { href: html },
        pull_request: { href: `${this.apiRepo}/pulls/${n}` }
      },
      start_line: now.startLine,
      original_start_line: root.original_start_line,
      start_side: root.start_side,
      line: now.line,
      original_line: root.original_line,
      side: root.side,
      subject_type: root.subject_type
    }
    if (comment.in_reply_to_id !== undefined) json.in_reply_to_id = comment.in_reply_to_id
    return json
  }

  private commitJson(info: CommitInfo): Record<string, unknown> {
    return {
      sha: info.sha,
      node_id: `C_kwDOStandIn${info.sha.slice(0, 12)}`,
      commit: {
        author: { name: info.authorName, email: info.authorEmail, date: info.authorDate },
        committer: { name: info.committerName, email: info.committerEmail, date: info.committerDate },
        message: info.message,
        tree: { sha: info.tree, url: `${this.apiRepo}/git/trees/${info.tree}` },
        url: `${this.apiRepo}/git/commits/${info.sha}`,
        comment_count: 0,
        verification: {
          verified: false,
          reason: 'unsigned',
          signature: null,
          payload: null,
          verified_at: null
        }
      },
      url: `${this.apiRepo}/commits/${info.sha}`,
      html_url: `https://github.com/${this.repoPath}/commit/${info.sha}`,
      comments_url: `${this.apiRepo}/commits/${info.sha}/comments`,
      author: null,
      committer: null,
      parents: info.parents.map(sha => ({
        sha,
        url: `${this.apiRepo}/commits/${sha}`,
        html_url: `https://github.com/${this.repoPath}/commit/${sha}`
      }))
    }
  }

  /** Renders files as GitHub lists them, including its per-file and per-response patch limits. */
  private filesJson(files: FileDiff[], ref: string): Record<string, unknown>[] {
    let budget = this.limits.responsePatchLines
    return files.map(file => {
      const encoded = file.filename.split('/').map(encodeURIComponent).join('/')
      const json: Record<string, unknown> = {
        sha: file.status === 'removed' ? file.oldBlob : file.newBlob,
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        changes: file.additions + file.deletions,
        blob_url: `https://github.com/${this.repoPath}/blob/${ref}/${encoded}`,
        raw_url: `https://github.com/${this.repoPath}/raw/${ref}/${encoded}`,
        contents_url: `${this.apiRepo}/contents/${encoded}?ref=${ref}`
      }
      if (file.patch !== null && !file.binary) {
        if (budget <= 0) {
          json.additions = 0
          json.deletions = 0
          json.changes = 0
        } else if (!this.patchTooLarge(file)) {
          json.patch = file.patch
          budget -= file.patchLines
        }
      }
      if (file.previousFilename !== undefined) json.previous_filename = file.previousFilename
      return json
    })
  }

  // ----- pagination -----

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
      const repoPrefix = `/repos/${this.repoPath}/`
      const stablePath = ctx.path.startsWith(repoPrefix)
        ? `/repositories/${this.repoId}/${ctx.path.slice(repoPrefix.length)}`
        : ctx.path
      const link = (p: number): string => {
        const query = new URLSearchParams({ ...ctx.query })
        query.delete('page')
        query.set('page', String(p))
        return `<${this.url}${stablePath}?${query.toString()}>`
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

  // ----- HTTP plumbing -----

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const query: Record<string, string> = {}
    url.searchParams.forEach((value, key) => (query[key] = value))
    const method = (req.method ?? 'GET').toUpperCase()
    let body: unknown = rawBody === '' ? undefined : rawBody
    let badJson = false
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody)
      } catch {
        badJson = /json/.test(String(req.headers['content-type'] ?? '')) || method !== 'GET'
      }
    }
    const recorded: RecordedRequest = { method, path: url.pathname, query, headers: req.headers, body }
    this.requests.push(recorded)
    const ctx: RequestContext = { method, path: url.pathname, query, headers: req.headers, body }

    const reply = await this.dispatch(ctx, recorded, badJson)
    if (reply.hang) return
    recorded.status = reply.status
    this.requestCount += 1
    const isGraphql = url.pathname === '/graphql'
    const headers: Record<string, string> = {
      'x-github-request-id': `0000:0000:${this.requestCount.toString(16).padStart(6, '0')}:STANDIN`,
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - this.requestCount)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': String(this.requestCount),
      'x-ratelimit-resource': isGraphql ? 'graphql' : 'core',
      ...reply.headers
    }
    if (reply.text !== undefined) {
      headers['content-type'] ??= 'text/plain; charset=utf-8'
      res.writeHead(reply.status, headers)
      res.end(reply.text)
    } else if (reply.body === undefined || reply.status === 204) {
      res.writeHead(reply.status, headers)
      res.end()
    } else {
      headers['content-type'] ??= 'application/json; charset=utf-8'
      res.writeHead(reply.status, headers)
      res.end(JSON.stringify(reply.body))
    }
  }

  private async dispatch(ctx: RequestContext, recorded: RecordedRequest, badJson: boolean): Promise<Reply> {
    const matching = this.faults.filter(
      f =>
        f.remaining > 0 &&
        (f.matcher.method === undefined || f.matcher.method.toUpperCase() === ctx.method) &&
        f.matcher.pathPattern.test(ctx.path)
    )
    const fault = matching.find(f => f.skip === 0)
    for (const waiting of matching) if (waiting.skip > 0) waiting.skip -= 1
    if (fault) {
      fault.remaining -= 1
      const { status, body, headers, afterHandling, hang } = fault.response
      if (hang) return { status: 0, hang: true }
      if (afterHandling) await this.serve(ctx, recorded, badJson)
      if (typeof body === 'string') return { status, text: body, headers }
      return { status, body: body ?? { message: http.STATUS_CODES[status] ?? 'Error' }, headers }
    }
    return this.serve(ctx, recorded, badJson)
  }

  private async serve(ctx: RequestContext, recorded: RecordedRequest, badJson: boolean): Promise<Reply> {
    const isGraphql = ctx.path === '/graphql'
    const auth = String(ctx.headers.authorization ?? '')
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(auth)
    if (!auth) {
      return {
        status: 401,
        body: isGraphql
          ? {
              message: 'This endpoint requires you to be authenticated.',
              documentation_url:
                'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
              status: '401'
            }
          : { message: 'Requires authentication', documentation_url: DOCS.rest, status: '401' }
      }
    }
    if (!match || match[1] !== this.token) {
      return {
        status: 401,
        body: {
          message: 'Bad credentials',
          documentation_url: isGraphql ? DOCS.graphql : DOCS.rest,
          status: '401'
        }
      }
    }
    if (badJson) {
      return {
        status: 400,
        body: { message: 'Problems parsing JSON', documentation_url: DOCS.rest, status: '400' }
      }
    }

    const repoAlias = `/repositories/${this.repoId}/`
    const routePath = ctx.path.startsWith(repoAlias)
      ? `/repos/${this.repoPath}/${ctx.path.slice(repoAlias.length)}`
      : ctx.path
    for (const route of this.routes) {
      if (route.method !== ctx.method) continue
      const found = route.pattern.exec(routePath)
      if (!found) continue
      const params = Object.fromEntries(
        Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v ?? '')])
      )
      const sameRepo =
        params.owner?.toLowerCase() === this.fixture.owner.toLowerCase() &&
        params.repo?.toLowerCase() === this.fixture.repo.toLowerCase()
      if (params.owner !== undefined && !sameRepo) {
        return this.errorReply(notFound())
      }
      if (params.number !== undefined && Number(params.number) !== this.fixture.prNumber) {
        return this.errorReply(notFound())
      }
      try {
        return await route.handler(ctx, params)
      } catch (error) {
        if (error instanceof HttpError) return this.errorReply(error)
        throw error
      }
    }
    this.unknownRoutes.push(recorded)
    return this.errorReply(notFound())
  }

  private errorReply(error: HttpError): Reply {
    return { status: error.status, body: error.body, headers: error.headers }
  }

  // ----- routes -----

  private buildRoutes(): Route[] {
    const repo = '^/repos/(?<owner>[^/]+)/(?<repo>[^/]+)'
    const pull = `${repo}/pulls/(?<number>\\d+)`
    const r = (method: string, pattern: string, handler: Route['handler']): Route => ({
      method,
      pattern: new RegExp(`${pattern}$`),
      handler
    })
    return [
      r('GET', '^/user', () => this.getUser()),
      r('POST', '^/graphql', ctx => this.graphqlRequest(ctx)),
      r('GET', repo, async () => ({ status: 200, body: this.repoJson() })),
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
      r('GET', `${repo}/compare/(?<basehead>.+)`, (ctx, p) => this.compare(ctx, p)),
      r('GET', `${repo}/commits/(?<ref>[^/]+)`, (_ctx, p) => this.getCommit(p))
    ]
  }

  private async getUser(): Promise<Reply> {
    if (this.tokenKind === 'installation') {
      return {
        status: 403,
        body: {
          message: 'Resource not accessible by integration',
          documentation_url: DOCS.getUser,
          status: '403'
        }
      }
    }
    return { status: 200, body: this.viewer }
  }

  private async getPull(ctx: RequestContext): Promise<Reply> {
    const accept = String(ctx.headers.accept ?? '')
    if (/\.(diff|patch)\b/.test(accept)) {
      const snap = await this.snapshot()
      const { mergeBase, files } = await this.prDiff(snap.head, snap.base)
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
        text: await this.repoReader.rawDiff(mergeBase, snap.head),
        headers: { 'content-type': 'application/vnd.github.diff; charset=utf-8' }
      }
    }
    return { status: 200, body: await this.pullJson() }
  }

  private async listFiles(ctx: RequestContext): Promise<Reply> {
    const snap = await this.snapshot()
    const { files } = await this.prDiff(snap.head, snap.base)
    const paged = this.page(ctx, files.slice(0, MAX_PR_FILES))
    return { status: 200, body: this.filesJson(paged.items, snap.head), headers: paged.headers }
  }

  private async listPullCommits(ctx: RequestContext): Promise<Reply> {
    const snap = await this.snapshot()
    const shas = (await this.prCommits(snap)).slice(0, 250)
    const paged = this.page(ctx, shas, { perPage: 30, max: 100 })
    const infos = await Promise.all(paged.items.map(sha => this.repoReader.commit(sha)))
    return {
      status: 200,
      body: infos.filter((i): i is CommitInfo => i !== null).map(i => this.commitJson(i)),
      headers: paged.headers
    }
  }

  private visibleReviews(): StoredReview[] {
    return this.reviews.filter(r => r.state !== 'PENDING' || r.user.login === this.viewer.login)
  }

  private findReview(params: Record<string, string>): StoredReview {
    const review = this.visibleReviews().find(r => r.id === Number(params.id))
    if (!review) throw notFound()
    return review
  }

  private async listReviews(ctx: RequestContext): Promise<Reply> {
    const paged = this.page(ctx, this.visibleReviews())
    return { status: 200, body: paged.items.map(r => this.reviewJson(r)), headers: paged.headers }
  }

  private async getReview(params: Record<string, string>): Promise<Reply> {
    return { status: 200, body: this.reviewJson(this.findReview(params)) }
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

  private viewerPending(): StoredReview | undefined {
    return this.reviews.find(r => r.state === 'PENDING' && r.user.login === this.viewer.login)
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
    const snap = await this.snapshot()
    let commitId = snap.head
    if (input.commit_id !== undefined && input.commit_id !== null) {
      const commits = await this.prCommits(snap)
      if (typeof input.commit_id !== 'string' || !commits.includes(input.commit_id)) {
        throw unprocessable([REVIEW_ERRORS.commit], docs)
      }
      commitId = input.commit_id
    }
    if (this.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    if (event === 'APPROVE' || event === 'REQUEST_CHANGES') {
      if ((await this.prAuthorLogin()) === this.viewer.login) {
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
    const { files } = await this.prDiff(commitId, snap.base)
    const errors: string[] = []
    const accepted: Exclude<Awaited<ReturnType<StandIn['validateComment']>>, string[]>[] = []
    for (const raw of rawComments) {
      const result = await this.validateComment(files, raw)
      if (Array.isArray(result)) errors.push(...result)
      else accepted.push(result)
    }
    if (errors.length > 0) {
      if (this.strayReviewOn422 && !this.viewerPending())
        this.storeReview(this.viewer, '', 'PENDING', commitId)
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
    if (this.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    const review = this.storeReview(this.viewer, body, state, commitId)
    for (const comment of accepted) this.storeComment(review, this.viewer, commitId, comment)
    return { status: 200, body: this.reviewJson(review) }
  }

  private async updateReview(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    const body = this.requireBody(ctx, DOCS.updateReview, { required: true }) ?? ''
    review.body = body
    return { status: 200, body: this.reviewJson(review) }
  }

  private async deleteReview(params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    if (review.state !== 'PENDING') throw unprocessable([REVIEW_ERRORS.deleteSubmitted], DOCS.deleteReview)
    this.reviews.splice(this.reviews.indexOf(review), 1)
    for (const comment of this.reviewComments.filter(c => c.pull_request_review_id === review.id)) {
      this.reviewComments.splice(this.reviewComments.indexOf(comment), 1)
      const thread = this.threads.find(t => t.id === comment.thread_id)
      if (thread && comment.in_reply_to_id === undefined) this.threads.splice(this.threads.indexOf(thread), 1)
    }
    return { status: 200, body: this.reviewJson(review) }
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
    return { status: 200, body: this.reviewJson(review) }
  }

  private visibleComments(): StoredReviewComment[] {
    const hidden = new Set(this.reviews.filter(r => r.state === 'PENDING').map(r => r.id))
    return this.reviewComments.filter(c => !hidden.has(c.pull_request_review_id))
  }

  private async listReviewComments(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const review = this.findReview(params)
    const snap = await this.snapshot()
    const paged = this.page(
      ctx,
      this.reviewComments.filter(c => c.pull_request_review_id === review.id)
    )
    const body = await Promise.all(paged.items.map(c => this.commentJson(c, snap)))
    return { status: 200, body, headers: paged.headers }
  }

  private async listPullComments(ctx: RequestContext): Promise<Reply> {
    const snap = await this.snapshot()
    const paged = this.page(ctx, this.visibleComments())
    const body = await Promise.all(paged.items.map(c => this.commentJson(c, snap)))
    return { status: 200, body, headers: paged.headers }
  }

  private findComment(params: Record<string, string>): StoredReviewComment {
    const comment = this.visibleComments().find(c => c.id === Number(params.cid))
    if (!comment) throw notFound()
    return comment
  }

  private async getComment(params: Record<string, string>): Promise<Reply> {
    return { status: 200, body: await this.commentJson(this.findComment(params), await this.snapshot()) }
  }

  private async updateComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const comment = this.findComment(params)
    comment.body = this.requireBody(ctx, DOCS.createComment, { required: true }) ?? ''
    comment.updated_at = nowIso()
    return { status: 200, body: await this.commentJson(comment, await this.snapshot()) }
  }

  private async deleteComment(params: Record<string, string>): Promise<Reply> {
    const comment = this.findComment(params)
    this.reviewComments.splice(this.reviewComments.indexOf(comment), 1)
    const thread = this.threads.find(t => t.id === comment.thread_id)
    if (thread) {
      thread.comment_ids = thread.comment_ids.filter(id => id !== comment.id)
      if (thread.comment_ids.length === 0) this.threads.splice(this.threads.indexOf(thread), 1)
    }
    return { status: 204 }
  }

  private async replyToComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const parent = this.findComment(params)
    const body = this.requireBody(ctx, DOCS.reply, { required: true }) ?? ''
    if (this.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], DOCS.reply)
    const snap = await this.snapshot()
    const review = this.storeReview(this.viewer, '', 'COMMENTED', snap.head)
    const reply = this.storeReply(review, this.viewer, parent, body)
    return { status: 201, body: await this.commentJson(reply, snap) }
  }

  private async createPullComment(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    const docs = DOCS.createComment
    if (input.in_reply_to !== undefined && input.in_reply_to !== null) {
      return this.replyToComment(ctx, { cid: String(input.in_reply_to) })
    }
    const snap = await this.snapshot()
    const commits = await this.prCommits(snap)
    if (typeof input.commit_id !== 'string' || !commits.includes(input.commit_id)) {
      throw unprocessable([REVIEW_ERRORS.commit], docs)
    }
    if (this.viewerPending()) throw unprocessable([REVIEW_ERRORS.onePending], docs)
    const { files } = await this.prDiff(input.commit_id, snap.base)
    let stored: {
      path: string
      body: string
      line: number | null
      side: Side
      startLine: number | null
      startSide: Side | null
    }
    if (input.subject_type === 'file') {
      const body = this.requireBody(ctx, docs, { required: true }) ?? ''
      if (typeof input.path !== 'string' || !files.some(f => f.filename === input.path)) {
        throw unprocessable([REVIEW_ERRORS.path], docs)
      }
      stored = { path: input.path, body, line: null, side: 'RIGHT', startLine: null, startSide: null }
    } else {
      const result = await this.validateComment(files, input)
      if (Array.isArray(result)) throw unprocessable(result, docs)
      stored = result
    }
    const review = this.storeReview(this.viewer, '', 'COMMENTED', input.commit_id)
    const comment = this.storeComment(review, this.viewer, input.commit_id, stored)
    return { status: 201, body: await this.commentJson(comment, snap) }
  }

  private issueCommentJson(comment: StoredIssueComment): Record<string, unknown> {
    const n = this.fixture.prNumber
    return {
      url: `${this.apiRepo}/issues/comments/${comment.id}`,
      html_url: `${this.htmlPull}#issuecomment-${comment.id}`,
      issue_url: `${this.apiRepo}/issues/${n}`,
      id: comment.id,
      node_id: comment.node_id,
      user: comment.user,
      created_at: comment.created_at,
      updated_at: comment.updated_at,
      author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
      body: comment.body
    }
  }

  private async listIssueComments(ctx: RequestContext): Promise<Reply> {
    const paged = this.page(ctx, this.issueComments)
    return { status: 200, body: paged.items.map(c => this.issueCommentJson(c)), headers: paged.headers }
  }

  private async createIssueComment(ctx: RequestContext): Promise<Reply> {
    const body = this.requireBody(ctx, DOCS.issueComment, { required: true }) ?? ''
    const comment = this.addIssueComment({ user: this.viewer, body })
    return { status: 201, body: this.issueCommentJson(comment) }
  }

  private async updateIssueComment(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const comment = this.issueComments.find(c => c.id === Number(params.cid))
    if (!comment) throw notFound()
    comment.body = this.requireBody(ctx, DOCS.issueComment, { required: true }) ?? ''
    comment.updated_at = nowIso()
    return { status: 200, body: this.issueCommentJson(comment) }
  }

  private async compare(ctx: RequestContext, params: Record<string, string>): Promise<Reply> {
    const spec = params.basehead ?? ''
    const separator = spec.includes('...') ? '...' : '..'
    const [baseSpec = '', headSpec = ''] = spec.split(separator)
    const stripOwner = (s: string): string => s.replace(/^[^:]+:/, '')
    const [base, head] = await Promise.all([
      this.repoReader.resolve(stripOwner(baseSpec)),
      this.repoReader.resolve(stripOwner(headSpec))
    ])
    if (!base || !head) throw notFound()
    const mergeBase = await this.repoReader.mergeBase(base, head)
    if (!mergeBase) throw notFound()
    const [ahead, behind, files, baseInfo, mergeBaseInfo] = await Promise.all([
      this.repoReader.revList(['--reverse', head, `^${base}`]),
      this.repoReader.revList([base, `^${head}`]),
      this.repoReader.diff(mergeBase, head),
      this.repoReader.commit(base),
      this.repoReader.commit(mergeBase)
    ])
    if (!baseInfo || !mergeBaseInfo) throw notFound()
    const paged = this.page(ctx, ahead, { perPage: 250, max: 250 })
    const commitInfos = await Promise.all(paged.items.map(sha => this.repoReader.commit(sha)))
    const status =
      ahead.length === 0 && behind.length === 0
        ? 'identical'
        : behind.length === 0
          ? 'ahead'
          : ahead.length === 0
            ? 'behind'
            : 'diverged'
    const html = `https://github.com/${this.repoPath}/compare/${baseSpec}...${headSpec}`
    return {
      status: 200,
      headers: paged.headers,
      body: {
        url: `${this.apiRepo}/compare/${baseSpec}...${headSpec}`,
        html_url: html,
        permalink_url: `https://github.com/${this.repoPath}/compare/${this.fixture.owner}:${base.slice(0, 7)}...${this.fixture.owner}:${head.slice(0, 7)}`,
        diff_url: `${html}.diff`,
        patch_url: `${html}.patch`,
        base_commit: this.commitJson(baseInfo),
        merge_base_commit: this.commitJson(mergeBaseInfo),
        status,
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
        commits: commitInfos.filter((i): i is CommitInfo => i !== null).map(i => this.commitJson(i)),
        files: this.filesJson(files.slice(0, 300), head)
      }
    }
  }

  private async getCommit(params: Record<string, string>): Promise<Reply> {
    const sha = await this.repoReader.resolve(params.ref ?? '')
    const info = sha ? await this.repoReader.commit(sha) : null
    if (!info) {
      throw new HttpError(422, {
        message: `No commit found for SHA: ${params.ref}`,
        documentation_url: 'https://docs.github.com/rest/commits/commits#get-a-commit',
        status: '422'
      })
    }
    return { status: 200, body: this.commitJson(info) }
  }

  // ----- GraphQL -----

  private async graphqlRequest(ctx: RequestContext): Promise<Reply> {
    const input = isRecord(ctx.body) ? ctx.body : {}
    if (typeof input.query !== 'string') {
      return {
        status: 200,
        body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] }
      }
    }
    const schema = githubSchema()
    let document
    try {
      document = parse(input.query)
    } catch (error) {
      const e = error as GraphQLError
      return { status: 200, body: { errors: [{ message: e.message, locations: e.locations }] } }
    }
    const validationErrors = validate(schema, document)
    if (validationErrors.length > 0) {
      return { status: 200, body: { errors: validationErrors.map(githubValidationError) } }
    }
    const snap = await this.snapshot()
    const result = await graphql({
      schema,
      source: input.query,
      rootValue: this.graphqlRoot(snap),
      variableValues: isRecord(input.variables) ? input.variables : undefined,
      operationName: typeof input.operationName === 'string' ? input.operationName : undefined
    })
    const body: Record<string, unknown> = {}
    if (result.data !== undefined) body.data = result.data
    if (result.errors) {
      body.errors = result.errors.map(error => {
        const original = error.originalError
        const json: GraphQLErrorJson = {
          path: error.path,
          locations: error.locations,
          message: error.message
        }
        if (original instanceof GitHubGraphQLError) json.type = original.type
        return json
      })
    }
    return { status: 200, body }
  }

  private actorNode(user: UserJson): Record<string, unknown> {
    return {
      __typename: user.type === 'Bot' ? 'Bot' : user.type === 'Organization' ? 'Organization' : 'User',
      id: user.node_id,
      databaseId: user.id,
      login: user.login,
      url: user.html_url,
      resourcePath: new URL(user.html_url).pathname,
      avatarUrl: () => user.avatar_url
    }
  }

  private commentNode(comment: StoredReviewComment, snap: Snapshot): Record<string, unknown> {
    const placement = (): ReturnType<StandIn['currentPlacement']> => this.currentPlacement(comment, snap)
    const review = (): Record<string, unknown> | null => {
      const found = this.reviewOf(comment)
      return found ? this.reviewNode(found, snap) : null
    }
    const json = (): Promise<Record<string, unknown>> => this.commentJson(comment, snap)
    return {
      __typename: 'PullRequestReviewComment',
      id: comment.node_id,
      databaseId: comment.id,
      fullDatabaseId: String(comment.id),
      body: comment.body,
      bodyText: comment.body,
      author: this.actorNode(comment.user),
      path: this.rootOf(comment).path,
      line: async () => (await placement()).line,
      startLine: async () => (await placement()).startLine,
      originalLine: this.rootOf(comment).original_line,
      originalStartLine: this.rootOf(comment).original_start_line,
      position: async () => (await placement()).position,
      outdated: async () => (await placement()).line === null,
      diffHunk: async () => (await json()).diff_hunk,
      createdAt: comment.created_at,
      updatedAt: comment.updated_at,
      publishedAt: comment.created_at,
      url: `${this.htmlPull}#discussion_r${comment.id}`,
      state: this.reviewOf(comment)?.state === 'PENDING' ? 'PENDING' : 'SUBMITTED',
      subjectType: this.rootOf(comment).subject_type === 'file' ? 'FILE' : 'LINE',
      commit: async () => ({ oid: (await placement()).commitId }),
      originalCommit: { oid: this.rootOf(comment).original_commit_id },
      pullRequestReview: review,
      replyTo: () => {
        const parent = this.reviewComments.find(c => c.id === comment.in_reply_to_id)
        return parent ? this.commentNode(parent, snap) : null
      },
      isMinimized: false,
      minimizedReason: null,
      viewerDidAuthor: comment.user.login === this.viewer.login,
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanMinimize: true
    }
  }

  private threadNode(thread: StoredThread, snap: Snapshot): Record<string, unknown> {
    const comments = (): StoredReviewComment[] =>
      thread.comment_ids
        .map(id => this.reviewComments.find(c => c.id === id))
        .filter((c): c is StoredReviewComment => c !== undefined)
    const root = (): StoredReviewComment | undefined => comments()[0]
    const placement = async (): Promise<Awaited<ReturnType<StandIn['currentPlacement']>> | null> => {
      const first = root()
      return first ? this.currentPlacement(first, snap) : null
    }
    return {
      __typename: 'PullRequestReviewThread',
      id: thread.id,
      isResolved: thread.isResolved,
      isCollapsed: thread.isResolved,
      isOutdated: async () => (await placement())?.line === null,
      path: thread.path,
      line: async () => (await placement())?.line ?? null,
      startLine: async () => (await placement())?.startLine ?? null,
      originalLine: () => root()?.original_line ?? null,
      originalStartLine: () => root()?.original_start_line ?? null,
      diffSide: () => root()?.side ?? 'RIGHT',
      startDiffSide: () => root()?.start_side ?? null,
      subjectType: () => (root()?.subject_type === 'file' ? 'FILE' : 'LINE'),
      resolvedBy: () => (thread.resolvedBy ? this.actorNode(this.user(thread.resolvedBy)) : null),
      viewerCanResolve: !thread.isResolved,
      viewerCanUnresolve: thread.isResolved,
      viewerCanReply: true,
      comments: (args: ConnectionArgs) =>
        connection(
          'comments',
          comments().map(c => this.commentNode(c, snap)),
          args
        ),
      pullRequest: () => this.pullNode(snap),
      repository: () => this.repositoryNode(snap)
    }
  }

  private reviewNode(review: StoredReview, snap: Snapshot): Record<string, unknown> {
    return {
      __typename: 'PullRequestReview',
      id: review.node_id,
      databaseId: review.id,
      fullDatabaseId: String(review.id),
      body: review.body,
      bodyText: review.body,
      state: review.state,
      author: this.actorNode(review.user),
      submittedAt: review.submitted_at,
      createdAt: review.created_at,
      publishedAt: review.submitted_at,
      url: `${this.htmlPull}#pullrequestreview-${review.id}`,
      commit: { oid: review.commit_id },
      viewerDidAuthor: review.user.login === this.viewer.login,
      isMinimized: false,
      comments: (args: ConnectionArgs) =>
        connection(
          'comments',
          this.reviewComments
            .filter(c => c.pull_request_review_id === review.id)
            .map(c => this.commentNode(c, snap)),
          args
        )
    }
  }

  private pullNode(snap: Snapshot): Record<string, unknown> {
    const pull = (): Promise<Record<string, unknown>> => this.pullJson()
    const n = this.fixture.prNumber
    const visibleThreads = (): StoredThread[] => {
      const visible = new Set(this.visibleComments().map(c => c.id))
      return this.threads.filter(t => t.comment_ids[0] !== undefined && visible.has(t.comment_ids[0]))
    }
    return {
      __typename: 'PullRequest',
      id: `PR_kwDOStandIn${n}`,
      number: n,
      title: async () => (await pull()).title,
      body: async () => (await pull()).body,
      isDraft: async () => (await pull()).draft === true,
      state: async () => String((await pull()).state).toUpperCase(),
      url: this.htmlPull,
      headRefName: this.fixture.headRef,
      baseRefName: this.fixture.baseRef,
      headRefOid: snap.head,
      baseRefOid: snap.base,
      author: async () => {
        const user = (await pull()).user
        return isRecord(user) && typeof user.login === 'string' ? this.actorNode(this.user(user.login)) : null
      },
      reviewThreads: (args: ConnectionArgs) =>
        connection(
          'reviewThreads',
          visibleThreads().map(t => this.threadNode(t, snap)),
          args
        ),
      reviews: (args: ConnectionArgs & { states?: string[] | null; author?: string | null }) =>
        connection(
          'reviews',
          this.visibleReviews()
            .filter(r => !args.states || args.states.includes(r.state))
            .filter(r => !args.author || r.user.login === args.author)
            .map(r => this.reviewNode(r, snap)),
          args
        ),
      repository: () => this.repositoryNode(snap)
    }
  }

  private repositoryNode(snap: Snapshot): Record<string, unknown> {
    return {
      __typename: 'Repository',
      id: `R_kgDOStandIn${this.repoId}`,
      databaseId: this.repoId,
      name: this.fixture.repo,
      nameWithOwner: this.repoPath,
      url: `https://github.com/${this.repoPath}`,
      owner: this.actorNode({ ...this.user(this.fixture.owner), type: 'Organization' }),
      pullRequest: ({ number }: { number: number }) => {
        if (number !== this.fixture.prNumber) {
          throw new GitHubGraphQLError(
            `Could not resolve to a PullRequest with the number of ${number}.`,
            'NOT_FOUND'
          )
        }
        return this.pullNode(snap)
      }
    }
  }

  private findNode(id: string, snap: Snapshot): Record<string, unknown> | null {
    const thread = this.threads.find(t => t.id === id)
    if (thread) return this.threadNode(thread, snap)
    const comment = this.reviewComments.find(c => c.node_id === id)
    if (comment) return this.commentNode(comment, snap)
    const review = this.visibleReviews().find(r => r.node_id === id)
    if (review) return this.reviewNode(review, snap)
    if (id === `PR_kwDOStandIn${this.fixture.prNumber}`) return this.pullNode(snap)
    return null
  }

  private setResolved(threadId: string, resolved: boolean, snap: Snapshot): Record<string, unknown> {
    if (this.contents !== 'write' && this.tokenKind === 'installation')
      throw new GitHubGraphQLError('Resource not accessible by integration', 'FORBIDDEN')
    const thread = this.threads.find(t => t.id === threadId)
    if (!thread) {
      throw new GitHubGraphQLError(
        `Could not resolve to a node with the global id of '${threadId}'`,
        'NOT_FOUND'
      )
    }
    thread.isResolved = resolved
    thread.resolvedBy = resolved ? this.viewer.login : null
    return this.threadNode(thread, snap)
  }

  private graphqlRoot(snap: Snapshot): Record<string, unknown> {
    type MutationArgs = { input: { threadId: string; clientMutationId?: string | null } }
    return {
      viewer: () => this.actorNode(this.viewer),
      repository: ({ owner, name }: { owner: string; name: string }) => {
        if (
          owner.toLowerCase() !== this.fixture.owner.toLowerCase() ||
          name.toLowerCase() !== this.fixture.repo.toLowerCase()
        ) {
          throw new GitHubGraphQLError(
            `Could not resolve to a Repository with the name '${owner}/${name}'.`,
            'NOT_FOUND'
          )
        }
        return this.repositoryNode(snap)
      },
      node: ({ id }: { id: string }) => {
        const node = this.findNode(id, snap)
        if (!node)
          throw new GitHubGraphQLError(
            `Could not resolve to a node with the global id of '${id}'`,
            'NOT_FOUND'
          )
        return node
      },
      nodes: ({ ids }: { ids: string[] }) => ids.map(id => this.findNode(id, snap)),
      resolveReviewThread: ({ input }: MutationArgs) => ({
        clientMutationId: input.clientMutationId ?? null,
        thread: this.setResolved(input.threadId, true, snap)
      }),
      unresolveReviewThread: ({ input }: MutationArgs) => ({
        clientMutationId: input.clientMutationId ?? null,
        thread: this.setResolved(input.threadId, false, snap)
      })
    }
  }
}

export async function startGitHubServer(options: GitHubServerOptions): Promise<GitHubStandIn> {
  const standIn = new StandIn(options)
  await standIn.listen()
  return standIn
}
