/**
 * The size rules of the fixture set (eval/README.md): each fixture a small real codebase with a PR of real
 * size, and the set as a whole covering the defect classes, languages and multi-hop defects it promises.
 */
import { DEFECT_CLASSES, type Fixture, type Tree } from './model.js'

export const RULES = {
  files: 12,
  lines: 800,
  directories: 3,
  changedLines: 60,
  seeded: 30,
  defects: 40,
  clean: 8,
  multiHop: 10,
  languages: ['typescript', 'python', 'go', 'java', 'rust']
} as const

export interface FixtureSize {
  id: string
  language: string
  files: number
  lines: number
  /** Top-level directories holding files. */
  directories: number
  testFiles: number
  /** Lines the PR adds or removes, as a line diff counts them. */
  changedLines: number
  classes: string[]
  multiHop: number
}

function lineCount(text: string): number {
  if (text === '') return 0
  return text.replace(/\n$/, '').split('\n').length
}

/** Added plus removed lines between two texts: both lengths less twice their longest common subsequence. */
export function changedLineCount(before: string | undefined, after: string | undefined): number {
  const a = before === undefined || before === '' ? [] : before.replace(/\n$/, '').split('\n')
  const b = after === undefined || after === '' ? [] : after.replace(/\n$/, '').split('\n')
  let previous = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0)
    for (let j = 1; j <= b.length; j++)
      row[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!)
    previous = row
  }
  return a.length + b.length - 2 * previous[b.length]!
}

const TEST_FILE =
  /(^|\/)(tests?|__tests__|spec)\/|(_test\.go|Test\.java|\.test\.ts|\.spec\.ts|_test\.py)$|(^|\/)test_[^/]*\.py$/

export function fixtureSize(fixture: Fixture): FixtureSize {
  const base: Tree = fixture.base
  const files = Object.keys(base)
  let changed = 0
  for (const [file, text] of Object.entries(fixture.head)) changed += changedLineCount(base[file], text)
  for (const file of fixture.deleted) changed += lineCount(base[file] ?? '')
  return {
    id: fixture.id,
    language: fixture.language,
    files: files.length,
    lines: Object.values(base).reduce((n, text) => n + lineCount(text), 0),
    directories: new Set(files.filter(f => f.includes('/')).map(f => f.slice(0, f.indexOf('/')))).size,
    testFiles: files.filter(f => TEST_FILE.test(f)).length,
    changedLines: changed,
    classes: [...new Set(fixture.golden.flatMap(d => (d.defectClass ? [d.defectClass] : [])))],
    multiHop: fixture.golden.filter(d => d.multiHop).length
  }
}

/** What one fixture lacks against the per-fixture rules. */
export function fixtureSizeProblems(size: FixtureSize): string[] {
  const problems: string[] = []
  const at = size.id
  if (size.files < RULES.files) problems.push(`${at}: ${size.files} files at base; at least ${RULES.files}`)
  if (size.lines < RULES.lines) problems.push(`${at}: ${size.lines} lines at base; at least ${RULES.lines}`)
  if (size.directories < RULES.directories)
    problems.push(`${at}: ${size.directories} directories; at least ${RULES.directories}`)
  if (size.testFiles === 0) problems.push(`${at}: no tests at base`)
  if (size.changedLines < RULES.changedLines)
    problems.push(`${at}: the PR changes ${size.changedLines} lines; at least ${RULES.changedLines}`)
  return problems
}

/** What the set lacks: counts, defect classes, languages, multi-hop, and each defect's class. */
export function setSizeProblems(fixtures: readonly Fixture[]): string[] {
  const problems: string[] = []
  const seeded = fixtures.filter(f => !f.clean)
  const clean = fixtures.filter(f => f.clean)
  const defects = seeded.flatMap(f => f.golden)
  if (seeded.length < RULES.seeded)
    problems.push(`${seeded.length} seeded fixtures; at least ${RULES.seeded}`)
  if (defects.length < RULES.defects) problems.push(`${defects.length} defects; at least ${RULES.defects}`)
  if (clean.length < RULES.clean) problems.push(`${clean.length} clean fixtures; at least ${RULES.clean}`)
  const multiHop = defects.filter(d => d.multiHop).length
  if (multiHop < RULES.multiHop) problems.push(`${multiHop} multi-hop defects; at least ${RULES.multiHop}`)
  for (const d of defects) if (!d.defectClass) problems.push(`${d.id}: no defectClass`)
  const classes = new Set(defects.flatMap(d => (d.defectClass ? [d.defectClass] : [])))
  for (const c of DEFECT_CLASSES) if (!classes.has(c)) problems.push(`no defect of class ${c}`)
  const languages = new Set(fixtures.map(f => f.language))
  for (const l of RULES.languages) if (!languages.has(l)) problems.push(`no ${l} fixture`)
  return problems
}

/** The fixture table the README and the issue ask for. */
export function sizeTable(fixtures: readonly Fixture[]): string {
  const rows = fixtures.map(f => {
    const s = fixtureSize(f)
    const classes = f.clean ? 'clean' : s.classes.join(', ') || '(none)'
    return `| \`${f.id}\` | ${classes} | ${f.language} | ${s.files} | ${s.lines} | ${s.changedLines} | ${s.multiHop > 0 ? s.multiHop : ''} |`
  })
  return [
    '| fixture | class | language | files | lines | changed lines | multi-hop |',
    '| ------- | ----- | -------- | ----- | ----- | ------------- | --------- |',
    ...rows
  ].join('\n')
}
