import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { DiffLineSet } from '../src/diff/line-set.js'
import { renderDiff } from '../src/diff/render.js'
import { diffFiles } from '../src/diff/source.js'
import { triage } from '../src/diff/triage.js'
import { createGit, diffArgs, type Git } from '../src/git/git.js'
import { silentLogger } from '../src/logger.js'

/**
 * The diff engine's cost against git's own: a review should not spend noticeably more than `git diff`
 * itself to know which lines it may comment on. Targets: the pipeline (diff, parse, line set, triage)
 * within 1.5 times a bare `git diff` of the same commits, and under 300 MB of memory on the large PR.
 *
 * Memory and the cold run are measured in a fresh process, as the action runs the pipeline once per
 * process; the warm figures are medians over several runs in this one.
 */
const CASES: Array<{ name: string } & SyntheticPrShape> = [
  { name: 'medium: 300 files, 20k changed lines', files: 300, changedLines: 20_000 },
  { name: 'large: 3,000 files, 100k changed lines', files: 3_000, changedLines: 100_000 }
]
const RUNS = 5
/** Fresh processes per case; the one with the median ratio is reported. */
const PROBES = 3
const RATIO_TARGET = 1.5
const MEMORY_TARGET_MB = 300
const PROBE_FLAG = '--diff-bench-probe'

