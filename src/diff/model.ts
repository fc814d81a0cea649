/**
 * The typed diff every later step works on. Line numbers follow GitHub's review-comment model: a removed
 * line is addressed on the LEFT by its old number, an added or unchanged line on the RIGHT by its new one.
 */

export type Side = 'LEFT' | 'RIGHT'

/**
 * `binary` covers every binary file that still exists (added, modified or renamed); a deleted binary file
 * is `deleted` with `binary: true`. A rename shows as `oldPath !== path`.
 */
export type FileStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'binary'

export interface DiffLine {
  kind: 'add' | 'del' | 'context'
  /**
   * Set for `del` and `context`. Unset on a `del` line of an incremental diff that the merge base never
   * had (see incremental.ts): no LEFT comment can reach it.
   */
  oldLine?: number | undefined
  /** Set for `add` and `context`. */
  newLine?: number | undefined
  /** The line without its diff marker and without a trailing carriage return. */
  text: string
}

export interface Hunk {
  /** Position of the hunk in its file, from 0. */
  index: number
  /** The `@@ -a,b +c,d @@ context` line as git printed it. */
  header: string
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  lines: DiffLine[]
}

export interface DiffFile {
  /** The path after the change; the old path for a deletion. */
  path: string
  /** The path before the change (equal to `path` unless renamed). */
  oldPath: string
  status: FileStatus
  binary: boolean
  modeChange?: { oldMode: string; newMode: string }
  /** A submodule entry: its only line is the commit it points to. */
  submodule?: true
  hunks: Hunk[]
  additions: number
  deletions: number
  /** The files API omitted the patch (too large, or binary); the hunks are empty. */
  patchMissing?: boolean
}

/** One entry of the pull-request files API, the fallback when git cannot produce the diff. */
export interface ApiFile {
  filename: string
  previous_filename?: string
  status: string
  patch?: string
  additions: number
  deletions: number
}

/** The files API's answer: its files, and the limit it stopped at when the pull request has more. */
export interface ApiFileList {
  files: ApiFile[]
  cappedAt?: number
}
