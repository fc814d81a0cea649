/** The "Redline" check after a command: the same check run a push review completes (action/check-run.ts). */
import { checkAfterCommand, checkReporter, type CheckReporter } from '../action/check-run.js'
import type { Finding } from '../findings/finding.js'
import type { CommandContext } from './context.js'

function checkOptions(context: CommandContext) {
  const { octokit, event, logger, settings } = context
  return { octokit, repository: event.pr, logger, failOn: settings.failOn, dryRun: settings.dryRun }
}

/** The reporter a review run by a command begins and finishes. */
export function commandCheck(context: CommandContext): CheckReporter {
  return checkReporter(checkOptions(context))
}

/** Completes the check anew after a command changed the findings or the pause without a review. */
export async function checkAfter(
  context: CommandContext,
  change: { headSha: string; findings: readonly Finding[]; because: string; paused: boolean }
): Promise<void> {
  await checkAfterCommand(checkOptions(context), change)
}
