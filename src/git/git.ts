import { spawn } from 'node:child_process'
import {
  closeSync,
  mkdtempSync,
  openSync,
  read,
  rm,
  rmdir,
  rmdirSync,
  rmSync,
  unlink,
  unlinkSync
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { redactSecrets } from '../text/redact.js'
import type { Logger } from '../logger.js'
import { diffArgs, objectId, revision, stripSlashes } from './arguments.js'
import { BatchOutputParser, parseTree, pathSegments, type BatchObject } from './batch.js'
import { GitError } from './git-error.js'

export { diffArgs } from './arguments.js'
export { GitError } from './git-error.js'

export type ObjectKind = 'blob' | 'tree' | 'submodule' | 'symlink'

export interface TreeEntry {
  mode: string
  kind: ObjectKind
  /** Full path from the repository root. */
  path: string
  /** Last path segment. */
  name: string
}

export interface GrepMatch {
  path: string
  line: number
  text: string
  /** Set on lines that do not match but are shown around a match (context) or name its function. */
  kind?: 'context' | 'function'
  /** The first line of a new group of lines in the same file, as grep separates them with "--". */
  groupStart?: true
}

export interface GrepOptions {
  /** Match the pattern as a literal string instead of an extended regular expression. */
  fixed?: boolean
  /** Read the pattern as a Perl-compatible regular expression (git grep -P; not every git is built with it). */
  perl?: boolean
  /** Restrict the search to this file or directory (literal, not a glob). */
  path?: string
  /** Stop after this many matches in total (default 1,000). */
  maxCount?: number
  ignoreCase?: boolean
  /** Match whole words only (grep -w). */
  wordRegexp?: boolean
  /** Lines of context before and after each match (grep -C). */
  context?: number
  /** Also give the line that starts the function each match is in (grep -p). */
  showFunction?: boolean
}

export interface Git {
  readonly workspaceDir: string
  /**
   * Whether the workspace itself is a git repository (parents are never searched). The same git process
   * checks which of `commits` (full ids) it holds; hasCommit answers from that without another one.
   */
  isRepository(commits?: readonly string[]): Promise<boolean>
  /** Fetches commits by id from origin, skipping those already present; `depth` defaults to 1. Returns those fetched. */
  fetchShas(shas: string[], depth?: number): Promise<string[]>
  /**
   * Fetches what a ref of origin points at, as objects only: no local ref is written (only FETCH_HEAD), and
   * HEAD and the working tree stay as they are.
   */
  fetchRef(ref: string, depth?: number): Promise<void>
  /** Fetches `by` more ancestors of the given commits in a shallow repository. */
  deepen(shas: string[], by: number): Promise<void>
  hasCommit(sha: string): Promise<boolean>
  /** The best common ancestor, or undefined when the history present has none. */
  mergeBase(a: string, b: string): Promise<string | undefined>
  /** Unified diff text between two commits' trees, renames detected, binary files summarised. */
  diff(from: string, to: string, paths?: string[]): Promise<string>
  /** The same diff handed over in pieces as git writes it, so parsing overlaps git's own work. */
  streamDiff(from: string, to: string, onText: (text: string) => void, paths?: string[]): Promise<void>
  /** A file's bytes at a commit, read from the object store; undefined when it is not a file there. */
  show(sha: string, filePath: string): Promise<Buffer | undefined>
  /** The entries directly inside a directory at a commit ('' is the root); undefined when no such tree. */
  lsTree(sha: string, dirPath: string): Promise<TreeEntry[] | undefined>
  grep(sha: string, pattern: string, options?: GrepOptions): Promise<GrepMatch[]>
  /**
   * For each of `words`, the lines at a commit that hold it as a whole word (what `grep -F -w` finds for it
   * alone), at most `maxPerWord` of them, in git's order. One git process looks for all of them.
   */
  grepWords(sha: string, words: readonly string[], maxPerWord: number): Promise<Map<string, GrepMatch[]>>
  /** What a path is at a commit, undefined when it does not exist. */
  catFileType(sha: string, filePath: string): Promise<ObjectKind | undefined>
  /**
   * The bytes of the paths that are files at a commit, binary or not, all read by one git process; a path
   * that is missing, a directory, a symlink or a submodule there is simply absent from the map.
   */
  readBlobs(sha: string, paths: readonly string[]): Promise<Map<string, Buffer>>
  /**
   * The git process of a readBlobs to come, started now: one started while git diffs costs the diff less
   * than one started after it. It stays open, holding the process's exit back, until it is closed.
   */
  openBlobReader(): BlobReader
}

/** readBlobs on a process of its own, started beforehand (see Git.openBlobReader). */
export interface BlobReader {
  /** Git.readBlobs; at most one call at a time. */
  read(sha: string, paths: readonly string[]): Promise<Map<string, Buffer>>
  close(): void
}

interface RunResult<T> {
  exitCode: number
  stdout: T
  stderr: string
}

interface RunOptions {
  /** Exit codes that are answers rather than failures (e.g. 1 for "no match"). */
  okCodes?: number[]
  /** Written to git's standard input, which is closed after it. */
  input?: string
}

const DEFAULT_GREP_MATCHES = 1000

/** How much of a diff's file is read at a time. */
const DIFF_READ_BYTES = 1 << 20

/**
 * A new directory only this process can use, in the runner's temporary directory (emptied after every job)
 * or else the system's; undefined when neither takes one.
 */
function privateTemporaryDirectory(): string | undefined {
  for (const root of new Set([process.env.RUNNER_TEMP, os.tmpdir()])) {
    if (!root) continue
    try {
      return mkdtempSync(path.join(root, 'redline-diff-'))
    } catch {
      // Not there or not writable: the next one, or a pipe.
    }
  }
  return undefined
}

/** The next bytes of the file from its current position: 0 at its end for now. */
function readInto(fd: number, buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, 0, buffer.length, null, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead)
    )
  })
}

