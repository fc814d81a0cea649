/**
 * `@redline pause` and `resume`: the state in Redline's newest marker says whether pushes are reviewed. No
 * model call.
 */
import { getPullRequest } from '../github/pulls.js'
import { createCommentReview, listReviews, updateReviewBody } from '../github/reviews.js'
import { encodeMarker, withMarker, type ReviewState } from '../state/marker.js'
import { readState } from '../state/read-state.js'
import type { CommandContext } from './context.js'
import { reply } from './replies.js'
import { checkAfter } from './check.js'

/**
 * Pause or resume the automatic reviews. A pull request not reviewed yet gets a short review that holds the
 * state, its whole diff still to review.
 */
export async function setPaused(context: CommandContext, pause: boolean): Promise<void> {
  const { octokit, event, logger, viewer } = context
  const reviews = await listReviews(octokit, event.pr)
  const { state, reviewId } = readState(reviews, viewer, logger)
  const already = (state?.pausedBy !== undefined) === pause
  if (!already) {
    const next: ReviewState = state ? { ...state, seq: (state.seq ?? 0) + 1 } : await unreviewedState(context)
    if (pause) next.pausedBy = event.comment.author
    else delete next.pausedBy
    const held = reviews.find(r => r.id === reviewId)
    const pr = await getPullRequest(octokit, event.pr)
    if (held && state) {
      await updateReviewBody(octokit, event.pr, held.id, withMarker(held.body, encodeMarker(next)))
    } else {
      await createCommentReview(octokit, event.pr, {
        commitSha: pr.headSha,
        body: `**Redline** has not reviewed this pull request yet.\n\n${encodeMarker(next)}`,
        comments: []
      })
    }
    await checkAfter(context, {
      headSha: state ? state.lastReviewedSha : pr.headSha,
      findings: next.findings,
      because: `@${event.comment.author} said ${pause ? 'pause' : 'resume'}.`,
      paused: pause
    })
  }
  await reply(context, pausedText(context.settings.triggerPhrase, pause, already))
}

function pausedText(phrase: string, pause: boolean, already: boolean): string {
  return pause
    ? `⏸️ Automatic reviews of this pull request are paused${already ? ' already' : ''}. Comment \`${phrase} resume\` to restart them; \`${phrase} review\` still reviews on request.`
    : `▶️ Automatic reviews of this pull request are ${already ? 'already on' : 'on again'}: the next push is reviewed.`
}

/** The state of a pull request Redline has not reviewed: nothing covered, every file pending. */
async function unreviewedState(context: CommandContext): Promise<ReviewState> {
  const pr = await getPullRequest(context.octokit, context.event.pr)
  return { lastReviewedSha: pr.baseSha, pendingAll: true, findings: [], seq: 1 }
}
