import { writeFile } from 'node:fs/promises'
import { readLinesAt } from '../agent/index.js'
import { failureLine, shouldFail, type FailureWords } from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createGit } from '../git/git.js'
import { isLineFinding } from '../findings/finding.js'
import type { Logger } from '../logger.js'
import { VERSION } from '../version.js'
import { parseArgs, UsageError, type CliCommand, type Flags } from './args.js'
import { configCheck, configShow } from './config-commands.js'
import { helpText } from './help.js'
import { INSIGHTS_HELP, runInsightsCli } from './insights.js'
import { runLearnCli } from './learn.js'
import { LEARN_HELP } from './learn-options.js'
import { stderrLogger, type CliIo } from './io.js'
import { reviewLocally, type LocalReview, type NothingToReview } from './local-host.js'
import { renderJson, renderMarkdown, renderTerminal, type ReplacedLines } from './render.js'

async function replacedLines(review: LocalReview, logger: Logger): Promise<ReplacedLines> {
  const git = createGit(review.branch.root, logger, 'user')
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

/** `redline review`: the review printed, the files written; returns the exit status. */
async function runReview(flags: Flags, io: CliIo): Promise<number> {
  const logger = stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1')
  let review: LocalReview | NothingToReview
  try {
    review = await reviewLocally({ cwd: io.cwd, flags, env: io.env, logger })
  } catch (error) {
    const usage = error instanceof ConfigurationError || error instanceof UsageError
    io.stderr(`redline: ${usage ? error.message : `failed: ${errorMessage(error)}`}\n`)
    return 1
  }
  if ('nothingToReview' in review) {
    io.stdout(`${review.nothingToReview}\n`)
    return 0
  }
  const { values } = review.settings
  const failure =
    failureLine(review.outcome, CLI_WORDS) ??
    shouldFail(review.outcome.findings, values['fail-on'], '--fail-on')
  const fatal = review.outcome.end.kind === 'fatal'
  const replaced = fatal ? new Map() : await replacedLines(review, logger)
  if (!fatal) io.stdout(`${renderTerminal(review, values['min-severity'], replaced)}\n`)
  try {
    // Written on failure too: a script reading them learns how the run ended and why.
    if (values.json) await writeFile(values.json, renderJson(review, failure))
    if (values.markdown) await writeFile(values.markdown, renderMarkdown(review, replaced, failure))
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

/** The command, or the exit status of a mistake on the command line. */
function commandOf(io: CliIo): CliCommand | number {
  try {
    return parseArgs(io.argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`redline: ${error.message}\nRun \`redline --help\` for the options.\n`)
    return 2
  }
}

/** `redline`: returns the exit status. */
export async function runCli(io: CliIo): Promise<number> {
  const command = commandOf(io)
  if (typeof command === 'number') return command
  switch (command.kind) {
    case 'help':
      io.stdout(
        `${command.topic === 'insights' ? INSIGHTS_HELP : command.topic === 'learn' ? LEARN_HELP : helpText()}\n`
      )
      return 0
    case 'version':
      io.stdout(`redline ${VERSION}\n`)
      return 0
    case 'config-check':
      return configCheck(command.file, io)
    case 'config-show':
      return configShow(command.flags, io)
    case 'review':
      return runReview(command.flags, io)
    case 'insights':
      return runInsightsCli(command.options, io, stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1'))
    case 'learn':
      return runLearnCli(command.options, io, stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1'))
  }
}
