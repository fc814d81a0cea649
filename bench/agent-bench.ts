import { budgetLimits } from '../src/agent/budgets.js'
import { createAnthropic } from '../src/agent/client.js'
import { readGuidance } from '../testing/guidance.js'
import { reviewWithAgent } from '../src/agent/reviewer.js'
import { formatUsage } from '../src/agent/pricing.js'
import { symbolReferences } from '../src/graph/changed-symbols.js'
import { DiffLineSet } from '../src/diff/line-set.js'
import { diffFiles } from '../src/diff/source.js'
import { triage } from '../src/diff/triage.js'
import { renderEvidenceSection } from '../src/evidence/render.js'
import { selectOnChangedLines } from '../src/evidence/select.js'
import type { ToolResult } from '../src/evidence/types.js'
import { createGit } from '../src/git/git.js'
import { silentLogger } from '../src/logger.js'
import {
  block,
  reply,
  startMessagesServer,
  type RecordedMessagesRequest,
  type ReplyStep,
  type Step
} from '../testing/messages-server.js'
import { createPrFixture } from '../testing/pr-fixture.js'

/**
 * Prompt-cache friendliness of the review loop: a scripted 10-turn review of a 26-file pull request, run
 * through the real SDK against the Messages stand-in, printing each request's size and the share of it that
 * repeats the previous request byte for byte. That share is what the API can read from the cache; the
 * target is at least 90% from the second turn on. The first message carries tool evidence (tsc results on the
 * changed lines, as a configured check gives them), which must stay in the cached prefix too.
 */
const TARGET_SHARE = 0.9
const API_KEY = 'sk-ant-bench'
const MODEL = 'claude-sonnet-5-5'
const SERVICES = 24

function service(index: number, changed: boolean): string {
  const name = `Service${index}`
  const lines = [
    `import { db } from '../db.js'`,
    '',
    `export class ${name} {`,
    '  constructor(private readonly table: string) {}',
    ''
  ]
  for (let m = 0; m < 12; m++) {
    lines.push(`  async method${m}(id: string): Promise<unknown> {`)
    lines.push(`    const row = await db.find(this.table, id)`)
    lines.push(
      changed && m % 4 === 1 ? `    return row ?? null // ${name}.${m} now nullable` : '    return row'
    )
    lines.push('  }', '')
  }
  if (changed)
    lines.push(
      '  async remove(id: string): Promise<void> {',
      '    await db.delete(this.table, id)',
      '  }',
      ''
    )
  lines.push('}', '')
  return lines.join('\n')
}

function fixtureSpec(): Parameters<typeof createPrFixture>[0] {
  const base: Record<string, string> = {
    'docs/guide.md': '# Guide\n',
    'package-lock.json': '{"lockfileVersion": 3}\n'
  }
  const head: Record<string, string> = { 'docs/guide.md': '# Guide\n\nServices can now remove rows.\n' }
  head['package-lock.json'] = '{"lockfileVersion": 3, "packages": {}}\n'
  for (let i = 0; i < SERVICES; i++) {
    base[`src/services/service-${i}.ts`] = service(i, false)
    head[`src/services/service-${i}.ts`] = service(i, true)
  }
  base['REVIEW.md'] = 'Check that every database call handles a missing row.\n'
  return { base, commits: [{ files: head, message: 'Add remove() and nullable returns to every service' }] }
}

/** What a type checker says about the change: one result on each nullable return, and some elsewhere. */
function toolEvidence(lineSet: DiffLineSet, reviewable: string[]): string | undefined {
  const results: ToolResult[] = []
  for (let i = 0; i < SERVICES; i++) {
    const text = service(i, true).split('\n')
    text.forEach((line, index) => {
      if (line.includes('now nullable'))
        results.push({
          tool: 'tsc',
          ruleId: 'TS2322',
          level: 'error',
          message: "Type 'unknown' is not assignable to type 'Row'. 'null' is not assignable to 'Row'.",
          path: `src/services/service-${i}.ts`,
          line: index + 1,
          column: 5
        })
    })
    results.push({
      tool: 'tsc',
      ruleId: 'TS6133',
      message: "'table' is declared but never read.",
      path: `src/services/service-${i}.ts`,
      line: 4,
      column: 3
    })
  }
  return renderEvidenceSection(selectOnChangedLines(results, lineSet, new Set(reviewable)))
}

