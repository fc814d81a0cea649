/**
 * The repository behind the history stand-in, for a learn run: branches pointing at commits, each commit a
 * whole tree of file texts with its date and the paths it changed, and the pull requests the run opens. It
 * answers the REST calls a proposal makes, in GitHub's documented shapes: the repository, a branch's ref
 * (read, create, force-move), a file's contents (read, create or update as one commit), the commits that
 * changed a path, and pull requests from a branch (list, create, update). The server checks every request
 * against GitHub's REST description before it gets here.
 * `actionsCanCreatePullRequests` is the repository setting "Allow GitHub Actions to create and approve pull
 * requests": off, creating a pull request answers GitHub's 403.
 */
import { createHash } from 'node:crypto'
import { DOCS, type Reply, type RequestContext } from './answers.js'
import type { HistoryStore } from './history-store.js'
import { isRecord, nowIso } from './util.js'

export interface RepoCommit {
  sha: string
  parent: string | null
  date: string
  message: string
  /** Every file of the commit's tree, by path. */
  tree: ReadonlyMap<string, string>
  /** The paths this commit added, changed or deleted. */
  changed: readonly string[]
}

export interface RepoPull {
  number: number
  title: string
  body: string
  /** The branch the changes are on, and the one they go into. */
  head: string
  base: string
  state: 'open' | 'closed'
  user: string
  createdAt: string
  updatedAt: string
}

const DOCS_PAGES = {
  createPull: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
  contents: 'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
  refs: 'https://docs.github.com/rest/git/refs'
}

/** Git's blob id of a text: what GitHub answers as a file's `sha`. */
export function blobSha(text: string): string {
  const bytes = Buffer.from(text, 'utf8')
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex')
}

function answer(status: number, message: string, documentationUrl: string = DOCS.rest): Reply {
  return { status, body: { message, documentation_url: documentationUrl, status: String(status) } }
}

const NOT_FOUND = answer(404, 'Not Found')

export class HistoryRepo {
  defaultBranch = 'main'
  readonly branches = new Map<string, string>()
  readonly commits = new Map<string, RepoCommit>()
  readonly pulls: RepoPull[] = []
  /** The repository setting "Allow GitHub Actions to create and approve pull requests". */
  actionsCanCreatePullRequests = true

  constructor(private readonly store: HistoryStore) {
    this.commit(this.defaultBranch, { 'README.md': '# widgets\n' }, { date: '2026-01-05T09:00:00Z' })
  }

  private get web(): string {
    return `https://github.com/${this.store.repoPath}`
  }

  private get api(): string {
    return `${this.store.url}/repos/${this.store.repoPath}`
  }

  // ----- test controls -----

  /**
   * One commit on a branch (made from the default branch's head when the branch is new): `null` deletes a
   * file. Returns the commit's SHA.
   */
  commit(
    branch: string,
    files: Readonly<Record<string, string | null>>,
    options: { date?: string; message?: string } = {}
  ): string {
    const parent = this.branches.get(branch) ?? this.branches.get(this.defaultBranch) ?? null
    const tree = new Map(parent ? this.commits.get(parent)?.tree : [])
    for (const [path, text] of Object.entries(files)) {
      if (text === null) tree.delete(path)
      else tree.set(path, text)
    }
    const date = options.date ?? nowIso()
    const message = options.message ?? `Change ${Object.keys(files).join(', ')}`
    const sha = createHash('sha1')
      .update(`${parent ?? ''}\n${date}\n${message}\n${this.commits.size}\n${JSON.stringify([...tree])}`)
      .digest('hex')
    this.commits.set(sha, { sha, parent, date, message, tree, changed: Object.keys(files) })
    this.branches.set(branch, sha)
    return sha
  }

  /** A file's text at a branch or commit. */
  fileAt(ref: string, path: string): string | undefined {
    const sha = this.branches.get(ref) ?? ref
    return this.commits.get(sha)?.tree.get(path)
  }

  /** The commits of a branch, newest first (first parents). */
  history(ref: string): RepoCommit[] {
    const out: RepoCommit[] = []
    for (let sha = this.branches.get(ref) ?? ref; sha;) {
      const commit = this.commits.get(sha)
      if (!commit) break
      out.push(commit)
      sha = commit.parent ?? ''
    }
    return out
  }