export async function benchDiff(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redline-diff-bench-'))
  try {
    for (const [index, shape] of CASES.entries()) {
      const started = performance.now()
      const pr = buildSyntheticPr(path.join(root, `pr-${index}`), shape)
      console.log(`\n${shape.name} (repository built in ${ms(performance.now() - started)})`)
      await measure(pr)
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

async function measure(pr: SyntheticPr): Promise<void> {
  const probes: ProbeResult[] = []
  for (let run = 0; run < PROBES; run++) probes.push(await probeInFreshProcess(pr))
  const cold = medianBy(probes, probe => probe.pipelineMs / probe.bareMs)
  const maxRssMb = Math.max(...probes.map(probe => probe.maxRssMb))
  const git = createGit(pr.dir, silentLogger)
  const bare: number[] = []
  const full: number[] = []
  let stages: Stages | undefined
  for (let run = 0; run < RUNS; run++) {
    bare.push(await timed(() => bareDiff(pr)))
    stages = await pipeline(pr, git)
    full.push(stages.totalMs)
  }
  if (!stages) return
  const ratio = median(full) / median(bare)
  const coldRatio = cold.pipelineMs / cold.bareMs
  console.log(`  ${stages.files} files, ${stages.changed} changed lines, ${mb(cold.bytes)} MB of diff text`)
  row('bare git diff', `${ms(median(bare))} median of ${RUNS}, ${ms(Math.min(...bare))} best`)
  row(
    'diff + parse + line set + triage',
    `${ms(median(full))} median of ${RUNS}, ${ms(Math.min(...full))} best`
  )
  row('  of which after git ends', `line set ${ms(stages.lineSetMs)}, triage ${ms(stages.triageMs)}`)
  row(
    'ratio, same process',
    `${ratio.toFixed(2)}x (target <= ${RATIO_TARGET}x) ${verdict(ratio <= RATIO_TARGET)}`
  )
  row(
    `ratio, fresh process (median of ${PROBES})`,
    `${coldRatio.toFixed(2)}x (${ms(cold.pipelineMs)} against ${ms(cold.bareMs)}) ${verdict(coldRatio <= RATIO_TARGET)}`
  )
  row(
    `peak memory, fresh process (max of ${PROBES})`,
    `${maxRssMb.toFixed(0)} MB RSS (target <= ${MEMORY_TARGET_MB} MB) ${verdict(maxRssMb <= MEMORY_TARGET_MB)}`
  )
  row(
    'rendering the triaged diff (not in the target)',
    `${ms(stages.renderMs)}, ${mb(stages.renderedChars)}M characters`
  )
}

function row(label: string, value: string): void {
  console.log(`  ${`${label}:`.padEnd(48)} ${value}`)
}

interface Stages {
  files: number
  /** Diff, parse, line set and triage. */
  totalMs: number
  changed: number
  lineSetMs: number
  triageMs: number
  renderMs: number
  renderedChars: number
}

/** The measured pipeline; rendering is timed on its own, as it is not part of the target. */
async function pipeline(pr: SyntheticPr, git: Git): Promise<Stages> {
  const started = performance.now()
  const files = await diffFiles(git, pr.baseSha, pr.headSha)
  const parsed = performance.now()
  const lineSet = DiffLineSet.fromFiles(files)
  const indexed = performance.now()
  const triaged = triage(files, { exclude: ['**/*.generated.ts'], maxLinesPerFile: 400 })
  const done = performance.now()
  const rendered = renderDiff(triaged)
  const renderMs = performance.now() - done
  let changed = 0
  for (const file of files) changed += file.additions + file.deletions
  if (lineSet.paths().length === 0) throw new Error('the synthetic pull request produced no diff')
  return {
    files: files.length,
    changed,
    totalMs: done - started,
    lineSetMs: indexed - parsed,
    triageMs: done - indexed,
    renderMs,
    renderedChars: rendered.length
  }
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

interface ProbeResult {
  bytes: number
  bareMs: number
  pipelineMs: number
  maxRssMb: number
}

/** Runs this file again in a new process (same loader flags) for one cold pipeline run. */
function probeInFreshProcess(pr: SyntheticPr): Promise<ProbeResult> {
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    PROBE_FLAG,
    pr.dir,
    pr.baseSha,
    pr.headSha
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
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
  const bareMs = await timed(async () => void (bytes = await bareDiff(pr)))
  const { totalMs: pipelineMs } = await pipeline(pr, createGit(dir, silentLogger))
  const result: ProbeResult = { bytes, bareMs, pipelineMs, maxRssMb: process.resourceUsage().maxRSS / 1024 }
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
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
}

interface SyntheticPr {
  dir: string
  baseSha: string
  headSha: string
}

const LINES_PER_FILE = 120

/**
 * Builds a real repository with a base commit and a head commit. A tenth of the files are new, a few are
 * renamed with edits, the rest are modified in several separate hunks, so the diff exercises the same
 * paths as a real pull request. Content is deterministic so runs compare.
 */
function buildSyntheticPr(dir: string, shape: SyntheticPrShape): SyntheticPr {
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

  for (let i = added; i < shape.files; i++) writeFile(dir, fileName(i), baseContent(i))
  git('add', '-A')
  git('commit', '-q', '-m', 'base')
  const baseSha = git('rev-parse', 'HEAD')

  for (let i = 0; i < added; i++) writeFile(dir, fileName(i), newContent(i, perFile))
  for (let i = added; i < shape.files; i++) {
    const lines = baseContent(i).split('\n')
    editLines(lines, i, perFile)
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

function baseContent(seed: number): string {
  const lines: string[] = []
  for (let n = 0; n < LINES_PER_FILE; n++) lines.push(codeLine(seed, n, 'v1'))
  return `${lines.join('\n')}\n`
}

function newContent(seed: number, count: number): string {
  const lines: string[] = []
  for (let n = 0; n < count; n++) lines.push(codeLine(seed, n, 'new'))
  return `${lines.join('\n')}\n`
}

/** Replaces `changed / 2` lines (one removal and one addition each) in blocks of three, spread out. */
function editLines(lines: string[], seed: number, changed: number): void {
  const replacements = Math.max(1, Math.ceil(changed / 2))
  const blocks = Math.ceil(replacements / 3)
  const stride = Math.max(4, Math.floor((LINES_PER_FILE * 0.9) / blocks))
  let done = 0
  for (let block = 0; done < replacements; block++) {
    const at = (block * stride + (seed % 3)) % Math.max(1, lines.length - 4)
    for (let k = 0; k < 3 && done < replacements; k++, done++) {
      lines[at + k] = codeLine(seed, at + k + block * 1000, 'v2')
    }
  }
}

function codeLine(seed: number, n: number, version: string): string {
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
