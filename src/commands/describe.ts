/**
 * `@redline describe`: a description of the pull request written into its body, in Redline's own section
 * between hidden markers (publish/description-section.ts), so what the author wrote stays as it is.
 */
import { describeWithModel } from '../agent/index.js'
import { loadPullDiff } from '../diff/source.js'
import { errorMessage } from '../errors.js'
import { createGit } from '../git/git.js'
import type { Octokit } from '../github/client.js'
import { updatePullBody } from '../github/pull-body.js'
import { getMergeBase, getPullRequest, listPullFiles } from '../github/pulls.js'
import type { PullRequestRef } from '../github/refs.js'
import type { Logger } from '../logger.js'
import { authorText, withDescription } from '../publish/description-section.js'
import { fetchPullHead } from '../action/github-host.js'
import type { Settings } from '../action/inputs.js'
import type { CommandContext } from './context.js'
import { reply } from './replies.js'

export interface DescribeContext {
  settings: Settings
  pr: PullRequestRef
  octokit: Octokit
  workspace: string
  logger: Logger
}

/** Writes the description; returns the reply to the command. Throws when the model wrote none. */
export async function describeNow(context: DescribeContext): Promise<string> {
  const { settings, octokit, pr: ref, logger } = context
  if (settings.describe === 'off') {
    return 'Writing pull request descriptions is off in this repository (the `describe` setting).'
  }
  const pr = await getPullRequest(octokit, ref)
  const git = createGit(context.workspace, logger)
  await fetchPullHead(git, ref.prNumber, pr.headSha, logger)
  const mergeBaseSha = await getMergeBase(octokit, ref, pr.baseSha, pr.headSha).catch((error: unknown) => {
    logger.warning(`The compare API did not give the merge base (${errorMessage(error)}); asking git.`)
    return undefined
  })
  const diff = await loadPullDiff({
    git,
    headSha: pr.headSha,
    baseSha: pr.baseSha,
    ...(mergeBaseSha ? { mergeBaseSha } : {}),
    logger,
    fallback: () => listPullFiles(octokit, ref)
  })
  const described = await describeWithModel(settings, {
    git,
    headSha: pr.headSha,
    baseSha: mergeBaseSha ?? pr.baseSha,
    prFiles: diff.files,
    title: pr.title,
    authorText: authorText(pr.body),
    logger
  })
  if (!described.description) {
    const why = described.run.failure ? errorMessage(described.run.failure) : 'the model ended without one'
    throw new Error(`no description was written (${why})`)
  }
  if (settings.dryRun) {
    logger.info(`Dry run: the description was not written. It would read:\n${described.description}`)
    return 'The description was written but, on a dry run, not put into the pull request.'
  }
  // Read again just before writing: the author may have edited the body while the model wrote.
  const now = await getPullRequest(octokit, ref)
  await updatePullBody(octokit, ref, withDescription(now.body, described.description, described.instructions))
  return `📝 The description of this pull request now has Redline's section; what the author wrote is kept.`
}

/** The command: the description, then the reply. A dry run posts neither; the log shows both. */
export async function describeCommand(context: CommandContext): Promise<void> {
  const text = await describeNow({ ...context, pr: context.event.pr })
  if (context.settings.dryRun) context.logger.info(`Dry run: no reply posted. It would say: ${text}`)
  else await reply(context, text)
}
