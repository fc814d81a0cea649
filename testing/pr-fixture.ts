/**
 * Builds a real git repository shaped like a GitHub pull request: a bare origin holding the base and head
 * branches plus GitHub's `refs/pull/N/head` and `refs/pull/N/merge`, and a workspace checked out the way
 * actions/checkout does it for a pull_request event (the merge commit alone, at depth 1).
 */
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'

/** A file's bytes, or a symbolic link to `symlink`, or a submodule entry pointing at commit `gitlink`. */
export type FileContent = string | Buffer | { symlink: string } | { gitlink: string }

/** One commit: `null` deletes a file; `renames` moves files before `files` is applied. */
export interface FixtureCommit {
  files?: Record<string, FileContent | null>
  renames?: Record<string, string>
  message?: string
  /** `Name <email>` of its author, and of its committer (the author's by default); the head's author else. */
  author?: string
  committer?: string
}

export interface PrFixtureSpec {
  base: Record<string, FileContent>
  commits: FixtureCommit[]
  /** Commits added to the base branch after the head branch forked, so the merge base is not the base tip. */
  baseCommits?: FixtureCommit[]
  /** Appends a merge of the base tip into the head branch after `commits`. */
  mergeBaseIntoHead?: boolean
  prNumber?: number
  owner?: string
  repo?: string
  baseRef?: string
  headRef?: string
  /**
   * The pull request comes from a fork owned by this account: the head branch is not a branch of the base
   * repository, whose only refs to it are GitHub's refs/pull/N/head and refs/pull/N/merge.
   */
  forkOwner?: string
  /**
   * How the workspace is checked out: actions/checkout's default for a pull_request event (the merge commit)
   * or for pull_request_target (the base branch, which holds none of the pull request's commits).
   */
  checkout?: 'pull_request' | 'pull_request_target'
}

export interface PushOptions {
  renames?: Record<string, string>
}

export interface ForcePushOptions extends PushOptions {
  /** Parent of the rewritten head; defaults to the first parent of the current head (an amend). */
  parent?: string
}

export interface PrFixture {
  readonly root: string
  readonly originDir: string
  readonly originUrl: string
  readonly workspaceDir: string
  readonly owner: string
  readonly repo: string
  readonly prNumber: number
  readonly baseRef: string
  readonly headRef: string
  /** owner/repo of the head branch: the base repository, or the fork. */
  readonly headRepo: string
  /** Tip of the base branch. */
  readonly baseSha: string
  readonly headSha: string
  /** GitHub's test merge of the head into the base tip (`refs/pull/N/merge`). */
  readonly mergeSha: string
  readonly mergeBaseSha: string
  /** Commits of the head branch that are not on the base branch, oldest first. */
  readonly headCommits: readonly string[]
  /** Adds a commit on top of the head branch, moves `refs/pull/N/head` and remakes the merge ref. */
  pushHead(files: Record<string, FileContent | null>, message?: string, options?: PushOptions): string
  /**
   * Replaces the head commit (amend by default) and prunes the origin so the old head can no longer be
   * fetched, as after a force push once GitHub has collected garbage.
   */
  forcePushHead(
    files: Record<string, FileContent | null>,
    message?: string,
    options?: ForcePushOptions
  ): string
  /** Adds a commit on top of the base branch and remakes the merge ref. */
  pushBase(files: Record<string, FileContent | null>, message?: string, options?: PushOptions): string
  /** Makes the workspace again, as the next job's actions/checkout would, at the current merge commit. */
  freshCheckout(): void
  cleanup(): void
}

export interface GitResult {
  status: number
  stdout: string
  stderr: string
}

const EPOCH = 1_700_000_000

const HEAD_AUTHOR = 'Pat Contributor <pat@example.com>'
const BASE_AUTHOR = 'Morgan Maintainer <morgan@example.com>'
const GITHUB_COMMITTER = 'GitHub <noreply@github.com>'

