import { redactSecrets } from './redact.js'

// Zero-width, bidi-control and other invisible code points that can hide text from a human reader. Each is
// matched on its own, combining marks included; a tag character is \uDB40 and a low surrogate.
const INVISIBLE_CHARS = String.raw`\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8`
// eslint-disable-next-line no-misleading-character-class -- each code point is meant on its own
const INVISIBLE = new RegExp(String.raw`[${INVISIBLE_CHARS}]|\uDB40[\uDC00-\uDDEF]`, 'g')
// Control characters other than tab, newline and carriage return.
const CONTROL_CHARS = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F`
const CONTROL = new RegExp(`[${CONTROL_CHARS}]`, 'g')
/** A character one of the passes over line ends, invisibles and controls may change: most text has none. */
// eslint-disable-next-line no-misleading-character-class -- as in INVISIBLE
const MAY_NEED_CLEANING = new RegExp(String.raw`[\r${CONTROL_CHARS}${INVISIBLE_CHARS}\uDB40]`)
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g
const WRAPPER_TAG = /<(\/?)(untrusted-data)/gi

export interface CleanOptions {
  /** Drops `<!-- ... -->`, where PR templates and hidden instructions live. */
  stripHtmlComments?: boolean
  /**
   * In prose invisible characters are dropped; in code they are shown as `<U+202E>` so that a hidden
   * bidi override (a "Trojan Source" change) stays visible to the reviewer.
   */
  invisible?: 'strip' | 'show'
  maxChars?: number
}

/** Text written by someone other than the workflow's owner, made safe to show the model as data. */
export function cleanUntrusted(text: string, options: CleanOptions = {}): string {
  let result = options.stripHtmlComments ? text.replace(HTML_COMMENT, '') : text
  // One scan instead of three over a first message's diff, which rarely has any of these characters. Comments
  // go first, as before line ends are made \n: their pattern matches \r and \n alike.
  if (MAY_NEED_CLEANING.test(result)) result = cleanCharacters(result, options.invisible ?? 'strip')
  result = redactSecrets(result)
  if (options.maxChars !== undefined && result.length > options.maxChars) {
    result = `${result.slice(0, options.maxChars)}\n[cut: ${result.length - options.maxChars} more characters]`
  }
  return result
}

function cleanCharacters(text: string, invisible: 'strip' | 'show'): string {
  const result = text.replace(/\r\n?/g, '\n')
  const shown =
    invisible === 'show'
      ? result.replace(
          INVISIBLE,
          char => `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`
        )
      : result.replace(INVISIBLE, '')
  return shown.replace(CONTROL, '')
}

/**
 * Labels content as data. A tag inside the content that looks like the wrapper is defused so the content
 * cannot close the wrapper early and continue as if it were an instruction.
 */
export function wrapUntrusted(source: string, content: string): string {
  const label = source.replace(/[^\w.:/@ +#-]/g, '_')
  const body = content.replace(WRAPPER_TAG, '&lt;$1$2')
  return `<untrusted-data source="${label}">\n${body}\n</untrusted-data>`
}
