/**
 * Path decoding for git's diff headers. Even with core.quotePath=false git C-quotes a path holding a
 * double quote, a backslash or a control character, and writes the bytes of non-ASCII characters as octal
 * escapes when quotePath is on; both must come back as the UTF-8 path GitHub uses.
 */

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 }

const DISPLAY_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * A path as the model is shown it: control characters (and Unicode line separators) written as escapes, so
 * one file is always one line of a list. The store maps the shown form back to the real path.
 */
export function displayPath(path: string): string {
  // eslint-disable-next-line no-control-regex
  return path.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, char => {
    const code = char.charCodeAt(0)
    return (
      DISPLAY_ESCAPES[char] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
    )
  })
}

/** Decodes a C-quoted path (with its surrounding quotes); other text is returned unchanged. */
export function unquotePath(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text
  const bytes: number[] = []
  const body = text.slice(1, -1)
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string
    if (char !== '\\') {
      for (const byte of Buffer.from(char, 'utf8')) bytes.push(byte)
      continue
    }
    const next = body[i + 1] ?? ''
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4))
    if (octal) {
      bytes.push(parseInt(octal[0], 8))
      i += 3
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0))
      i += 1
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Reads one path token that may be quoted; returns the raw token and what follows it. */
function readToken(text: string): { token: string; rest: string } | undefined {
  if (!text.startsWith('"')) return undefined
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return { token: text.slice(0, i + 1), rest: text.slice(i + 1) }
  }
  return undefined
}

/** Removes the `a/` or `b/` prefix that the diff was produced with. */
export function stripPrefix(decoded: string): string {
  return decoded.startsWith('a/') || decoded.startsWith('b/') ? decoded.slice(2) : decoded
}

/**
 * The two paths of a `diff --git <a> <b>` line. Unquoted paths may contain spaces, so when neither is
 * quoted the line is only unambiguous for an unrenamed file, where both halves are the same path; renames
 * carry `rename from`/`rename to` lines that the caller prefers.
 */
export function parseGitHeaderPaths(rest: string): { oldPath: string; newPath: string } | undefined {
  const first = readToken(rest)
  if (first) {
    const second = rest.slice(first.token.length + 1)
    return { oldPath: stripPrefix(unquotePath(first.token)), newPath: stripPrefix(unquotePath(second)) }
  }
  if (rest.endsWith('"')) {
    const open = rest.lastIndexOf(' "')
    if (open < 0) return undefined
    return {
      oldPath: stripPrefix(rest.slice(0, open)),
      newPath: stripPrefix(unquotePath(rest.slice(open + 1)))
    }
  }
  if ((rest.length - 1) % 2 === 0) {
    const half = (rest.length - 1) / 2
    const a = rest.slice(0, half)
    const b = rest.slice(half + 1)
    if (rest[half] === ' ' && a.slice(2) === b.slice(2))
      return { oldPath: stripPrefix(a), newPath: stripPrefix(b) }
  }
  const split = rest.indexOf(' b/')
  if (split < 0) return undefined
  return { oldPath: stripPrefix(rest.slice(0, split)), newPath: stripPrefix(rest.slice(split + 1)) }
}

/**
 * The path on a `---`/`+++` line, or undefined for /dev/null. Git appends a tab after an unquoted name
 * that contains a space, so that patch(1) does not read the rest as a timestamp.
 */
export function parseMarkerPath(rest: string): string | undefined {
  if (rest === '/dev/null') return undefined
  const quoted = readToken(rest)
  if (quoted) return stripPrefix(unquotePath(quoted.token))
  const tab = rest.indexOf('\t')
  return stripPrefix(tab < 0 ? rest : rest.slice(0, tab))
}

/** The path on a `rename from`/`rename to` line, which has no a/ b/ prefix. */
export function parseBarePath(rest: string): string {
  return unquotePath(rest)
}