/** Diff files whose removal has started and not ended, with their directories: an exit removes them then. */
const diffFilesBeingRemoved = new Map<string, string>()
let removesLeftOnExit = false

/**
 * Closes the diff's file, and removes it and its directory in the background: freeing a diff's blocks takes
 * the file system milliseconds (1.7-3.2 ms to unlink a 2.6 MB diff), which the review would otherwise wait for
 * right after git exits, while a thread of the pool can do it as the review goes on. Nothing here is worth
 * failing a review for.
 */
function removeDiffFile(fd: number | undefined, dir: string, file: string): void {
  try {
    if (fd !== undefined) closeSync(fd)
  } catch {
    // Closed already or never open: nothing to release.
  }
  if (!removesLeftOnExit) {
    removesLeftOnExit = true
    process.on('exit', () => {
      for (const [leftFile, leftDir] of diffFilesBeingRemoved) removeDiffFileNow(leftDir, leftFile)
    })
  }
  diffFilesBeingRemoved.set(file, dir)
  const done = (): void => void diffFilesBeingRemoved.delete(file)
  // The file is all the directory holds: two calls, where rm would walk the directory first.
  unlink(file, () => rmdir(dir, error => (error ? rm(dir, { recursive: true, force: true }, done) : done())))
}

function removeDiffFileNow(dir: string, file: string): void {
  try {
    unlinkSync(file)
    rmdirSync(dir)
  } catch {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // Left to the runner, which empties its temporary directory after every job.
    }
  }
}

const MODE_KIND: Record<string, ObjectKind> = {
  '040000': 'tree',
  '160000': 'submodule',
  '120000': 'symlink',
  '100644': 'blob',
  '100755': 'blob'
}

/** Whether each line of `cat-file --batch-check` output names a commit, in the order asked. */
export function commitAnswers(output: string): boolean[] {
  const lines = output.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.map(line => / commit \d+$/.test(line))
}

function isObjectId(sha: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha)
}

