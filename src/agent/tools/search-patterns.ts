import { GitError, type Git } from '../../git/git.js'

/**
 * Patterns for search_code. Models write Perl-style regular expressions (\d, \w, lookarounds); git grep's
 * extended syntax has no \d, so such a search would answer "No matches" to a pattern it never read as meant.
 * Where this git is built with PCRE the pattern is used as written (git grep -P); otherwise the common
 * shorthands are translated to POSIX classes, and any construct that has no extended equivalent is refused
 * with an error that names it.
 */

export type Translation = { ok: true; pattern: string } | { ok: false; error: string }

const CLASSES: Record<string, { inside: string; outside: string }> = {
  d: { inside: '0-9', outside: '[0-9]' },
  w: { inside: '[:alnum:]_', outside: '[[:alnum:]_]' },
  s: { inside: '[:space:]', outside: '[[:space:]]' }
}
const NEGATED: Record<string, string> = { D: '[^0-9]', W: '[^[:alnum:]_]', S: '[^[:space:]]' }

/** Escapes with no extended-syntax equivalent, and what they are called in the error. */
const UNSUPPORTED_ESCAPES: Record<string, string> = {
  A: '\\A (start of input)',
  z: '\\z (end of input)',
  Z: '\\Z (end of input)',
  G: '\\G',
  Q: '\\Q…\\E quoting',
  E: '\\Q…\\E quoting',
  K: '\\K',
  p: '\\p{…} (Unicode property)',
  P: '\\P{…} (Unicode property)',
  h: '\\h',
  H: '\\H',
  R: '\\R',
  x: '\\x (hex escape)',
  u: '\\u (Unicode escape)',
  n: '\\n (a match never spans lines)',
  v: '\\v',
  f: '\\f',
  e: '\\e',
  c: '\\c (control escape)',
  X: '\\X',
  C: '\\C',
  N: '\\N'
}

function unsupported(what: string): Translation {
  return {
    ok: false,
    error:
      `This git reads search patterns as POSIX extended regular expressions, which have no ${what}. ` +
      'Nothing was searched. Rewrite the pattern without it (e.g. [0-9] for \\d, a second search instead ' +
      'of a lookaround), or give fixed: true to search for literal text.'
  }
}

/** One construct of the pattern read: its extended form and where reading goes on, or what it is called. */
type Step = { text: string; next: number; inBracket?: boolean } | { unsupported: string }

/** A Perl-style pattern as a POSIX extended one, or why it cannot be one. */
export function toExtendedPattern(pattern: string): Translation {
  let out = ''
  let inBracket = false
  for (let i = 0; i < pattern.length;) {
    const step: Step = inBracket ? insideBracket(pattern, i) : outsideBracket(pattern, i)
    if ('unsupported' in step) return unsupported(step.unsupported)
    out += step.text
    i = step.next
    if (step.inBracket !== undefined) inBracket = step.inBracket
  }
  if (inBracket) return unsupported('unterminated [ bracket expression')
  return { ok: true, pattern: out }
}

function insideBracket(pattern: string, i: number): Step {
  const c = pattern[i] as string
  const next = pattern[i + 1]
  if (c === '[' && (next === ':' || next === '.' || next === '=')) {
    const close = pattern.indexOf(`${next}]`, i + 2)
    if (close < 0) return { unsupported: 'unterminated [: class' }
    return { text: pattern.slice(i, close + 2), next: close + 2 }
  }
  if (c === '\\' && next !== undefined) {
    const text = bracketEscape(next)
    return text === undefined ? { unsupported: escapeInBracket(next) } : { text, next: i + 2 }
  }
  return { text: c, next: i + 1, ...(c === ']' ? { inBracket: false } : {}) }
}

/** What an escape inside a bracket expression stands for there; undefined when it has no such form. */
function bracketEscape(next: string): string | undefined {
  const cls = CLASSES[next]
  if (cls) return cls.inside
  if (NEGATED[next] !== undefined) return undefined
  if (next === 't') return '\t'
  // POSIX brackets have no escapes: the character must be placed where it is literal.
  if (next === ']' || next === '\\' || next === '-' || next === '^' || next === '[') return undefined
  if (/[A-Za-z0-9]/.test(next)) return undefined
  return next
}

