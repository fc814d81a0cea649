/**
 * Outside fixtures: a manifest lists local repositories with a base, a head, an optional fix commit and
 * golden comments, so public benchmark PRs run through the same live pipeline as the built-in set.
 */
import { readFile } from 'node:fs/promises'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { git, runGit, type PrFixture } from '../testing/pr-fixture.js'
import { SEVERITIES } from '../src/findings/severity.js'
import { CATEGORIES, type Fixture, type GoldenDefect } from './model.js'
import type { PrRepo } from './pr.js'
import { isHoldout } from './holdout.js'
import { fetchMartian, isMartianFile, manifestPath } from './martian.js'
import { NEUTRAL_OWNER, NEUTRAL_REPO } from './pr.js'

const line = z.number().int().min(1)

const goldenEntry = z
  .object({
    description: z.string().min(1).optional(),
    /** Martian's golden files call it `comment`. */
    comment: z.string().min(1).optional(),
    severity: z
      .string()
      .transform(s => s.toLowerCase())
      .pipe(z.enum(SEVERITIES)),
    category: z.enum(CATEGORIES).optional(),
    file: z.string().min(1).optional(),
    lines: z.tuple([line, line]).optional(),
    fixed_by_fix: z.boolean().optional()
  })
  .refine(g => (g.description ?? g.comment) !== undefined, 'description (or comment) is required')
  .refine(g => g.lines === undefined || g.file !== undefined, 'lines need a file')

const manifestSchema = z.object({
  /** The golden file a --fetch-martian manifest was written from. */
  source: z.string().optional(),
  /** Entries left out by name, with the reason (the benchmark flags them as broken). */
  excluded: z.array(z.object({ id: z.string(), url: z.string(), reason: z.string() })).default([]),
  fixtures: z
    .array(
      z
        .object({
          id: z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only'),
          repo: z.string().min(1),
          base: z.string().min(1),
          head: z.string().min(1),
          fix: z.string().min(1).optional(),
          language: z.string().default('unknown'),
          title: z.string().default(''),
          body: z.string().default(''),
          clean: z.boolean().default(false),
          golden: z.array(goldenEntry).default([]),
          url: z.string().optional(),
          project: z.string().optional()
        })
        .strict()
    )
    .min(1)
})

export interface ManifestSet {
  fixtures: Fixture[]
  /** Entries left out, by name, and why. */
  excluded: Array<{ id: string; reason: string }>
}

/** Bytes of the files a PR changes, at its head: what the reviewer will read, for the estimate. */
function changedBytes(repo: string, base: string, head: string): number | undefined {
  const names = runGit(repo, ['diff', '--name-only', '--no-renames', `${base}...${head}`])
  if (names.status !== 0) return undefined
  return names.stdout
    .split('\n')
    .filter(Boolean)
    .reduce((sum, file) => {
      const size = runGit(repo, ['cat-file', '-s', `${head}:${file}`])
      return sum + (size.status === 0 ? Number(size.stdout.trim()) : 0)
    }, 0)
}

/**
 * A manifest, a Martian golden file, or a folder of golden files (the benchmark's golden_comments/): all of
 * their PRs in one run. A golden file whose PRs were not fetched yet is fetched first (it needs the network
 * once; the answers are cached beside the clones).
 */
export async function loadOutside(
  target: string,
  clones: string | undefined,
  log: (line: string) => void = () => undefined
): Promise<ManifestSet> {
  const files = fs.statSync(target).isDirectory()
    ? fs
        .readdirSync(target)
        .filter(name => name.endsWith('.json'))
        .sort()
        .map(name => path.join(target, name))
    : [target]
  const sets: ManifestSet[] = []
  for (const file of files) {
    const martian = isMartianFile(JSON.parse(await readFile(file, 'utf8')))
    if (martian && clones && !fs.existsSync(manifestPath(file, clones)))
      await fetchMartian(file, clones, { log })
    sets.push(await loadManifestSet(file, clones))
  }
  return { fixtures: sets.flatMap(s => s.fixtures), excluded: sets.flatMap(s => s.excluded) }
}

