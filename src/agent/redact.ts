/**
 * Secrets that may sit in a repository or a PR description must not travel to the model (and from there
 * into a public review). Only shapes that are unambiguous credentials are replaced, so code stays readable.
 */
const SECRET_PATTERNS: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  {
    label: 'private key',
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(-----END \1PRIVATE KEY\2-----|$)/g
  },
  { label: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g },
  { label: 'GitHub token', pattern: /\bgithub_pat_[A-Za-z0-9_]{20,255}/g },
  { label: 'Anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { label: 'API key', pattern: /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{32,}/g },
  { label: 'AWS access key', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g },
  { label: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { label: 'Slack token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  // A signed token's header and payload are base64url JSON objects, so both start with "eyJ".
  { label: 'JSON Web Token', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g },
  { label: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { label: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { label: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { label: 'Stripe key', pattern: /\b[rs]k_live_[A-Za-z0-9]{20,}/g }
]

/** Replaces each secret with a marker, keeping its line breaks so that line numbers stay true. */
export function redactSecrets(text: string): string {
  let result = text
  for (const { label, pattern } of SECRET_PATTERNS) {
    result = result.replace(
      pattern,
      match => `[REDACTED ${label}]` + '\n'.repeat(match.split('\n').length - 1)
    )
  }
  return result
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
