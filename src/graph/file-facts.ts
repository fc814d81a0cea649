/**
 * A file's facts from its bytes: parsed when its language has a grammar and it reads as source, else the
 * reason it was not (the answer says it). Facts are kept by blob id for the rest of the run, so a file asked
 * about twice, or unchanged between the passes of a review, is parsed once.
 */
import { createHash } from 'node:crypto'
import type { FileFacts } from './facts.js'
import { extractFacts } from './extract.js'
import { languageOf } from './languages.js'
import { parserFor } from './parser.js'
import { errorMessage } from '../errors.js'

export type FileState = { facts: FileFacts } | { skipped: string }

/** Larger files are read by the patterns: a parse of them costs more than the answer is worth. */
export const MAX_PARSE_BYTES = 1_000_000
/** A line this long in a file whose lines average this much is minified or generated. */
const MINIFIED_LINE = 1_000
const MINIFIED_AVERAGE = 300
const MINIFIED_SAMPLE_LINES = 2_000
const KEPT_FACTS = 3_000

const byBlob = new Map<string, FileFacts>()

const blobId = (bytes: Buffer): string =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')

/**
 * The longest of the first MINIFIED_SAMPLE_LINES lines and the average of all, measured in place: a file of
 * a megabyte split into its lines only to be measured is that much garbage again.
 */
function looksMinified(text: string): boolean {
  let longest = 0
  let lines = 1
  let start = 0
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    if (lines <= MINIFIED_SAMPLE_LINES) longest = Math.max(longest, end - start)
    lines++
    start = end + 1
  }
  if (lines <= MINIFIED_SAMPLE_LINES) longest = Math.max(longest, text.length - start)
  return longest >= MINIFIED_LINE && text.length / lines >= MINIFIED_AVERAGE
}

/** What a file at `path` with these bytes gives; never throws. */
export async function factsFromBytes(path: string, bytes: Buffer): Promise<FileState> {
  const language = languageOf(path)
  if (!language) return { skipped: 'no grammar for this language' }
  if (bytes.subarray(0, 8_000).includes(0)) return { skipped: 'a binary file' }
  if (bytes.length > MAX_PARSE_BYTES) return { skipped: `larger than ${MAX_PARSE_BYTES / 1_000_000} MB` }
  const id = blobId(bytes)
  const known = byBlob.get(id)
  if (known) return { facts: known.path === path ? known : { ...known, path } }
  const text = bytes.toString('utf8')
  if (looksMinified(text)) return { skipped: 'minified' }
  const grammar = await parserFor(language)
  if ('error' in grammar) return { skipped: grammar.error }
  try {
    const facts = extractFacts(grammar.parser, path, language, text)
    if (byBlob.size >= KEPT_FACTS) byBlob.delete(byBlob.keys().next().value as string)
    byBlob.set(id, facts)
    return { facts }
  } catch (error) {
    return { skipped: `the parse failed (${errorMessage(error)})` }
  }
}