export async function loadManifest(file: string, clones?: string): Promise<Fixture[]> {
  return (await loadManifestSet(file, clones)).fixtures
}

export async function loadManifestSet(file: string, clones?: string): Promise<ManifestSet> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file}: cannot read the manifest (${(error as Error).message})`, { cause: error })
  }
  // A golden-comment file of Martian's Code Review Bench, as published: --fetch-martian cached its PRs.
  if (isMartianFile(raw)) {
    if (!clones)
      throw new Error(`${file} is a Martian golden-comment file: say where the clones are with --clones`)
    const cached = manifestPath(file, clones)
    if (!fs.existsSync(cached))
      throw new Error(
        `${cached} is missing: run npm run eval -- --fetch-martian ${file} --clones ${clones} first`
      )
    return loadManifestSet(cached)
  }
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(i => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
    throw new Error(`${file}: ${problems}`)
  }
  const dir = path.dirname(path.resolve(file))
  const fixtures = parsed.data.fixtures.map(entry => manifestFixture(entry, dir))
  return { fixtures, excluded: parsed.data.excluded.map(({ id, reason }) => ({ id, reason })) }
}

type ManifestEntry = z.infer<typeof manifestSchema>['fixtures'][number]

function manifestFixture(entry: ManifestEntry, dir: string): Fixture {
  const repo = path.resolve(dir, entry.repo)
  const golden: GoldenDefect[] = entry.golden.map((g, i) => ({
    id: `${entry.id}/${i + 1}`,
    file: g.file ?? '',
    lines: g.lines ?? [1, 1],
    // A golden comment without a place is matched by meaning alone, in both scores.
    locations:
      g.file && g.lines ? [{ file: g.file, start: g.lines[0], end: g.lines[1], role: 'cause' as const }] : [],
    kind: 'outside fixture',
    multiHop: false,
    category: g.category ?? 'correctness',
    severity: g.severity,
    description: (g.description ?? g.comment) as string,
    ...(g.fixed_by_fix ? { fixedBy: 'fix' as const } : {})
  }))
  const bytes = fs.existsSync(repo) ? changedBytes(repo, entry.base, entry.head) : undefined
  return {
    id: entry.id,
    language: entry.language,
    // Nothing the reviewer is sent may name the fixture: an untitled entry gets a plain title.
    title: entry.title || 'Changes',
    body: entry.body,
    holdout: isHoldout(entry.id),
    clean: entry.clean,
    base: {},
    head: {},
    deleted: [],
    golden,
    source: { repo, base: entry.base, head: entry.head, ...(entry.fix ? { fix: entry.fix } : {}) },
    ...(entry.project ? { project: entry.project } : {}),
    ...(bytes === undefined ? {} : { changedBytes: bytes })
  }
}

/** A pull request over commits of a local repository: the same shape pr-fixture builds from trees. */
class LocalPr implements PrFixture {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-outside-'))
  readonly originDir = path.join(this.root, 'origin.git')
  readonly originUrl = pathToFileURL(this.originDir).href
  readonly workspaceDir = path.join(this.root, 'workspace')
  // Every outside PR is the same neutral repository to the reviewer: no fixture, fork or tool is named.
  readonly owner = NEUTRAL_OWNER
  readonly repo = NEUTRAL_REPO
  readonly prNumber = 1
  readonly baseRef = 'main'
  readonly headRef = 'feature'
  baseSha = ''
  headSha = ''
  mergeSha = ''
  mergeBaseSha = ''
  headCommits: string[] = []

  get headRepo(): string {
    return `${this.owner}/${this.repo}`
  }

  /**
   * The origin borrows the shared clone's objects (git alternates) and holds only the refs the job needs,
   * so a job copies no history, however large the repository.
   */
  constructor(source: string, base: string, head: string) {
    const [baseSha = '', headSha = ''] = git(source, [
      'rev-parse',
      `${base}^{commit}`,
      `${head}^{commit}`
    ]).split('\n')
    git(this.root, ['init', '--quiet', '--bare', this.originDir])
    const objects = git(source, ['rev-parse', '--path-format=absolute', '--git-path', 'objects'])
    fs.writeFileSync(path.join(this.originDir, 'objects', 'info', 'alternates'), `${objects}\n`)
    fs.appendFileSync(
      path.join(this.originDir, 'config'),
      '[uploadpack]\n\tallowAnySHA1InWant = true\n\tallowReachableSHA1InWant = true\n\tallowTipSHA1InWant = true\n'
    )
    git(this.originDir, ['update-ref', `refs/heads/${this.baseRef}`, baseSha])
    this.moveHead(headSha)
    this.freshCheckout()
  }

  moveHead(sha: string): void {
    git(this.originDir, ['update-ref', `refs/heads/${this.headRef}`, sha])
    this.baseSha = git(this.originDir, ['rev-parse', `refs/heads/${this.baseRef}`])
    this.headSha = sha
    this.mergeBaseSha = git(this.originDir, ['merge-base', this.baseSha, sha])
    this.headCommits = git(this.originDir, ['rev-list', '--reverse', sha, `^${this.baseSha}`])
      .split('\n')
      .filter(Boolean)
    const merged = runGit(this.originDir, ['merge-tree', '--write-tree', '--no-messages', this.baseSha, sha])
    if (merged.status !== 0) throw new Error(`${sha}: the head does not merge cleanly into the base`)
    const ident = {
      GIT_AUTHOR_NAME: 'GitHub',
      GIT_AUTHOR_EMAIL: 'noreply@github.com',
      GIT_COMMITTER_NAME: 'GitHub',
      GIT_COMMITTER_EMAIL: 'noreply@github.com'
    }
    this.mergeSha = git(
      this.originDir,
      [
        'commit-tree',
        merged.stdout.split('\n')[0] ?? '',
        '-p',
        this.baseSha,
        '-p',
        sha,
        '-m',
        `Merge ${sha} into ${this.baseSha}`
      ],
      { env: ident }
    )
    git(this.originDir, ['update-ref', '--stdin'], {
      input: `update refs/pull/${this.prNumber}/head ${sha}\nupdate refs/pull/${this.prNumber}/merge ${this.mergeSha}\n`
    })
  }

  freshCheckout(): void {
    fs.rmSync(this.workspaceDir, { recursive: true, force: true })
    fs.mkdirSync(this.workspaceDir)
    git(this.workspaceDir, ['init', '--quiet', '--template=', this.workspaceDir])
    git(this.workspaceDir, ['remote', 'add', 'origin', this.originUrl])
    git(this.workspaceDir, [
      'fetch',
      '--no-tags',
      '--quiet',
      '--depth=1',
      'origin',
      `+${this.mergeSha}:refs/remotes/pull/1/merge`
    ])
    git(this.workspaceDir, ['checkout', '--quiet', '--force', 'refs/remotes/pull/1/merge'])
  }

  pushHead(): string {
    throw new Error('an outside fixture moves its head with its fix ref')
  }

  forcePushHead(): string {
    throw new Error('not supported for outside fixtures')
  }

  pushBase(): string {
    throw new Error('not supported for outside fixtures')
  }

  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true })
  }
}

export function buildOutsidePr(fixture: Fixture): PrRepo {
  const source = fixture.source
  if (!source) throw new Error(`${fixture.id} is not an outside fixture`)
  const pr = new LocalPr(source.repo, source.base, source.head)
  const fix = source.fix
  return {
    fixture: pr,
    ...(fix
      ? {
          pushFix: () => {
            const sha = git(source.repo, ['rev-parse', `${fix}^{commit}`])
            pr.moveHead(sha)
            return sha
          }
        }
      : {}),
    cleanup: () => pr.cleanup()
  }
}
