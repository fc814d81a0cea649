/**
 * The action on a comment event: an `@redline` command in a pull request. A review command runs the engine
 * with the GitHub host, as a push does; pause and resume change the state in Redline's marker; help and
 * refusals are replies. Each reply names the comment it answers, so a re-run of the job answers nothing twice.
 */
import * as core from '@actions/core'
import { answerQuestion } from '../agent/index.js'
import { ACTION_WORDS, failureLine, review, type ReviewOutcome } from '../engine/index.js'
import { createGit } from '../git/git.js'
import { findThreadsByCommentId, resolveThread } from '../github/threads.js'
import { errorMessage } from '../errors.js'
import type { Octokit } from '../github/client.js'
import {
  createIssueComment,
  listIssueComments,
  reactWithEyes,
  repositoryRole
} from '../github/conversation.js'
import { fetchViewerLogin, isOwnAccount } from '../github/identity.js'
import { getPullRequest } from '../github/pulls.js'
import {
  createCommentReview,
  listPullRequestComments,
  listReviews,
  replyToComment,
  updateReviewBody
} from '../github/reviews.js'
import type { Logger } from '../logger.js'
import { encodeMarker, findingIdOf, withMarker, type ReviewState } from '../state/marker.js'
import { readState } from '../state/read-state.js'
import { COMMANDING_ROLES, commandIn, helpText, type Command, type CommentEvent } from './parse.js'
import {
  fetchPullHead,
  gitHubHost,
  type GitHubHostOptions,
  type PostedReview
} from '../action/github-host.js'
import type { Settings } from '../action/inputs.js'

export interface CommandContext {
  settings: Settings
  event: CommentEvent
  octokit: Octokit
  graphqlUrl: string
  workspace: string
  run: GitHubHostOptions['run']
  logger: Logger
}

/** The hidden tag a reply carries: which comment it answers. */
export function replyTag(commentId: number): string {
  return `<!-- redline:reply-to ${commentId} -->`
}

const WHO_MAY_TAG = '<!-- redline:who-may-command -->'

/** Runs the command a comment gives, if any. Returns the line to fail the step with, or undefined. */
export async function runCommand(context: CommandContext): Promise<string | undefined> {
  const { event, settings, logger } = context
  const { comment } = event
  if (comment.byBot) {
    logger.info(`Ignoring a comment by ${comment.author}: comments by bots never command Redline.`)
    return undefined
  }
  const command = commandIn(comment.body, settings.triggerPhrase)
  if (!command) {
    logger.info(`The comment does not mention ${settings.triggerPhrase}; nothing to do.`)
    return undefined
  }
  const viewer = await fetchViewerLogin(context.octokit, context.graphqlUrl)
  if (isOwnAccount({ login: comment.author }, viewer)) return undefined
  const role = await repositoryRole(context.octokit, event.pr, comment.author)
  if (!(COMMANDING_ROLES as readonly string[]).includes(role)) return refuse(context, viewer, role)
  if (await answered(context, viewer)) {
    core.notice(`Comment ${comment.id} was already answered; nothing to do again.`)
    return undefined
  }
  await reactWithEyes(context.octokit, event.pr, {
    id: comment.id,
    inThread: comment.threadOf !== undefined
  }).catch((error: unknown) => logger.warning(`Could not react to the comment: ${errorMessage(error)}`))
  try {
    return await carryOut(context, command, viewer)
  } catch (error) {
    const line = `Redline failed: ${errorMessage(error)}`
    await reply(context, line).catch(() => undefined)
    return line
  }
}

async function carryOut(
  context: CommandContext,
  command: Command,
  viewer: string
): Promise<string | undefined> {
  const { settings } = context
  switch (command.kind) {
    case 'review':
    case 'full review':
      return reviewNow(context, command.kind === 'full review')
    case 'pause':
    case 'resume':
      await setPaused(context, viewer, command.kind === 'pause')
      return undefined
    case 'help':
      await reply(context, helpText(settings.triggerPhrase))
      return undefined
    case 'other':
      // A question in one of Redline's threads is for its finding; anywhere else, the words are no command.
      if (context.event.comment.threadOf !== undefined && (await answerInThreadOf(context, viewer)))
        return undefined
      await reply(context, `That is not a command Redline knows.\n\n${helpText(settings.triggerPhrase)}`)
      return undefined
  }
}

