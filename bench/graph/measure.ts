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
import type { Compiler, Definition, DefinitionSpan, Place, UseSite } from './types.js'

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
  const siteRecords: SiteRecord[] = []
  const kept = { once: 0, several: 0 }
  const definedAt = new Set(facts.definitions.flatMap(d => d.ownLines.map(p => namedPlaceKey(p, d.name))))
  for (const [i, { site, stratum }] of candidates.entries()) {
    const spans = truth.definitions[i] ?? []
    if (!isAnswerable(site, spans, definedAt) || kept[stratum] >= perStratum) continue
    kept[stratum]++
    const record: SiteRecord = { project: name, language, stratum, site, truth: spans, errors: [] }
    if (tools.definition) {
      const answer = await ask(tools.definition, { symbol: site.name, used_in: site.file })
      if (answer.isError) record.errors.push(`find_definition: ${answer.content}`)
      record.graph = answer.isError ? [] : graphDefinitions(answer.content)
    }
    siteRecords.push(record)
  }
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
