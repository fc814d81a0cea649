/** GitHub's rules for where a review comment may sit in a diff, and where a stored one sits now. */
import { MAX_BODY_CHARS, REVIEW_ERRORS } from './answers.js'
import type { DiffLine, FileDiff } from './git.js'
import type { CommentDraft, GitHubStore, Side, Snapshot, StoredReviewComment } from './store.js'
import { charCount, isRecord } from './util.js'

/** Where a comment sits in a diff, or why it cannot sit there. */
export interface Placement {
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

/** A comment that passed validation: it sits on a line of the diff. */
export type ValidComment = CommentDraft & { line: number }

/** Where a stored comment sits at the current head; all null once it is outdated. */
export interface CurrentPlacement {
  line: number | null
  startLine: number | null
  position: number | null
  commitId: string
}

export async function locate(
  store: GitHubStore,
  files: FileDiff[],
  input: { path: string; line: number; side: Side; startLine: number | null; startSide: Side | null }
): Promise<Placement | string[]> {
  const file = files.find(f => f.filename === input.path)
  if (!file) return [REVIEW_ERRORS.path]
  if (!file.binary && file.patch !== null && patchTooLarge(store, file)) return [REVIEW_ERRORS.diffTooLarge]
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

export function patchTooLarge(store: GitHubStore, file: FileDiff): boolean {
  return (
    file.patchLines > store.limits.filePatchLines ||
    Buffer.byteLength(file.patch ?? '') > store.limits.filePatchBytes
  )
}

/** Validates one entry of a review's `comments` and returns what to store, or GitHub's error messages. */
export async function validateComment(
  store: GitHubStore,
  files: FileDiff[],
  raw: unknown
): Promise<ValidComment | string[]> {
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
  const placed = await locate(store, files, {
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
export async function currentPlacement(
  store: GitHubStore,
  comment: StoredReviewComment,
  snap: Snapshot
): Promise<CurrentPlacement> {
  const root = store.rootOf(comment)
  const outdated = { line: null, startLine: null, position: null, commitId: root.original_commit_id }
  if (root.original_line === null) return outdated
  const { mergeBase, files } = await store.prDiff(snap.head, snap.base)
  const input = {
    path: root.path,
    line: root.original_line,
    side: root.side,
    startLine: root.original_start_line,
    startSide: root.start_side
  }
  if (root.original_commit_id !== snap.head) {
    const original = await store.prDiff(root.original_commit_id, snap.base).catch(() => null)
    if (!original) return outdated
    const sideCommitNow = root.side === 'LEFT' ? mergeBase : snap.head
    const sideCommitThen = root.side === 'LEFT' ? original.mergeBase : root.original_commit_id
    const [now, then] = await Promise.all([
      store.repoReader.blobAt(sideCommitNow, pathOnSide(files, root.path, root.side)),
      store.repoReader.blobAt(sideCommitThen, pathOnSide(original.files, root.path, root.side))
    ])
    if (now === null || now !== then) return outdated
  }
  const placed = await locate(store, files, input)
  if (Array.isArray(placed)) return outdated
  return {
    line: root.original_line,
    startLine: root.original_start_line,
    position: placed.end.position,
    commitId: snap.head
  }
}

function pathOnSide(files: FileDiff[], file: string, side: Side): string {
  if (side === 'RIGHT') return file
  return files.find(f => f.filename === file)?.previousFilename ?? file
}
