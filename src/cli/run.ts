import { writeFile } from 'node:fs/promises'
import { readLinesAt } from '../agent/index.js'
import { failureLine, shouldFail, type FailureWords } from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createGit } from '../git/git.js'
import { isLineFinding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import { VERSION } from '../version.js'
import { HELP, parseArgs, UsageError } from './args.js'
import { INSIGHTS_HELP, runInsightsCli } from './insights.js'
import { reviewLocally, type LocalReview, type NothingToReview } from './local-host.js'
import { renderJson, renderMarkdown, renderTerminal, type ReplacedLines } from './render.js'

/** Progress and warnings on stderr, so stdout carries the review alone. */
export function stderrLogger(write: (text: string) => void, debug = false): Logger {
  return {
    debugEnabled: debug,
    debug: message => (debug ? write(`  ${message}\n`) : undefined),
    info: message => write(`  ${message}\n`),
    warning: message => write(`warning: ${message}\n`),
    error: message => write(`error: ${message}\n`),
    group: async (name, fn) => {
      write(`▸ ${name}\n`)
      return fn()
    }
  }
}

async function replacedLines(review: LocalReview, logger: Logger): Promise<ReplacedLines> {
  const git = createGit(review.branch.root, logger)
  const lines = new Map<string, readonly string[]>()
  for (const finding of review.outcome.findings) {
    if (finding.status !== 'open' || finding.suggestion === undefined || !isLineFinding(finding)) continue
    if (finding.side === 'LEFT') continue
    const all = await readLinesAt(git, review.branch.headSha, finding.file).catch(() => undefined)
    if (all) lines.set(finding.id, all.slice(finding.startLine - 1, finding.endLine))
  }
  return lines
}

const CLI_WORDS: FailureWords = {
  again: 'run it again',
  kept: 'shown',
  publish: 'save its state',
  findingsAt: 'The findings are shown above.',
  apiKey: 'the ANTHROPIC_API_KEY environment variable'
}

export interface CliIo {
  argv: readonly string[]
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: (text: string) => void
  stderr: (text: string) => void
}

/** `redline`: returns the exit status. */
export async function runCli(io: CliIo): Promise<number> {
  let command
  try {
    command = parseArgs(io.argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`redline: ${error.message}\nRun \`redline --help\` for the options.\n`)
    return 2
  }
  if (command.kind === 'help') {
    io.stdout(`${command.topic === 'insights' ? INSIGHTS_HELP : HELP}\n`)
    return 0
  }
  if (command.kind === 'version') {
    io.stdout(`redline ${VERSION}\n`)
    return 0
  }
  if (command.kind === 'insights')
    return runInsightsCli(command.options, io, stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1'))
  const { options } = command
  const apiKey = io.env['ANTHROPIC_API_KEY']?.trim() ?? ''
  if (apiKey === '' && options.provider === undefined) {
    io.stderr('redline: ANTHROPIC_API_KEY is not set. Export an Anthropic API key to review with Claude.\n')
    return 1
  }
  const logger = stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1')
  let review: LocalReview | NothingToReview
  try {
    review = await reviewLocally({ cwd: io.cwd, options, apiKey, logger })
  } catch (error) {
    io.stderr(
      `redline: ${error instanceof ConfigurationError ? error.message : `failed: ${errorMessage(error)}`}\n`
    )
    return 1
  }
  if ('nothingToReview' in review) {
    io.stdout(`${review.nothingToReview}\n`)
    return 0
  }
  const failure =
    failureLine(review.outcome, CLI_WORDS) ?? shouldFail(review.outcome.findings, options.failOn, '--fail-on')
  const fatal = review.outcome.end.kind === 'fatal'
  const replaced = fatal ? new Map() : await replacedLines(review, logger)
  if (!fatal) io.stdout(`${renderTerminal(review, options.minSeverity, replaced)}\n`)
  try {
    // Written on failure too: a script reading them learns how the run ended and why.
    if (options.json) await writeFile(options.json, renderJson(review, failure))
    if (options.markdown) await writeFile(options.markdown, renderMarkdown(review, replaced, failure))
  } catch (error) {
    io.stderr(`redline: could not write the review file: ${errorMessage(error)}\n`)
    return 1
  }
  if (failure) {
    io.stderr(`redline: ${failure}\n`)
    return 1
  }
  return 0
}