export function createGit(workspaceDir: string, logger: Logger): Git {
  const cwd = path.resolve(workspaceDir)
  const env: Record<string, string> = {
    ...definedEnv(),
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    // Never pick up a repository above the workspace: without .git here the diff must come from the API.
    GIT_CEILING_DIRECTORIES: path.dirname(cwd),
    // Paths from the pull request are data; a `*` in a file name must not become a glob.
    GIT_LITERAL_PATHSPECS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    // GitError messages end up in logs and bug reports; keep them in one language on every runner.
    LC_ALL: 'C'
  }
  const globalArgs = [
    '--no-pager',
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'core.quotePath=false',
    '-c',
    'color.ui=false',
    '-c',
    'gc.auto=0',
    '-c',
    'maintenance.auto=false',
    // actions/checkout removes its safe.directory entry after its step, which breaks container jobs.
    '-c',
    `safe.directory=${cwd}`
  ]

  // Paths in arguments are repository content: a secret pasted into a file name must not reach the log.
  const describe = (args: string[]): string => redactSecrets(args.join(' '))
  // Redacting costs more than the line is worth where nobody reads it: the diff's call waited for it.
  const logCall = (args: string[]): void => {
    if (logger.debugEnabled !== false) logger.debug(`git ${describe(args)}`)
  }

  /**
   * Small text outputs. A plain child process, as for large ones: the toolkit's runner searches PATH with a
   * stat per directory before every call, which a review's dozens of git calls pay each time.
   */
  async function run(args: string[], options: RunOptions = {}): Promise<RunResult<string>> {
    const result = await runLarge(args, options)
    return { ...result, stdout: result.stdout.toString('utf8') }
  }

  /**
   * Large outputs (a diff can be tens of megabytes) are used as they arrive: parsing runs while git is still
   * diffing, and a grep can stop git once it has enough matches.
   */
  function runLarge(
    args: string[],
    options: RunOptions = {},
    onData?: (data: Buffer) => 'stop' | void
  ): Promise<RunResult<Buffer>> {
    logCall(args)
    return new Promise((resolve, reject) => {
      const argv = [...globalArgs, ...args]
      const child =
        options.input === undefined
          ? spawn('git', argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
          : spawn('git', argv, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] })
      if (child.stdin) {
        // A git that exits early closes the pipe; its exit code says why.
        child.stdin.on('error', () => undefined)
        child.stdin.end(options.input)
      }
      const out: Buffer[] = []
      const err: Buffer[] = []
      // An exception in a stream handler would escape the promise and end the process.
      let failure: { error: unknown } | undefined
      let stopped = false
      child.stdout.on('data', (data: Buffer) => {
        if (failure || stopped) return
        if (!onData) return void out.push(data)
        try {
          if (onData(data) === 'stop') {
            stopped = true
            child.kill()
          }
        } catch (error) {
          failure = { error }
          child.kill()
        }
      })
      child.stderr.on('data', (data: Buffer) => void err.push(data))
      child.on('error', reject)
      child.on('close', code => {
        if (failure) return reject(failure.error)
        const result = {
          exitCode: stopped ? 0 : (code ?? -1),
          stdout: Buffer.concat(out),
          stderr: Buffer.concat(err).toString('utf8')
        }
        try {
          resolve(check(args, result, options))
        } catch (error) {
          reject(error)
        }
      })
    })
  }

  function check<T>(args: string[], result: RunResult<T>, options: RunOptions): RunResult<T> {
    if (result.exitCode === 0 || options.okCodes?.includes(result.exitCode)) return result
    throw new GitError(describe(args), result.exitCode, result.stderr.trim())
  }

  /**
   * Commits found, or being looked for: a commit once present stays so for the run, and a check started early
   * (see loadPullDiff) answers later ones without another process. One found missing is asked again, as a
   * fetch may bring it.
   */
  const commitChecks = new Map<string, Promise<boolean>>()

  function hasCommit(sha: string): Promise<boolean> {
    return commitChecks.get(sha) ?? keepCommitCheck(sha, checkCommit(sha))
  }

  function keepCommitCheck(sha: string, check: Promise<boolean>): Promise<boolean> {
    commitChecks.set(sha, check)
    check.then(
      present => void (present || commitChecks.delete(sha)),
      () => void commitChecks.delete(sha)
    )
    return check
  }

  /**
   * `cat-file --batch-check` answers for each commit and fails outside a repository, so one process does
   * what `rev-parse --git-dir` and a `cat-file -e` per commit would do.
   */
  async function isRepositoryWith(commits: readonly string[]): Promise<boolean> {
    const asked = [...new Set(commits)].filter(sha => isObjectId(sha) && !commitChecks.has(sha))
    const answered = run(['cat-file', '--batch-check'], {
      okCodes: [128],
      input: asked.map(sha => `${sha}^{commit}\n`).join('')
    })
    asked.forEach((sha, i) =>
      keepCommitCheck(
        sha,
        answered.then(result => result.exitCode === 0 && (commitAnswers(result.stdout)[i] ?? false))
      )
    )
    try {
      return (await answered).exitCode === 0
    } catch {
      return false
    }
  }

  async function checkCommit(sha: string): Promise<boolean> {
    const result = await run(['cat-file', '-e', `${revision(sha)}^{commit}`], { okCodes: [1, 128] })
    return result.exitCode === 0
  }

  async function lsTreeRaw(sha: string, pathspec: string[]): Promise<TreeEntry[]> {
    const result = await run(['ls-tree', '-z', revision(sha), '--', ...pathspec])
    const entries: TreeEntry[] = []
    for (const record of result.stdout.split('\0')) {
      if (!record) continue
      // "<mode> <type> <object>\t<path>"; with -z the path is never quoted.
      const tab = record.indexOf('\t')
      const mode = record.slice(0, record.indexOf(' '))
      const entryPath = record.slice(tab + 1)
      entries.push({
        mode,
        kind: MODE_KIND[mode] ?? 'blob',
        path: entryPath,
        name: entryPath.slice(entryPath.lastIndexOf('/') + 1)
      })
    }
    return entries
  }

  async function catFileType(sha: string, filePath: string): Promise<ObjectKind | undefined> {
    const target = stripSlashes(filePath)
    if (target === '') return 'tree'
    const entries = await lsTreeRaw(sha, [target])
    return entries.find(entry => entry.path === target)?.kind
  }

  /** Both revisions are peeled to commits (see diffArgs): once git has diffed them, both are known here. */
  async function streamDiff(
    from: string,
    to: string,
    onText: (text: string) => void,
    paths?: string[]
  ): Promise<void> {
    await streamDiffText(from, to, onText, paths)
    for (const sha of [from, to]) {
      if (isObjectId(sha) && !commitChecks.has(sha)) keepCommitCheck(sha, Promise.resolve(true))
    }
  }

  /**
   * git writes the diff to a file of a private temporary directory, read as it grows. Through a pipe, which
   * holds 64 KB, git stopped whenever the reader paused (a garbage collection while parsing): a 300-file diff
   * with its parse took twice as long as git alone, against 1.55 times through a file, where git runs at its
   * own speed and the reader keeps up in large reads. Where no temporary directory can be made, the diff comes through a pipe after all.
   */
  async function streamDiffText(
    from: string,
    to: string,
    onText: (text: string) => void,
    paths?: string[]
  ): Promise<void> {
    // git is started before the first await, so that nothing started meanwhile holds it back.
    const dir = privateTemporaryDirectory()
    if (dir === undefined) return streamDiffThroughPipe(from, to, onText, paths)
    const output = path.join(dir, 'diff')
    let fd: number | undefined
    try {
      // Made and opened here, so that it is read from its start whenever git writes to it.
      fd = openSync(output, 'wx+', 0o600)
      let exited = false
      // A wait for more output ends as git exits: its last piece is on the path of the whole review.
      let wake: (() => void) | undefined
      const diffing = runLarge(diffArgs(from, to, paths, output)).finally(() => {
        exited = true
        wake?.()
      })
      diffing.catch(() => undefined)
      // A multi-byte character can straddle two reads.
      const decoder = new StringDecoder('utf8')
      const buffer = Buffer.allocUnsafe(DIFF_READ_BYTES)
      for (;;) {
        // Everything git wrote is in the file once it has exited: a read after that which finds nothing
        // is the end.
        const finished = exited
        const bytesRead = await readInto(fd, buffer)
        if (bytesRead > 0) {
          const text = decoder.write(buffer.subarray(0, bytesRead))
          if (text) onText(text)
        } else if (finished) {
          break
        } else {
          await new Promise<void>(resolve => {
            wake = resolve
            setTimeout(resolve, 1)
          })
        }
      }
      await diffing
      const rest = decoder.end()
      if (rest) onText(rest)
    } finally {
      removeDiffFile(fd, dir, output)
    }
  }

  async function streamDiffThroughPipe(
    from: string,
    to: string,
    onText: (text: string) => void,
    paths?: string[]
  ): Promise<void> {
    // A multi-byte character can straddle two pieces of output.
    const decoder = new StringDecoder('utf8')
    await runLarge(diffArgs(from, to, paths), {}, data => {
      const text = decoder.write(data)
      if (text) onText(text)
    })
    const rest = decoder.end()
    if (rest) onText(rest)
  }

  /**
   * A `git cat-file --batch` process: each call writes object names and resolves with their answers, in
   * order, so one process serves as many round trips as a caller needs.
   */
  function openBatch(): { read(names: string[]): Promise<Array<BatchObject | undefined>>; close(): void } {
    const args = ['cat-file', '--batch']
    logCall(args)
    const child = spawn('git', [...globalArgs, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] })
    const parser = new BatchOutputParser()
    const err: Buffer[] = []
    let waiting: { due: number; answers: Array<BatchObject | undefined> } | undefined
    let settle: { resolve: (answers: Array<BatchObject | undefined>) => void; reject: (e: unknown) => void }
    let ended: unknown
    const fail = (error: unknown): void => {
      ended ??= error
      if (waiting) settle.reject(ended)
      waiting = undefined
    }
    child.stdout.on('data', (data: Buffer) => {
      if (!waiting) return
      waiting.answers.push(...parser.push(data))
      if (waiting.answers.length < waiting.due) return
      const { answers } = waiting
      waiting = undefined
      settle.resolve(answers)
    })
    child.stderr.on('data', (data: Buffer) => void err.push(data))
    // A closed pipe surfaces as an exit code below; writing to it must not end the process.
    child.stdin.on('error', () => undefined)
    child.on('error', fail)
    child.on('close', code =>
      fail(new GitError(describe(args), code ?? -1, Buffer.concat(err).toString('utf8').trim()))
    )
    return {
      read(names) {
        if (ended) return Promise.reject(ended)
        if (names.length === 0) return Promise.resolve([])
        return new Promise((resolve, reject) => {
          settle = { resolve, reject }
          waiting = { due: names.length, answers: [] }
          child.stdin.write(`${names.join('\n')}\n`)
        })
      },
      close() {
        child.stdin.end()
      }
    }
  }

  async function readBlobs(sha: string, paths: readonly string[]): Promise<Map<string, Buffer>> {
    if (!paths.some(filePath => stripSlashes(filePath) !== '')) return new Map()
    const reader = openBlobReader()
    try {
      return await reader.read(sha, paths)
    } finally {
      reader.close()
    }
  }

  function openBlobReader(): BlobReader {
    const batch = openBatch()
    return { read: (sha, paths) => readBlobsWith(batch, sha, paths), close: () => batch.close() }
  }

  /**
   * Asks for the root and, by name, for the directory of each path, then for the files in them: two round
   * trips, wherever the paths are. A directory whose path cannot be written on one line of cat-file's input
   * is reached from the deepest one that can, a tree at a time, by id.
   */
  async function readBlobsWith(
    batch: ReturnType<typeof openBatch>,
    sha: string,
    paths: readonly string[]
  ): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>()
    const byDirectory = new Map<string, { depth: number; paths: string[] }>()
    for (const filePath of new Set(paths)) {
      const stripped = stripSlashes(filePath)
      if (stripped === '') continue
      const segments = stripped.split('/')
      let depth = 0
      while (depth < segments.length - 1 && isNameableSegment(segments[depth] as string)) depth++
      const dir = segments.slice(0, depth).join('/')
      const group = byDirectory.get(dir) ?? { depth, paths: [] }
      group.paths.push(filePath)
      byDirectory.set(dir, group)
    }
    if (byDirectory.size === 0) return found
    const rev = revision(sha)
    const dirs = [...byDirectory.keys()].filter(dir => dir !== '')
    const [root, ...trees] = await batch.read([`${rev}^{tree}`, ...dirs.map(dir => `${rev}:${dir}`)])
    if (root?.type !== 'tree') throw new GitError(`cat-file --batch ${sha}^{tree}`, 128, 'not a commit')
    const idBytes = root.oid.length / 2
    let level: TreeVisit[] = []
    const atRoot = byDirectory.get('')
    if (atRoot) level.push({ ...atRoot, tree: root })
    dirs.forEach((dir, i) => {
      const tree = trees[i]
      const group = byDirectory.get(dir)
      // A missing directory, or a file, symlink or submodule where one was looked for: nothing under it.
      if (group && tree?.type === 'tree') level.push({ ...group, tree })
    })
    while (level.length > 0) {
      const requests = level.flatMap(visit => nextRequests(visit, idBytes))
      const answers = await batch.read(requests.map(request => request.oid))
      level = []
      requests.forEach((request, i) => {
        const answer = answers[i]
        if (request.file !== undefined && answer?.type === 'blob') found.set(request.file, answer.content)
        if (request.below && answer?.type === 'tree') level.push({ ...request.below, tree: answer })
      })
    }
    return found
  }

  /**
   * A git grep's output lines, git stopped once `maxLines` have come: a common pattern in a large repository
   * matches far more than anyone reads. A line cut off by the stop is left out.
   */
  async function grepOutput(args: string[], maxLines: number): Promise<{ lines: string[]; cut: boolean }> {
    const parts: Buffer[] = []
    let count = 0
    let cut = false
    await runLarge(args, { okCodes: [1] }, data => {
      parts.push(data)
      for (let at = data.indexOf(10); at >= 0; at = data.indexOf(10, at + 1)) count++
      if (count < maxLines) return undefined
      cut = true
      return 'stop'
    })
    const lines = Buffer.concat(parts).toString('utf8').split('\n')
    // What follows the last newline: nothing, or the start of a line the stop cut.
    lines.pop()
    return { lines, cut }
  }

  const git: Git = {
    workspaceDir: cwd,

    isRepository: (commits = []) => isRepositoryWith(commits),

    async fetchShas(shas, depth = 1) {
      // The checks are independent: one git process each, all at once.
      const unique = [...new Set(shas)]
      const present = await Promise.all(unique.map(sha => hasCommit(objectId(sha))))
      const missing = unique.filter((_, i) => !present[i])
      if (missing.length === 0) return missing
      await run(['fetch', '--no-tags', '--no-recurse-submodules', `--depth=${depth}`, 'origin', ...missing])
      return missing
    },

    async fetchRef(ref, depth = 1) {
      if (!/^refs\/[A-Za-z0-9._/-]+$/.test(ref) || ref.includes('..')) {
        throw new Error(`Invalid ref: ${JSON.stringify(ref)}`)
      }
      await run(['fetch', '--no-tags', '--no-recurse-submodules', `--depth=${depth}`, 'origin', ref])
    },

    async deepen(shas, by) {
      const ids = shas.map(objectId)
      await run(['fetch', '--no-tags', '--no-recurse-submodules', `--deepen=${by}`, 'origin', ...ids])
    },

    hasCommit,

    async mergeBase(a, b) {
      const result = await run(['merge-base', revision(a), revision(b)], { okCodes: [1] })
      const sha = result.stdout.trim()
      return result.exitCode === 0 && sha ? sha : undefined
    },

    async diff(from, to, paths) {
      const parts: string[] = []
      await streamDiff(from, to, text => void parts.push(text), paths)
      return parts.join('')
    },

    streamDiff,

    async show(sha, filePath) {
      const kind = await catFileType(sha, filePath)
      if (kind !== 'blob' && kind !== 'symlink') return undefined
      const result = await runLarge(['cat-file', 'blob', `${revision(sha)}:${stripSlashes(filePath)}`])
      return result.stdout
    },

    async lsTree(sha, dirPath) {
      const dir = stripSlashes(dirPath)
      if (dir !== '' && (await catFileType(sha, dir)) !== 'tree') return undefined
      return lsTreeRaw(sha, dir === '' ? [] : [`${dir}/`])
    },

    async grep(sha, pattern, options = {}) {
      const context = Math.max(0, Math.floor(options.context ?? 0))
      // With --column only matching lines carry a column field, which tells them from context and function lines.
      const extra = context > 0 || options.showFunction === true
      const args = ['grep', '--null', '-n', '-I', '--no-color', '--full-name']
      if (extra) args.push('--column')
      if (options.ignoreCase) args.push('--ignore-case')
      if (options.wordRegexp) args.push('--word-regexp')
      if (context > 0) args.push(`--context=${context}`)
      if (options.showFunction) args.push('--show-function')
      args.push(
        options.fixed ? '--fixed-strings' : options.perl ? '--perl-regexp' : '--extended-regexp',
        '-e',
        pattern,
        revision(sha),
        '--'
      )
      if (options.path) args.push(stripSlashes(options.path) || '.')
      const limit = options.maxCount ?? DEFAULT_GREP_MATCHES
      const linesPerMatch = 1 + 2 * context + (options.showFunction ? 1 : 0) + (extra ? 1 : 0)
      const { lines } = await grepOutput(args, limit * linesPerMatch)
      const matches: GrepMatch[] = []
      let found = 0
      let separated = false
      for (const line of lines) {
        if (line === '--') {
          separated = true
          continue
        }
        const read = readGrepLine(line, sha, extra)
        if (!read) continue
        if (read.isMatch && found >= limit) break
        const { match } = read
        if (!read.isMatch) match.kind = context > 0 ? 'context' : 'function'
        if (separated) match.groupStart = true
        separated = false
        matches.push(match)
        if (read.isMatch) found++
      }
      return matches
    },

    async grepWords(sha, words, maxPerWord) {
      const wanted = [...new Set(words)].filter(word => word !== '')
      const found = new Map<string, GrepMatch[]>(wanted.map(word => [word, []]))
      const alone = { fixed: true, wordRegexp: true, maxCount: maxPerWord }
      // Several -F -w patterns send git grep down a path hundreds of times slower than one; an alternation
      // of plain words is as fast as one. It finds every line where some word stands whole: git retries a
      // match that is not a whole word one character on, and at the word's own position no other plain word
      // matches whole, as a longer one would need a word character after it. Longest first, for regex
      // engines that take the first alternative that matches rather than the longest.
      const plain = wanted.filter(word => PLAIN_WORD.test(word)).sort((a, b) => b.length - a.length)
      for (const word of wanted) if (!PLAIN_WORD.test(word)) found.set(word, await git.grep(sha, word, alone))
      if (plain.length === 0) return found
      const args = ['grep', '--null', '-n', '-I', '--no-color', '--full-name', '--extended-regexp']
      args.push('--word-regexp', '-e', `(${plain.join('|')})`, revision(sha), '--')
      // Bounded like one search per word: past this many lines some word may have been cut short.
      const { lines, cut } = await grepOutput(args, plain.length * maxPerWord)
      let complete = 0
      for (const line of lines) {
        const match = readGrepLine(line, sha, false)?.match
        if (!match) continue
        for (const word of plain) {
          const matches = found.get(word) as GrepMatch[]
          if (matches.length >= maxPerWord || !holdsWord(match.text, word)) continue
          matches.push({ ...match })
          if (matches.length === maxPerWord) complete++
        }
        if (complete === plain.length) break
      }
      if (!cut) return found
      // Output cut at the bound holds every word's first lines only for the words that filled their share.
      for (const word of plain) {
        if ((found.get(word)?.length ?? 0) < maxPerWord) found.set(word, await git.grep(sha, word, alone))
      }
      return found
    },

    catFileType,

    readBlobs,
    openBlobReader
  }
  return git
}

