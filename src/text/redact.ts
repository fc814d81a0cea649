/**
 * Secrets that may sit in a repository or a PR description must not travel to the model (and from there
 * into a public review). Only shapes that are unambiguous credentials are replaced, so code stays readable,
 * and the run's own secrets by value, in any encoding (see known-secrets.ts).
 */
import { redactKnownSecrets } from './known-secrets.js'

const PRIVATE_KEY =
  /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(-----END \1PRIVATE KEY\2-----|$)/g

/**
 * Each pattern with the literals one of which every match contains: text without any of them cannot match, and
 * a `includes` scan costs far less than the pattern. A pattern without hints always runs.
 */
const SECRET_PATTERNS: ReadonlyArray<{ label: string; pattern: RegExp; hints?: readonly string[] }> = [
  { label: 'private key', pattern: PRIVATE_KEY, hints: ['-----BEGIN '] },
  {
    label: 'GitHub token',
    pattern: /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g,
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']
  },
  { label: 'GitHub token', pattern: /\bgithub_pat_[A-Za-z0-9_]{20,255}/g, hints: ['github_pat_'] },
  { label: 'Anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g, hints: ['sk-ant-'] },
  { label: 'API key', pattern: /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{32,}/g, hints: ['sk-'] },
  {
    label: 'AWS access key',
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g,
    hints: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA']
  },
  { label: 'Slack token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, hints: ['xox'] },
  { label: 'Slack token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g, hints: ['xapp-'] },
  {
    label: 'Slack webhook',
    pattern: /\bhooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}/g,
    hints: ['hooks.slack.com/']
  },
  // A signed token's header and payload are base64url JSON objects, so both start with "eyJ".
  {
    label: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    hints: ['eyJ']
  },
  { label: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, hints: ['glpat-'] },
  { label: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, hints: ['npm_'] },
  { label: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, hints: ['AIza'] },
  { label: 'Google OAuth secret', pattern: /\bGOCSPX-[A-Za-z0-9_-]{20,}/g, hints: ['GOCSPX-'] },
  {
    label: 'Stripe key',
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
    hints: ['_live_', '_test_']
  },
  { label: 'Stripe key', pattern: /\bwhsec_[A-Za-z0-9]{24,}/g, hints: ['whsec_'] }
]

/**
 * Whether `text` holds one of `hints` (literals, or a pattern every match of the full pattern contains),
 * without which a pattern cannot match; no hints means it may.
 */
function mayMatch(text: string, hints: readonly string[] | RegExp | undefined): boolean {
  if (hints === undefined) return true
  if (hints instanceof RegExp) return hints.test(text)
  return hints.some(hint => text.includes(hint))
}

/**
 * A password inside a URL (`postgres://app:<password>@db`). Only the password is replaced; a placeholder such
 * as `${PASSWORD}` or `<password>` is left alone.
 */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{1,30}:\/\/[^\s:/@'"`]{1,100}:)([^\s@/'"`]{1,200})@/gi
const PLACEHOLDER = /^(?:\$|\{|<|%|\*+$)/

/** `Server=db;User Id=app;Password=<password>;` as ADO.NET, JDBC and ODBC write it. */
const KEYWORD_PASSWORD =
  /\b((?:Server|Data Source|Host|Address|Addr|Database|Initial Catalog|User ID|UID)\s*=[^;'"`\n]{0,200};(?:[^;'"`\n]{0,200};){0,8}?\s*(?:Password|Pwd)\s*=\s*)([^;'"`\n]+)/gi

/**
 * A literal assigned to a name that says it is a secret: `aws_secret_access_key = wJalr...`,
 * `"password": "..."`, `API_TOKEN=...`. Names and values are bounded so that a long line costs linear time.
 * The value must look random (see `looksRandom`), so `token = getToken()` or `secretName: 'db-password'`
 * stay as they are.
 */
const ASSIGNMENT =
  /((?:^|[^A-Za-z0-9_])["']?[A-Za-z0-9_.-]{0,40}?(?:secret|passw(?:or)?d|pwd|token|api[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)[A-Za-z0-9_.-]{0,40}["']?\s{0,5}(?::=|=>|[:=])\s{0,5})(?:(["'`])([^"'`\s]{16,400})\2|([\w+/=.~@#%*!^-]{16,400})(?=[\s,;]|$))/gim

/** An `Authorization: Bearer <token>` credential written out. */
const BEARER = /\b(Bearer\s+)([A-Za-z0-9._~+/-]{20,400}=*)/g

/** Case-insensitive parts that every match of KEYWORD_PASSWORD, or of ASSIGNMENT, contains. */
const KEYWORD_PASSWORD_HINT = /password|pwd/i
const ASSIGNMENT_HINT =
  /secret|passw(?:or)?d|pwd|token|api[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credential/i

/**
 * Whether a value is random enough to be a credential rather than a word, a path or an identifier: long hex
 * (keys, UUIDs), or a mix of upper case, lower case and digits with no run of repeated characters, or a long
 * run of lower-case letters and many digits.
 */
export function looksRandom(value: string): boolean {
  if (value.includes('[REDACTED') || PLACEHOLDER.test(value) || value.includes(':')) return false
  if (/\$\{|\$\(|\{\{|%\(/.test(value)) return false
  if (/\.(?:json|ya?ml|txt|pem|key|crt|cer|p12|env|ini|toml|cfg|conf|js|ts|py|rb|go|sh)$/i.test(value))
    return false
  if (entropy(value) < 3) return false
  const hexDigits = value.replace(/-/g, '')
  if (/^[0-9a-f]+$/i.test(hexDigits) && hexDigits.length >= 32 && /\d/.test(value) && /[a-f]/i.test(value))
    return true
  const upper = /[A-Z]/.test(value)
  const lower = /[a-z]/.test(value)
  const digits = (value.match(/\d/g) ?? []).length
  if (upper && lower && digits > 0) return true
  return /^[a-z0-9]+$/.test(value) && value.length >= 20 && digits >= 4 && digits < value.length
}

/**
 * An unquoted value that reads as code: a member path (`api_keys_1.APIKeys`) or an identifier with few
 * digits and capitals (`tokenFor2ndUser`). A random credential of this shape has several of each.
 */
function looksLikeCode(value: string): boolean {
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value)) return true
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) return false
  const count = (pattern: RegExp): number => (value.match(pattern) ?? []).length
  return count(/\d/g) < 2 || count(/[A-Z]/g) < 2 || count(/[a-z]/g) < 2
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>()
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const p = count / text.length
    bits -= p * Math.log2(p)
  }
  return bits
}

/**
 * A whole line of nothing but base64 at the widths PEM (64) and OpenSSH (70) wrap keys at: the body of a key
 * seen without its BEGIN line, as in a diff hunk or a search result from the middle of a key file. Code never
 * looks like this; certificate bodies do, and hiding those loses nothing a reviewer needs.
 */
const KEY_BODY_LINE = /^[ \t]*[A-Za-z0-9+/]{60,76}={0,2}[ \t]*\r?$/gm

/** The shortest text mayBeKeyBodyLine can say yes to. */
export const KEY_BODY_MIN_CHARS = 60

/**
 * Whether some line of `text` has 60 base64 characters after its indentation, as every line KEY_BODY_LINE
 * matches has; its `^` starts a line after any line terminator. Never false where isKeyBodyLine is true, and
 * cheap on code: most lines fail hasBase64Run at one or two characters, the rest at their first space or
 * bracket, where the pattern would try every position.
 */
export function mayBeKeyBodyLine(text: string): boolean {
  if (text.length < KEY_BODY_MIN_CHARS || !hasBase64Run(text)) return false
  for (let at = 0; at >= 0; at = nextLineStart(text, at)) if (base64RunAt(text, at)) return true
  return false
}

/**
 * A diff line whose text, after its one-character marker, or a line after a terminator inside a line's
 * text, starts with indentation and 60 base64 characters: what mayBeKeyBodyLine looks for in each text.
 * The terminator is matched before the look back to its line's marker, which is thus taken only there.
 */
const DIFF_KEY_BODY_START =
  /(?:^|\n)[^\\\n][ \t]*[A-Za-z0-9+/]{60}|[\r\u2028\u2029](?<=(?:^|\n)[^\\\n][^\n]*)[ \t]*[A-Za-z0-9+/]{60}/

/**
 * Whether mayBeKeyBodyLine holds for the text of some diff line in `diff[start, end)`, whole lines of a
 * hunk's body each ending in a newline: each text is the line after its marker, without its newline or a
 * carriage return before it. A "\\ No newline at end of file" line has no text. One scan of the whole span
 * replaces a call of mayBeKeyBodyLine per line.
 */
export function mayHoldKeyBodyLine(diff: string, start: number, end: number): boolean {
  return DIFF_KEY_BODY_START.test(diff.slice(start, end))
}

/**
 * Whether 60 base64 characters stand in a row anywhere in `text`. Such a run covers one of the positions
 * 59, 119, 179, ..., so only those are probed, and a run is measured only around a probe that is base64: a line
 * of code is rejected with one or two reads, where finding its line starts would scan it four times.
 */
function hasBase64Run(text: string): boolean {
  for (let probe = KEY_BODY_MIN_CHARS - 1; probe < text.length; probe += KEY_BODY_MIN_CHARS) {
    if (!isBase64(text.charCodeAt(probe))) continue
    let start = probe
    while (start > 0 && isBase64(text.charCodeAt(start - 1))) start--
    let end = probe + 1
    while (end < text.length && end - start < KEY_BODY_MIN_CHARS && isBase64(text.charCodeAt(end))) end++
    if (end - start >= KEY_BODY_MIN_CHARS) return true
  }
  return false
}

function base64RunAt(text: string, start: number): boolean {
  let at = start
  while (at < text.length && isBlank(text.charCodeAt(at))) at++
  const end = at + KEY_BODY_MIN_CHARS
  if (end > text.length) return false
  for (; at < end; at++) if (!isBase64(text.charCodeAt(at))) return false
  return true
}

/**
 * Where the line after the one at `from` starts, or -1 when there is none: after any terminator KEY_BODY_LINE's
 * `^` starts a line at. One native scan per terminator, written out: a loop over them costs more than the
 * scans on the short lines of a diff, each of which is asked.
 */
function nextLineStart(text: string, from: number): number {
  let next = text.indexOf('\n', from)
  next = nearer(next, text.indexOf('\r', from))
  next = nearer(next, text.indexOf('\u2028', from))
  next = nearer(next, text.indexOf('\u2029', from))
  return next < 0 ? -1 : next + 1
}

/** The nearer of two indexOf results, -1 meaning not found. */
function nearer(a: number, b: number): number {
  return a < 0 || (b >= 0 && b < a) ? b : a
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9
}

function isBase64(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47
  )
}

/** Whether one line, taken on its own, is the body of a key. */
export function isKeyBodyLine(line: string): boolean {
  if (!mayBeKeyBodyLine(line)) return false
  KEY_BODY_LINE.lastIndex = 0
  return KEY_BODY_LINE.test(line)
}

/** Replaces each secret with a marker, keeping its line breaks so that line numbers stay true. */
export function redactSecrets(text: string): string {
  return redactWith(text, (hints, candidate) => mayMatch(candidate, hints))
}

/** Whether a pattern with these hints may match `text`; a pattern it says no to is not run. */
export type MayMatch = (hints: readonly string[] | RegExp | undefined, text: string) => boolean

/** Every redaction, each pattern run only where `mayHold` says it may match. */
export function redactWith(text: string, mayHold: MayMatch): string {
  let result = redactKnownSecrets(text)
  for (const { label, pattern, hints } of [
    ...SECRET_PATTERNS,
    { label: 'private key', pattern: KEY_BODY_LINE }
  ]) {
    if (!mayHold(hints, result)) continue
    result = result.replace(
      pattern,
      match => `[REDACTED ${label}]` + '\n'.repeat(match.split('\n').length - 1)
    )
  }
  if (mayHold(['://'], result)) {
    result = result.replace(URL_PASSWORD, (match, lead: string, password: string) =>
      PLACEHOLDER.test(password) || password.includes('[REDACTED') ? match : `${lead}[REDACTED password]@`
    )
  }
  if (mayHold(KEYWORD_PASSWORD_HINT, result)) {
    result = result.replace(KEYWORD_PASSWORD, (match, lead: string, password: string) =>
      PLACEHOLDER.test(password.trim()) || password.includes('[REDACTED')
        ? match
        : `${lead}[REDACTED password]`
    )
  }
  if (mayHold(ASSIGNMENT_HINT, result)) {
    result = result.replace(
      ASSIGNMENT,
      (
        match,
        lead: string,
        quote: string | undefined,
        quoted: string | undefined,
        bare: string | undefined
      ) => {
        const value = quoted ?? bare ?? ''
        if (!looksRandom(value) || (bare !== undefined && looksLikeCode(bare))) return match
        return quote === undefined ? `${lead}[REDACTED secret]` : `${lead}${quote}[REDACTED secret]${quote}`
      }
    )
  }
  if (mayHold(['Bearer'], result)) {
    result = result.replace(BEARER, (match, lead: string, token: string) =>
      looksRandom(token) ? `${lead}[REDACTED token]` : match
    )
  }
  return result
}

/** What a line of a private key reads as, once redacted. */
export const PRIVATE_KEY_LINE = '[REDACTED private key]'

/**
 * The lines (numbered from 1) that a private-key block touches. A key is a block: its body lines carry no
 * marker of their own, so they can only be recognised in the whole text, never one line at a time.
 */
export function privateKeyLines(text: string): Set<number> {
  const lines = new Set<number>()
  if (!text.includes('PRIVATE KEY')) return lines
  let line = 1
  let scanned = 0
  for (const match of text.matchAll(PRIVATE_KEY)) {
    line += countNewlines(text, scanned, match.index)
    scanned = match.index
    const last = line + countNewlines(match[0], 0, match[0].length)
    for (let n = line; n <= last; n++) lines.add(n)
  }
  return lines
}

/**
 * A whole file, redacted and split into lines, for tools that pick single lines out of it: every line of a
 * private-key block is masked, and each other line is redacted as it stands.
 */
export function redactFileLines(text: string): string[] {
  const masked = privateKeyLines(text)
  return text.split('\n').map((line, i) => (masked.has(i + 1) ? PRIVATE_KEY_LINE : redactSecrets(line)))
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++
  return count
}

/** Default cap on one tool result, in characters. */
export const MAX_TOOL_OUTPUT_CHARS = 30_000

/** Cuts text at a line boundary and says so, so the model knows to ask for a narrower range. */
export function capText(text: string, maxChars: number, hint: string): string {
  if (text.length <= maxChars) return text
  const cut = text.lastIndexOf('\n', maxChars)
  const kept = text.slice(0, cut > maxChars / 2 ? cut : maxChars)
  const dropped = text.length - kept.length
  return `${kept}\n[truncated: ${dropped} more characters not shown. ${hint}]`
}
