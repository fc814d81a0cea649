/**
 * A pull request in a real git repository, the real repository and findings tools over it, and the real
 * SDK pointed at the scripted Messages stand-in: everything the review loop touches, nothing mocked.
 */
import type Anthropic from '@anthropic-ai/sdk'
import { createAnthropic } from '../../../src/agent/client.js'
import { budgetLimits, type BudgetLimits } from '../../../src/agent/budgets.js'
import { runAgent, type AgentRun } from '../../../src/agent/loop.js'
import { SYSTEM_PROMPT } from '../../../src/agent/prompt.js'
import { findingTools } from '../../../src/agent/tools/finding-tools.js'
import { ToolRegistry } from '../../../src/agent/tools/registry.js'
import { readLinesAt, repoTools } from '../../../src/agent/tools/repo-tools.js'
import { DiffLineSet } from '../../../src/diff/line-set.js'
import type { DiffFile } from '../../../src/diff/model.js'
import { diffFiles } from '../../../src/diff/source.js'
import type { Finding } from '../../../src/findings/finding.js'
import { FindingsStore } from '../../../src/findings/store.js'
import { createGit, type Git } from '../../../src/git/git.js'
import { memoryLogger } from '../../../src/logger.js'
import { startMessagesServer, type MessagesServer, type Step } from '../../../testing/messages-server.js'
import { createPrFixture, type PrFixture, type PrFixtureSpec } from '../../../testing/pr-fixture.js'

export const MODEL = 'claude-sonnet-5-5'
export const API_KEY = 'sk-ant-test-key'

export const CALC_BASE = [
  'export function add(a: number, b: number): number {',
  '  return a + b',
  '}',
  ''
].join('\n')

export const CALC_HEAD = [
  'export function add(a: number, b: number): number {',
  '  return a + b',
  '}',
  '',
  'export function divide(a: number, b: number): number {',
  '  return a / b',
  '}',
  '',
  'export function mean(values: number[]): number {',
  '  let total = 0',
  '  for (let i = 0; i <= values.length; i++) total += values[i]',
  '  return divide(total, values.length)',
  '}',
  ''
].join('\n')

export const DEFAULT_SPEC: PrFixtureSpec = {
  base: { 'src/calc.ts': CALC_BASE, 'src/other.ts': 'export const other = 1\n', 'README.md': '# calc\n' },
  commits: [{ files: { 'src/calc.ts': CALC_HEAD }, message: 'Add divide and mean' }]
}

/** 1-based number of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex(line => line.includes(needle))
  if (index < 0) throw new Error(`'${needle}' not found`)
  return index + 1
}

/** A high finding on the loop that reads one element past the end, as the model would record it. */
export const OVERREAD_FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/calc.ts',
  title: 'Loop reads past the end',
  description: 'i <= values.length reads one element too many.',
  start_line: lineOf(CALC_HEAD, 'i <= values.length'),
  quote: 'i <= values.length'
}

/** What each world and model holds open, released by `releaseAll` after every test. */
const held: Array<() => unknown> = []

export async function releaseAll(): Promise<void> {
  for (const release of held.splice(0)) await release()
}

export interface ReviewWorld {
  fixture: PrFixture
  git: Git
  files: DiffFile[]
  lines: DiffLineSet
  store: FindingsStore
  tools: ToolRegistry
  headSha: string
  baseSha: string
}

export async function createWorld(
  spec: PrFixtureSpec = DEFAULT_SPEC,
  existing: Finding[] = []
): Promise<ReviewWorld> {
  const fixture = createPrFixture(spec)
  held.push(() => fixture.cleanup())
  const git = createGit(fixture.workspaceDir, memoryLogger())
  const headSha = fixture.headSha
  const baseSha = fixture.mergeBaseSha
  await git.fetchShas([headSha, baseSha], 1)
  const files = await diffFiles(git, baseSha, headSha)
  const lines = DiffLineSet.fromFiles(files)
  const store = new FindingsStore({
    existing,
    lines,
    headSha,
    readHeadLines: path => readLinesAt(git, headSha, path)
  })
  const tools = new ToolRegistry([...repoTools({ git, headSha, baseSha, files }), ...findingTools(store)])
  return { fixture, git, files, lines, store, tools, headSha, baseSha }
}

export interface Model {
  server: MessagesServer
  client: Anthropic
}

export async function startModel(script: Step[] = [], options: { maxRetries?: number } = {}): Promise<Model> {
  const server = await startMessagesServer({ apiKey: API_KEY, script })
  held.push(() => server.close())
  const client = createAnthropic({
    apiKey: API_KEY,
    baseUrl: server.url,
    maxRetries: options.maxRetries ?? 0
  })
  return { server, client }
}

export interface RunOverrides {
  budget?: Partial<BudgetLimits>
  now?: () => number
  firstUserContent?: string
}

export async function review(
  world: ReviewWorld,
  model: Model,
  overrides: RunOverrides = {}
): Promise<AgentRun & { log: ReturnType<typeof memoryLogger> }> {
  const log = memoryLogger()
  const run = await runAgent({
    client: model.client,
    model: MODEL,
    budget: { ...budgetLimits('standard'), ...overrides.budget },
    system: SYSTEM_PROMPT,
    firstUserContent: overrides.firstUserContent ?? 'Review this pull request.',
    tools: world.tools,
    logger: log,
    ...(overrides.now ? { now: overrides.now } : {})
  })
  return { ...run, log }
}

/** The blocks of the last user message a request carried. */
export function lastUserBlocks(request: {
  body: { messages?: Array<{ role: string; content: unknown }> }
}): Array<Record<string, unknown>> {
  const messages = request.body.messages ?? []
  const last = messages[messages.length - 1]
  return Array.isArray(last?.content) ? (last.content as Array<Record<string, unknown>>) : []
}

/** The tool_result blocks of a request's last message. */
export function toolResults(request: Parameters<typeof lastUserBlocks>[0]): Array<Record<string, unknown>> {
  return lastUserBlocks(request).filter(b => b.type === 'tool_result')
}
