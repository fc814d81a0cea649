/**
 * Martian's Code Review Bench (github.com/withmartian/code-review-benchmark) as published: its golden
 * comment files (`offline/golden_comments/<project>.json`) are an array of
 * `{pr_title, url, comments: [{comment, severity, ...}]}`. `--fetch-martian` reads each PR from GitHub's
 * pulls API (its base and head SHAs and its description), keeps one shared bare clone per repository with
 * both commits in it, and writes a manifest beside the clones (`<clones>/<project>.manifest.json`) that
 * caches what the API said, so a re-run needs no API. `--manifest <golden file> --clones DIR` then reads
 * that manifest. Entries the benchmark itself flags as broken (an `az_comment` note) are left out by name,
 * with the note as the reason.
 */
import { readFile, writeFile } from 'node:fs/promises'
import * as fs from 'node:fs'
import * as path from 'node:path'
import { z } from 'zod'
import { git, runGit } from '../testing/pr-fixture.js'
import type { Category } from './model.js'

const martianComment = z
  .object({
    comment: z.string().min(1),
    severity: z.string().optional(),
    category: z.string().optional()
  })
  .passthrough()

export const martianSchema = z.array(
  z
    .object({
      pr_title: z.string(),
      url: z.string().regex(/^https?:\/\/[^/]+\/[^/]+\/[^/]+\/pull\/\d+\/?$/, 'a pull request URL'),
      comments: z.array(martianComment),
      /** The benchmark's own note on an entry it found broken. */
      az_comment: z.string().optional()
    })
    .passthrough()
)

export type MartianFile = z.infer<typeof martianSchema>

export function isMartianFile(raw: unknown): boolean {
  return (
    Array.isArray(raw) && raw.every(e => typeof e === 'object' && e !== null && 'pr_title' in e && 'url' in e)
  )
}

export interface PrRef {
  owner: string
  repo: string
  number: number
}

export function prRef(url: string): PrRef {
  const match = /\/([^/]+)\/([^/]+)\/pull\/(\d+)\/?$/.exec(url)
  if (!match) throw new Error(`not a pull request URL: ${url}`)
  return { owner: match[1]!, repo: match[2]!, number: Number(match[3]) }
}

export function martianId(ref: PrRef): string {
  return `${ref.repo}-${ref.number}`.replace(/[^A-Za-z0-9._-]/g, '_')
}

/** What GitHub's `GET /repos/{owner}/{repo}/pulls/{pull_number}` says of a PR, as far as the eval needs. */
export interface PullInfo {
  base: string
  head: string
  title: string
  body: string
}

const pullResponse = z.object({
  title: z.string(),
  body: z.string().nullable(),
  base: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
  head: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) })
})

export interface PullsApi {
  /** The REST root, https://api.github.com unless GITHUB_API_URL says otherwise. */
  url: string
  token?: string | undefined
}

