/**
 * A question in one of Redline's finding threads: a short model run keeps the finding or dismisses it. Only
 * the answer tool can dismiss, and only the thread's own finding; the reply's first line is written from what
 * was applied, never from the model's words.
 */
import { fetchPullHead } from '../action/github-host.js'
import { answerQuestion, type ThreadAnswer } from '../agent/index.js'
import { ACTION_WORDS, failureLine } from '../engine/index.js'
import { errorMessage } from '../errors.js'
import type { Finding } from '../findings/finding.js'
import { createGit } from '../git/git.js'
import { isOwnAccount } from '../github/identity.js'
import { getPullRequest } from '../github/pulls.js'
import {
  listPullRequestComments,
  listReviews,
  updateReviewBody,
  type ReviewCommentRecord,
  type ReviewRecord
} from '../github/reviews.js'
import { findThreadsByCommentId, resolveThread } from '../github/threads.js'
import { encodeMarker, findingIdOf, withMarker, type ReviewState } from '../state/marker.js'
import { readState } from '../state/read-state.js'
import { answerReply, type ThreadState } from './answer-reply.js'
import { checkAfter } from './check.js'
import type { CommandContext } from './context.js'
import { reply } from './replies.js'
import { FINDING_GONE_TEXT, notOurThreadText } from './texts.js'

/** One of Redline's finding threads, with the marker that holds its finding. */
interface FindingThread {
  /** The thread's first comment: Redline's finding comment. */
  openingId: number
  comments: ReviewCommentRecord[]
  finding: Finding
  state: ReviewState
  held: ReviewRecord
}

/**
 * Answers a question asked in a review thread. In a thread Redline did not open, one line saying where it
 * answers; for a finding its state no longer holds, one line saying so. The question counts as a reply
 * answered, so the next re-review does not answer it again.
 */
export async function answerInThread(context: CommandContext): Promise<void> {
  const found = await findingThreadOf(context)
  if (found === 'not ours') return reply(context, notOurThreadText(context.settings.triggerPhrase))
  if (found === 'gone') return reply(context, FINDING_GONE_TEXT)
  const answered = await askTheModel(context, found)
  const answer = answered.answer as NonNullable<ThreadAnswer['answer']>
  const dismissed = answer.verdict === 'dismiss' && found.finding.status === 'open'
  const next = await saveState(context, found, dismissed ? answer.reason : undefined)
  const thread = dismissed
    ? await resolveThreadOf(context, found.openingId)
    : await threadStateOf(context, found.openingId)
  const text = answerReply({
    finding: found.finding,
    dismissed,
    thread,
    answer,
    instructions: answered.instructions
  })
  await reply(context, text, '', answered.instructions)
  if (dismissed) {
    await checkAfter(context, {
      headSha: next.lastReviewedSha,
      findings: next.findings,
      because: `@${context.event.comment.author}'s question in a thread dismissed: ${found.finding.title}`,
      paused: next.pausedBy !== undefined
    })
  }
}

async function findingThreadOf(context: CommandContext): Promise<FindingThread | 'not ours' | 'gone'> {
  const { octokit, event, logger, viewer } = context
  const openingId = event.comment.threadOf as number
  const comments = await listPullRequestComments(octokit, event.pr)
  const opening = comments.find(c => c.id === openingId)
  const findingId = opening && isOwnAccount(opening.user, viewer) ? findingIdOf(opening.body) : undefined
  if (!findingId) return 'not ours'
  const reviews = await listReviews(octokit, event.pr)
  const { state, reviewId } = readState(reviews, viewer, logger)
  const finding = state?.findings.find(f => f.id === findingId)
  const held = reviews.find(r => r.id === reviewId)
  if (!state || !finding || !held) return 'gone'
  return { openingId, comments, finding, state, held }
}

/** The model's answer, at the commit the finding's lines are at. A run that ends without one throws. */
async function askTheModel(context: CommandContext, found: FindingThread): Promise<ThreadAnswer> {
  const { event, logger, settings } = context
  const { state, finding, openingId } = found
  const pr = await getPullRequest(context.octokit, event.pr)
  const git = createGit(context.workspace, logger)
  await fetchPullHead(git, event.pr.prNumber, state.lastReviewedSha, logger)
  const thread = found.comments
    .filter(c => c.id === openingId || c.in_reply_to_id === openingId)
    .map(c => ({ author: c.user?.login ?? 'unknown', body: c.body }))
  const answered = await answerQuestion(settings, {
    git,
    headSha: state.lastReviewedSha,
    baseSha: pr.baseSha,
    prFiles: [],
    question: { finding, thread },
    logger
  })
  if (answered.answer) return answered
  const { run } = answered
  const why = run.failure
    ? failureLine(
        { end: { kind: 'fatal', error: run.failure }, findings: [], usage: run.usage, notes: [] },
        ACTION_WORDS
      )
    : 'the model ended without an answer'
  throw new Error(`no answer to the question (${why})`)
}

/** The newest marker, with the question counted as seen and, for a dismissal, the thread's finding dismissed. */
async function saveState(
  context: CommandContext,
  found: FindingThread,
  dismissedFor?: string
): Promise<ReviewState> {
  const { state, held, finding } = found
  const next: ReviewState = {
    ...state,
    seq: (state.seq ?? 0) + 1,
    repliesSeen: Math.max(state.repliesSeen ?? 0, context.event.comment.id),
    findings: state.findings.map(f =>
      f.id === finding.id && dismissedFor !== undefined
        ? { ...f, status: 'dismissed' as const, note: `dismissed: ${dismissedFor}` }
        : f
    )
  }
  await updateReviewBody(
    context.octokit,
    context.event.pr,
    held.id,
    withMarker(held.body, encodeMarker(next))
  )
  return next
}

/** Resolves a thread where the token may; without contents: write GitHub refuses, and the reply says so. */
async function resolveThreadOf(context: CommandContext, openingId: number): Promise<ThreadState> {
  try {
    const thread = await threadOf(context, openingId)
    if (!thread) return 'unknown'
    if (thread.isResolved) return 'resolved'
    const resolved = await resolveThread(context.octokit, context.graphqlUrl, thread.threadId)
    return resolved ? 'resolved' : 'not resolved'
  } catch (error) {
    context.logger.warning(`Could not resolve the thread: ${errorMessage(error)}`)
    return 'not resolved'
  }
}

async function threadStateOf(context: CommandContext, openingId: number): Promise<ThreadState> {
  try {
    const thread = await threadOf(context, openingId)
    return thread ? (thread.isResolved ? 'resolved' : 'open') : 'unknown'
  } catch (error) {
    context.logger.warning(`Could not read the thread: ${errorMessage(error)}`)
    return 'unknown'
  }
}

async function threadOf(context: CommandContext, openingId: number) {
  const threads = await findThreadsByCommentId(context.octokit, context.graphqlUrl, context.event.pr, [
    openingId
  ])
  return threads.get(openingId)
}
