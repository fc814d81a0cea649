/** The text --validate prints. */
import type { SetScore } from './review-set.js'
import type { ValidationReport } from './validate.js'

const pct = (v: number): string => (Number.isNaN(v) ? 'n/a' : v.toFixed(3))

function scoreText(s: SetScore): string {
  return (
    `located ${s.located.matched}/${s.located.comments} comments, ${s.located.matched}/${s.located.defects} defects; ` +
    `judge-only ${s.meaningMatched}; clean-PR noise ${s.cleanNoise}`
  )
}

export function describeValidation(report: ValidationReport): string {
  const { fixtures, oracle, noisy } = report
  const seeded = fixtures.filter(f => !f.clean)
  const defects = seeded.flatMap(f => f.golden)
  const lines = [
    '',
    `Fixtures: ${fixtures.length} (${seeded.length} seeded, ${fixtures.length - seeded.length} clean, ` +
      `${fixtures.filter(f => f.holdout).length} holdout, ${fixtures.filter(f => f.fix).length} with a fix commit); ` +
      `${defects.length} defects, ${defects.filter(d => d.multiHop).length} multi-hop; languages: ` +
      [...new Set(fixtures.map(f => f.language))].join(', '),
    `Oracle: precision ${pct(oracle.located.precision)}, recall ${pct(oracle.located.recall)}, ` +
      `meaning-only F1 ${pct(oracle.meaning.f1)}, suggestions applied ${oracle.suggestions.applied}/${oracle.suggestions.checked}, ` +
      `re-review resolved ${oracle.rereview.resolved}/${oracle.rereview.fixedFound}, re-raised ${oracle.rereview.reraised}/${oracle.rereview.fixed}`,
    `Noisy:  precision ${pct(noisy.located.precision)}, recall ${pct(noisy.located.recall)} ` +
      `(${noisy.located.comments - noisy.located.matched} wrong comments scored as such)`,
    `Blind check: ${report.blind.requests} requests and every fixture's title, body, commit messages, ` +
      `paths and files scanned for fixture ids, golden names and defect words; ${report.blind.leaks.length} hits`,
    'Tells (what a model sees without reading the code; mean per PR, clean against seeded):',
    ...report.tells.map(
      t =>
        `  ${t.figure.padEnd(20)} clean ${t.clean.toFixed(2).padStart(6)}  seeded ${t.seeded.toFixed(2).padStart(6)}  ` +
        `margin ${t.margin.padEnd(6)} ${t.ok ? 'ok' : 'TELL'}`
    ),
    `Mutation checks: copies of the scorer with one rule removed each, on a fixed review set whose right ` +
      `score is ${report.mutations.expected.located} located matches and ${report.mutations.expected.cleanNoise} ` +
      'medium+ comments on clean PRs:',
    `  real scorer                    ${scoreText(report.mutations.real)}`,
    ...report.mutations.mutants.map(
      m =>
        `  ${`${m.mutant} (${m.file})`.padEnd(45)} ${m.score ? scoreText(m.score) : 'no score'}  ` +
        (m.problems.length === 0 ? 'caught' : 'NOT CAUGHT')
    ),
    `Wall time: ${(report.wallMs / 1000).toFixed(1)} s`
  ]
  if (report.problems.length === 0) lines.push('Validation passed.')
  else
    lines.push(
      `Validation FAILED (${report.problems.length} problems):`,
      ...report.problems.map(p => `- ${p}`)
    )
  return lines.join('\n')
}
