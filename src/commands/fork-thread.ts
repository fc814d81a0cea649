/**
 * A question in a review thread of a fork's pull request, on a run without the key. GitHub runs
 * `pull_request_review_comment` for a fork's pull request like `pull_request`: no secrets and a read-only
 * token, so there is no key to answer with and no way to reply. That is how GitHub runs such events, not a
 * mistake in the workflow, so the run ends with a notice saying what works instead, and passes.
 */
import { z } from 'zod'
import { isForkPullRequest } from '../action/event.js'

const threadComment = z.object({
  pull_request: z.object({ number: z.number().int().positive() }),
  comment: z.object({ body: z.string().nullish() })
})

/**
 * The notice to end with, or undefined when the run is not a fork's thread comment that mentions the trigger
 * phrase on a run without the key (comments that do not mention it are left to the usual path, which ignores
 * them).
 */
export function forkThreadWithoutKey(
  eventName: string,
  payload: unknown,
  read: (name: string) => string
): string | undefined {
  if (eventName !== 'pull_request_review_comment' || !isForkPullRequest(payload)) return undefined
  const provider = read('provider').trim()
  if (read('anthropic-api-key').trim() !== '' || (provider !== '' && provider !== 'anthropic'))
    return undefined
  const parsed = threadComment.safeParse(payload)
  const phrase = read('trigger-phrase').trim() || '@redline'
  // As the workflow's contains(): a mention anywhere, in any case.
  if (!parsed.success || !(parsed.data.comment.body ?? '').toLowerCase().includes(phrase.toLowerCase()))
    return undefined
  return (
    `PR #${parsed.data.pull_request.number} comes from a fork, and GitHub gives pull_request_review_comment ` +
    "runs for a fork's pull request no secrets and a read-only token, so there is no anthropic-api-key and " +
    `no answer in the thread. Commands in a top-level comment of the pull request (${phrase} review, ` +
    `${phrase} full review, ${phrase} pause, ${phrase} resume) run under issue_comment, which gets the ` +
    "repository's secrets."
  )
}
