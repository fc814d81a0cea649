/** One project measured: the compiler's facts, the seeded sample, the compiler's truth and the tools' answers. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { AgentTool } from '../../src/agent/tools/registry.js'
import { graphDefinitions, graphReferences, baselineReferences, type ListedReferences } from './answers.js'
import { ask, baselineTool, projectRepo, type GraphTools } from './ask.js'
import type { BenchLanguage, BenchProject } from './projects.js'
import { pythonCompiler } from './py-truth.js'
import {
  candidateSites,
  definitionCounts,
  isAnswerable,
  namedPlaceKey,
  referencesQuery,
  sampleDefinitions,
  seededRandom,
  type Stratum
} from './sample.js'
import { typescriptCompiler } from './ts-truth.js'
import {
  placeKey,
  type Compiler,
  type Definition,
  type DefinitionSpan,
  type Place,
  type ProjectFacts,
  type UseSite
} from './types.js'

export interface SymbolRecord {
  project: string
  language: BenchLanguage
  stratum: Stratum
  definition: Definition
  query: Record<string, string>
  truth: Place[]
  today: Place[]
  graph?: ListedReferences
  /** An error answer, for the tool it came from. */
  errors: string[]
}

export interface SiteRecord {
  project: string
  language: BenchLanguage
  stratum: Stratum
  site: UseSite
  truth: DefinitionSpan[]
  graph?: Array<Place & { usedAt?: number[] }>
  /** The answer asked again with the site's line. */
  graphAtLine?: Place[]
  /**
   * The chance that the definition the site uses is the one its file uses the name for most, by the compiler at
   * each use of the name there: 1, 1/k when k definitions tie, else 0. A question with the bare name and the
   * file alone cannot tell a file's uses apart: ranking them by use gets this first, on average.
   */
  bareNameChance: number
  errors: string[]
}

export interface ProjectMeasure {
  project: BenchProject
  head: string
  compiler: string
  /** Use sites asked of the compiler, and those it led into the project from. */
  sitesAsked: number
  codeFiles: number
  codeLines: number
  symbols: SymbolRecord[]
  sites: SiteRecord[]
  seconds: { compiler: number; tools: number }
}

/** Go-to-definition leaves the project from some sites (a library's member of the same name): ask more than kept. */
const SITES_ASKED_PER_KEPT = 4

const CODE = { typescript: /\.(ts|tsx|mts|cts)$/, python: /\.py$/ }

