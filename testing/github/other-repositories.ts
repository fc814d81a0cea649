/**
 * Repositories the stand-in serves besides the pull request's: an organisation's `.github` repository, say.
 * Each has branches of files and a default branch, and answers the two calls GitHub documents for reading
 * them: "Get a repository" (its `default_branch`) and "Get repository content" (a file at `ref`, the default
 * branch when none is given). A repository the token cannot see answers 404, as GitHub answers for a private
 * repository, never 403.
 */
import type { Reply, RequestContext } from './answers.js'
import { blobSha } from './history-repo.js'

export interface OtherRepository {
  defaultBranch: string
  /** Each branch's files, by path. */
  branches: Record<string, Record<string, string>>
  /** The tokens that can see it; the stand-in's own token when not given. */
  tokens?: readonly string[]
  private?: boolean
}

const DOCS_PAGES = {
  repository: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  contents: 'https://docs.github.com/rest/repos/contents#get-repository-content'
}

const ROUTE = /^\/repos\/([^/]+)\/([^/]+)(?:\/contents\/(.+))?$/

function notFound(documentationUrl: string): Reply {
  return { status: 404, body: { message: 'Not Found', documentation_url: documentationUrl, status: '404' } }
}

/** GitHub wraps the Base64 text at 60 characters. */
function base64Lines(text: string): string {
  return `${(
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,60}/g) ?? []
  ).join('\n')}\n`
}

export class OtherRepositories {
  private readonly byName: Map<string, OtherRepository>

  constructor(
    repositories: Record<string, OtherRepository>,
    private readonly url: () => string
  ) {
    this.byName = new Map(Object.entries(repositories).map(([name, repo]) => [name.toLowerCase(), repo]))
  }

  /** The answer for a request about one of these repositories; undefined for any other request. */
  route(ctx: RequestContext, token: string | undefined, standInToken: string): Reply | undefined {
    const found = ROUTE.exec(ctx.path)
    if (!found || ctx.method !== 'GET') return undefined
    const name = `${decodeURIComponent(found[1] as string)}/${decodeURIComponent(found[2] as string)}`
    if (!this.byName.has(name.toLowerCase())) return undefined
    const repo = this.byName.get(name.toLowerCase()) as OtherRepository
    const path = found[3] !== undefined ? decodeURIComponent(found[3]) : undefined
    const docs = path === undefined ? DOCS_PAGES.repository : DOCS_PAGES.contents
    const allowed = repo.tokens ?? [standInToken]
    if (token === undefined || !allowed.includes(token)) return notFound(docs)
    if (path === undefined) return { status: 200, body: this.repositoryJson(name, repo) }
    return this.content(name, repo, path, ctx.query['ref'] ?? repo.defaultBranch)
  }

  private repositoryJson(name: string, repo: OtherRepository): Record<string, unknown> {
    const [owner = '', short = ''] = name.split('/')
    return {
      id: 900_000 + [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0),
      name: short,
      full_name: name,
      owner: { login: owner, type: 'Organization' },
      private: repo.private ?? false,
      visibility: repo.private ? 'private' : 'public',
      html_url: `https://github.com/${name}`,
      url: `${this.url()}/repos/${name}`,
      default_branch: repo.defaultBranch,
      fork: false,
      archived: false,
      disabled: false
    }
  }

  private content(name: string, repo: OtherRepository, path: string, ref: string): Reply {
    const files = repo.branches[ref]
    if (!files)
      return {
        status: 404,
        body: {
          message: `No commit found for the ref ${ref}`,
          documentation_url: DOCS_PAGES.contents,
          status: '404'
        }
      }
    const text = files[path]
    if (text === undefined) return notFound(DOCS_PAGES.contents)
    const sha = blobSha(text)
    const self = `${this.url()}/repos/${name}/contents/${path}?ref=${encodeURIComponent(ref)}`
    return {
      status: 200,
      body: {
        type: 'file',
        encoding: 'base64',
        content: base64Lines(text),
        name: path.split('/').pop(),
        path,
        sha,
        size: Buffer.byteLength(text),
        url: self,
        git_url: `${this.url()}/repos/${name}/git/blobs/${sha}`,
        html_url: `https://github.com/${name}/blob/${ref}/${path}`,
        download_url: `https://raw.githubusercontent.com/${name}/${ref}/${path}`,
        _links: {
          self,
          git: `${this.url()}/repos/${name}/git/blobs/${sha}`,
          html: `https://github.com/${name}/blob/${ref}/${path}`
        }
      }
    }
  }
}
