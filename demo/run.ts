/**
 * `npm run demo`: the whole flow on a sample pull request, offline. A real git repository is built, the
 * bundled action (dist/index.js) runs as a runner runs it against the local GitHub stand-in, and the review it
 * posts is printed; then the author pushes a fix and the re-review resolves the thread.
 *
 * Without ANTHROPIC_API_KEY the model's side is a scripted session served by the Messages stand-in; with it,
 * the live model reviews the same sample (the action then talks to the real API).
 */
import { startGitHubServer, type GitHubStandIn } from '../testing/github-server.js'
import { startMessagesServer, type MessagesServer } from '../testing/messages-server.js'
import { createPrFixture, type PrFixture, pullRequestPayload } from '../testing/pr-fixture.js'
import { runAction, type RunResult } from '../testing/runner.js'
import { FIX, firstReviewScript, reReviewScript, SAMPLE, SAMPLE_PR } from './sample.js'
import { heading, showReview, showThreadChanges } from './show.js'

const SCRIPTED_KEY = 'sk-ant-demo'
const TOKEN = 'ghs_demotoken'

interface Demo {
  fixture: PrFixture
  github: GitHubStandIn
  messages?: MessagesServer
  liveKey?: string
}

function say(text: string): void {
  process.stdout.write(`${text}\n`)
}

async function runReview(demo: Demo, action: string): Promise<RunResult> {
  const { fixture, github, messages } = demo
  const result = await runAction({
    workspace: fixture.workspaceDir,
    eventName: 'pull_request',
    payload: pullRequestPayload(fixture, action),
    inputs: { 'anthropic-api-key': demo.liveKey ?? SCRIPTED_KEY, 'github-token': TOKEN },
    repository: `${fixture.owner}/${fixture.repo}`,
    sha: fixture.mergeSha,
    ref: `refs/pull/${fixture.prNumber}/merge`,
    githubApiUrl: github.url,
    githubGraphqlUrl: github.graphqlUrl,
    ...(messages ? { anthropicBaseUrl: messages.url } : {}),
    timeoutMs: demo.liveKey ? 15 * 60_000 : 60_000
  })
  await result.cleanup()
  if (result.exitCode !== 0) {
    const errors = result.annotations.filter(a => a.level === 'error').map(a => a.message)
    throw new Error(
      `the action failed (exit ${result.exitCode}): ${errors.join('; ') || result.stderr.trim() || 'no message'}`
    )
  }
  return result
}

function usageLine(result: RunResult): string {
  const { outputs } = result
  return (
    `Model usage: ${outputs['input-tokens']} input and ${outputs['output-tokens']} output tokens, ` +
    `$${outputs['cost-usd']}; ${outputs['findings-open']} open finding(s).`
  )
}

/** Redline's last review; replies in threads are reviews too on GitHub, but carry no state marker. */
function latestReview(github: GitHubStandIn) {
  return github.reviews.filter(review => review.body.includes('<!-- redline:state ')).at(-1)
}

async function main(): Promise<void> {
  const liveKey = process.env['ANTHROPIC_API_KEY']?.trim() || undefined
  const fixture = createPrFixture(SAMPLE)
  const github = await startGitHubServer({ fixture, pr: SAMPLE_PR, token: TOKEN })
  const messages = liveKey
    ? undefined
    : await startMessagesServer({ apiKey: SCRIPTED_KEY, script: firstReviewScript() })
  const demo: Demo = { fixture, github, ...(messages ? { messages } : {}), ...(liveKey ? { liveKey } : {}) }
  try {
    say(
      liveKey
        ? 'Redline demo: the live model (ANTHROPIC_API_KEY is set; the action calls the Anthropic API).'
        : 'Redline demo: a scripted model session (offline; set ANTHROPIC_API_KEY to use the live model).'
    )
    say(
      `Sample pull request #${fixture.prNumber} "${SAMPLE_PR.title}" in ${fixture.owner}/${fixture.repo} ` +
        `(${fixture.headRef} into ${fixture.baseRef}), run by dist/index.js against a local GitHub stand-in.`
    )

    const first = await runReview(demo, 'opened')
    const review = latestReview(github)
    if (!review) throw new Error('the action posted no review')
    say(heading(`Review of ${fixture.headSha.slice(0, 7)}, as posted on the pull request`))
    say(showReview(review, github.reviewComments))
    say(`\n${usageLine(first)}`)

    const lastCommentId = Math.max(0, ...github.reviewComments.map(comment => comment.id))
    const fixSha = fixture.pushHead(FIX.files, FIX.message)
    fixture.freshCheckout()
    messages?.push(...reReviewScript())
    say(heading(`The author pushes ${fixSha.slice(0, 7)} "${FIX.message}"; Redline reviews again`))
    const second = await runReview(demo, 'synchronize')
    const reReview = latestReview(github)
    if (!reReview) throw new Error('the re-review left no review')
    if (reReview.id === review.id) {
      // Nothing new went inline: Redline rewrote its review instead of posting another.
      say(
        '(Nothing new to comment on inline, so the review above was updated in place; no new notification.)\n'
      )
    }
    say(showReview(reReview, github.reviewComments))
    const threads = showThreadChanges(github.threads, github.reviewComments, lastCommentId)
    if (threads) say(`\n${threads}`)
    say(`\n${usageLine(second)}`)
  } finally {
    await github.close()
    await messages?.close()
    fixture.cleanup()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
