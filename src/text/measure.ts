/**
 * A body's length as GitHub counts it against its 65,536-character limit. Its count may see each newline as
 * CRLF, so a newline counts twice (and the budgets keep a margin on top of that).
 */
export function measure(text: string): number {
  let newlines = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines++
  return text.length + newlines
}

/** Cuts at a character boundary (never inside a surrogate pair) and marks the cut. */
export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  if (maxLength <= 1) return '…'.slice(0, maxLength)
  let cut = maxLength - 1
  const code = text.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut--
  return `${text.slice(0, cut).trimEnd()}…`
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