/** An environment in which git reads no user or system configuration and never prompts. */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_')) env[key] = value
  }
  return {
    ...env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ADVICE: '0',
    LC_ALL: 'C',
    ...extra
  }
}

const BASE_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'tag.gpgsign=false',
  '-c',
  'core.quotePath=false',
  '-c',
  'init.defaultBranch=main',
  '-c',
  'protocol.file.allow=always',
  '-c',
  'advice.detachedHead=false'
]

export function runGit(
  cwd: string,
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string> } = {}
): GitResult {
  const result = spawnSync('git', [...BASE_CONFIG, ...args], {
    cwd,
    env: gitEnv(options.env),
    input: typeof options.input === 'string' ? Buffer.from(options.input, 'utf8') : options.input,
    maxBuffer: 512 * 1024 * 1024
  })
  if (result.error) throw result.error
  return {
    status: result.status ?? -1,
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8')
  }
}

/** Runs git and returns its stdout without the final newline; throws with stderr when git fails. */
export function git(
  cwd: string,
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string> } = {}
): string {
  const result = runGit(cwd, args, options)
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${result.stderr}`)
  }
  return result.stdout.replace(/\n$/, '')
}

function quotePath(p: string): string {
  return `"${p.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
}

/** Accumulates a `git fast-import` stream, which builds any number of commits in one git process. */
class ImportStream {
  private readonly chunks: Buffer[] = []
  private nextMark = 1

  private text(s: string): void {
    this.chunks.push(Buffer.from(s, 'utf8'))
  }

  private data(content: string | Buffer): void {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    this.text(`data ${bytes.length}\n`)
    this.chunks.push(bytes)
    this.text('\n')
  }

  commit(args: {
    ref: string
    from: string
    ident: string
    time: number
    message: string
    rootTree?: string
    change?: FixtureCommit
  }): string {
    const mark = `:${this.nextMark++}`
    const author = args.change?.author ?? args.ident
    const committer = args.change?.committer ?? author
    this.text(`commit ${args.ref}\nmark ${mark}\n`)
    this.text(`author ${author} ${args.time} +0000\ncommitter ${committer} ${args.time} +0000\n`)
    this.data(args.message)
    if (args.from) this.text(`from ${args.from}\n`)
    if (args.rootTree) this.text(`M 040000 ${args.rootTree} ""\n`)
    for (const [from, to] of Object.entries(args.change?.renames ?? {})) {
      this.text(`R ${quotePath(from)} ${quotePath(to)}\n`)
    }
    for (const [file, content] of Object.entries(args.change?.files ?? {})) {
      if (content === null) {
        this.text(`D ${quotePath(file)}\n`)
      } else if (typeof content === 'object' && 'symlink' in content) {
        this.text(`M 120000 inline ${quotePath(file)}\n`)
        this.data(content.symlink)
      } else if (typeof content === 'object' && 'gitlink' in content) {
        this.text(`M 160000 ${content.gitlink} ${quotePath(file)}\n`)
      } else {
        this.text(`M 100644 inline ${quotePath(file)}\n`)
        this.data(content)
      }
    }
    this.text('\n')
    return mark
  }

  reset(ref: string, from: string): void {
    this.text(`reset ${ref}\nfrom ${from}\n\n`)
  }

  /** Runs the stream and returns the commit id behind each mark. */
  run(gitDir: string, force = false): Map<string, string> {
    const marksFile = path.join(gitDir, `fixture-marks-${process.pid}-${Date.now()}`)
    this.text('done\n')
    const args = ['fast-import', '--quiet', '--done', `--export-marks=${marksFile}`]
    if (force) args.push('--force')
    git(gitDir, args, { input: Buffer.concat(this.chunks) })
    const marks = new Map<string, string>()
    for (const line of fs.readFileSync(marksFile, 'utf8').split('\n')) {
      const [mark, sha] = line.split(' ')
      if (mark && sha) marks.set(mark, sha)
    }
    fs.rmSync(marksFile, { force: true })
    return marks
  }
}

