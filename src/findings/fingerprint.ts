import { createHash } from 'node:crypto'

/** Case, spacing and punctuation runs do not make two findings different. */
export function normalizeForFingerprint(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * A short, stable hash that recognises the same finding across reviews even when its id was lost (a review
 * posted by hand, a state that could not be read). Line numbers are left out on purpose: they move with
 * every push, while the quoted code and the category do not.
 */
export function fingerprintOf(finding: {
  file: string
  category: string
  quote?: string
  title: string
}): string {
  const subject = finding.quote !== undefined && finding.quote.trim() !== '' ? finding.quote : finding.title
  const material = [
    finding.file,
    normalizeForFingerprint(finding.category),
    normalizeForFingerprint(subject)
  ].join('\n')
  return createHash('sha256').update(material, 'utf8').digest('hex').slice(0, 16)
}
