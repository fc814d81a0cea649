/**
 * Slow, obvious versions of fast product code, for the tests to hold the fast ones to. Never imported by src/.
 */
import { methodIn, TOP_LEVEL_DECLARATIONS, type Declaration } from '../src/graph/patterns.js'
import { redactWith } from '../src/text/redact.js'

/** redactSecrets with every pattern run over the whole text, none skipped by its hints. */
export function redactSecretsExhaustively(text: string): string {
  return redactWith(text, () => true)
}

/** declarationIn with every pattern tried on every line, none skipped by its quick checks. */
export function declarationInExhaustively(line: string): Declaration | undefined {
  for (const pattern of TOP_LEVEL_DECLARATIONS) {
    const name = pattern.exec(line)?.[1]
    if (name) return { name, indent: 0, topLevel: true }
  }
  return methodIn(line)
}