  // ----- routes -----

  /** The answer to a request this model serves; undefined for any other (the history's routes take it). */
  route(ctx: RequestContext): Reply | undefined {
    const match = new RegExp(`^/repos/${this.store.repoPath}(?:/(.*))?$`, 'i').exec(ctx.path)
    if (!match) return undefined
    const rest = match[1] ?? ''
    const handler = this.handlerFor(ctx, rest)
    return handler?.()
  }

  private handlerFor(ctx: RequestContext, rest: string): (() => Reply) | undefined {
    const { method } = ctx
    const body = isRecord(ctx.body) ? ctx.body : {}
    const decoded = (text: string) => decodeURIComponent(text)
    if (method === 'GET' && rest === '') return () => this.repository()
    const getRef = /^git\/ref\/(.+)$/.exec(rest)
    if (method === 'GET' && getRef) return () => this.getRef(decoded(getRef[1] as string))
    if (method === 'POST' && rest === 'git/refs') return () => this.createRef(body)
    const patchRef = /^git\/refs\/(.+)$/.exec(rest)
    if (method === 'PATCH' && patchRef) return () => this.updateRef(decoded(patchRef[1] as string), body)
    const contents = /^contents\/(.+)$/.exec(rest)
    if (method === 'GET' && contents) return () => this.getContent(decoded(contents[1] as string), ctx.query)
    if (method === 'PUT' && contents) return () => this.putContent(decoded(contents[1] as string), body)
    if (method === 'GET' && rest === 'commits') return () => this.listCommits(ctx.query)
    if (method === 'GET' && rest === 'pulls' && ctx.query['head'] !== undefined)
      return () => this.listPulls(ctx.query)
    if (method === 'POST' && rest === 'pulls') return () => this.createPull(body)
    const pull = /^pulls\/(\d+)$/.exec(rest)
    if (method === 'PATCH' && pull && this.pullNumbered(Number(pull[1])))
      return () => this.updatePull(Number(pull[1]), body)
    return undefined
  }

  private repository(): Reply {
    return {
      status: 200,
      body: {
        id: 4242,
        node_id: 'R_kgDOHistory',
        name: this.store.repo,
        full_name: this.store.repoPath,
        private: true,
        owner: { login: this.store.owner, id: 77, type: 'Organization' },
        html_url: this.web,
        url: this.api,
        default_branch: this.defaultBranch,
        visibility: 'private',
        fork: false,
        archived: false
      }
    }
  }

  private refJson(branch: string): Record<string, unknown> {
    const sha = this.branches.get(branch) as string
    return {
      ref: `refs/heads/${branch}`,
      node_id: `REF_${Buffer.from(branch).toString('base64')}`,
      url: `${this.api}/git/refs/heads/${branch}`,
      object: { type: 'commit', sha, url: `${this.api}/git/commits/${sha}` }
    }
  }

  private getRef(ref: string): Reply {
    const branch = /^heads\/(.+)$/.exec(ref)?.[1]
    if (!branch || !this.branches.has(branch)) return NOT_FOUND
    return { status: 200, body: this.refJson(branch) }
  }

  private createRef(body: Record<string, unknown>): Reply {
    const { ref, sha } = body
    if (typeof ref !== 'string' || typeof sha !== 'string')
      return answer(422, 'Invalid request.', DOCS_PAGES.refs)
    const branch = /^refs\/heads\/(.+)$/.exec(ref)?.[1]
    if (!branch) return answer(422, 'Reference name must start with refs/heads/ here.', DOCS_PAGES.refs)
    if (this.branches.has(branch)) return answer(422, 'Reference already exists', DOCS_PAGES.refs)
    if (!this.commits.has(sha)) return answer(422, 'Object does not exist', DOCS_PAGES.refs)
    this.branches.set(branch, sha)
    return { status: 201, body: this.refJson(branch) }
  }