export async function measureProject(
  project: BenchProject,
  graph: GraphTools | undefined,
  { perStratum, seed }: { perStratum: number; seed: number }
): Promise<ProjectMeasure> {
  const { dir, language, name } = project
  const files = execFileSync('git', ['ls-files'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean)
  const code = files.filter(f => CODE[language].test(f))
  const compiler: Compiler = (language === 'typescript' ? typescriptCompiler : pythonCompiler)(dir, files)
  const started = Date.now()
  const facts = await compiler.facts()
  const random = seededRandom(seed)
  const counts = definitionCounts(facts.definitions)
  const symbols = sampleDefinitions(facts.definitions, perStratum, random)
  const candidates = candidateSites(facts.useSites, counts, perStratum * SITES_ASKED_PER_KEPT, random)
  const truth = await compiler.truth(
    symbols.map(s => s.definition),
    candidates.map(c => c.site)
  )
  const siteRecords = keptSites(candidates, truth.definitions, facts, { project: name, language, perStratum })
  await markBareNameChance(compiler, facts, siteRecords)
  const compilerSeconds = (Date.now() - started) / 1000
  const repo = projectRepo(dir)
  const tools = {
    today: baselineTool(repo),
    references: graph?.findReferences(repo),
    definition: graph?.findDefinition?.(repo)
  }
  const toolsStarted = Date.now()
  const symbolRecords: SymbolRecord[] = []
  for (const [i, { definition, stratum }] of symbols.entries()) {
    const query = referencesQuery(definition, facts.definitions)
    const record = { project: name, language, stratum, definition, query, truth: truth.references[i] ?? [] }
    symbolRecords.push({ ...record, ...(await askReferences(tools, definition.name, query)) })
  }
  if (tools.definition) for (const record of siteRecords) await askDefinition(tools.definition, record)
  return {
    project,
    head: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim(),
    compiler: facts.compiler,
    sitesAsked: candidates.length,
    codeFiles: code.length,
    codeLines: code.reduce((n, f) => n + lineCount(path.join(dir, f)), 0),
    symbols: symbolRecords,
    sites: siteRecords,
    seconds: { compiler: compilerSeconds, tools: (Date.now() - toolsStarted) / 1000 }
  }
}

/** The sites go-to-definition leads into the project from, `perStratum` of each stratum. */
function keptSites(
  candidates: ReadonlyArray<{ site: UseSite; stratum: Stratum }>,
  spansOf: readonly DefinitionSpan[][],
  facts: ProjectFacts,
  { project, language, perStratum }: { project: string; language: BenchLanguage; perStratum: number }
): SiteRecord[] {
  const records: SiteRecord[] = []
  const kept = { once: 0, several: 0 }
  const definedAt = new Set(facts.definitions.flatMap(d => d.ownLines.map(p => namedPlaceKey(p, d.name))))
  for (const [i, { site, stratum }] of candidates.entries()) {
    const truth = spansOf[i] ?? []
    if (!isAnswerable(site, truth, definedAt) || kept[stratum] >= perStratum) continue
    kept[stratum]++
    records.push({ project, language, stratum, site, truth, bareNameChance: 1, errors: [] })
  }
  return records
}

/** find_definition with the bare name and the using file, as the issue asks; then with the site's line too. */
async function askDefinition(tool: AgentTool, record: SiteRecord): Promise<void> {
  const { site } = record
  const answer = await ask(tool, { symbol: site.name, used_in: site.file })
  if (answer.isError) record.errors.push(`find_definition: ${answer.content}`)
  record.graph = answer.isError ? [] : graphDefinitions(answer.content)
  const atLine = await ask(tool, { symbol: site.name, used_in: site.file, line: site.line })
  if (atLine.isError) record.errors.push(`find_definition with line: ${atLine.content}`)
  record.graphAtLine = atLine.isError ? [] : graphDefinitions(atLine.content)
}

/**
 * Asks the compiler's go-to-definition at every other use of each site's name in its file, and gives each site
 * the chance that its definition is the one the file uses most. Only uses that lead to a definition
 * the sample is drawn from count (not a local of the same name), and where go-to-definition lands on one of a
 * symbol's several declaring lines (a Python attribute's assignments), the symbol is what is counted.
 */
async function markBareNameChance(
  compiler: Compiler,
  facts: ProjectFacts,
  records: SiteRecord[]
): Promise<void> {
  const others = records.map(({ site }) =>
    facts.useSites.filter(
      u => u.file === site.file && u.name === site.name && (u.line !== site.line || u.column !== site.column)
    )
  )
  const truth = await compiler.truth([], others.flat())
  const symbolAt = new Map(
    facts.definitions.flatMap(d => d.ownLines.map(p => [namedPlaceKey(p, d.name), placeKey(d)] as const))
  )
  let at = 0
  for (const [i, record] of records.entries()) {
    const keyOf = (spans: readonly DefinitionSpan[]): string | undefined =>
      spans.flatMap(s => symbolAt.get(namedPlaceKey(s, record.site.name)) ?? []).sort()[0]
    const counts = new Map<string | undefined, number>()
    for (const spans of [record.truth, ...(others[i] ?? []).map(() => truth.definitions[at++] ?? [])]) {
      const key = keyOf(spans)
      if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    const most = Math.max(...counts.values())
    const tied = [...counts.values()].filter(count => count === most).length
    record.bareNameChance = (counts.get(keyOf(record.truth)) ?? 0) === most ? 1 / tied : 0
  }
}

/** Today's tool takes the bare name only: it has no way to say which definition is meant. */
async function askReferences(
  tools: { today: AgentTool; references: AgentTool | undefined },
  name: string,
  query: Record<string, string>
): Promise<Pick<SymbolRecord, 'today' | 'graph' | 'errors'>> {
  const errors: string[] = []
  const today = await ask(tools.today, { symbol: name })
  if (today.isError) errors.push(`today: ${today.content}`)
  if (!tools.references) return { today: today.isError ? [] : baselineReferences(today.content), errors }
  const graph = await ask(tools.references, query)
  if (graph.isError) errors.push(`find_references: ${graph.content}`)
  return {
    today: today.isError ? [] : baselineReferences(today.content),
    graph: graph.isError ? { resolved: [], textual: [] } : graphReferences(graph.content),
    errors
  }
}

function lineCount(file: string): number {
  const text = fs.readFileSync(file, 'utf8')
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}
