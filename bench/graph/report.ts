/** The benchmark's tables: pooled precision and recall per language and stratum, today beside the graph. */
import fs from 'node:fs'
import path from 'node:path'
import type { ProjectMeasure, SiteRecord, SymbolRecord } from './measure.js'
import type { BenchLanguage } from './projects.js'
import type { Stratum } from './sample.js'
import {
  addTally,
  differences,
  emptyTally,
  firstIsRight,
  percent,
  scoreReferences,
  type Tally
} from './score.js'
import type { Place } from './types.js'

/** The issue's targets, per stratum. */
export const TARGETS = {
  resolvedPrecision: 0.9,
  resolvedRecall: { once: 0.95, several: 0.8 },
  allRecall: 0.98,
  definitionFirst: 0.98
} as const

export interface Row {
  language: BenchLanguage
  stratum: Stratum
  symbols: number
  today: Tally
  resolved: Tally
  all: Tally
  errors: number
}

export function referenceRows(records: readonly SymbolRecord[]): Row[] {
  const rows = new Map<string, Row>()
  for (const r of records) {
    const key = `${r.language}/${r.stratum}`
    const row = rows.get(key) ?? {
      language: r.language,
      stratum: r.stratum,
      symbols: 0,
      today: emptyTally(),
      resolved: emptyTally(),
      all: emptyTally(),
      errors: 0
    }
    row.symbols++
    row.errors += r.errors.length
    const own = r.definition.ownLines
    addTally(row.today, scoreReferences(r.truth, r.today, own))
    if (r.graph) {
      addTally(row.resolved, scoreReferences(r.truth, r.graph.resolved, own))
      addTally(row.all, scoreReferences(r.truth, [...r.graph.resolved, ...r.graph.textual], own))
    }
    rows.set(key, row)
  }
  return [...rows.values()].sort((a, b) =>
    `${a.language}${a.stratum}`.localeCompare(`${b.language}${b.stratum}`)
  )
}

const pr = (t: Tally): string => `${percent(t.hits, t.listed)} /${percent(t.hits, t.truth)}`
const meets = (ok: boolean): string => (ok ? 'met' : 'MISSED')

function rowLine(row: Row, graph: boolean): string {
  const head =
    `${row.language.padEnd(11)}${row.stratum.padEnd(9)}${String(row.symbols).padStart(7)}` +
    `${String(row.today.truth).padStart(7)}   ${pr(row.today)}`
  if (!graph) return head
  const { resolved, all, stratum } = row
  const verdicts = [
    resolved.hits >= TARGETS.resolvedPrecision * resolved.listed,
    resolved.hits >= TARGETS.resolvedRecall[stratum] * resolved.truth,
    all.hits >= TARGETS.allRecall * all.truth
  ]
  return (
    `${head}     ${pr(resolved)}     ${pr(all)}   ${verdicts.map(meets).join(' / ')}` +
    (row.errors > 0 ? `   (${row.errors} error answers)` : '')
  )
}

export function printReferences(records: readonly SymbolRecord[], graph: boolean): void {
  console.log(
    "\nfind_references at (file, line), the definition's own lines left out, pooled; precision / recall"
  )
  console.log(
    'language   stratum  symbols  truth   today: all listed' +
      (graph ? '   graph: resolved   graph: all listed   targets: resolved P / R, all R' : '')
  )
  for (const row of referenceRows(records)) console.log(rowLine(row, graph))
  console.log(
    `targets: resolved precision >= ${TARGETS.resolvedPrecision * 100}% in both strata, resolved recall >= ` +
      `${TARGETS.resolvedRecall.once * 100}% once / ${TARGETS.resolvedRecall.several * 100}% several, ` +
      `resolved + textual recall >= ${TARGETS.allRecall * 100}%`
  )
}

export function printDefinitions(records: readonly SiteRecord[], graph: boolean): void {
  console.log('\nfind_definition with the bare name and used_in the using file: the right definition first')
  console.log(
    "(beside it: what ranking each file's own uses gets first, by the compiler at every use of the name in " +
      'the file: a site counts when its use is of the definition its file uses the name for most, 1/k when k ' +
      "tie; a bare name cannot tell a file's uses apart. Then the answer asked with the site's line)"
  )
  console.log(
    "language   stratum    sites   today         graph: first   by file's uses   with the site's line"
  )
  const groups = new Map<string, SiteRecord[]>()
  for (const r of records)
    groups.set(`${r.language}/${r.stratum}`, [...(groups.get(`${r.language}/${r.stratum}`) ?? []), r])
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [language = '', stratum = ''] = key.split('/')
    const right = group.filter(r => firstIsRight(r.graph ?? [], r.truth)).length
    const byUses = group.reduce((sum, r) => sum + r.bareNameChance, 0)
    const atLine = group.filter(r => firstIsRight(r.graphAtLine ?? [], r.truth)).length
    const figure = graph
      ? `${percent(right, group.length)}   ${meets(right >= TARGETS.definitionFirst * group.length).padEnd(7)}  ` +
        `${percent(byUses, group.length)}            ${percent(atLine, group.length)}   ` +
        meets(atLine >= TARGETS.definitionFirst * group.length)
      : 'not measured'
    console.log(
      `${language.padEnd(11)}${stratum.padEnd(9)}${String(group.length).padStart(7)}   not offered   ${figure}`
    )
  }
  console.log(`target: the right definition first for >= ${TARGETS.definitionFirst * 100}%`)
}

