/**
 * `npm run bench -- graph [project]`: find_references and find_definition measured against the compilers on
 * real projects that `bench/graph/setup.ts` brought in once (or those REDLINE_BENCH_GRAPH_PROJECTS lists), today's
 * answer replayed beside the graph's on the same seeded sample. Fetches nothing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { loadGraphTools, projectRepo } from './ask.js'
import { measureProject, type ProjectMeasure } from './measure.js'
import { benchCache, benchProjects } from './projects.js'
import { printDefinitions, printExamples, printProjects, printReferences } from './report.js'

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

export async function benchGraph(only?: string): Promise<void> {
  const projects = benchProjects().filter(p => !only || p.name.includes(only))
  if (projects.length === 0) {
    console.log(`graph: no project's name contains '${only ?? ''}'`)
    return
  }
  const missing = projects.filter(p => !fs.existsSync(path.join(p.dir, '.git')))
  if (missing.length > 0) {
    console.log(
      `graph: no repository at ${missing.map(p => p.dir).join(', ')}. Bring the projects in once with ` +
        '`npx tsx bench/graph/setup.ts` (it needs the npm registry and apt-get), or list your own in ' +
        'REDLINE_BENCH_GRAPH_PROJECTS.'
    )
    return
  }
  const perStratum = positive(process.env.REDLINE_BENCH_GRAPH_SAMPLE, 30)
  const seed = positive(process.env.REDLINE_BENCH_GRAPH_SEED, 56)
  const first = projects[0]
  const tools = await loadGraphTools(() => projectRepo(first?.dir ?? '.'))
  const graph = 'missing' in tools ? undefined : tools
  console.log(
    `graph: ${perStratum} symbols and ${perStratum} use sites per stratum and project, seed ${seed}; ` +
      `the truth from the TypeScript language service and jedi`
  )
  if (!graph) console.log(`graph: today's answer only: ${'missing' in tools ? tools.missing : ''}`)
  else if (!graph.findDefinition) console.log('graph: this tree has no find_definition yet')
  const measures: ProjectMeasure[] = []
  for (const project of projects) measures.push(await measureProject(project, graph, { perStratum, seed }))
  printProjects(measures)
  printReferences(
    measures.flatMap(m => m.symbols),
    graph !== undefined
  )
  printDefinitions(
    measures.flatMap(m => m.sites),
    graph?.findDefinition !== undefined
  )
  if (graph) printExamples(measures, positive(process.env.REDLINE_BENCH_GRAPH_EXAMPLES, 8))
  const details = path.join(benchCache(), 'last-run.json')
  fs.mkdirSync(path.dirname(details), { recursive: true })
  fs.writeFileSync(details, JSON.stringify(measures, null, 1))
  console.log(`\ngraph: every symbol, site, truth and answer in ${details}`)
}
