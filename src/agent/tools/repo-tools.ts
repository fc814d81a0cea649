import { z } from 'zod'
import { renderFileDiff } from '../../diff/prompt-diff.js'
import type { DiffFile } from '../../diff/model.js'
import { GitError, type Git, type GrepMatch } from '../../git/git.js'
import {
  capText,
  MAX_TOOL_OUTPUT_CHARS,
  privateKeyLines,
  PRIVATE_KEY_LINE,
  redactSecrets
} from '../../text/redact.js'
import type { Coverage } from '../coverage.js'
import { declarationIn, isDefinition } from '../symbols.js'
import { cleanUntrusted, wrapUntrusted } from '../../text/untrusted.js'
import { defineTool, type AgentTool, type ToolOutcome } from './registry.js'
import { checkRepoPath, resolveAtCommit } from './repo-paths.js'
import { lacksPerl, notePerl, perlKnown, toExtendedPattern, toPerlPattern } from './search-patterns.js'

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

const MAX_LINE_CHARS = 500
const MAX_SEARCH_CONTEXT = 5
const MAX_DIRECTORY_ENTRIES = 500

const line = z.number().int().min(1).max(10_000_000)

const readFileSchema = z
  .object({
    path: z.string().describe('File path from the repository root, e.g. src/index.ts.'),
    start_line: line.optional().describe('First line to return (default 1).'),
    end_line: line.optional().describe('Last line to return (default: as many as fit).'),
    ref: z
      .enum(['head', 'base'])
      .optional()
      .describe('head (default): the pull request version. base: the version before the change.')
  })
  .strict()

const listDirectorySchema = z
  .object({ path: z.string().describe("Directory from the repository root; '' or '.' for the root.") })
  .strict()

const searchCodeSchema = z
  .object({
    pattern: z
      .string()
      .min(1)
      .max(300)
      .describe(
        'Regular expression, Perl-style: \\d, \\w, \\s, \\b and their negations work (or literal text ' +
          'with fixed: true). A pattern this git cannot read as written is refused with an error, never ' +
          'answered "No matches".'
      ),
    path: z.string().optional().describe('Limit the search to this file or directory.'),
    fixed: z.boolean().optional().describe('Match the pattern as literal text.'),
    context: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_CONTEXT)
      .optional()
      .describe(`Lines to show before and after each match, 0-${MAX_SEARCH_CONTEXT} (default 0).`),
    ignore_case: z.boolean().optional().describe('Match letters in either case.')
  })
  .strict()

const findReferencesSchema = z
  .object({
    symbol: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_$][\w$]*$/, {
        message: 'one identifier (letters, digits, _ or $), e.g. parseConfig; for Foo.bar give bar'
      })
      .describe('An identifier, e.g. a function, class, method or constant name.'),
    path: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe('Only references under this folder, or in files matching this glob (e.g. src/**/*.ts).'),
    context: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_CONTEXT)
      .optional()
      .describe(`Lines to show before and after each reference, 0-${MAX_SEARCH_CONTEXT} (default 0).`),
    exclude_tests: z
      .boolean()
      .optional()
      .describe('Leave out test files (__tests__/, test/, *.test.*, *.spec.*, *_test.*, test_*.py).')
  })
  .strict()

const getDiffSchema = z.object({ path: z.string().describe('Path of a changed file.') }).strict()

const fail = (content: string): ToolOutcome => ({ content, isError: true })

function addedLineKeys(files: readonly DiffFile[]): Set<string> {
  const keys = new Set<string>()
  for (const file of files)
    for (const hunk of file.hunks)
      for (const line of hunk.lines) if (line.kind === 'add') keys.add(`${file.path}:${line.newLine}`)
  return keys
}

/**
 * Read-only views of the repository at the reviewed commit, taken from git objects so that nothing the
 * workflow left in the working tree (or anything outside the repository) can be read.
 */