  private updateRef(ref: string, body: Record<string, unknown>): Reply {
    const branch = /^heads\/(.+)$/.exec(ref)?.[1]
    const { sha } = body
    if (typeof sha !== 'string') return answer(422, 'Invalid request.', DOCS_PAGES.refs)
    if (!branch || !this.branches.has(branch)) return answer(422, 'Reference does not exist', DOCS_PAGES.refs)
    if (!this.commits.has(sha)) return answer(422, 'Object does not exist', DOCS_PAGES.refs)
    const fastForward = this.history(sha).some(c => c.sha === this.branches.get(branch))
    if (!fastForward && body['force'] !== true)
      return answer(422, 'Update is not a fast forward', DOCS_PAGES.refs)
    this.branches.set(branch, sha)
    return { status: 200, body: this.refJson(branch) }
  }

  private fileJson(path: string, text: string, ref: string): Record<string, unknown> {
    const sha = blobSha(text)
    const self = `${this.api}/contents/${path}?ref=${encodeURIComponent(ref)}`
    const git = `${this.api}/git/blobs/${sha}`
    const html = `${this.web}/blob/${ref}/${path}`
    return {
      type: 'file',
      name: path.split('/').pop(),
      path,
      sha,
      size: Buffer.byteLength(text),
      url: self,
      git_url: git,
      html_url: html,
      download_url: `https://raw.githubusercontent.com/${this.store.repoPath}/${ref}/${path}`,
      _links: { self, git, html }
    }
  }

  private getContent(path: string, query: Record<string, string>): Reply {
    const ref = query['ref'] ?? this.defaultBranch
    const text = this.fileAt(ref, path)
    if (text === undefined) return NOT_FOUND
    // GitHub wraps the Base64 text at 60 characters.
    const content = (
      Buffer.from(text, 'utf8')
        .toString('base64')
        .match(/.{1,60}/g) ?? []
    ).join('\n')
    return {
      status: 200,
      body: { ...this.fileJson(path, text, ref), encoding: 'base64', content: `${content}\n` }
    }
  }

  private putContent(path: string, body: Record<string, unknown>): Reply {
    const branch = typeof body['branch'] === 'string' ? body['branch'] : this.defaultBranch
    const { message, content, sha } = body
    if (typeof message !== 'string' || typeof content !== 'string')
      return answer(422, 'Invalid request.\n\n"message" and "content" are required.', DOCS_PAGES.contents)
    if (!this.branches.has(branch)) return answer(404, `Branch ${branch} not found`, DOCS_PAGES.contents)
    const existing = this.fileAt(branch, path)
    if (existing !== undefined && sha === undefined)
      return answer(422, 'Invalid request.\n\n"sha" wasn\'t supplied.', DOCS_PAGES.contents)
    if (existing !== undefined && sha !== blobSha(existing))
      return answer(409, `${path} does not match ${String(sha)}`, DOCS_PAGES.contents)
    const text = Buffer.from(content, 'base64').toString('utf8')
    const commitSha = this.commit(branch, { [path]: text }, { message })
    return {
      status: existing === undefined ? 201 : 200,
      body: { content: this.fileJson(path, text, branch), commit: this.commitJson(commitSha) }
    }
  }

  private commitJson(sha: string): Record<string, unknown> {
    const commit = this.commits.get(sha) as RepoCommit
    const person = { name: 'github-actions[bot]', email: 'github-actions[bot]@users.noreply.github.com' }
    return {
      sha,
      node_id: `C_${sha.slice(0, 12)}`,
      url: `${this.api}/commits/${sha}`,
      html_url: `${this.web}/commit/${sha}`,
      comments_url: `${this.api}/commits/${sha}/comments`,
      commit: {
        url: `${this.api}/git/commits/${sha}`,
        author: { ...person, date: commit.date },
        committer: { ...person, date: commit.date },
        message: commit.message,
        tree: { sha: sha.split('').reverse().join(''), url: `${this.api}/git/trees/${sha}` },
        comment_count: 0
      },
      author: null,
      committer: null,
      parents: commit.parent
        ? [
            {
              sha: commit.parent,
              url: `${this.api}/commits/${commit.parent}`,
              html_url: `${this.web}/commit/${commit.parent}`
            }
          ]
        : []
    }
  }

