/** What the git shell offers its callers: the Git interface and the shapes of its answers. */

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
