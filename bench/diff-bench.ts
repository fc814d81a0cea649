import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { PassFiles } from '../src/agent/pass-plan.js'
import { budgetLimits } from '../src/agent/budgets.js'
import {
  buildFirstUserContent,
  firstMessageShows,
  type GuidanceFile,
  type PassContext
} from '../src/agent/first-message.js'
import { Coverage } from '../src/agent/coverage.js'
import { MAX_CONCURRENT_PASSES } from '../src/agent/passes.js'
import { symbolReferences, type SymbolReferences } from '../src/graph/changed-symbols.js'
import { grammarFile, LANGUAGES } from '../src/graph/languages.js'
import { BUNDLED_RUNTIME, BUNDLED_TREE_SITTER } from '../src/graph/parser.js'
import type { TriageResult } from '../src/diff/triage.js'
import { diffArgs } from '../src/git/git.js'
import { readSettings } from '../src/action/inputs.js'
import { silentLogger } from '../src/logger.js'
import { planReview } from '../src/agent/reviewer.js'
import { probeRuntime, type ProbeRuntime } from './runtime.js'
import { readGuidanceAtBase } from '../src/agent/context.js'
import type { DiffSource } from '../src/engine/host.js'
import { scopeReview } from '../src/engine/scope.js'

/**
 * What the action spends before its first model request, against git's own `git diff` of the same commits:
 * the pull request's diff with its preflight (scopeReview: repository check, commits present, diff, parse,
 * triage; the diff-line set is built when first asked, later), the repository guidance at the base, the
 * changed symbols and their references at the head, and the first pass's first message. Target: all but the
 * symbols at most 1.5 times the bare `git diff` (see prepOf), under 300 MB of memory. The passes that start
 * with the first build their first messages once its request is on its way (see runPool); they are timed
 * apart.
 *
 * Everything is measured in a fresh process running this file bundled, as the action prepares one review
 * per process from its bundle: a warm process would hide the cost of code that runs once. Each probe times
 * the bare diff before and after the prep and compares the prep with their mean, so drift on a busy machine
 * falls on both sides. The probes run under the action's runtime (see probeRuntime).
 */
const CASES: Array<{ name: string; probes?: number } & SyntheticPrShape> = [
  // A probe of the smallest case takes a fraction of a second, and its ratio moves most with the host: 30
  // probes spread 1.10-1.60, and resampling them, the median of 15 moved by 0.05 (standard deviation), of 31
  // by 0.035.
  { name: '300 files', files: 300, changedLines: 20_000, probes: 31 },
  { name: '3,000 files', files: 3_000, changedLines: 100_000 },
  { name: '10,000 files', files: 10_000, changedLines: 150_000, probes: 5 },
  { name: '10 MB, one file', files: 1, changedLines: 90_000, linesPerFile: 112_000 }
]
/** Fresh processes per case unless it says otherwise; the one with the median ratio is reported. */
const PROBES = 7
const RATIO_TARGET = 1.5
const MEMORY_TARGET_MB = 300
const PROBE_FLAG = '--diff-bench-probe'

/** The action's settings when a workflow sets only the two secrets. */
const SETTINGS = readSettings(name =>
  name === 'anthropic-api-key' || name === 'github-token' ? 'bench-secret' : ''
)

