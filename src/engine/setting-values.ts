/**
 * How a setting's value is read from text, as a workflow input, a command-line flag or an environment variable
 * give it. Each reader returns the value or says what it accepts; the front door words the rejection in its own
 * terms (an input, a flag), so one reader serves every door.
 */
import { MAX_TIME_LIMIT_MINUTES, TIME_LIMIT_ACCEPTED } from './settings.js'

/** What a setting accepts: words, or a list of choices that each door joins its own way. */
export type Accepted = string | { oneOf: readonly string[] }

/** A text that is not a value of the setting, and what would have been. */
export interface Rejected {
  rejected: Accepted
}

/** Reads one trimmed, non-empty text as a setting's value. */
export type TextReader<T> = (text: string) => T | Rejected

export function isRejected(value: unknown): value is Rejected {
  return typeof value === 'object' && value !== null && 'rejected' in value
}

/** The accepted values in words: choices joined with `separator`. */
export function acceptedText(accepted: Accepted, separator = ', '): string {
  return typeof accepted === 'string' ? accepted : `one of ${accepted.oneOf.join(separator)}`
}

/** One of `allowed`, in any case. */
export function oneOf<T extends string>(allowed: readonly T[]): TextReader<T> {
  return text => allowed.find(option => option === text.toLowerCase()) ?? { rejected: { oneOf: allowed } }
}

// The YAML 1.2 core schema booleans, the same set `core.getBooleanInput` accepts.
const TRUE_VALUES = ['true', 'True', 'TRUE']
const FALSE_VALUES = ['false', 'False', 'FALSE']

export const boolean: TextReader<boolean> = text =>
  TRUE_VALUES.includes(text) ? true : FALSE_VALUES.includes(text) ? false : { rejected: 'true or false' }

export function wholeNumber(min: number, max: number): TextReader<number> {
  return text => {
    const value = /^\d+$/.test(text) ? Number(text) : NaN
    return value >= min && value <= max ? value : { rejected: `a whole number from ${min} to ${max}` }
  }
}

/** A text matching `pattern`, kept as it is. */
export function matching(pattern: RegExp, accepted: string): TextReader<string> {
  return text => (pattern.test(text) ? text : { rejected: accepted })
}

/** Any text: a key, a token. */
export const anyText: TextReader<string> = text => text

export const httpUrl: TextReader<string> = text => {
  try {
    const parsed = new URL(text)
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return text.replace(/\/+$/, '')
  } catch {
    // not a URL: rejected below
  }
  return { rejected: 'an http(s) URL' }
}

/** A list: one entry a line (or between the separators), blank entries and `#` comment lines left out. */
export function list(separators: RegExp): TextReader<string[]> {
  return text =>
    text
      .split(separators)
      .map(entry => entry.trim())
      .filter(entry => entry !== '' && !entry.startsWith('#'))
}

export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/
export const LANGUAGE_ACCEPTED = 'a BCP 47 language tag such as ja, de or pt-BR'

/** A BCP 47 tag such as ja, de or pt-BR, in its canonical form; undefined when it is not one. */
export function languageTag(value: string): string | undefined {
  if (!LANGUAGE_TAG.test(value)) return undefined
  try {
    return Intl.getCanonicalLocales(value)[0]
  } catch {
    return undefined
  }
}

export const language: TextReader<string> = text => languageTag(text) ?? { rejected: LANGUAGE_ACCEPTED }

/** Minutes as a person writes them (`15`, `0.5`). */
export const minutes: TextReader<number> = text => {
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN
  return value > 0 && value <= MAX_TIME_LIMIT_MINUTES ? value : { rejected: TIME_LIMIT_ACCEPTED }
}
