import * as core from '@actions/core'
import type { Logger } from '../logger.js'

/** The Logger the action uses on a runner: workflow commands through `@actions/core`. */
export const actionsLogger: Logger = {
  // The runner shows debug lines only when step debugging is on (RUNNER_DEBUG), as core.isDebug says.
  get debugEnabled() {
    return core.isDebug()
  },
  debug: message => core.debug(message),
  info: message => core.info(message),
  warning: message => core.warning(message),
  error: message => core.error(message),
  group: (name, fn) => core.group(name, fn)
}
