/**
 * `redline learn --repo owner/name [--write] [--since 90d] [--db file]`: distills review rules from how a
 * repository's team treated Redline's findings and prints the `.github/redline/learned.md` it would propose
 * (or, with --write, writes it in the current directory). Reads GitHub with GITHUB_TOKEN; never opens a pull
 * request or writes to GitHub. The model's settings come from the settings table, as a review's do.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { reviewSettingsOf } from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import { createPlainOctokit } from '../github/plain-client.js'
import { graphqlUrlFromEnv } from '../github/request.js'
import { parseRepo, parseSince } from '../insights/run.js'
import { runLearn } from '../learn/run.js'
import type { Logger } from '../logger.js'
import { LEARNED_RULES_PATH } from '../state/learned-file.js'
import { UsageError } from './args.js'
import type { LearnCliOptions } from './learn-options.js'
import { requireApiKey, resolveLocal } from './local-config.js'

export interface LearnIo {
  env: NodeJS.ProcessEnv
  cwd: string
  stdout: (text: string) => void
  stderr: (text: string) => void
}

async function learn(options: LearnCliOptions, io: LearnIo, token: string, logger: Logger): Promise<number> {
  const resolved = resolveLocal(options.model, io.env)
  requireApiKey(resolved)
  const graphqlUrl = graphqlUrlFromEnv(io.env)
  const apiUrl = io.env['GITHUB_API_URL']
  const result = await runLearn({
    gitEnvironment: 'user',
    octokit: createPlainOctokit(token, logger, { graphqlUrl, ...(apiUrl ? { apiUrl } : {}) }),
    graphqlUrl,
    repo: parseRepo(options.repo),
    since: parseSince(options.since, new Date()),
    redlineLogin: options.redlineLogin,
    dbPath: resolve(io.cwd, options.db),
    model: reviewSettingsOf(resolved.values),
    workspace: io.cwd,
    propose: false,
    logger
  })
  io.stderr(`redline: ${result.line}${result.cost ? ` Cost: ${result.cost}.` : ''}\n`)
  if (result.file === undefined) return 0
  if (!options.write) {
    io.stdout(result.file)
    return 0
  }
  const path = resolve(io.cwd, LEARNED_RULES_PATH)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, result.file)
  io.stderr(`redline: wrote ${LEARNED_RULES_PATH}.\n`)
  return 0
}

/** Runs the command; returns the exit status. */
export async function runLearnCli(options: LearnCliOptions, io: LearnIo, logger: Logger): Promise<number> {
  const token = io.env['GITHUB_TOKEN']?.trim() ?? ''
  if (token === '') {
    io.stderr('redline: GITHUB_TOKEN is not set. Export a token that can read the repository.\n')
    return 1
  }
  try {
    return await learn(options, io, token, logger)
  } catch (error) {
    const plain = error instanceof ConfigurationError || error instanceof UsageError
    io.stderr(`redline: ${plain ? error.message : `learn failed: ${errorMessage(error)}`}\n`)
    return 1
  }
}
