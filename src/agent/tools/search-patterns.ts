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

/** A Perl-style pattern as a POSIX extended one, or why it cannot be one. */
export function toExtendedPattern(pattern: string): Translation {
  let out = ''
  let inBracket = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string
    const next = pattern[i + 1]
    if (inBracket) {
      if (c === '[' && (next === ':' || next === '.' || next === '=')) {
        const close = pattern.indexOf(`${next}]`, i + 2)
        if (close < 0) return unsupported('unterminated [: class')
        out += pattern.slice(i, close + 2)
        i = close + 1
        continue
      }
      if (c === ']') inBracket = false
      if (c === '\\' && next !== undefined) {
        const cls = CLASSES[next]
        if (cls) out += cls.inside
        else if (NEGATED[next] !== undefined) return unsupported(`\\${next} inside a bracket expression`)
        else if (next === 't') out += '\t'
        else if (next === ']' || next === '\\' || next === '-' || next === '^' || next === '[') {
          // POSIX brackets have no escapes: place the character where it is literal.
          return unsupported(`escaped \\${next} inside a bracket expression`)
        } else if (/[A-Za-z0-9]/.test(next)) return unsupported(`\\${next} inside a bracket expression`)
        else out += next
        i++
        continue
      }
      out += c
      continue
    }
    if (c === '[') {
      inBracket = true
      out += c
      if (next === '^') {
        out += '^'
        i++
      }
      // A ']' first in a bracket is literal.
      if (pattern[i + 1] === ']') {
        out += ']'
        i++
      }
      continue
    }
    if (c === '(' && next === '?') {
      const kind = pattern[i + 2]
      const name =
        kind === '=' || kind === '!'
          ? 'lookahead (?= or (?!'
          : kind === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!')
            ? 'lookbehind (?<= or (?<!'
            : kind === ':'
              ? 'non-capturing group (?:'
              : 'group syntax (?'
      if (kind === ':') {
        // A plain group matches the same lines.
        out += '('
        i += 2
        continue
      }
      return unsupported(name)
    }
    if ((c === '*' || c === '+' || c === '?' || c === '}') && (next === '?' || next === '+')) {
      if (next === '?') {
        // Lazy and greedy quantifiers match the same lines; grep only reports lines.
        out += c
        i++
        continue
      }
      return unsupported(`possessive quantifier ${c}+`)
    }
    if (c === '\\') {
      if (next === undefined) return unsupported('trailing backslash')
      const cls = CLASSES[next]
      const negated = NEGATED[next]
      const unknown = UNSUPPORTED_ESCAPES[next]
      if (cls) out += cls.outside
      else if (negated !== undefined) out += negated
      else if (next === 'b' || next === 'B' || next === '<' || next === '>') out += `\\${next}`
      else if (next === 't') out += '\t'
      else if (next === 'r') out += '\r'
      else if (unknown !== undefined) return unsupported(unknown)
      else if (/[1-9]/.test(next)) out += `\\${next}`
      else if (/[A-Za-z0-9]/.test(next)) return unsupported(`\\${next}`)
      else out += `\\${next}`
      i++
      continue
    }
    out += c
  }
  if (inBracket) return unsupported('unterminated [ bracket expression')
  return { ok: true, pattern: out }
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