/**
 * One line of `git grep --null -n` output at a commit: "<sha>:<path>\0<line>\0[<column>\0]<text>". With
 * --column (`withColumn`) only matching lines carry the column, which tells them from context lines.
 */
function readGrepLine(
  line: string,
  sha: string,
  withColumn: boolean
): { match: GrepMatch; isMatch: boolean } | undefined {
  const first = line.indexOf('\0')
  const second = line.indexOf('\0', first + 1)
  if (first < 0 || second < 0) return undefined
  const third = withColumn ? line.indexOf('\0', second + 1) : -1
  const name = line.slice(0, first)
  const prefix = `${sha}:`
  return {
    match: {
      path: name.startsWith(prefix) ? name.slice(prefix.length) : name,
      line: Number(line.slice(first + 1, second)),
      text: line.slice((third >= 0 ? third : second) + 1)
    },
    isMatch: !withColumn || third >= 0
  }
}

/** A word of git's word characters only, which needs no escaping in a regular expression. */
const PLAIN_WORD = /^\w+$/

/** git's word characters for --word-regexp: ASCII letters, digits and the underscore. */
function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  )
}

/** Whether `word` stands in `line` as grep -w finds it: some occurrence with no word character on either side. */
export function holdsWord(line: string, word: string): boolean {
  for (let at = line.indexOf(word); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = at === 0 || !isWordChar(line.charCodeAt(at - 1))
    const after = at + word.length >= line.length || !isWordChar(line.charCodeAt(at + word.length))
    if (before && after) return true
  }
  return false
}