function mustGet(marks: Map<string, string>, mark: string): string {
  const sha = marks.get(mark)
  if (!sha) throw new Error(`fast-import did not report ${mark}`)
  return sha
}

class Fixture implements PrFixture {
  readonly root: string
  readonly originDir: string
  readonly originUrl: string
  readonly workspaceDir: string
  readonly owner: string
  readonly repo: string
  readonly prNumber: number
  readonly baseRef: string
  readonly headRef: string
  readonly headRepo: string
  private readonly headRefName: string
  private readonly checkout: 'pull_request' | 'pull_request_target'
  baseSha = ''
  headSha = ''
  mergeSha = ''
  mergeBaseSha = ''
  headCommits: string[] = []
  private tick = 0

  constructor(spec: PrFixtureSpec) {
    this.owner = spec.owner ?? 'acme'
    this.repo = spec.repo ?? 'widgets'
    this.prNumber = spec.prNumber ?? 1
    this.baseRef = spec.baseRef ?? 'main'
    this.headRef = spec.headRef ?? 'feature'
    this.headRepo = `${spec.forkOwner ?? this.owner}/${this.repo}`
    // A fork's branch lives in the fork; here it is kept outside refs/heads so that no branch of the base has it.
    this.headRefName = spec.forkOwner
      ? `refs/forks/${spec.forkOwner}/heads/${this.headRef}`
      : `refs/heads/${this.headRef}`
    this.checkout = spec.checkout ?? 'pull_request'
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-pr-'))
    this.originDir = path.join(this.root, 'origin.git')
    this.originUrl = pathToFileURL(this.originDir).href
    this.workspaceDir = path.join(this.root, 'workspace')
    try {
      this.build(spec)
    } catch (error) {
      this.cleanup()
      throw error
    }
  }

  private nextTime(): number {
    this.tick += 1
    return EPOCH + this.tick * 60
  }

  private originGit(args: readonly string[], env?: Record<string, string>): string {
    return git(this.originDir, args, env ? { env } : {})
  }

  private build(spec: PrFixtureSpec): void {
    git(this.root, [
      'init',
      '--quiet',
      '--bare',
      '--template=',
      `--initial-branch=${this.baseRef}`,
      this.originDir
    ])
    // Lets a shallow clone ask for the head, base and merge-base commits by id, as it can on github.com.
    fs.appendFileSync(
      path.join(this.originDir, 'config'),
      '[uploadpack]\n\tallowAnySHA1InWant = true\n\tallowReachableSHA1InWant = true\n\tallowTipSHA1InWant = true\n'
    )

    const stream = new ImportStream()
    const baseRefName = `refs/heads/${this.baseRef}`
    const headRefName = this.headRefName
    const rootMark = stream.commit({
      ref: baseRefName,
      from: '',
      ident: BASE_AUTHOR,
      time: this.nextTime(),
      message: 'Initial commit\n',
      change: { files: spec.base }
    })
    let headTip = rootMark
    const headMarks: string[] = []
    spec.commits.forEach((commit, index) => {
      headTip = stream.commit({
        ref: headRefName,
        from: headTip,
        ident: HEAD_AUTHOR,
        time: this.nextTime(),
        message: `${commit.message ?? `Change ${index + 1}`}\n`,
        change: commit
      })
      headMarks.push(headTip)
    })
    if (spec.commits.length === 0) stream.reset(headRefName, rootMark)
    let baseTip = rootMark
    ;(spec.baseCommits ?? []).forEach((commit, index) => {
      baseTip = stream.commit({
        ref: baseRefName,
        from: baseTip,
        ident: BASE_AUTHOR,
        time: this.nextTime(),
        message: `${commit.message ?? `Base change ${index + 1}`}\n`,
        change: commit
      })
    })
    const marks = stream.run(this.originDir)
    this.headCommits = headMarks.map(mark => mustGet(marks, mark))

    if (spec.mergeBaseIntoHead) {
      const [head = '', base = ''] = this.originGit(['rev-parse', headRefName, baseRefName]).split('\n')
      const merge = this.commitMerge(
        head,
        base,
        `Merge branch '${this.baseRef}' into ${this.headRef}\n`,
        HEAD_AUTHOR
      )
      this.originGit(['update-ref', headRefName, merge])
      this.headCommits.push(merge)
    }

    this.refreshPullRefs()
    this.createWorkspace()
  }