function escapeInBracket(next: string): string {
  const placed = next === ']' || next === '\\' || next === '-' || next === '^' || next === '['
  return placed && NEGATED[next] === undefined
    ? `escaped \\${next} inside a bracket expression`
    : `\\${next} inside a bracket expression`
}

function outsideBracket(pattern: string, i: number): Step {
  const c = pattern[i] as string
  const next = pattern[i + 1]
  if (c === '[') return openBracket(pattern, i)
  if (c === '(' && next === '?') return group(pattern, i)
  if ((c === '*' || c === '+' || c === '?' || c === '}') && (next === '?' || next === '+')) {
    // Lazy and greedy quantifiers match the same lines; grep only reports lines.
    return next === '?' ? { text: c, next: i + 2 } : { unsupported: `possessive quantifier ${c}+` }
  }
  if (c === '\\') {
    if (next === undefined) return { unsupported: 'trailing backslash' }
    const text = escape(next)
    return typeof text === 'string' ? { text, next: i + 2 } : text
  }
  return { text: c, next: i + 1 }
}

function openBracket(pattern: string, i: number): Step {
  let text = '['
  let at = i
  if (pattern[at + 1] === '^') {
    text += '^'
    at++
  }
  // A ']' first in a bracket is literal.
  if (pattern[at + 1] === ']') {
    text += ']'
    at++
  }
  return { text, next: at + 1, inBracket: true }
}

function group(pattern: string, i: number): Step {
  const kind = pattern[i + 2]
  // A plain group matches the same lines.
  if (kind === ':') return { text: '(', next: i + 3 }
  if (kind === '=' || kind === '!') return { unsupported: 'lookahead (?= or (?!' }
  if (kind === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!'))
    return { unsupported: 'lookbehind (?<= or (?<!' }
  return { unsupported: 'group syntax (?' }
}

/** An escape outside brackets in extended syntax, or what it is called when it has none. */
function escape(next: string): string | { unsupported: string } {
  const cls = CLASSES[next]
  const negated = NEGATED[next]
  const unknown = UNSUPPORTED_ESCAPES[next]
  if (cls) return cls.outside
  if (negated !== undefined) return negated
  if (next === 'b' || next === 'B' || next === '<' || next === '>') return `\\${next}`
  if (next === 't') return '\t'
  if (next === 'r') return '\r'
  if (unknown !== undefined) return { unsupported: unknown }
  if (/[1-9]/.test(next)) return `\\${next}`
  if (/[A-Za-z0-9]/.test(next)) return { unsupported: `\\${next}` }
  return `\\${next}`
}

/** GNU word boundaries \< and \> mean nothing to PCRE (they match < and >): \b is what was meant. */
export function toPerlPattern(pattern: string): string {
  let out = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string
    const next = pattern[i + 1]
    if (c === '\\' && (next === '<' || next === '>')) {
      out += '\\b'
      i++
    } else if (c === '\\' && next !== undefined) {
      out += c + next
      i++
    } else out += c
  }
  return out
}

/** What git grep -P says when git was built without PCRE. */
const NO_PCRE = /USE_LIBPCRE|not compiled|without PCRE|Perl-compatible regexes/i

/** Whether a git grep error means that this git cannot read -P patterns at all. */
export function lacksPerl(error: unknown): boolean {
  return error instanceof GitError && NO_PCRE.test(`${error.stderr} ${error.message}`)
}

/** Per git: whether -P works there, learnt from the first search that tried it. */
const perlSupport = new WeakMap<Git, boolean>()

export function perlKnown(git: Git): boolean | undefined {
  return perlSupport.get(git)
}

export function notePerl(git: Git, supported: boolean): void {
  perlSupport.set(git, supported)
}