export async function fetchPull(api: PullsApi, ref: PrRef): Promise<PullInfo> {
  const url = `${api.url.replace(/\/$/, '')}/repos/${ref.owner}/${ref.repo}/pulls/${ref.number}`
  const response = await fetch(url, {
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      ...(api.token ? { authorization: `Bearer ${api.token}` } : {})
    },
    signal: AbortSignal.timeout(30_000)
  })
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`)
  const parsed = pullResponse.safeParse(await response.json())
  if (!parsed.success) throw new Error(`GET ${url}: not a pull request (${parsed.error.issues[0]?.message})`)
  const pull = parsed.data
  return { base: pull.base.sha, head: pull.head.sha, title: pull.title, body: pull.body ?? '' }
}

/** One PR of the cached manifest: the pulls API's answer and the golden comments, as the manifest reads them. */
export interface MartianEntry {
  id: string
  url: string
  /** The shared bare clone, relative to the manifest. */
  repo: string
  base: string
  head: string
  title: string
  body: string
  project: string
  golden: Array<{ comment: string; severity: string; category?: Category }>
}

export interface MartianManifest {
  source: string
  fixtures: MartianEntry[]
  /** Entries the benchmark flags as broken, by name, with its note. */
  excluded: Array<{ id: string; url: string; reason: string }>
}

/** Where --fetch-martian caches a golden file's pulls and writes its manifest. */
export function manifestPath(goldenFile: string, clones: string): string {
  return path.join(clones, `${path.basename(goldenFile, '.json')}.manifest.json`)
}

/** Their category names, lower-cased, to ours; a name not listed is ignored (correctness). */
const CATEGORY_MAP: Record<string, Category> = {
  bug: 'correctness',
  logic: 'correctness',
  correctness: 'correctness',
  security: 'security',
  performance: 'performance',
  concurrency: 'concurrency',
  'error handling': 'error-handling',
  'error-handling': 'error-handling',
  'resource leak': 'resource-leak',
  'api contract': 'api-contract',
  data: 'data',
  'data loss': 'data',
  tests: 'tests',
  testing: 'tests',
  maintainability: 'maintainability',
  style: 'style'
}

export function mapCategory(name: string | undefined): Category {
  return (name && CATEGORY_MAP[name.trim().toLowerCase()]) || 'correctness'
}

/** The severity names Martian uses are ours, in another case; anything else reads as medium. */
function severityName(severity: string | undefined): string {
  const s = (severity ?? '').trim().toLowerCase()
  return ['critical', 'high', 'medium', 'low', 'info'].includes(s) ? s : 'medium'
}

/** Makes sure the shared bare clone holds both commits of the PR. */
function ensureCommits(dir: string, ref: PrRef, pull: PullInfo): void {
  git(dir, ['fetch', '--quiet', 'origin', `+refs/pull/${ref.number}/head:refs/heads/pr-${ref.number}`])
  for (const sha of [pull.base, pull.head]) {
    if (runGit(dir, ['cat-file', '-e', `${sha}^{commit}`]).status !== 0)
      git(dir, ['fetch', '--quiet', 'origin', sha])
  }
  git(dir, ['update-ref', `refs/heads/base-${ref.number}`, pull.base])
}

export interface FetchOptions {
  /** The clone URL of a repository (GitHub's by default). */
  remote?: (ref: PrRef) => string
  api?: PullsApi
  log?: (line: string) => void
}

/**
 * Reads each PR from the pulls API once (a manifest already holding it is not asked again), keeps one bare
 * clone per repository with both commits, and writes the manifest. Returns the manifest's path.
 */
export async function fetchMartian(
  file: string,
  clones: string,
  options: FetchOptions = {}
): Promise<string> {
  const entries = martianSchema.parse(JSON.parse(await readFile(file, 'utf8')))
  const remote = options.remote ?? (ref => `https://github.com/${ref.owner}/${ref.repo}.git`)
  const api = options.api ?? {
    url: process.env.GITHUB_API_URL || 'https://api.github.com',
    token: process.env.GITHUB_TOKEN
  }
  const log = options.log ?? (() => undefined)
  fs.mkdirSync(clones, { recursive: true })
  const out = manifestPath(file, clones)
  const cached = fs.existsSync(out) ? (JSON.parse(await readFile(out, 'utf8')) as MartianManifest) : undefined
  const manifest: MartianManifest = { source: path.basename(file), fixtures: [], excluded: [] }
  for (const entry of entries) {
    const ref = prRef(entry.url)
    const id = martianId(ref)
    if (entry.az_comment !== undefined) {
      manifest.excluded.push({ id, url: entry.url, reason: `flagged by the benchmark: ${entry.az_comment}` })
      continue
    }
    const bare = `${ref.repo}.git`
    const dir = path.join(clones, bare)
    if (!fs.existsSync(dir)) {
      git(clones, ['clone', '--quiet', '--bare', remote(ref), dir])
      log(`cloned ${ref.owner}/${ref.repo}`)
    }
    const known = cached?.fixtures.find(f => f.id === id && f.url === entry.url)
    const pull = known ?? (await fetchPull(api, ref))
    ensureCommits(dir, ref, pull)
    manifest.fixtures.push({
      id,
      url: entry.url,
      repo: bare,
      base: pull.base,
      head: pull.head,
      title: entry.pr_title || pull.title,
      body: pull.body,
      project: path.basename(file, '.json'),
      golden: entry.comments.map(c => ({
        comment: c.comment,
        severity: severityName(c.severity),
        ...(c.category ? { category: mapCategory(c.category) } : {})
      }))
    })
    log(`${id}: base ${pull.base.slice(0, 12)}, head ${pull.head.slice(0, 12)}${known ? ' (cached)' : ''}`)
  }
  await writeFile(out, `${JSON.stringify(manifest, null, 2)}\n`, 'utf8')
  return out
}