  /** Writes a merge commit of `theirs` into `ours`; a fixture whose branches conflict is a mistake. */
  private commitMerge(ours: string, theirs: string, message: string, ident: string): string {
    const merged = runGit(this.originDir, ['merge-tree', '--write-tree', '--no-messages', ours, theirs])
    if (merged.status !== 0) {
      throw new Error(
        `the fixture's branches conflict (${ours} and ${theirs}):\n${merged.stdout}${merged.stderr}`
      )
    }
    const tree = merged.stdout.split('\n')[0] ?? ''
    const time = `${this.nextTime()} +0000`
    const [name, email] = splitIdent(ident)
    return this.originGit(['commit-tree', tree, '-p', ours, '-p', theirs, '-m', message.trimEnd()], {
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_AUTHOR_DATE: time,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
      GIT_COMMITTER_DATE: time
    })
  }

  /** Points refs/pull/N/head at the head branch and remakes refs/pull/N/merge as GitHub does after a push. */
  private refreshPullRefs(): void {
    const [head = '', base = ''] = this.originGit([
      'rev-parse',
      this.headRefName,
      `refs/heads/${this.baseRef}`
    ]).split('\n')
    const [githubName, githubEmail] = splitIdent(GITHUB_COMMITTER)
    const merged = runGit(this.originDir, ['merge-tree', '--write-tree', '--no-messages', base, head])
    if (merged.status !== 0) {
      throw new Error(`the fixture's head ${head} does not merge cleanly into ${base}:\n${merged.stdout}`)
    }
    const time = `${this.nextTime()} +0000`
    const merge = this.originGit(
      [
        'commit-tree',
        merged.stdout.split('\n')[0] ?? '',
        '-p',
        base,
        '-p',
        head,
        '-m',
        `Merge ${head} into ${base}`
      ],
      {
        GIT_AUTHOR_NAME: 'Pat Contributor',
        GIT_AUTHOR_EMAIL: 'pat@example.com',
        GIT_AUTHOR_DATE: time,
        GIT_COMMITTER_NAME: githubName,
        GIT_COMMITTER_EMAIL: githubEmail,
        GIT_COMMITTER_DATE: time
      }
    )
    git(this.originDir, ['update-ref', '--stdin'], {
      input: `update refs/pull/${this.prNumber}/head ${head}\nupdate refs/pull/${this.prNumber}/merge ${merge}\n`
    })
    this.baseSha = base
    this.headSha = head
    this.mergeSha = merge
    this.mergeBaseSha = this.originGit(['merge-base', base, head])
  }

  /** A new job gets a new checkout: the workspace is made again at the current merge commit. */
  freshCheckout(): void {
    fs.rmSync(this.workspaceDir, { recursive: true, force: true })
    this.createWorkspace()
  }

  private createWorkspace(): void {
    const ws = this.workspaceDir
    fs.mkdirSync(ws)
    git(ws, ['init', '--quiet', '--template=', ws])
    // What `git remote add origin <url>` and `git config --local gc.auto 0` write, without two more processes.
    fs.appendFileSync(
      path.join(ws, '.git', 'config'),
      `[remote "origin"]\n\turl = ${this.originUrl}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[gc]\n\tauto = 0\n`
    )
    const target = this.checkout === 'pull_request_target'
    const remoteRef = target
      ? `refs/remotes/origin/${this.baseRef}`
      : `refs/remotes/pull/${this.prNumber}/merge`
    git(ws, [
      '-c',
      'protocol.version=2',
      'fetch',
      '--no-tags',
      '--prune',
      '--no-recurse-submodules',
      '--quiet',
      '--depth=1',
      'origin',
      `+${target ? this.baseSha : this.mergeSha}:${remoteRef}`
    ])
    if (target) git(ws, ['checkout', '--quiet', '--force', '-B', this.baseRef, remoteRef])
    else git(ws, ['checkout', '--quiet', '--force', remoteRef])
  }