export function printProjects(measures: readonly ProjectMeasure[]): void {
  console.log(
    'project        language    head     code files  lines  symbols  sites/asked  compiler s  tools s  truth'
  )
  for (const m of measures)
    console.log(
      `${m.project.name.padEnd(15)}${m.project.language.padEnd(12)}${m.head.padEnd(9)}` +
        `${String(m.codeFiles).padStart(10)}${String(m.codeLines).padStart(7)}` +
        `${String(m.symbols.length).padStart(9)}${`${m.sites.length}/${m.sitesAsked}`.padStart(13)}` +
        `${m.seconds.compiler.toFixed(1).padStart(12)}${m.seconds.tools.toFixed(1).padStart(9)}  ${m.compiler}`
    )
}

/** The code on a line, for the examples. */
function codeAt(dirOf: (project: string) => string, project: string, place: Place): string {
  try {
    const lines = fs.readFileSync(path.join(dirOf(project), place.file), 'utf8').split('\n')
    return (lines[place.line - 1] ?? '').trim().slice(0, 100)
  } catch {
    return ''
  }
}

interface Shortfall {
  record: SymbolRecord
  places: Place[]
}

/** The symbols with the most places in a shortfall, each with the code on its first few. */
function printWorst(
  title: string,
  shortfalls: Shortfall[],
  limit: number,
  show: (r: SymbolRecord, p: Place) => string
): void {
  console.log(`\nExamples: ${title} (most first)`)
  const worst = shortfalls.filter(s => s.places.length > 0).sort((a, b) => b.places.length - a.places.length)
  for (const { record: r, places } of worst.slice(0, limit)) {
    console.log(
      `  ${r.project} ${JSON.stringify(r.query)} (${r.stratum}): ${places.length} of ${r.truth.length}`
    )
    for (const p of places.slice(0, 3)) console.log(show(r, p))
  }
}

/** Where the graph falls short: the symbols with most misses and most extra lines, the wrong first definitions. */
export function printExamples(measures: readonly ProjectMeasure[], limit: number): void {
  const dirs = new Map(measures.map(m => [m.project.name, m.project.dir]))
  const dirOf = (name: string): string => dirs.get(name) ?? '.'
  const show = (r: { project: string }, p: Place): string =>
    `      ${p.file}:${p.line}  ${codeAt(dirOf, r.project, p)}`
  const symbols = measures.flatMap(m => m.symbols).filter(r => r.graph)
  const resolved = symbols.map(r => ({
    r,
    ...differences(r.truth, r.graph?.resolved ?? [], r.definition.ownLines)
  }))
  const listed = (r: SymbolRecord): Place[] => [...(r.graph?.resolved ?? []), ...(r.graph?.textual ?? [])]
  printWorst(
    "the compiler's references missing from the resolved section",
    resolved.map(({ r, missed }) => ({ record: r, places: missed })),
    limit,
    show
  )
  printWorst(
    "the compiler's references listed nowhere",
    symbols.map(r => ({ record: r, places: differences(r.truth, listed(r), r.definition.ownLines).missed })),
    limit,
    show
  )
  printWorst(
    'resolved lines the compiler does not name',
    resolved.map(({ r, extra }) => ({ record: r, places: extra })),
    limit,
    show
  )
  const asked = measures.flatMap(m => m.sites).filter(r => r.graph)
  if (asked.length === 0) return
  console.log("\nExamples: find_definition whose first definition is not the compiler's")
  const wrong = asked.filter(r => !firstIsRight(r.graph ?? [], r.truth))
  for (const r of wrong.slice(0, limit)) {
    const first = r.graph?.[0]
    console.log(
      `  ${r.project} ${r.site.name} used in ${r.site.file}:${r.site.line}: ${codeAt(dirOf, r.project, r.site)}`
    )
    const truth = r.truth.map(t => `${t.file}:${t.line}`).join(', ')
    console.log(`      first: ${first ? `${first.file}:${first.line}` : '(none)'}; compiler: ${truth}`)
    for (const e of r.errors) console.log(`      ${e.slice(0, 200)}`)
  }
}