/** Runs every case, or those whose name contains `only`. */
export async function benchDiff(only?: string): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-diff-bench-'))
  const rows: TableRow[] = []
  try {
    const bundling = performance.now()
    const probeScript = await bundleProbe(path.join(root, 'probe'))
    const runtime = probeRuntime(projectRoot())
    console.log(
      `probes run from an ncc bundle, as the action does (built in ${ms(performance.now() - bundling)}), ` +
        `under Node ${runtime.version}: ${runtime.origin}`
    )
    for (const [index, shape] of CASES.entries()) {
      if (only && !shape.name.includes(only)) continue
      const started = performance.now()
      const pr = buildSyntheticPr(path.join(root, `pr-${index}`), shape)
      console.log(`\n${shape.name} (repository built in ${ms(performance.now() - started)})`)
      rows.push({ name: shape.name, ...(await measure(pr, runtime, probeScript, shape.probes ?? PROBES)) })
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
  printTable(rows)
}

interface Measured {
  bareMs: number
  /** Preflight, diff, guidance and first messages: what the ratio target is about. */
  prepMs: number
  /** With the changed symbols' reference counts too: everything before the first model request. */
  beforeRequestMs: number
  maxRssMb: number
}

interface TableRow extends Measured {
  name: string
}

async function measure(
  pr: SyntheticPr,
  runtime: ProbeRuntime,
  probeScript: string,
  count: number
): Promise<Measured> {
  const probes: ProbeResult[] = []
  for (let run = 0; run < count; run++) probes.push(await probeInFreshProcess(pr, runtime, probeScript))
  const probe = medianBy(probes, ratioOf)
  const maxRssMb = Math.max(...probes.map(result => result.maxRssMb))
  const { stages } = probe
  console.log(
    `  ${probe.files} files, ${probe.changed} changed lines, ${mb(probe.bytes)} MB of diff text, ` +
      `${probe.guidanceFiles} guidance files, ${probe.passes} pass(es)`
  )
  row('bare git diff', `${ms(probe.bareMs)} (ratios of ${count} probes: ${ratios(probes)})`)
  row('prep', ms(prepOf(probe)))
  row('  diff with preflight, parse, triage', ms(stages.scopeMs))
  row('  passes planned, first diff rendered', ms(stages.planMs))
  row('  guidance at the base, the rest of it', ms(stages.guidanceMs))
  row('  first message', `${ms(stages.firstMessageMs)}, ${mb(probe.firstMessageChars)}M characters`)
  row(
    'ratio',
    `${ratioOf(probe).toFixed(2)}x (target <= ${RATIO_TARGET}x) ${verdict(ratioOf(probe) <= RATIO_TARGET)}`
  )
  row(
    'before the first request',
    `${ms(probe.prepMs)} (${(probe.prepMs / probe.bareMs).toFixed(2)}x), with ${ms(stages.symbolsMs)} for ` +
      `${probe.symbols} changed symbols and their references`
  )
  if (probe.otherFirstMessages > 0) {
    row(
      'then, the first request sent',
      `${ms(stages.otherFirstMessagesMs)} for the first messages of ${probe.otherFirstMessages} more passes`
    )
  }
  row(
    `peak memory (max of ${count})`,
    `${maxRssMb.toFixed(0)} MB RSS (target <= ${MEMORY_TARGET_MB} MB) ${verdict(maxRssMb <= MEMORY_TARGET_MB)}`
  )
  return { bareMs: probe.bareMs, prepMs: prepOf(probe), beforeRequestMs: probe.prepMs, maxRssMb }
}

/**
 * The prep the target is set for: the preflight, the diff, the guidance read and the first messages. The
 * symbols' lookup costs one `git grep` over the whole head, which grows with the repository rather than the
 * diff, so it is reported beside the ratio.
 */
function prepOf(probe: ProbeResult): number {
  return probe.prepMs - probe.stages.symbolsMs
}

function ratioOf(probe: ProbeResult): number {
  return prepOf(probe) / probe.bareMs
}

function ratios(probes: ProbeResult[]): string {
  return probes.map(probe => ratioOf(probe).toFixed(2)).join(', ')
}

function row(label: string, value: string): void {
  console.log(`  ${`${label}:`.padEnd(48)} ${value}`)
}

function printTable(rows: TableRow[]): void {
  const header = [
    'case',
    'bare git diff',
    'prep',
    'ratio',
    `<= ${RATIO_TARGET}x`,
    'with symbols',
    'ratio',
    'max RSS'
  ]
  const lines = rows.map(entry => [
    entry.name,
    ms(entry.bareMs),
    ms(entry.prepMs),
    `${(entry.prepMs / entry.bareMs).toFixed(2)}x`,
    entry.prepMs / entry.bareMs <= RATIO_TARGET ? 'yes' : 'no',
    ms(entry.beforeRequestMs),
    `${(entry.beforeRequestMs / entry.bareMs).toFixed(2)}x`,
    `${entry.maxRssMb.toFixed(0)} MB`
  ])
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map(line => (line[i] ?? '').length))
  )
  const format = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`
  console.log('\nfresh-process prep against bare git diff (the median-ratio probe of each case):')
  console.log(format(header))
  console.log(
    `|${widths.map((width, i) => (i === 0 ? ':' : '-').padEnd(width + 1, '-') + (i === 0 ? '-' : ':')).join('|')}|`
  )
  for (const line of lines) console.log(format(line))
}

interface Stages {
  scopeMs: number
  /** planReview, while git reads the guidance. */
  planMs: number
  /** The guidance's read, from the end of planReview. */
  guidanceMs: number
  symbolsMs: number
  firstMessageMs: number
  /** The passes started with the first build theirs after its request is sent: not part of the prep. */
  otherFirstMessagesMs: number
}

interface PrepResult {
  stages: Stages
  files: number
  changed: number
  guidanceFiles: number
  symbols: number
  passes: number
  firstMessageChars: number
  otherFirstMessages: number
  /** Up to the first pass's first message. */
  prepMs: number
}

/**
 * The action's steps from scopeReview to the first model requests (see reviewWithModel and reviewWithAgent). The
 * action plans the passes while git reads the guidance (with the reader scopeReview opened) and the symbols, then
 * waits for both at once; here the symbols are read once the guidance is in, so that each has a figure of its
 * own, and the total is the longer for it.
 */
async function prep(pr: SyntheticPr): Promise<PrepResult> {
  const logger = silentLogger
  const source: DiffSource = {
    mergeBase: () => Promise.resolve(pr.baseSha),
    listFiles: () => Promise.reject(new Error('the bench diffs with git only'))
  }
  const started = performance.now()
  const scoped = await scopeReview(
    {
      workspace: pr.dir,
      headSha: pr.headSha,
      baseSha: pr.baseSha,
      fullReview: false,
      exclude: SETTINGS.exclude,
      logger
    },
    source
  )
  const scopedAt = performance.now()
  const guidanceRead = readGuidanceAtBase(
    scoped.git,
    pr.baseSha,
    logger,
    scoped.pullDiff.files.map(file => file.path),
    scoped.baseReader
  )
  const batches = planReview(scoped.triage)
  const plannedAt = performance.now()
  const guidance = await guidanceRead
  const guidedAt = performance.now()
  const symbols = await symbolReferences(
    scoped.git,
    pr.headSha,
    scoped.triage.reviewable.map(entry => entry.file),
    logger
  )
  const symbolsAt = performance.now()
  const [first, ...others] = passesStarted(batches)
  const firstMessageChars = firstMessage(pr, scoped.triage, guidance, symbols, first)
  const done = performance.now()
  for (const pass of others) firstMessage(pr, scoped.triage, guidance, symbols, pass)
  const othersDone = performance.now()
  let changed = 0
  for (const file of scoped.pullDiff.files) changed += file.additions + file.deletions
  if (scoped.lineSet.paths().length === 0) throw new Error('the synthetic pull request produced no diff')
  return {
    stages: {
      scopeMs: scopedAt - started,
      planMs: plannedAt - scopedAt,
      guidanceMs: guidedAt - plannedAt,
      symbolsMs: symbolsAt - guidedAt,
      firstMessageMs: done - symbolsAt,
      otherFirstMessagesMs: othersDone - done
    },
    prepMs: done - started,
    files: scoped.pullDiff.files.length,
    changed,
    guidanceFiles: guidance.length,
    symbols: symbols.length,
    passes: Math.max(1, batches.length),
    firstMessageChars,
    otherFirstMessages: others.length
  }
}

/** The passes reviewWithAgent starts at once: undefined for a pull request reviewed in one conversation. */
function passesStarted(batches: PassFiles[]): Array<PassContext | undefined> {
  if (batches.length <= 1) return [undefined]
  return batches
    .slice(0, MAX_CONCURRENT_PASSES)
    .map((batch, index) => ({ index, count: batches.length, files: batch.files }))
}

/** What reviewPass builds before its first request: the first message and its coverage. Its length. */
function firstMessage(
  pr: SyntheticPr,
  triaged: TriageResult,
  guidance: GuidanceFile[],
  symbols: SymbolReferences[],
  pass: PassContext | undefined
): number {
  const coverage = new Coverage(triaged.reviewable.map(entry => entry.file))
  const [content] = buildFirstUserContent({
    repository: 'bench/synthetic',
    pr: { number: 1, title: 'A synthetic pull request', body: 'For the bench.', author: 'bench' },
    headSha: pr.headSha,
    baseSha: pr.baseSha,
    triage: triaged,
    guidance,
    instructions: SETTINGS.instructions,
    budget: budgetLimits(SETTINGS.budget),
    symbols,
    ...(pass ? { pass } : {})
  })
  for (const shown of firstMessageShows(triaged, pass)) {
    if (shown.whole) coverage.offerWholeDiff(shown.path)
    else coverage.offerDiffLines(shown.path, shown.lines)
  }
  return content?.text.length ?? 0
}

/** `git diff` alone, its output read and dropped, with the same arguments the engine uses. */
function bareDiff(pr: SyntheticPr): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', ...diffArgs(pr.baseSha, pr.headSha)], {
      cwd: pr.dir,
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let bytes = 0
    child.stdout.on('data', (data: Buffer) => void (bytes += data.length))
    child.on('error', reject)
    child.on('close', code =>
      code === 0 ? resolve(bytes) : reject(new Error(`git diff exited with ${code}`))
    )
  })
}

interface ProbeResult extends PrepResult {
  bytes: number
  bareMs: number
  maxRssMb: number
}

/**
 * This file bundled by ncc, as dist/ is: the action runs a bundle with plain `node`, and a probe run through
 * tsx's loader also paid for the loader's worker thread and its esbuild process, which took 0.1 to 0.2 of
 * the 300-file ratio and widened its spread.
 */
async function bundleProbe(dir: string): Promise<string> {
  const root = projectRoot()
  const ncc = path.join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js')
  const args = [ncc, 'build', fileURLToPath(import.meta.url), '-o', dir, '--quiet']
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('close', code => (code === 0 ? resolve() : reject(new Error(`ncc build exited with ${code}`))))
  })
  // The grammars beside the probe, as scripts/bundle.ts puts them beside the action's bundle.
  const grammars = path.join(root, 'node_modules/@vscode/tree-sitter-wasm/wasm')
  const to = path.join(dir, BUNDLED_TREE_SITTER)
  fs.mkdirSync(to, { recursive: true })
  fs.cpSync(path.join(grammars, 'tree-sitter.js'), path.join(to, BUNDLED_RUNTIME))
  for (const file of ['tree-sitter.wasm', ...LANGUAGES.map(grammarFile)])
    fs.cpSync(path.join(grammars, file), path.join(to, file))
  return path.join(dir, 'index.js')
}

function projectRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
}

/** Runs the bundled probe in a new process, without this process's loader, for one cold prep. */
function probeInFreshProcess(
  pr: SyntheticPr,
  runtime: ProbeRuntime,
  probeScript: string
): Promise<ProbeResult> {
  const args = [probeScript, PROBE_FLAG, pr.dir, pr.baseSha, pr.headSha]
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.node, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (data: Buffer) => void (out += data.toString('utf8')))
    child.on('error', reject)
    child.on('close', code =>
      code === 0 ? resolve(JSON.parse(out) as ProbeResult) : reject(new Error(`probe exited with ${code}`))
    )
  })
}

async function probe(dir: string, baseSha: string, headSha: string): Promise<void> {
  const pr = { dir, baseSha, headSha }
  let bytes = 0
  const before = await timed(async () => void (bytes = await bareDiff(pr)))
  const prepared = await prep(pr)
  // The prep's peak, read before the second bare diff: that diff is the timing's reference, not the action's
  // work, and its output, read and dropped, lay uncollected on top of the prep's heap: 35 to 60 MB more at
  // 10,000 files, as the collector happened to run, with or without the code graph.
  const maxRssMb = process.resourceUsage().maxRSS / 1024
  const after = await timed(() => bareDiff(pr))
  const result: ProbeResult = { ...prepared, bytes, bareMs: (before + after) / 2, maxRssMb }
  process.stdout.write(JSON.stringify(result))
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

function medianBy<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)] as T
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`
}

