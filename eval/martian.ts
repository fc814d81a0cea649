/**
 * Martian's Code Review Bench (github.com/withmartian/code-review-benchmark) as published: its golden
 * comment files (`offline/golden_comments/<project>.json`) are an array of
 * `{pr_title, url, comments: [{comment, severity, ...}]}`. `--fetch-martian` clones each PR's repository and
 * fetches the PR as `pr-<n>` with its merge base tagged `base-<n>`; `--manifest <golden file>` then reads the
 * file as it is, with `--clones` naming where the clones are.
 */
import { readFile } from 'node:fs/promises'
import * as fs from 'node:fs'
import * as path from 'node:path'
import { z } from 'zod'
import { git, runGit } from '../testing/pr-fixture.js'
import { SEVERITIES, type Severity } from '../src/findings/severity.js'
import { isHoldout } from './holdout.js'
import type { Category, Fixture, GoldenDefect } from './model.js'

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
      comments: z.array(martianComment)
    })
    .passthrough()
)

export type MartianFile = z.infer<typeof martianSchema>

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

function severityOf(name: string | undefined): Severity {
  const s = (name ?? '').trim().toLowerCase()
  return (SEVERITIES as readonly string[]).includes(s) ? (s as Severity) : 'medium'
}

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

/** The fixtures of a Martian golden file; `clones` holds `<repo>/` clones made by fetchMartian. */
export function martianFixtures(file: MartianFile, clones: string): Fixture[] {
  return file.map(entry => {
    const ref = prRef(entry.url)
    const id = `${ref.repo}-${ref.number}`.replace(/[^A-Za-z0-9._-]/g, '_')
    const golden: GoldenDefect[] = entry.comments.map((c, i) => ({
      id: `${id}/${i + 1}`,
      file: '',
      lines: [1, 1],
      // Their comments carry no place: matched by meaning alone, in both scores.
      locations: [],
      kind: 'outside fixture',
      multiHop: false,
      category: mapCategory(c.category),
      severity: severityOf(c.severity),
      description: c.comment
    }))
    return {
      id,
      language: 'unknown',
      title: entry.pr_title,
      body: '',
      holdout: isHoldout(id),
      clean: golden.length === 0,
      base: {},
      head: {},
      deleted: [],
      golden,
      source: { repo: path.join(clones, ref.repo), base: `base-${ref.number}`, head: `pr-${ref.number}` }
    }
  })
}

export async function loadMartian(file: string, clones: string): Promise<Fixture[]> {
  const parsed = martianSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map(i => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
    throw new Error(`${file}: ${problems}`)
  }
  return martianFixtures(parsed.data, path.resolve(clones))
}

/**
 * Clones each repository once into `clones/<repo>` and fetches every PR: `pr-<n>` is the PR head and
 * `base-<n>` its merge base with the default branch. `remote` builds the clone URL (GitHub's by default).
 */
export async function fetchMartian(
  file: string,
  clones: string,
  remote: (ref: PrRef) => string = ref => `https://github.com/${ref.owner}/${ref.repo}.git`,
  log: (line: string) => void = () => undefined
): Promise<number> {
  const entries = martianSchema.parse(JSON.parse(await readFile(file, 'utf8')))
  fs.mkdirSync(clones, { recursive: true })
  for (const entry of entries) {
    const ref = prRef(entry.url)
    const dir = path.join(clones, ref.repo)
    if (!fs.existsSync(dir)) {
      git(clones, ['clone', '--quiet', remote(ref), dir])
      log(`cloned ${ref.owner}/${ref.repo}`)
    }
    git(dir, ['fetch', '--quiet', 'origin', `+pull/${ref.number}/head:pr-${ref.number}`])
    const head = runGit(dir, ['symbolic-ref', '--short', 'refs/remotes/origin/HEAD'])
    const main = head.status === 0 ? head.stdout.trim() : 'origin/main'
    const base = git(dir, ['merge-base', main, `pr-${ref.number}`])
    git(dir, ['tag', '--force', `base-${ref.number}`, base])
    log(`${ref.repo}#${ref.number}: pr-${ref.number}, base-${ref.number}`)
  }
  return entries.length
}
