/** What every repository tool reads from: the git shell, the two commits, the diff, and the output limits. */
import type { DiffFile } from '../../diff/model.js'
import type { Git } from '../../git/git.js'
import { CodeGraph } from '../../graph/graph.js'
import { capText, MAX_TOOL_OUTPUT_CHARS } from '../../text/redact.js'
import { cleanUntrusted, wrapUntrusted } from '../../text/untrusted.js'
import type { Coverage } from '../coverage.js'
import type { ToolOutcome } from './registry.js'

export interface RepoToolsOptions {
  git: Git
  /** The reviewed commit: every read is of this tree unless the model asks for the base. */
  headSha: string
  baseSha: string
  /** The whole diff, for get_diff. */
  files: DiffFile[]
  maxOutputChars?: number
  maxSearchResults?: number
  /** Told what each read showed of the changed files, so the review can say what it covered. */
  coverage?: Coverage
  /**
   * Whether search_code may use git grep -P. By default it is tried once per git and remembered; false reads
   * every pattern as an extended one, translating what it can (as on a git built without PCRE).
   */
  perl?: boolean
}

/** The options with their defaults filled in, shared by the read tools of one run. */
export interface RepoContext {
  git: Git
  headSha: string
  baseSha: string
  files: DiffFile[]
  maxChars: number
  maxResults: number
  coverage: Coverage | undefined
  perl: boolean | undefined
  /** Whether this pull request adds the line. */
  isAdded(path: string, line: number): boolean
  /** The code graph of the head, made on first use and shared by the tools of this context. */
  graph(): CodeGraph
}

export function repoContext(options: RepoToolsOptions): RepoContext {
  // Built on first use: every pass of a large review makes these tools, and most never search.
  let addedLines: Set<string> | undefined
  let graph: CodeGraph | undefined
  return {
    git: options.git,
    headSha: options.headSha,
    baseSha: options.baseSha,
    files: options.files,
    maxChars: options.maxOutputChars ?? MAX_TOOL_OUTPUT_CHARS,
    maxResults: options.maxSearchResults ?? 100,
    coverage: options.coverage,
    perl: options.perl,
    isAdded: (path, line) => (addedLines ??= addedLineKeys(options.files)).has(`${path}:${line}`),
    graph: () => (graph ??= new CodeGraph(options.git, options.headSha))
  }
}

function addedLineKeys(files: readonly DiffFile[]): Set<string> {
  const keys = new Set<string>()
  for (const file of files)
    for (const hunk of file.hunks)
      for (const line of hunk.lines) if (line.kind === 'add') keys.add(`${file.path}:${line.newLine}`)
  return keys
}

export const fail = (content: string): ToolOutcome => ({ content, isError: true })

export const short = (sha: string): string => sha.slice(0, 7)

/** Repository text for the model: cleaned, capped, and wrapped as untrusted data from `source`. */
export function untrustedData(repo: RepoContext, source: string, text: string): ToolOutcome {
  return {
    content: wrapUntrusted(
      source,
      capText(cleanUntrusted(text, { invisible: 'show' }), repo.maxChars, 'Ask for a narrower range.')
    )
  }
}