export function repoTools(options: RepoToolsOptions): AgentTool[] {
  const { git, headSha, baseSha, files } = options
  const maxChars = options.maxOutputChars ?? MAX_TOOL_OUTPUT_CHARS
  const maxResults = options.maxSearchResults ?? 100
  // Built on first use: every pass of a large review makes these tools, and most never search.
  let addedLines: Set<string> | undefined
  const isAdded = (path: string, line: number): boolean =>
    (addedLines ??= addedLineKeys(files)).has(`${path}:${line}`)
  const short = (sha: string): string => sha.slice(0, 7)
  const data = (source: string, text: string): ToolOutcome => ({
    content: wrapUntrusted(
      source,
      capText(cleanUntrusted(text, { invisible: 'show' }), maxChars, 'Ask for a narrower range.')
    )
  })

  return [
    defineTool({
      name: 'read_file',
      reads: true,
      description:
        'Read a file of the repository at the pull request head (or at the base), with line numbers. Use it ' +
        'for context the diff does not show: callers, definitions, tests.',
      schema: readFileSchema,
      async run(input) {
        const checked = checkRepoPath(input.path)
        if (!checked.ok) return fail(checked.error)
        const ref = input.ref ?? 'head'
        const sha = ref === 'head' ? headSha : baseSha
        const resolved = await resolveAtCommit(git, sha, checked.path)
        if (!resolved.ok) return fail(resolved.error)
        if (resolved.kind === undefined)
          return fail(`${checked.path} does not exist at the ${ref} (${short(sha)}).`)
        if (resolved.kind === 'tree') return fail(`${checked.path} is a directory; use list_directory.`)
        if (resolved.kind === 'submodule')
          return fail(`${checked.path} is a submodule; its files are not available.`)
        const bytes = await git.show(sha, resolved.path)
        if (!bytes) return fail(`${checked.path} could not be read at the ${ref} (${short(sha)}).`)
        if (bytes.subarray(0, 8000).includes(0))
          return fail(`${checked.path} is a binary file (${bytes.length} bytes).`)
        const lines = splitLines(cleanUntrusted(bytes.toString('utf8'), { invisible: 'show' }))
        if (lines.length === 0) return { content: `${checked.path} is empty at the ${ref} (${short(sha)}).` }
        const start = input.start_line ?? 1
        const end = Math.min(input.end_line ?? lines.length, lines.length)
        if (start > lines.length) {
          return fail(`${checked.path} has ${lines.length} lines; start_line ${start} is past the end.`)
        }
        if (end < start) return fail(`end_line (${input.end_line}) is before start_line (${start}).`)
        const via = resolved.path === checked.path ? '' : ` (via symbolic link to ${resolved.path})`
        const header = `${checked.path}${via} at ${ref} ${short(sha)}, lines ${start}-${end} of ${lines.length}:`
        const view = numbered(header, lines, start, end, maxChars)
        if (ref === 'head' && view.lastShown >= start)
          options.coverage?.offerHeadLines(checked.path, start, view.lastShown)
        return { content: wrapUntrusted(`read_file:${checked.path}@${ref}`, view.text) }
      }
    }),
    defineTool({
      name: 'list_directory',
      reads: true,
      description: 'List the files and directories directly inside a directory at the pull request head.',
      schema: listDirectorySchema,
      async run(input) {
        const checked = checkRepoPath(input.path, { allowRoot: true })
        if (!checked.ok) return fail(checked.error)
        const resolved = await resolveAtCommit(git, headSha, checked.path)
        if (!resolved.ok) return fail(resolved.error)
        if (resolved.kind !== 'tree') {
          return fail(
            resolved.kind === undefined
              ? `${checked.path} does not exist at the head.`
              : `${checked.path} is not a directory.`
          )
        }
        const entries = (await git.lsTree(headSha, resolved.path)) ?? []
        const shown = entries.slice(0, MAX_DIRECTORY_ENTRIES).map(entry => {
          if (entry.kind === 'tree') return `${entry.name}/`
          if (entry.kind === 'symlink') return `${entry.name} (symbolic link)`
          if (entry.kind === 'submodule') return `${entry.name} (submodule)`
          return entry.name
        })
        if (entries.length > shown.length)
          shown.push(`[${entries.length - shown.length} more entries not shown]`)
        const title = `${checked.path || '.'} at head ${short(headSha)}: ${entries.length} entries`
        return data(`list_directory:${checked.path || '.'}`, [title, ...shown].join('\n'))
      }
    }),
    defineTool({
      name: 'search_code',
      reads: true,
      description:
        'Search the files at the pull request head with git grep. Returns path:line: text for each match, ' +
        `at most ${maxResults}; with context, the lines around it as path-line- text.`,
      schema: searchCodeSchema,
      async run(input) {
        let path: string | undefined
        if (input.path !== undefined) {
          const checked = checkRepoPath(input.path, { allowRoot: true })
          if (!checked.ok) return fail(checked.error)
          path = checked.path || undefined
        }
        const common = {
          ...(path ? { path } : {}),
          ...(input.context ? { context: input.context } : {}),
          ...(input.ignore_case ? { ignoreCase: true } : {}),
          maxCount: maxResults + 1
        }
        let matches: GrepMatch[] | undefined
        try {
          if (input.fixed === true) {
            matches = await git.grep(headSha, input.pattern, { ...common, fixed: true })
          } else if ((options.perl ?? perlKnown(git)) !== false) {
            try {
              matches = await git.grep(headSha, toPerlPattern(input.pattern), { ...common, perl: true })
              if (options.perl === undefined) notePerl(git, true)
            } catch (error) {
              if (!lacksPerl(error)) throw error
              notePerl(git, false)
            }
          }
          if (matches === undefined) {
            const extended = toExtendedPattern(input.pattern)
            if (!extended.ok) return fail(extended.error)
            matches = await git.grep(headSha, extended.pattern, common)
          }
        } catch (error) {
          if (error instanceof GitError)
            return fail(
              `git grep could not read the pattern, so nothing was searched: ${error.stderr || error.message}`
            )
          throw error
        }
        if (matches.length === 0) return { content: `No matches for ${JSON.stringify(input.pattern)}.` }
        const found = matches.filter(m => m.kind === undefined)
        const kept =
          found.length > maxResults ? matches.slice(0, matches.indexOf(found[maxResults]!)) : matches
        const keyLines = await privateKeyLinesOf(git, headSha, kept, path)
        // Redacted before clipping: a secret cut at the clip width would no longer match its pattern.
        const lines = kept.flatMap(m => {
          const sep = m.kind === 'context' ? '-' : ':'
          const masked = keyLines.get(m.path)
          const hidden = masked === 'all' || masked?.has(m.line) === true
          const text = `${m.path}${sep}${m.line}${sep} ${hidden ? PRIVATE_KEY_LINE : clip(redactSecrets(m.text))}`
          return m.groupStart ? ['--', text] : [text]
        })
        if (found.length > maxResults)
          lines.push(`[more than ${maxResults} matches; narrow the pattern or the path]`)
        return data(`search_code:${input.pattern}`, lines.join('\n'))
      }
    }),
    defineTool({
      name: 'find_references',
      reads: true,
      description:
        'Find every whole-word use of a symbol at the pull request head, grouped by file, each with the ' +
        'line that starts its enclosing function; definitions and lines this pull request adds are marked. ' +
        'Use it to check the callers and implementers of a changed function, type or constant.',
      schema: findReferencesSchema,
      async run({ symbol, path: where, context = 0, exclude_tests: excludeTests = false }) {
        let scope: { prefix: string; matches: (path: string) => boolean } | undefined
        if (where !== undefined) {
          const checked = checkRepoPath(where, { allowRoot: true })
          if (!checked.ok) return fail(checked.error)
          scope = pathScope(checked.path)
        }
        const filtered = excludeTests || scope?.matches !== undefined
        let matches
        try {
          matches = await git.grep(headSha, symbol, {
            fixed: true,
            wordRegexp: true,
            showFunction: true,
            // Filtered in code: ask for more so that the kept ones still reach the cap.
            maxCount: filtered ? FILTERED_GREP_MATCHES : maxResults + 1,
            ...(scope?.prefix ? { path: scope.prefix } : {})
          })
        } catch (error) {
          if (error instanceof GitError)
            return fail(`git grep rejected the search: ${error.stderr || error.message}`)
          throw error
        }
        if (filtered)
          matches = matches.filter(
            m => (scope?.matches(m.path) ?? true) && !(excludeTests && isTestPath(m.path))
          )
        const hits = matches.filter(m => m.kind === undefined)
        const scopeNote = [where !== undefined ? `in ${where}` : '', excludeTests ? 'tests left out' : '']
          .filter(Boolean)
          .join(', ')
        if (hits.length === 0)
          return {
            content:
              `No references to ${symbol} at head ${short(headSha)} (whole-word search` +
              `${scopeNote ? `, ${scopeNote}` : ''}).`
          }
        const shown = hits.slice(0, maxResults)
        const keyLines = await privateKeyLinesOf(git, headSha, matches, scope?.prefix || undefined)
        const fileLines =
          context > 0
            ? await git
                .readBlobs(headSha, [...new Set(shown.map(m => m.path))])
                .catch(() => new Map<string, Buffer>())
            : new Map<string, Buffer>()
        const linesOf = new Map<string, string[]>()
        const around = (m: { path: string; line: number }): string[] => {
          const bytes = fileLines.get(m.path)
          if (!bytes) return []
          let lines = linesOf.get(m.path)
          if (!lines) {
            lines = splitLines(bytes.toString('utf8'))
            linesOf.set(m.path, lines)
          }
          const out: string[] = []
          const from = Math.max(1, m.line - context)
          const to = Math.min(lines.length, m.line + context)
          for (let n = from; n <= to; n++) {
            if (n === m.line) continue
            const text = cleanUntrusted(lines[n - 1] ?? '', { invisible: 'show' })
            const hidden = keyLines.get(m.path)
            const shownText =
              hidden === 'all' || hidden?.has(n) === true ? PRIVATE_KEY_LINE : clip(redactSecrets(text))
            out.push(`    ${n}${n < m.line ? '-' : '+'} ${shownText}`)
          }
          return out
        }
        const masked = (m: { path: string; line: number; text: string }): string => {
          const lines = keyLines.get(m.path)
          const hidden = lines === 'all' || lines?.has(m.line) === true
          return hidden ? PRIVATE_KEY_LINE : clip(redactSecrets(m.text.trim()))
        }
        const byFile = new Map<string, string[]>()
        let enclosing: { path: string; text: string; line: number } | undefined
        const matched = new Set(shown)
        for (const m of matches) {
          if (m.kind === 'function') {
            enclosing = { path: m.path, text: m.text, line: m.line }
            continue
          }
          if (!matched.has(m)) continue
          const marks = [
            isDefinition(m.text, symbol) ? 'definition' : '',
            isAdded(m.path, m.line) ? 'added by this pull request' : ''
          ].filter(Boolean)
          const entries = byFile.get(m.path) ?? []
          entries.push(`  ${m.line}${marks.length > 0 ? ` [${marks.join(', ')}]` : ''}: ${masked(m)}`)
          if (enclosing?.path === m.path && enclosing.line < m.line && !isDefinition(m.text, symbol))
            entries.push(`      in ${enclosing.line}: ${masked(enclosing)}`)
          if (context > 0) entries.push(...around(m))
          byFile.set(m.path, entries)
          // git names a function once for all the matches in it, and a match at column 0 starts one itself.
          if (declarationIn(m.text)) enclosing = { path: m.path, text: m.text, line: m.line }
        }
        const fileCount = byFile.size
        const lines = [
          `References to ${symbol} at head ${short(headSha)}${scopeNote ? ` (${scopeNote})` : ''}: ` +
            `${shown.length}${hits.length > maxResults ? '+' : ''} in ${fileCount} file${fileCount === 1 ? '' : 's'}.`
        ]
        for (const [file, entries] of byFile)
          lines.push(`${file} (${entries.filter(e => !e.startsWith('    ')).length}):`, ...entries)
        if (hits.length > maxResults)
          lines.push(`[more than ${maxResults} references; use search_code with a path to narrow them]`)
        return data(`find_references:${symbol}`, lines.join('\n'))
      }
    }),
    defineTool({
      name: 'get_diff',
      reads: true,
      description:
        "One changed file's whole diff, in the same format as the diff above (use it when that was truncated).",
      schema: getDiffSchema,
      run(input) {
        const checked = checkRepoPath(input.path)
        if (!checked.ok) return fail(checked.error)
        const file = files.find(f => f.path === checked.path) ?? files.find(f => f.oldPath === checked.path)
        if (!file) return fail(`${checked.path} is not one of the files this pull request changes.`)
        const diff = cleanUntrusted(renderFileDiff(file), { invisible: 'show' })
        // A diff cut at the output cap was not seen whole; the rest is read with read_file.
        if (diff.length <= maxChars) options.coverage?.offerWholeDiff(file.path)
        return data(`get_diff:${file.path}`, diff)
      }
    })
  ]
}

