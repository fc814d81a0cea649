/**
 * Who may command Redline: the author's permission on the repository, asked of GitHub before anything costly
 * is done for the comment. Everyone else gets one reply saying who may, where they wrote, once per person.
 */
import * as core from '@actions/core'
import { repositoryRole } from '../github/conversation.js'
import { isOwnAccount } from '../github/identity.js'
import type { CommandContext } from './context.js'
import { postedWithTag, reply } from './replies.js'
import { whoMayCommandText } from './texts.js'

/** The roles that may command Redline. */
export const COMMANDING_ROLES = ['admin', 'maintain', 'write'] as const

/** The hidden tag of a refusal to one person: a login holds only letters, digits and dashes. */
function refusalTag(login: string): string {
  return `<!-- redline:who-may-command ${login.replace(/[^\w-]/g, '_').toLowerCase()} -->`
}

/** Whether the comment's author may command Redline; Redline's own comments never do. */
export async function admit(context: CommandContext): Promise<boolean> {
  const { event, viewer } = context
  if (isOwnAccount({ login: event.comment.author }, viewer)) return false
  const role = await repositoryRole(context.octokit, event.pr, event.comment.author)
  if ((COMMANDING_ROLES as readonly string[]).includes(role)) return true
  await refuse(context, role)
  return false
}

/** A notice, and one reply to this person in this pull request, where they wrote, saying who may command. */
async function refuse(context: CommandContext, role: string): Promise<void> {
  const { event, settings } = context
  core.notice(
    `@${event.comment.author} (${role}) asked Redline for something; only people with write, maintain or admin ` +
      'permission on the repository can command it.'
  )
  const tag = refusalTag(event.comment.author)
  if (await postedWithTag(context, tag, true)) return
  await reply(context, whoMayCommandText(settings.triggerPhrase), tag)
}
