import type { GitHubHostOptions } from '../action/github-host.js'
import type { Settings } from '../action/inputs.js'
import type { Octokit } from '../github/client.js'
import type { Logger } from '../logger.js'
import type { CommentEvent } from './comment-event.js'

/** What every step of a command needs: the comment, the settings, GitHub, and Redline's own login. */
export interface CommandContext {
  /** Before the author is admitted, the workflow's inputs alone; after, resolved with the configuration. */
  settings: Settings
  event: CommentEvent
  octokit: Octokit
  graphqlUrl: string
  workspace: string
  run?: GitHubHostOptions['run']
  logger: Logger
  /** Redline's login, as its token sees it: its own comments are told apart by it. */
  viewer: string
}