/**
 * Whether a directory named by path on a line of cat-file's input is the directory of that name: git reads
 * a line without its newline and a \r before it, and takes a path that starts with ./ or ../ from the working
 * directory; an empty segment names nothing.
 */
function isNameableSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[\n\r]/.test(segment)
}

interface TreeVisit {
  depth: number
  /** The wanted paths under this tree. */
  paths: string[]
  tree: BatchObject
}

/** What to read next from one tree: the wanted files in it, and the subtrees that hold more of them. */
type TreeRequest = { oid: string } & (
  { file: string; below?: undefined } | { file?: undefined; below: { depth: number; paths: string[] } }
)

function nextRequests(visit: TreeVisit, idBytes: number): TreeRequest[] {
  const groups = groupByNextSegment(visit.paths, visit.depth)
  const only = new Set(groups.keys())
  const entries = new Map(parseTree(visit.tree.content, idBytes, only).map(entry => [entry.name, entry]))
  const requests: TreeRequest[] = []
  for (const [name, group] of groups) {
    const entry = entries.get(name)
    if (entry?.kind === 'blob') for (const file of group.here) requests.push({ oid: entry.oid, file })
    if (entry?.kind === 'tree' && group.below.length > 0) {
      requests.push({ oid: entry.oid, below: { depth: visit.depth + 1, paths: group.below } })
    }
  }
  return requests
}

/** The paths grouped by their segment at `depth`: those that end there (`here`) and those that go on below. */
function groupByNextSegment(
  paths: readonly string[],
  depth: number
): Map<string, { here: string[]; below: string[] }> {
  const groups = new Map<string, { here: string[]; below: string[] }>()
  for (const filePath of paths) {
    const segments = pathSegments(stripSlashes(filePath))
    const name = segments[depth]
    if (name === undefined) continue
    const group = groups.get(name) ?? { here: [], below: [] }
    if (segments.length === depth + 1) group.here.push(filePath)
    else group.below.push(filePath)
    groups.set(name, group)
  }
  return groups
}

function definedEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  return env
}