function script(): Step[] {
  const file = (i: number): string => `src/services/service-${i}.ts`
  const text = service(3, true).split('\n')
  const removeLine = text.findIndex(l => l.includes('await db.delete')) + 1
  const nullLine = text.findIndex(l => l.includes('now nullable')) + 1
  const finding = (title: string, line: number, quote: string): Record<string, unknown> => ({
    severity: 'medium',
    category: 'correctness',
    file: file(3),
    title,
    description: 'Callers still assume a row is returned; a missing row now flows on as null.',
    start_line: line,
    quote
  })
  const steps: ReplyStep[] = [
    reply.thinking('Start with the database helper.', block.toolUse('read_file', { path: file(0) })),
    reply.blocks([block.toolUse('search_code', { pattern: 'db.delete', fixed: true })]),
    reply.blocks([
      block.toolUse('read_file', { path: file(3), start_line: 60 }),
      block.toolUse('list_directory', { path: 'src' })
    ]),
    reply.thinking('The diff of service-7 may be cut.', block.toolUse('get_diff', { path: file(7) })),
    reply.blocks([
      block.toolUse('add_finding', finding('remove() ignores a missing row', removeLine, 'await db.delete'))
    ]),
    reply.blocks([block.toolUse('read_file', { path: file(12), ref: 'base' })]),
    reply.blocks([
      block.toolUse('add_finding', finding('Nullable return breaks callers', nullLine, 'return row ?? null')),
      block.toolUse('search_code', { pattern: 'method1\\(', path: 'src' })
    ]),
    reply.thinking(
      'Check the callers once more.',
      block.toolUse('read_file', { path: file(20), end_line: 30 })
    ),
    reply.toolUse('list_findings', {}),
    reply.toolUse('publish_review', {
      summary: 'Adds remove() and nullable returns; two call sites need care.'
    })
  ]
  const seen: { previous?: string } = {}
  return steps.map(step => withCacheUsage(step, seen))
}

/** Usage as the API would report it when the part repeated from the previous request is read from the cache. */
function withCacheUsage(step: ReplyStep, seen: { previous?: string }): Step {
  return (request: RecordedMessagesRequest) => {
    const raw = request.raw
    const prefix = seen.previous === undefined ? 0 : commonPrefix(seen.previous, raw)
    seen.previous = raw
    const tokens = (chars: number): number => Math.ceil(chars / 4)
    return {
      ...step,
      usage: {
        input_tokens: tokens(Math.max(0, raw.length - prefix) * 0.02),
        cache_read_input_tokens: tokens(prefix),
        cache_creation_input_tokens: tokens(Math.max(0, raw.length - prefix) * 0.98)
      }
    }
  }
}

function commonPrefix(a: string, b: string): number {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  return i
}

export async function benchAgent(): Promise<void> {
  const fixture = createPrFixture(fixtureSpec())
  const server = await startMessagesServer({ apiKey: API_KEY })
  try {
    const git = createGit(fixture.workspaceDir, silentLogger)
    const headSha = fixture.headSha
    const baseSha = fixture.mergeBaseSha
    await git.fetchShas([headSha, baseSha])
    const files = await diffFiles(git, baseSha, headSha)
    const triaged = triage(files)
    server.push(...script())
    const lineSet = DiffLineSet.fromFiles(files)
    const evidence = toolEvidence(
      lineSet,
      triaged.reviewable.map(entry => entry.file.path)
    )
    // The same wiring the action runs: store, tools, first message and loop, through reviewWithAgent.
    const review = await reviewWithAgent({
      client: createAnthropic({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 }),
      model: MODEL,
      budget: budgetLimits('deep'),
      git,
      headSha,
      baseSha,
      prFiles: files,
      lineSet,
      triage: triaged,
      carried: [],
      context: {
        repository: 'octo/services',
        pr: { number: 42, title: 'Add remove() to every service', body: 'Adds deletion.\n<!-- template -->' },
        guidance: await readGuidance(git, baseSha, silentLogger),
        instructions: '',
        symbols: await symbolReferences(
          git,
          headSha,
          triaged.reviewable.map(entry => entry.file),
          silentLogger
        ),
        ...(evidence ? { evidence } : {})
      },
      logger: silentLogger
    })
    const run = review.run
    console.log(
      `\nAgent loop: ${files.length}-file pull request, ${run.turns} turns, ${run.toolCalls} tool calls`
    )
    const shown = evidence?.split('\n').slice(0, 8).join('\n') ?? '(none)'
    console.log(`first message, tool evidence (${evidence?.length ?? 0} characters), as sent:\n${shown}\n  …`)
    console.log('turn   request bytes   same prefix as previous   share')
    let worst = 1
    server.requests.forEach((request, i) => {
      const size = Buffer.byteLength(request.raw)
      if (i === 0) {
        console.log(`${pad(1, 4)}   ${pad(size, 13)}   ${pad('-', 23)}   ${pad('-', 6)}`)
        return
      }
      const prefix = commonPrefix(server.requests[i - 1]!.raw, request.raw)
      const share = prefix / size
      worst = Math.min(worst, share)
      console.log(
        `${pad(i + 1, 4)}   ${pad(size, 13)}   ${pad(prefix, 23)}   ${pad(`${(share * 100).toFixed(1)}%`, 6)}`
      )
    })
    const verdict = worst >= TARGET_SHARE ? 'meets' : 'MISSES'
    console.log(
      `lowest share from turn 2: ${(worst * 100).toFixed(1)}% (${verdict} the ${TARGET_SHARE * 100}% target)`
    )
    console.log(
      `published: ${run.published}, findings: ${review.findings.length}; usage: ${formatUsage(run.usage)}`
    )
    if (!run.published || run.turns !== 10)
      throw new Error(`the scripted review did not complete: ${run.stopReason}`)
  } finally {
    await server.close()
    fixture.cleanup()
  }
}

function pad(value: number | string, width: number): string {
  return (typeof value === 'number' ? value.toLocaleString('en-US') : value).padStart(width)
}