function mb(value: number): string {
  return (value / 1e6).toFixed(1)
}

function verdict(ok: boolean): string {
  return ok ? 'OK' : 'OVER TARGET'
}

/** The shape of a synthetic pull request: how many files it touches and how many lines change. */
interface SyntheticPrShape {
  files: number
  changedLines: number
  /** Lines of each file at the base (default 120). */
  linesPerFile?: number
}

interface SyntheticPr {
  dir: string
  baseSha: string
  headSha: string
}

const LINES_PER_FILE = 120
/** Guidance at the base: the root's, and that of a few of the directories the pull request touches. */
const GUIDANCE = {
  'REVIEW.md': 'Every exported function has a test.\n',
  'AGENTS.md': 'Run the linter before committing.\n',
  'pkg0/AGENTS.md': 'Code in pkg0 never throws.\n',
  'pkg1/REVIEW.md': 'pkg1 is performance-critical: flag allocations in loops.\n',
  'pkg2/CLAUDE.md': 'pkg2 talks to the network: check timeouts.\n'
}

/**
 * Builds a real repository with a base commit and a head commit. A tenth of the files are new, a few are
 * renamed with edits, the rest are modified in several separate hunks, so the diff exercises the same
 * paths as a real pull request. Content is deterministic so runs compare.
 */
