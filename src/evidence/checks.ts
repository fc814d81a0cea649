/**
 * The repository's configured checks (`checks` in the base branch's configuration), each run in the sandbox
 * on its own copy of the head tree, with its setup first where it has one, and read in its format. A non-zero
 * exit with output that reads is results found, as linters exit; a check that cannot be read, times out or is
 * cut off by a limit says so in its report. Where the sandbox cannot start, no check runs.
 */
import type { Logger } from '../logger.js'
import { redactSecrets } from '../text/redact.js'
import {
  handOver,
  makeCheckFolder,
  probeSandbox,
  readSandboxHost,
  removeCheckFolder,
  runInSandbox,
  type CheckFolder,
  type SandboxHost,
  type SandboxOutcome
} from '../sandbox/index.js'
import { checkEnv, checkLimits, readOnlyFolders } from './check-plan.js'
import { MAX_OUTPUT_BYTES, readInside } from './files.js'
import { copyHeadTree } from './head-tree.js'
import { compileMatchers, matchOutput } from './problem-matcher.js'
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

/** What works where the sandbox does not. */
const INSTEAD =
  'run the sandbox step (uses: redline-review/redline/sandbox) before the review, or give Redline a SARIF file written by an earlier step or job without secrets (evidence)'

function notRun(checks: readonly CheckSpec[], why: string): GatheredResults {
  const reports: EvidenceReport[] = checks.map(check => ({
    source: 'check',
    name: check.name,
    status: 'not-run',
    text: `not run: ${why}`
  }))
  return { results: [], reports }
}

/** Runs each check in turn, each on its own copy of the head, removed afterwards. */
export async function runChecks(input: ChecksInput): Promise<GatheredResults> {
  const { logger } = input
  const env = input.env ?? process.env
  const host = readSandboxHost()
  const readiness = await probeSandbox(host, env['PATH'])
  if (!readiness.ready) {
    const why = `the sandbox cannot start here (${readiness.why}); ${INSTEAD}`
    logger.warning(`Checks not run: ${why}.`)
    return notRun(input.checks, why)
  }
  const gathered: GatheredResults = { results: [], reports: [] }
  const notes = new Set<string>()
  for (const check of input.checks) {
    const read = await runOneCheck(check, input, host, notes)
    logger.info(`Check ${check.name}: ${read.report.text}`)
    gathered.results.push(...read.results)
    gathered.reports.push(read.report)
  }
  for (const note of notes) logger.warning(`Check limits: ${note}.`)
  return gathered
}

interface ReadCheck {
  results: ToolResult[]
  report: EvidenceReport
}

async function runOneCheck(
  check: CheckSpec,
  input: ChecksInput,
  host: SandboxHost,
  notes: Set<string>
): Promise<ReadCheck> {
  const env = input.env ?? process.env
  const failed = (text: string): ReadCheck => ({
    results: [],
    report: { source: 'check', name: check.name, status: 'failed', text }
  })
  const readOnly = readOnlyFolders(check, env, input.workspace)
  if (typeof readOnly === 'string') return failed(`not run: ${readOnly}`)
  let folder: CheckFolder | undefined
  try {
    folder = await makeCheckFolder()
    await copyHeadTree(input.workspace, input.headSha, folder.tree)
    await handOver(folder, host.identity)
  } catch (error) {
    if (folder) await removeCheckFolder(folder)
    return failed(`not run: the head could not be copied (${reason(error)})`)
  }
  try {
    const request = {
      tree: folder.tree,
      home: folder.home,
      env: checkEnv(env, check.env ?? [], folder.home),
      readOnly,
      limits: checkLimits(check),
      timeoutMs: Math.round(check.timeout * 60_000)
    }
    if (check.setup !== undefined) {
      input.logger.info(`Setting up check ${check.name}: ${check.setup}`)
      const setup = await runInSandbox({ ...request, command: check.setup, network: true }, host)
      setup.notes.forEach(note => notes.add(note))
      const stopped = setupStopped(check, setup)
      if (stopped !== undefined) return failed(stopped)
    }
    input.logger.info(`Running check ${check.name}: ${check.run}`)
    const ran = await runInSandbox({ ...request, command: check.run, network: false }, host)
    ran.notes.forEach(note => notes.add(note))
    return await readCheck(check, ran, folder.tree)
  } finally {
    await removeCheckFolder(folder)
  }
}

function setupStopped(check: CheckSpec, setup: SandboxOutcome): string | undefined {
  if (setup.error !== undefined) return `setup could not start: ${setup.error}`
  if (setup.timedOut) return `setup timed out after ${seconds(check.timeout)}`
  if (setup.exitCode === 0) return undefined
  const tail = lastLine(setup.stderr) || lastLine(setup.stdout)
  return `setup exited with ${setup.exitCode ?? 'a signal'}${cutOffText(setup)}${tail ? `: ${tail}` : ''}`
}

function cutOffText(ran: SandboxOutcome): string {
  return ran.cutOff.length > 0 ? ` (cut off: ${ran.cutOff.join('; ')})` : ''
}

function seconds(minutes: number): string {
  const total = Math.round(minutes * 60)
  return total < 120 ? `${total} s` : `${Math.round(total / 60)} minutes`
}

/** The check's results and its report, from how it ended and what it wrote. */
async function readCheck(check: CheckSpec, ran: SandboxOutcome, tree: string): Promise<ReadCheck> {
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
  const cut = cutOffText(ran)
  let results: ToolResult[]
  try {
    results = resultsOf(check, await outputOf(check, ran, tree), tree)
  } catch (error) {
    const exit = ran.exitCode === 0 ? '' : `exited with ${ran.exitCode ?? 'a signal'}${cut} and `
    return { results: [], report: report('failed', `${exit}its output could not be read: ${reason(error)}`) }
  }
  if (ran.exitCode !== 0 && results.length === 0) {
    const tail = lastLine(ran.stderr) || lastLine(ran.stdout)
    return {
      results,
      report: report(
        'failed',
        `exited with ${ran.exitCode ?? 'a signal'}${cut} and no result${tail ? `: ${tail}` : ''}`
      )
    }
  }
  const dropped = ran.droppedBytes.stdout + ran.droppedBytes.stderr
  const capped = dropped > 0 ? ` (output cut at 1 MB a stream, ${dropped} bytes dropped)` : ''
  return { results, report: report('ran', `ran${capped}${cut}`) }
}

function resultsOf(check: CheckSpec, output: string, tree: string): ToolResult[] {
  const roots = [tree]
  const found =
    check.format === 'sarif'
      ? parseSarif(output, roots)
      : matchOutput(output, compileMatchers([check.matcher as NonNullable<CheckSpec['matcher']>]), roots)
  return found.map(result => ({ ...result, tool: check.name, from: check.name }))
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function lastLine(text: string): string {
  const line = text.trim().split('\n').pop() ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** The text to read: the `output` file the command wrote (read safely, capped, redacted), or its output. */
async function outputOf(check: CheckSpec, ran: SandboxOutcome, tree: string): Promise<string> {
  if (check.output === undefined)
    return check.format === 'sarif' ? ran.stdout : `${ran.stdout}\n${ran.stderr}`
  const limit = check.format === 'sarif' ? MAX_SARIF_BYTES : MAX_OUTPUT_BYTES
  try {
    return redactSecrets(await readInside(tree, check.output, limit))
  } catch (error) {
    if (/does not exist$/.test(reason(error)))
      throw new Error(`it wrote no ${check.output} (exit ${ran.exitCode ?? 'by a signal'})`, { cause: error })
    throw error
  }
}
