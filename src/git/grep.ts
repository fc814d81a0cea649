/** Searches of the files at a commit with git grep: one pattern with its options, or many whole words at once. */
import { revision, stripSlashes } from './arguments.js'
import type { GitRunner } from './runner.js'
import type { GrepMatch, GrepOptions } from './types.js'

const DEFAULT_GREP_MATCHES = 1000

const GREP = ['grep', '--null', '-n', '-I', '--no-color', '--full-name']

export async function grep(
  runner: GitRunner,
  sha: string,
  pattern: string,
  options: GrepOptions = {}
): Promise<GrepMatch[]> {
  const context = Math.max(0, Math.floor(options.context ?? 0))
  // With --column only matching lines carry a column field, which tells them from context and function lines.
  const extra = context > 0 || options.showFunction === true
  const limit = options.maxCount ?? DEFAULT_GREP_MATCHES
  const linesPerMatch = 1 + 2 * context + (options.showFunction ? 1 : 0) + (extra ? 1 : 0)
  const args = grepArgs(sha, pattern, options, context, extra)
  const { lines } = await grepOutput(runner, args, limit * linesPerMatch)
  return readGrepMatches(lines, sha, { extra, limit, context })
}

function grepArgs(
  sha: string,
  pattern: string,
  options: GrepOptions,
  context: number,
  extra: boolean
): string[] {
  const args = [...GREP]
  if (extra) args.push('--column')
  if (options.ignoreCase) args.push('--ignore-case')
  if (options.wordRegexp) args.push('--word-regexp')
  if (context > 0) args.push(`--context=${context}`)
  if (options.showFunction) args.push('--show-function')
  const syntax = options.fixed ? '--fixed-strings' : options.perl ? '--perl-regexp' : '--extended-regexp'
  args.push(syntax, '-e', pattern, revision(sha), '--')
  if (options.path) args.push(stripSlashes(options.path) || '.')
  return args
}

/** The matches of grep's lines, at most `limit` matching ones, with the context and function lines kept. */
function readGrepMatches(
  lines: string[],
  sha: string,
  { extra, limit, context }: { extra: boolean; limit: number; context: number }
): GrepMatch[] {
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
}

/**
 * For each word, the lines that hold it whole, at most `maxPerWord`. Several -F -w patterns send git grep
 * down a path hundreds of times slower than one; an alternation of plain words is as fast as one. It finds
 * every line where some word stands whole: git retries a match that is not a whole word one character on,
 * and at the word's own position no other plain word matches whole, as a longer one would need a word
 * character after it. Longest first, for regex engines that take the first alternative that matches rather
 * than the longest.
 */
export async function grepWords(
  runner: GitRunner,
  sha: string,
  words: readonly string[],
  maxPerWord: number
): Promise<Map<string, GrepMatch[]>> {
  const wanted = [...new Set(words)].filter(word => word !== '')
  const found = new Map<string, GrepMatch[]>(wanted.map(word => [word, []]))
  const alone = { fixed: true, wordRegexp: true, maxCount: maxPerWord }
  const plain = wanted.filter(word => PLAIN_WORD.test(word)).sort((a, b) => b.length - a.length)
  for (const word of wanted) if (!PLAIN_WORD.test(word)) found.set(word, await grep(runner, sha, word, alone))
  if (plain.length === 0) return found
  const args = [
    ...GREP,
    '--extended-regexp',
    '--word-regexp',
    '-e',
    `(${plain.join('|')})`,
    revision(sha),
    '--'
  ]
  // Bounded like one search per word: past this many lines some word may have been cut short.
  const { lines, cut } = await grepOutput(runner, args, plain.length * maxPerWord)
  shareLines(lines, sha, plain, found, maxPerWord)
  if (!cut) return found
  // Output cut at the bound holds every word's first lines only for the words that filled their share.
  for (const word of plain) {
    if ((found.get(word)?.length ?? 0) < maxPerWord) found.set(word, await grep(runner, sha, word, alone))
  }
  return found
}

/** Hands each line of the alternation's output to every word it holds whole, until each has its share. */
function shareLines(
  lines: string[],
  sha: string,
  plain: string[],
  found: Map<string, GrepMatch[]>,
  maxPerWord: number
): void {
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
}

/**
 * A git grep's output lines, git stopped once `maxLines` have come: a common pattern in a large repository
 * matches far more than anyone reads. A line cut off by the stop is left out.
 */
async function grepOutput(
  runner: GitRunner,
  args: string[],
  maxLines: number
): Promise<{ lines: string[]; cut: boolean }> {
  const parts: Buffer[] = []
  let count = 0
  let cut = false
  await runner.runLarge(args, { okCodes: [1] }, data => {
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