/**
 * Answers a question in a thread that one of Redline's finding comments opened: a short model run that keeps
 * the finding or dismisses it. A dismissal is written into the newest marker and resolves the thread where
 * the token may. The question counts as a reply answered, so the next re-review does not answer it again.
 * False when the thread is not one of Redline's findings.
 */
async function answerInThreadOf(context: CommandContext, viewer: string): Promise<boolean> {
  const { octokit, event, logger, settings } = context
  const threadOf = event.comment.threadOf as number
  const comments = await listPullRequestComments(octokit, event.pr)
  const opening = comments.find(c => c.id === threadOf)
  const findingId = opening && isOwnAccount(opening.user, viewer) ? findingIdOf(opening.body) : undefined
  if (!findingId) return false
  const reviews = await listReviews(octokit, event.pr)
  const { state, reviewId } = readState(reviews, viewer, logger)
  const finding = state?.findings.find(f => f.id === findingId)
  const held = reviews.find(r => r.id === reviewId)
  if (!state || !finding || !held) {
    await reply(
      context,
      'This finding is not in the state of my last review any more, so there is nothing to answer for it.'
    )
    return true
  }
  const pr = await getPullRequest(octokit, event.pr)
  const git = createGit(context.workspace, logger)
  await fetchPullHead(git, event.pr.prNumber, state.lastReviewedSha, logger)
  const thread = comments
    .filter(c => c.id === threadOf || c.in_reply_to_id === threadOf)
    .map(c => ({ author: c.user?.login ?? 'unknown', body: c.body }))
  const answered = await answerQuestion(settings, {
    git,
    headSha: state.lastReviewedSha,
    baseSha: pr.baseSha,
    prFiles: [],
    question: { finding, thread },
    logger
  })
  if (!answered.answer) {
    const why = answered.run.failure
      ? failureLine(
          {
            end: { kind: 'fatal', error: answered.run.failure },
            findings: [],
            usage: answered.run.usage,
            notes: []
          },
          ACTION_WORDS
        )
      : 'the model ended without an answer'
    throw new Error(`no answer to the question (${why})`)
  }
  const { verdict, reason } = answered.answer
  const dismissed = verdict === 'dismiss' && finding.status === 'open'
  const next: ReviewState = {
    ...state,
    seq: (state.seq ?? 0) + 1,
    repliesSeen: Math.max(state.repliesSeen ?? 0, event.comment.id),
    findings: state.findings.map(f =>
      f.id === finding.id && dismissed
        ? { ...f, status: 'dismissed' as const, note: `dismissed: ${reason}` }
        : f
    )
  }
  await updateReviewBody(octokit, event.pr, held.id, withMarker(held.body, encodeMarker(next)))
  await reply(context, `${answered.answer.reply}${dismissed ? `\n\nDismissed: ${reason}` : ''}`)
  if (dismissed) await resolveThreadOf(context, threadOf)
  return true
}

/** Resolves a thread where the token may; without contents: write GitHub refuses, and the reply says enough. */
async function resolveThreadOf(context: CommandContext, commentId: number): Promise<void> {
  try {
    const threads = await findThreadsByCommentId(context.octokit, context.graphqlUrl, context.event.pr, [
      commentId
    ])
    const thread = threads.get(commentId)
    if (thread && !thread.isResolved)
      await resolveThread(context.octokit, context.graphqlUrl, thread.threadId)
  } catch (error) {
    context.logger.warning(`Could not resolve the thread: ${errorMessage(error)}`)
  }
}

/** A review now, as a push would run it (or of the whole pull request again), through the one engine. */
async function reviewNow(context: CommandContext, full: boolean): Promise<string | undefined> {
  const settings = full ? { ...context.settings, fullReview: true } : context.settings
  const host = gitHubHost({
    settings,
    request: { kind: 'comment', pr: context.event.pr, full },
    octokit: context.octokit,
    graphqlUrl: context.graphqlUrl,
    workspace: context.workspace,
    ...(context.run ? { run: context.run } : {})
  })
  const outcome: ReviewOutcome<PostedReview> = await review(host, settings, context.logger)
  const failure = failureLine(outcome, ACTION_WORDS)
  if (failure) {
    await reply(context, `The review failed: ${failure}`).catch(() => undefined)
    return failure
  }
  if (outcome.end.kind === 'skipped') {
    core.notice(outcome.end.reason)
    // An earlier attempt of this job posted the review: the command was answered then.
    if (outcome.delivered === undefined) await reply(context, outcome.end.reason)
  } else if (outcome.delivered?.reviewUrl) {
    core.info(`Review posted: ${outcome.delivered.reviewUrl}`)
  }
  return undefined
}