  pushHead(files: Record<string, FileContent | null>, message?: string, options: PushOptions = {}): string {
    const stream = new ImportStream()
    const mark = stream.commit({
      ref: this.headRefName,
      from: this.headSha,
      ident: HEAD_AUTHOR,
      time: this.nextTime(),
      message: `${message ?? `Change ${this.headCommits.length + 1}`}\n`,
      change: { files, ...(options.renames ? { renames: options.renames } : {}) }
    })
    const sha = mustGet(stream.run(this.originDir), mark)
    this.headCommits.push(sha)
    this.refreshPullRefs()
    return sha
  }

  forcePushHead(
    files: Record<string, FileContent | null>,
    message?: string,
    options: ForcePushOptions = {}
  ): string {
    const oldHead = this.headSha
    const parent = options.parent ?? this.originGit(['rev-parse', `${oldHead}^1`])
    const stream = new ImportStream()
    const mark = stream.commit({
      ref: this.headRefName,
      from: parent,
      ident: HEAD_AUTHOR,
      time: this.nextTime(),
      message: `${message ?? 'Rewritten change'}\n`,
      rootTree: this.originGit(['rev-parse', `${oldHead}^{tree}`]),
      change: { files, ...(options.renames ? { renames: options.renames } : {}) }
    })
    const sha = mustGet(stream.run(this.originDir, true), mark)
    this.refreshPullRefs()
    this.headCommits = this.originGit(['rev-list', '--reverse', sha, `^${this.baseSha}`])
      .split('\n')
      .filter(Boolean)
    this.originGit(['reflog', 'expire', '--expire=now', '--all'])
    this.originGit(['gc', '--quiet', '--prune=now'])
    return sha
  }

  pushBase(files: Record<string, FileContent | null>, message?: string, options: PushOptions = {}): string {
    const stream = new ImportStream()
    const mark = stream.commit({
      ref: `refs/heads/${this.baseRef}`,
      from: this.baseSha,
      ident: BASE_AUTHOR,
      time: this.nextTime(),
      message: `${message ?? 'Base change'}\n`,
      change: { files, ...(options.renames ? { renames: options.renames } : {}) }
    })
    const sha = mustGet(stream.run(this.originDir), mark)
    this.refreshPullRefs()
    return sha
  }

  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true })
  }
}

function splitIdent(ident: string): [string, string] {
  const match = /^(.*) <(.*)>$/.exec(ident)
  if (!match) throw new Error(`bad identity ${ident}`)
  return [match[1] ?? '', match[2] ?? '']
}

export function createPrFixture(spec: PrFixtureSpec): PrFixture {
  return new Fixture(spec)
}

/**
 * The pull_request event GitHub sends for the fixture's pull request: the fields Redline reads, with both
 * sides' repositories as GitHub names them (the head's is the fork's, for a fork).
 */
export function pullRequestPayload(fixture: PrFixture, action = 'opened', headSha = fixture.headSha): object {
  const base = `${fixture.owner}/${fixture.repo}`
  return {
    action,
    number: fixture.prNumber,
    pull_request: {
      number: fixture.prNumber,
      draft: false,
      head: { sha: headSha, ref: fixture.headRef, repo: { full_name: fixture.headRepo } },
      base: { sha: fixture.baseSha, ref: fixture.baseRef, repo: { full_name: base } }
    },
    repository: { full_name: base }
  }
}