  private listCommits(query: Record<string, string>): Reply {
    const ref = query['sha'] ?? this.defaultBranch
    if (!this.branches.has(ref) && !this.commits.has(ref))
      return answer(404, 'No commit found for SHA: ' + ref)
    const path = query['path']
    const matching = this.history(ref).filter(c => path === undefined || c.changed.includes(path))
    const perPage = Math.min(100, Math.max(1, Number(query['per_page'] ?? 30) || 30))
    const page = Math.max(1, Number(query['page'] ?? 1) || 1)
    const items = matching.slice((page - 1) * perPage, page * perPage)
    return { status: 200, body: items.map(c => this.commitJson(c.sha)) }
  }

  private pullNumbered(number: number): RepoPull | undefined {
    return this.pulls.find(pull => pull.number === number)
  }

  private pullJson(pull: RepoPull): Record<string, unknown> {
    const side = (branch: string) => ({
      label: `${this.store.owner}:${branch}`,
      ref: branch,
      sha: this.branches.get(branch) ?? '0'.repeat(40),
      repo: { id: 4242, name: this.store.repo, full_name: this.store.repoPath }
    })
    const { login, type } = this.store.viewer
    return {
      url: `${this.api}/pulls/${pull.number}`,
      id: 700_000 + pull.number,
      node_id: `PR_kwDOLearn${pull.number}`,
      html_url: `${this.web}/pull/${pull.number}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: { login: type === 'Bot' ? `${login}[bot]` : login, id: 41898282, type },
      body: pull.body,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: null,
      merged_at: null,
      draft: false,
      head: side(pull.head),
      base: side(pull.base),
      author_association: 'NONE'
    }
  }

  private listPulls(query: Record<string, string>): Reply {
    const state = query['state'] ?? 'open'
    const head = query['head'] ?? ''
    const [owner, branch] = head.includes(':') ? head.split(':', 2) : [this.store.owner, head]
    const sameOwner = owner?.toLowerCase() === this.store.owner.toLowerCase()
    const found = this.pulls.filter(
      pull => sameOwner && pull.head === branch && (state === 'all' || pull.state === state)
    )
    return { status: 200, body: found.map(pull => this.pullJson(pull)) }
  }

  private createPull(body: Record<string, unknown>): Reply {
    const { title, head, base } = body
    if (!this.actionsCanCreatePullRequests && this.store.viewer.type === 'Bot')
      return answer(
        403,
        'GitHub Actions is not permitted to create or approve pull requests.',
        DOCS_PAGES.createPull
      )
    if (typeof title !== 'string' || typeof head !== 'string' || typeof base !== 'string')
      return answer(422, 'Validation Failed', DOCS_PAGES.createPull)
    const branch = head.replace(/^[^:]+:/, '')
    if (!this.branches.has(branch) || !this.branches.has(base))
      return answer(422, 'Validation Failed', DOCS_PAGES.createPull)
    if (this.pulls.some(pull => pull.state === 'open' && pull.head === branch))
      return answer(
        422,
        `A pull request already exists for ${this.store.owner}:${branch}.`,
        DOCS_PAGES.createPull
      )
    if (this.branches.get(branch) === this.branches.get(base))
      return answer(422, `No commits between ${base} and ${branch}`, DOCS_PAGES.createPull)
    const numbers = [...this.store.pulls, ...this.pulls].map(pull => pull.number)
    const now = nowIso()
    const pull: RepoPull = {
      number: Math.max(0, ...numbers) + 1,
      title,
      body: typeof body['body'] === 'string' ? body['body'] : '',
      head: branch,
      base,
      state: 'open',
      user: this.store.viewer.login,
      createdAt: now,
      updatedAt: now
    }
    this.pulls.push(pull)
    return { status: 201, body: this.pullJson(pull) }
  }

  private updatePull(number: number, body: Record<string, unknown>): Reply {
    const pull = this.pullNumbered(number) as RepoPull
    if (typeof body['title'] === 'string') pull.title = body['title']
    if (typeof body['body'] === 'string') pull.body = body['body']
    if (body['state'] === 'open' || body['state'] === 'closed') pull.state = body['state']
    pull.updatedAt = nowIso()
    return { status: 200, body: this.pullJson(pull) }
  }
}
