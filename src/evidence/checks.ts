/**
 * The repository's configured checks (`checks` in the base branch's configuration), each run in the sandbox
 * on one copy of the head tree and read in its format. A non-zero exit with output that reads is results
 * found, as linters exit; a check that cannot be read, or times out, says so in its report.
 */
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from '../logger.js'
import { redactSecrets } from '../text/redact.js'
import { copyHeadTree } from './head-tree.js'
import { compileMatchers, matchOutput } from './problem-matcher.js'
import { runSandboxed, sandboxEnv, type SandboxRun } from './sandbox.js'
import { MAX_SARIF_BYTES, parseSarif } from './sarif.js'
import type { CheckSpec } from './spec.js'
import type { EvidenceReport, GatheredResults, ToolResult } from './types.js'

export interface ChecksInput {
  checks: readonly CheckSpec[]
  workspace: string
  headSha: string
  logger: Logger
  env?: NodeJS.ProcessEnv
}

/** Runs each check in turn on one copy of the head tree, removed afterwards. */
export async function runChecks(input: ChecksInput): Promise<GatheredResults> {
  const { logger } = input
  const root = await mkdtemp(join(tmpdir(), 'redline-checks-'))
  const gathered: GatheredResults = { results: [], reports: [] }
  try {
    const tree = join(root, 'tree')
    try {
      await copyHeadTree(input.workspace, input.headSha, tree)
    } catch (error) {
      const why = `the head could not be copied (${error instanceof Error ? error.message : String(error)})`
      logger.warning(`Checks not run: ${why}.`)
      for (const check of input.checks)
        gathered.reports.push({
          source: 'check',
          name: check.name,
          status: 'failed',
          text: `not run: ${why}`
        })
      return gathered
    }
    for (const [index, check] of input.checks.entries()) {
      const dirs = { home: join(root, `home-${index}`), tmp: join(root, `tmp-${index}`) }
      await Promise.all([mkdirp(dirs.home), mkdirp(dirs.tmp)])
      logger.info(`Running check ${check.name}: ${check.run}`)
      const ran = await runSandboxed(check.run, {
        cwd: tree,
        env: sandboxEnv(input.env ?? process.env, check.env ?? [], dirs),
        timeoutMs: Math.round(check.timeout * 60_000)
      })
      const read = await readCheck(check, ran, tree)
      logger.info(`Check ${check.name}: ${read.report.text}`)
      gathered.results.push(...read.results)
      gathered.reports.push(read.report)
    }
    return gathered
  } finally {
    await rm(root, { recursive: true, force: true }).catch(() => undefined)
  }
}

async function mkdirp(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
}

function seconds(minutes: number): string {
  const total = Math.round(minutes * 60)
  return total < 120 ? `${total} s` : `${Math.round(total / 60)} minutes`
}

/** The check's results and its report, from how it ended and what it wrote. */
async function readCheck(
  check: CheckSpec,
  ran: SandboxRun,
  tree: string
): Promise<{ results: ToolResult[]; report: EvidenceReport }> {
  const report = (status: EvidenceReport['status'], text: string): EvidenceReport => ({
    source: 'check',
    name: check.name,
    status,
    text
  })
  if (ran.error !== undefined)
    return { results: [], report: report('failed', `could not start: ${ran.error}`) }
  if (ran.timedOut)
    return { results: [], report: report('timed-out', `timed out after ${seconds(check.timeout)}`) }
  let output: string
  try {
    output = await outputOf(check, ran, tree)
  } catch (error) {
    return { results: [], report: report('failed', error instanceof Error ? error.message : String(error)) }
  }
  const roots = [tree]
  let results: ToolResult[]
  try {
    results =
      check.format === 'sarif'
        ? parseSarif(output, roots).map(result => ({ ...result, tool: check.name, from: check.name }))
        : matchOutput(
            output,
            compileMatchers([check.matcher as NonNullable<CheckSpec['matcher']>]),
            roots
          ).map(result => ({ ...result, tool: check.name, from: check.name }))
  } catch (error) {
    const exit = ran.exitCode === 0 ? '' : `exited with ${ran.exitCode ?? 'a signal'} and `
    return { results: [], report: report('failed', `${exit}its output could not be read: ${reason(error)}`) }
  }
  if (ran.exitCode !== 0 && results.length === 0) {
    const tail = lastLine(ran.stderr) || lastLine(ran.stdout)
    return {
      results,
      report: report(
        'failed',
        `exited with ${ran.exitCode ?? 'a signal'} and no result${tail ? `: ${tail}` : ''}`
      )
    }
  }
  const cut = ran.droppedBytes.stdout + ran.droppedBytes.stderr
  const capped = cut > 0 ? ` (output cut at 1 MB a stream, ${cut} bytes dropped)` : ''
  return { results, report: report('ran', `ran${capped}`) }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function lastLine(text: string): string {
  const line = text.trim().split('\n').pop() ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** The text to read: the `output` file the command wrote (capped, redacted), or its standard output. */
async function outputOf(check: CheckSpec, ran: SandboxRun, tree: string): Promise<string> {
  if (check.output === undefined)
    return check.format === 'sarif' ? ran.stdout : `${ran.stdout}\n${ran.stderr}`
  const path = join(tree, check.output)
  const info = await stat(path).catch(() => undefined)
  if (!info?.isFile()) throw new Error(`it wrote no ${check.output} (exit ${ran.exitCode ?? 'by a signal'})`)
  const limit = check.format === 'sarif' ? MAX_SARIF_BYTES : 1_000_000
  if (info.size > limit) throw new Error(`${check.output} is larger than ${limit} bytes`)
  return redactSecrets(await readFile(path, 'utf8'))
}
