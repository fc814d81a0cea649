/**
 * The run's own secrets (the model key, the GitHub token, the runner's tokens), by value: wherever one of them
 * appears in text on its way out (to the model, GitHub, the log, the job summary, the outputs), it is replaced,
 * in every form a program could print it in. A value that was never shown to a check cannot come back from one;
 * this is the second line, for the day something leaks it.
 *
 * Base64 of a value depends on where in the encoded stream it starts (three offsets) and on the bytes around it,
 * so each offset contributes the characters made of the value's bits alone: the edge characters that mix in a
 * neighbour's bits are trimmed. That core is the same with a newline after the value, or anything else.
 */

/** Shorter values would match ordinary words; shorter forms would match ordinary text. */
const MIN_SECRET_CHARS = 8
const MIN_FORM_CHARS = 8

export const KNOWN_SECRET_MARKER = '[REDACTED known secret]'

/** Every form of `value` to look for, longest first so that a longer form is replaced before its parts. */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_CHARS) return []
  const bytes = Buffer.from(value, 'utf8')
  const hex = bytes.toString('hex')
  const forms = [
    value,
    hex,
    hex.toUpperCase(),
    encodeURIComponent(value),
    percentEncodedBytes(bytes),
    ...base64Cores(bytes, 'base64'),
    ...base64Cores(bytes, 'base64url')
  ]
  return [...new Set(forms.filter(form => form.length >= MIN_FORM_CHARS))].sort((a, b) => b.length - a.length)
}

/** Every byte as `%XX`, as some tools encode a whole value. */
function percentEncodedBytes(bytes: Buffer): string {
  return [...bytes].map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
}

/**
 * For each offset 0, 1 and 2 of the value in the encoded bytes, the characters whose six bits all come from
 * the value: `offset` unknown bytes before it decide the first partial character, and whatever follows it
 * (a newline, padding, more text) the last.
 */
function base64Cores(bytes: Buffer, encoding: 'base64' | 'base64url'): string[] {
  const cores: string[] = []
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString(encoding)
      .replace(/=+$/, '')
    const firstBit = offset * 8
    const lastBit = (offset + bytes.length) * 8
    const from = Math.ceil(firstBit / 6)
    const to = Math.floor(lastBit / 6)
    cores.push(encoded.slice(from, to))
  }
  return cores
}

/** The forms of every secret remembered, longest first. */
let knownForms: string[] = []

/** Remembers the run's secret values; the forms of each are redacted from then on, for the rest of the process. */
export function rememberSecrets(values: Iterable<string | undefined>): void {
  const forms = new Set(knownForms)
  for (const value of values) if (value !== undefined) for (const form of secretForms(value)) forms.add(form)
  knownForms = [...forms].sort((a, b) => b.length - a.length)
}

/** Forgets every remembered secret (for tests that run several actions in one process). */
export function forgetSecrets(): void {
  knownForms = []
}

/** `text` with every form of every remembered secret replaced by a marker, its line breaks kept. */
export function redactKnownSecrets(text: string): string {
  if (knownForms.length === 0 || text.length < MIN_FORM_CHARS) return text
  let result = text
  for (const form of knownForms) {
    if (!result.includes(form)) continue
    const breaks = '\n'.repeat(form.split('\n').length - 1)
    result = result.split(form).join(KNOWN_SECRET_MARKER + breaks)
  }
  return result
}

/** The names of variables whose values are credentials: tokens, keys, secrets and passwords. */
const SECRET_NAME = /(?:^|[_-])(?:TOKEN|KEY|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:$|[_-])/i

/** The values of the environment's credentials, the action's secret inputs among them. */
export function secretValuesOf(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && value !== '' && SECRET_NAME.test(name))
    .map(([, value]) => value as string)
}
