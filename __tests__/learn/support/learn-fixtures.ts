/** Evidence items and learned files as a learn run sees them, for the checks, plan and body tests. */
import {
  emptyLedger,
  parseLearnedFile,
  renderLearnedFile,
  ruleId,
  type LearnedRule
} from '../../../src/state/learned-file.js'
import type { EvidenceItem } from '../../../src/learn/types.js'

export const REPO_URL = 'https://github.com/acme/shop'

let thread = 100

/** A dismissal of a "missing null check" finding in src/legacy/, by a maintainer, with a reason in words. */
export function dismissal(pr: number, overrides: Partial<EvidenceItem> = {}): EvidenceItem {
  thread++
  return {
    url: `${REPO_URL}/pull/${pr}#discussion_r${thread}`,
    kind: 'dismissal',
    pr,
    actor: 'maintainer',
    createdAt: `2026-11-${String(pr % 28 || 1).padStart(2, '0')}T10:00:00Z`,
    path: `src/legacy/file${pr}.ts`,
    line: 12,
    finding: { title: 'Missing null check', category: 'correctness', severity: 'medium' },
    text: 'Every caller validates first; the legacy layer never sees null.',
    explicitReason: true,
    ...overrides
  }
}

export function fixed(pr: number, createdAt: string, overrides: Partial<EvidenceItem> = {}): EvidenceItem {
  return dismissal(pr, {
    kind: 'fixed',
    actor: 'author',
    createdAt,
    text: null,
    explicitReason: false,
    ...overrides
  })
}

export const LEGACY_TEXT =
  'Do not flag missing null checks in src/legacy/: every caller validates its input first.'

/** The learned file Redline would write holding `rules`, each added on `added`. */
export function learnedFile(
  rules: LearnedRule[],
  options: { through?: string | null; added?: string; extra?: string } = {}
): string {
  const text = renderLearnedFile({
    preamble: '',
    rules,
    ledger: {
      ...emptyLedger(),
      through: options.through ?? '2026-11-01T00:00:00Z',
      rules: rules.flatMap(rule =>
        rule.id
          ? [
              {
                id: rule.id,
                title: rule.title,
                text: rule.text,
                paths: rule.paths,
                evidence: rule.evidence,
                added: options.added ?? '2026-11-01T00:00:00Z'
              }
            ]
          : []
      )
    }
  })
  return text
}

export function redlineRule(
  text: string,
  paths: string[],
  evidence: string[],
  title = 'A rule'
): LearnedRule {
  return { id: ruleId(text, paths), title, text, paths, evidence }
}

export const emptyFile = () => parseLearnedFile('')