export function buildSyntheticPr(dir: string, shape: SyntheticPrShape): SyntheticPr {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 30
    }).trim()
  git('init', '-q', '-b', 'main')
  git('config', 'user.email', 'bench@example.com')
  git('config', 'user.name', 'bench')
  git('config', 'commit.gpgsign', 'false')

  const perFile = Math.max(2, Math.ceil(shape.changedLines / shape.files))
  const added = Math.floor(shape.files / 10)
  const renamed = Math.floor(shape.files / 50)
  const fileName = (i: number): string => `pkg${i % 40}/module-${i}.ts`

  const linesPerFile = shape.linesPerFile ?? LINES_PER_FILE
  for (const [name, text] of Object.entries(GUIDANCE)) writeFile(dir, name, text)
  for (let i = added; i < shape.files; i++) writeFile(dir, fileName(i), baseContent(i, linesPerFile))
  git('add', '-A')
  git('commit', '-q', '-m', 'base')
  const baseSha = git('rev-parse', 'HEAD')

  for (let i = 0; i < added; i++) writeFile(dir, fileName(i), newContent(i, perFile))
  for (let i = added; i < shape.files; i++) {
    const lines = baseContent(i, linesPerFile).split('\n')
    editLines(lines, i, perFile, linesPerFile)
    if (i < added + renamed) {
      fs.rmSync(path.join(dir, fileName(i)))
      writeFile(dir, fileName(i).replace('module-', 'renamed-'), lines.join('\n'))
    } else {
      writeFile(dir, fileName(i), lines.join('\n'))
    }
  }
  git('add', '-A')
  git('commit', '-q', '-m', 'head')
  return { dir, baseSha, headSha: git('rev-parse', 'HEAD') }
}

