import { normalizeForFingerprint } from './fingerprint.js'

/** Words that say nothing about which problem a title names. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'for',
  'to',
  'is',
  'are',
  'be',
  'when',
  'with',
  'and',
  'or',
  'it',
  'its',
  'this',
  'that',
  'not',
  'no'
])

function words(title: string): Set<string> {
  const all = normalizeForFingerprint(title).split(' ').filter(Boolean)
  const kept = all.filter(word => !FILLER.has(word))
  return new Set(kept.length > 0 ? kept : all)
}

/** How much two titles share, 0 to 1: the share of their distinct words (filler left out) they have in common. */
export function titleSimilarity(a: string, b: string): number {
  const left = words(a)
  const right = words(b)
  if (left.size === 0 || right.size === 0)
    return normalizeForFingerprint(a) === normalizeForFingerprint(b) ? 1 : 0
  let shared = 0
  for (const word of left) if (right.has(word)) shared++
  return shared / (left.size + right.size - shared)
}

/** Titles that name the same problem in other words: "Division by zero" and "Divides by zero when b is 0". */
export const SIMILAR_TITLE = 0.5
/** Titles that are the same but for wording details, e.g. case, punctuation or a word or two. */
export const NEAR_IDENTICAL_TITLE = 0.75

export function similarTitles(a: string, b: string): boolean {
  return titleSimilarity(a, b) >= SIMILAR_TITLE
}

export function nearIdenticalTitles(a: string, b: string): boolean {
  return titleSimilarity(a, b) >= NEAR_IDENTICAL_TITLE
}