/** How many matches a find_references filtered in code (by glob or tests) asks git for. */
const FILTERED_GREP_MATCHES = 2000

const TEST_PATH = [
  /(^|\/)(__tests__|__mocks__|tests?|spec|specs|testdata|fixtures)\//,
  /\.(test|spec)\.[^/]+$/,
  /_(test|spec)\.[^/]+$/,
  /(^|\/)test_[^/]+\.py$/
]

/** Whether a path is a test file by the usual conventions. */
export function isTestPath(path: string): boolean {
  return TEST_PATH.some(pattern => pattern.test(path))
}

/**
 * A folder or a glob as a literal folder for git (the part before the first wildcard) and, for a glob, the
 * test each matched path must pass. A glob without a slash matches a file's name anywhere.
 */
export function pathScope(path: string): { prefix: string; matches: (path: string) => boolean } | undefined {
  const wild = path.search(/[*?[]/)
  if (wild < 0) return { prefix: path, matches: () => true }
  const prefix = path.slice(0, path.lastIndexOf('/', wild) + 1).replace(/\/$/, '')
  let source = ''
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string
    if (c === '*' && path[i + 1] === '*') {
      // "**/" is any number of folders, "**" anything.
      if (path[i + 2] === '/') {
        source += '(?:.*/)?'
        i += 2
      } else {
        source += '.*'
        i++
      }
    } else if (c === '*') source += '[^/]*'
    else if (c === '?') source += '[^/]'
    else if (c === '[') {
      const close = path.indexOf(']', i + 1)
      if (close < 0) source += '\\['
      else {
        source += `[${path
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`
        i = close
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  const full = new RegExp(`^${source}$`)
  const named = !path.includes('/')
  return {
    prefix,
    matches: candidate =>
      full.test(candidate) || (named && full.test(candidate.slice(candidate.lastIndexOf('/') + 1)))
  }
}

const KEY_MARKER_SCAN_LIMIT = 10_000

/**
 * For each matched file, the lines inside private-key blocks, found in the whole file before any line is
 * picked: a body line of a key carries no marker of its own. One search for the marker tells which files
 * need reading; a file that cannot be read has every matched line withheld.
 */
async function privateKeyLinesOf(
  git: Git,
  sha: string,
  matches: GrepMatch[],
  path: string | undefined
): Promise<Map<string, Set<number> | 'all'>> {
  const markers = await git.grep(sha, 'PRIVATE KEY', {
    fixed: true,
    maxCount: KEY_MARKER_SCAN_LIMIT,
    ...(path ? { path } : {})
  })
  const complete = markers.length < KEY_MARKER_SCAN_LIMIT
  const withMarker = new Set(markers.map(m => m.path))
  const found = new Map<string, Set<number> | 'all'>()
  for (const file of new Set(matches.map(m => m.path))) {
    if (complete && !withMarker.has(file)) continue
    const bytes = await git.show(sha, file)
    found.set(file, bytes ? privateKeyLines(bytes.toString('utf8')) : 'all')
  }
  return found
}

/** A file's lines at a commit for the findings store; undefined when missing or binary. */
export async function readLinesAt(git: Git, sha: string, path: string): Promise<string[] | undefined> {
  const bytes = await git.show(sha, path)
  if (!bytes || bytes.subarray(0, 8000).includes(0)) return undefined
  return splitLines(bytes.toString('utf8'))
}

function splitLines(text: string): string[] {
  const lines = text.split('\n').map(l => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

function clip(text: string): string {
  return text.length <= MAX_LINE_CHARS
    ? text
    : `${text.slice(0, MAX_LINE_CHARS)}… [${text.length - MAX_LINE_CHARS} more characters]`
}

/** Numbered lines up to the size cap; a cut says which start_line continues it. */
function numbered(
  header: string,
  lines: string[],
  start: number,
  end: number,
  maxChars: number
): { text: string; lastShown: number } {
  const out = [header]
  let lastShown = start - 1
  let size = header.length
  const width = String(end).length
  for (let n = start; n <= end; n++) {
    const text = `${String(n).padStart(width)}\t${clip(lines[n - 1] ?? '')}`
    if (size + text.length + 1 > maxChars) {
      out.push(`[truncated: lines ${n}-${end} not shown; call read_file with start_line ${n} to continue]`)
      break
    }
    out.push(text)
    size += text.length + 1
    lastShown = n
  }
  return { text: out.join('\n'), lastShown }
}