function writeFile(root: string, name: string, content: string): void {
  const full = path.join(root, name)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, content)
}

function baseContent(seed: number, count: number): string {
  const lines: string[] = []
  for (let n = 0; n < count; n++) lines.push(codeLine(seed, n, 'v1'))
  return `${lines.join('\n')}\n`
}

function newContent(seed: number, count: number): string {
  const lines: string[] = []
  for (let n = 0; n < count; n++) lines.push(codeLine(seed, n, 'new'))
  return `${lines.join('\n')}\n`
}

/** Replaces `changed / 2` lines (one removal and one addition each) in blocks of three, spread out. */
function editLines(lines: string[], seed: number, changed: number, linesPerFile: number): void {
  const replacements = Math.max(1, Math.ceil(changed / 2))
  const blocks = Math.ceil(replacements / 3)
  const stride = Math.max(4, Math.floor((linesPerFile * 0.9) / blocks))
  let done = 0
  for (let block = 0; done < replacements; block++) {
    const at = (block * stride + (seed % 3)) % Math.max(1, lines.length - 4)
    for (let k = 0; k < 3 && done < replacements; k++, done++) {
      lines[at + k] = codeLine(seed, at + k + block * 1000, 'v2')
    }
  }
}

/** Code in top-level functions: every twelfth line declares one, so a change has symbols to look up. */
function codeLine(seed: number, n: number, version: string): string {
  if (n % 12 === 0) return `export function step${seed}_${n}(input: number): number {`
  return `  const value${n}_${version} = compute(${seed}, ${n}) // ${version} line ${n} of module ${seed}`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const probeAt = process.argv.indexOf(PROBE_FLAG)
  const [dir, baseSha, headSha] = process.argv.slice(probeAt + 1)
  const run = probeAt >= 0 && dir && baseSha && headSha ? probe(dir, baseSha, headSha) : benchDiff()
  run.catch(error => {
    console.error(error)
    process.exitCode = 1
  })
}
