import * as core from '@actions/core'
import type { Logger } from '../logger.js'
import { redactKnownSecrets } from '../text/known-secrets.js'
import { neutralizeLogText } from '../text/log-text.js'

/**
 * A line for the log: the run's secrets out in any form, and nothing the runner would take as a workflow
 * command, as lines quote file names, tools' output and errors that the pull request shapes. Redline's own
 * commands go through `core`'s other functions, which escape their data.
 */
function logText(message: string): string {
  return neutralizeLogText(redactKnownSecrets(message))
}

/** The Logger the action uses on a runner: workflow commands through `@actions/core`. */
export const actionsLogger: Logger = {
  // The runner shows debug lines only when step debugging is on (RUNNER_DEBUG), as core.isDebug says.
  get debugEnabled() {
    return core.isDebug()
  },
  debug: message => core.debug(redactKnownSecrets(message)),
  info: message => core.info(logText(message)),
  warning: message => core.warning(redactKnownSecrets(message)),
  error: message => core.error(redactKnownSecrets(message)),
  group: (name, fn) => core.group(redactKnownSecrets(name), fn)
}
