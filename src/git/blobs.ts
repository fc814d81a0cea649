/** Many files' bytes at a commit through one `git cat-file --batch` process, a tree level at a time. */
import { revision, stripSlashes } from './arguments.js'
import { BatchOutputParser, parseTree, pathSegments, type BatchObject } from './batch.js'
import { GitError } from './git-error.js'
import type { GitRunner } from './runner.js'
import type { BlobReader } from './types.js'

/** A `git cat-file --batch` process: each read writes object names and resolves with their answers, in order. */
export interface BatchProcess {
  read(names: string[]): Promise<Array<BatchObject | undefined>>
  close(): void
}

interface Pending {
  due: number
  answers: Array<BatchObject | undefined>
  resolve: (answers: Array<BatchObject | undefined>) => void
  reject: (error: unknown) => void
}

/** One process serves as many round trips as a caller needs. */
export function openBatch(runner: GitRunner): BatchProcess {
  const args = ['cat-file', '--batch']
  const child = runner.spawnInteractive(args)
  const parser = new BatchOutputParser()
  const err: Buffer[] = []
  let waiting: Pending | undefined
  let ended: unknown
  const fail = (error: unknown): void => {
    ended ??= error
    waiting?.reject(ended)
    waiting = undefined
  }
  child.stdout.on('data', (data: Buffer) => {
    if (!waiting) return
    waiting.answers.push(...parser.push(data))
    if (waiting.answers.length < waiting.due) return
    const { answers, resolve } = waiting
    waiting = undefined
    resolve(answers)
  })
  child.stderr.on('data', (data: Buffer) => void err.push(data))
  // A closed pipe surfaces as an exit code below; writing to it must not end the process.
  child.stdin.on('error', () => undefined)
  child.on('error', fail)
  child.on('close', code =>
    fail(new GitError(runner.describe(args), code ?? -1, Buffer.concat(err).toString('utf8').trim()))
  )
  return {
    read(names) {
      if (ended) return Promise.reject(ended)
      if (names.length === 0) return Promise.resolve([])
      return new Promise((resolve, reject) => {
        waiting = { due: names.length, answers: [], resolve, reject }
        child.stdin.write(`${names.join('\n')}\n`)
      })
    },
    close() {
      child.stdin.end()
    }
  }
}

export async function readBlobs(
  runner: GitRunner,
  sha: string,
  paths: readonly string[]
): Promise<Map<string, Buffer>> {
  if (!paths.some(filePath => stripSlashes(filePath) !== '')) return new Map()
  const reader = openBlobReader(runner)
  try {
    return await reader.read(sha, paths)
  } finally {
    reader.close()
  }
}

export function openBlobReader(runner: GitRunner): BlobReader {
  const batch = openBatch(runner)
  return { read: (sha, paths) => readBlobsWith(batch, sha, paths), close: () => batch.close() }
}

interface TreeVisit {
  depth: number
  /** The wanted paths under this tree. */
  paths: string[]
  tree: BatchObject
}

type DirectoryGroups = Map<string, { depth: number; paths: string[] }>

/**
 * Asks for the root and, by name, for the directory of each path, then for the files in them: two round
 * trips, wherever the paths are. A directory whose path cannot be written on one line of cat-file's input
 * is reached from the deepest one that can, a tree at a time, by id.
 */
async function readBlobsWith(
  batch: BatchProcess,
  sha: string,
  paths: readonly string[]
): Promise<Map<string, Buffer>> {
  const byDirectory = groupByDirectory(paths)
  if (byDirectory.size === 0) return new Map()
  const { level, idBytes } = await firstTrees(batch, sha, byDirectory)
  return walkTrees(batch, level, idBytes)
}

/** The wanted paths by the deepest directory of theirs that cat-file can be asked for by name. */
function groupByDirectory(paths: readonly string[]): DirectoryGroups {
  const byDirectory: DirectoryGroups = new Map()
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
  return byDirectory
}

/** The root tree and each named directory, read in one round trip. */
async function firstTrees(
  batch: BatchProcess,
  sha: string,
  byDirectory: DirectoryGroups
): Promise<{ level: TreeVisit[]; idBytes: number }> {
  const rev = revision(sha)
  const dirs = [...byDirectory.keys()].filter(dir => dir !== '')
  const [root, ...trees] = await batch.read([`${rev}^{tree}`, ...dirs.map(dir => `${rev}:${dir}`)])
  if (root?.type !== 'tree') throw new GitError(`cat-file --batch ${sha}^{tree}`, 128, 'not a commit')
  const level: TreeVisit[] = []
  const atRoot = byDirectory.get('')
  if (atRoot) level.push({ ...atRoot, tree: root })
  dirs.forEach((dir, i) => {
    const tree = trees[i]
    const group = byDirectory.get(dir)
    // A missing directory, or a file, symlink or submodule where one was looked for: nothing under it.
    if (group && tree?.type === 'tree') level.push({ ...group, tree })
  })
  return { level, idBytes: root.oid.length / 2 }
}

/** Reads the wanted files of each tree, and goes down into the subtrees that hold more, a level per trip. */
async function walkTrees(
  batch: BatchProcess,
  first: TreeVisit[],
  idBytes: number
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>()
  let level = first
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
 * Whether a directory named by path on a line of cat-file's input is the directory of that name: git reads
 * a line without its newline and a \r before it, and takes a path that starts with ./ or ../ from the working
 * directory; an empty segment names nothing.
 */
function isNameableSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[\n\r]/.test(segment)
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
