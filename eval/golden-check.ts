/** Checks that a fixture's golden files describe places the review can actually point at (pure). */
import type { DiffLineSet } from '../src/diff/line-set.js'
import type { Fixture } from './model.js'
import { fixtureSize, fixtureSizeProblems, setSizeProblems } from './size-rules.js'

export function checkGolden(
  fixture: Fixture,
  lineSet: DiffLineSet,
  headLines: (file: string) => string[] | undefined
): string[] {
  const problems: string[] = []
  for (const defect of fixture.golden) {
    const [start, end] = defect.lines
    const where = `${defect.id}: lines ${defect.file}:${start}-${end}`
    if (end < start) problems.push(`${where} end before they start`)
    else if (
      !lineSet.canComment(defect.file, 'RIGHT', start) ||
      !lineSet.sameHunk(defect.file, 'RIGHT', start, end)
    ) {
      problems.push(`${where} are not one range of the PR's diff-line set (RIGHT side, one hunk)`)
    }
    if (
      !defect.locations.some(
        l => l.role === 'cause' && l.file === defect.file && l.start <= start && l.end >= end
      )
    ) {
      problems.push(`${where} are not inside one of its cause locations`)
    }
    if (defect.multiHop && !defect.locations.some(l => l.role === 'symptom')) {
      problems.push(`${defect.id}: multi-hop but no symptom location`)
    }
    for (const location of defect.locations) {
      const at = `${defect.id}: ${location.role} ${location.file}:${location.start}-${location.end}`
      if (location.end < location.start) {
        problems.push(`${at} ends before it starts`)
        continue
      }
      if (location.role === 'cause') {
        for (let line = location.start; line <= location.end; line++) {
          if (!lineSet.canComment(location.file, 'RIGHT', line)) {
            problems.push(`${at}: line ${line} is not in the PR's diff-line set`)
            break
          }
        }
      } else {
        const lines = headLines(location.file)
        if (lines === undefined) problems.push(`${at}: the file is not in the head`)
        else if (location.end > lines.length) problems.push(`${at}: the file has only ${lines.length} lines`)
        else if (
          defect.multiHop &&
          lineSet.hasFile(location.file) &&
          lineSet.canComment(location.file, 'RIGHT', location.start)
        ) {
          problems.push(`${at}: a multi-hop symptom must sit in code the PR does not change`)
        }
      }
    }
  }
  return problems
}

/** What the issue asks of the whole set; only meaningful when every fixture is loaded. */
export function checkFixtureSet(fixtures: readonly Fixture[]): string[] {
  // The size rules: each fixture a real codebase and PR, the set its counts, classes and languages.
  const problems: string[] = [
    ...fixtures.flatMap(f => fixtureSizeProblems(fixtureSize(f))),
    ...setSizeProblems(fixtures)
  ]
  const seeded = fixtures.filter(f => !f.clean)
  for (const f of seeded) {
    if (f.golden.length > 2)
      problems.push(`${f.id}: a head carries one or two seeded defects, not ${f.golden.length}`)
  }
  const languages = [...new Set(fixtures.map(f => f.language))]
  for (const required of ['typescript', 'python', 'go', 'java']) {
    if (!languages.includes(required)) problems.push(`no ${required} fixture`)
  }
  if (languages.length < 5) problems.push(`only ${languages.length} languages; at least 5 are needed`)
  for (const language of languages) {
    if (!fixtures.some(f => f.language === language && f.fix)) {
      problems.push(`no ${language} fixture has a follow-up commit that fixes its defect`)
    }
  }
  // The split is a hash of the id (eval/holdout.ts); this only catches a set the hash left lopsided.
  const holdout = fixtures.filter(f => f.holdout).length
  if (holdout < fixtures.length * 0.2 || holdout > fixtures.length * 0.45) {
    problems.push(
      `${holdout} of ${fixtures.length} fixtures are holdout by the id hash; between a fifth and 45% should be`
    )
  }
  return problems
}