/**
 * Pause or resume the automatic reviews: the state in Redline's newest marker says so. A pull request not
 * reviewed yet gets a short review that holds the state, its whole diff still to review.
 */
async function setPaused(context: CommandContext, viewer: string, pause: boolean): Promise<void> {
  const { octokit, event, logger } = context
  const phrase = context.settings.triggerPhrase
  const reviews = await listReviews(octokit, event.pr)
  const { state, reviewId } = readState(reviews, viewer, logger)
  const already = (state?.pausedBy !== undefined) === pause
  if (!already) {
    const next: ReviewState = state ? { ...state, seq: (state.seq ?? 0) + 1 } : await unreviewedState(context)
    if (pause) next.pausedBy = event.comment.author
    else delete next.pausedBy
    const held = reviews.find(r => r.id === reviewId)
    if (held && state) {
      await updateReviewBody(octokit, event.pr, held.id, withMarker(held.body, encodeMarker(next)))
    } else {
      const pr = await getPullRequest(octokit, event.pr)
      await createCommentReview(octokit, event.pr, {
        commitSha: pr.headSha,
        body: `**Redline** has not reviewed this pull request yet.\n\n${encodeMarker(next)}`,
        comments: []
      })
    }
  }
  await reply(
    context,
    pause
      ? `⏸️ Automatic reviews of this pull request are paused${already ? ' already' : ''}. Comment \`${phrase} resume\` to restart them; \`${phrase} review\` still reviews on request.`
      : `▶️ Automatic reviews of this pull request are ${already ? 'already on' : 'on again'}: the next push is reviewed.`
  )
}

/** The state of a pull request Redline has not reviewed: nothing covered, every file pending. */
async function unreviewedState(context: CommandContext): Promise<ReviewState> {
  const pr = await getPullRequest(context.octokit, context.event.pr)
  return { lastReviewedSha: pr.baseSha, pendingAll: true, findings: [], seq: 1 }
}

/** Someone without write access commanded: a notice, and one reply per pull request saying who may. */
async function refuse(context: CommandContext, viewer: string, role: string): Promise<undefined> {
  const { event, settings } = context
  core.notice(
    `@${event.comment.author} (${role}) asked Redline for something; only people with write, maintain or admin ` +
      'permission on the repository can command it.'
  )
  const comments = await listIssueComments(context.octokit, event.pr)
  if (comments.some(c => isOwnAccount(c.user, viewer) && c.body.includes(WHO_MAY_TAG))) return undefined
  await createIssueComment(
    context.octokit,
    event.pr,
    `Redline's commands (\`${settings.triggerPhrase} review\` and the others) can be used by people with write, ` +
      `maintain or admin permission on this repository.\n\n${WHO_MAY_TAG}`
  )
  return undefined
}

/** Whether Redline already replied to this comment, in the conversation or in the thread. */
async function answered(context: CommandContext, viewer: string): Promise<boolean> {
  const tag = replyTag(context.event.comment.id)
  const comments = await listIssueComments(context.octokit, context.event.pr)
  if (comments.some(c => isOwnAccount(c.user, viewer) && c.body.includes(tag))) return true
  if (context.event.comment.threadOf === undefined) return false
  const thread = await listPullRequestComments(context.octokit, context.event.pr)
  return thread.some(c => isOwnAccount(c.user, viewer) && c.body.includes(tag))
}

/** A reply where the command was given: in its thread, or in the pull request's conversation. */
async function reply(context: CommandContext, text: string): Promise<void> {
  const { event, octokit } = context
  const body = `${text}\n\n${replyTag(event.comment.id)}`
  if (event.comment.threadOf !== undefined)
    await replyToComment(octokit, event.pr, event.comment.threadOf, body)
  else await createIssueComment(octokit, event.pr, body)
}
