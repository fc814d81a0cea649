/**
 * The last look at text a model wrote before it is posted where people read it: sentences that repeat the
 * run's own instructions (its system prompt, its tools' descriptions) are withheld, secrets are redacted,
 * and the length is capped. A reply is public; an instruction text is not the reader's business and tells
 * an attacker how to steer the next run. Every pass is linear in the text's length.
 */
import { truncate } from './measure.js'
import { redactSecrets } from './redact.js'

/** A run of this many words in a row, shared with an instruction text, withholds its sentence. */
export const SHARED_WORDS = 8

/** Longer text is cut before it is checked: nothing a reply needs is that long. */
const MAX_CHECKED_CHARS = 20_000

export interface ReplyCheckOptions {
  /** The texts the reply must not repeat: the run's system prompt and its tools' descriptions. */
  instructions: readonly string[]
  /** The most characters the checked text may have. */
  maxChars: number
}

export interface CheckedReply {
  text: string
  /** How many sentences were withheld for repeating an instruction text. */
  withheld: number
}

const WORD = /[\p{L}\p{N}_]+/gu

function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map(match => match[0].toLowerCase())
}

/** Every run of SHARED_WORDS words in a row of the instruction texts, each text on its own. */
function sharedRuns(instructions: readonly string[]): Set<string> {
  const runs = new Set<string>()
  for (const text of instructions) {
    const words = wordsOf(text)
    for (let i = 0; i + SHARED_WORDS <= words.length; i++)
      runs.add(words.slice(i, i + SHARED_WORDS).join(' '))
  }
  return runs
}

/**
 * The text cut into sentences that cover it whole, each with its trailing space: a sentence ends at a line
 * break, or after `.`, `!` or `?` followed by white space.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i)
    const ends = char === '\n' || ('.!?'.includes(char) && /\s/.test(text.charAt(i + 1)))
    if (!ends) continue
    let next = i + 1
    while (next < text.length && /\s/.test(text.charAt(next))) next++
    sentences.push(text.slice(start, next))
    start = next
    i = next - 1
  }
  if (start < text.length) sentences.push(text.slice(start))
  return sentences
}

/** The indexes of the sentences holding a word of a run shared with an instruction text. */
function leakingSentences(sentences: readonly string[], runs: Set<string>): Set<number> {
  const words: Array<{ word: string; sentence: number }> = []
  sentences.forEach((sentence, index) => {
    for (const word of wordsOf(sentence)) words.push({ word, sentence: index })
  })
  const leaking = new Set<number>()
  for (let i = 0; i + SHARED_WORDS <= words.length; i++) {
    const run = words.slice(i, i + SHARED_WORDS)
    if (!runs.has(run.map(entry => entry.word).join(' '))) continue
    for (const entry of run) leaking.add(entry.sentence)
  }
  return leaking
}

/** A model's text made fit to post: instruction sentences withheld (and said so), secrets redacted, capped. */
export function checkReply(text: string, options: ReplyCheckOptions): CheckedReply {
  const sentences = sentencesOf(text.slice(0, MAX_CHECKED_CHARS))
  const runs = sharedRuns(options.instructions)
  const leaking = runs.size > 0 ? leakingSentences(sentences, runs) : new Set<number>()
  const kept = sentences.filter((_, index) => !leaking.has(index)).join('')
  const note =
    leaking.size > 0
      ? `\n\n_(${leaking.size} sentence${leaking.size === 1 ? ' was' : 's were'} withheld: ` +
        "they repeated Redline's own instructions.)_"
      : ''
  const body = truncate(redactSecrets(kept).trim(), Math.max(1, options.maxChars - note.length))
  return { text: `${body}${note}`.trim(), withheld: leaking.size }
}
