import type { Octokit } from './client.js'
import { pullParams } from './pulls.js'
import type { PullRequestRef } from './refs.js'

/** Replaces a pull request's description (`pull-requests: write`). */
export async function updatePullBody(octokit: Octokit, pr: PullRequestRef, body: string): Promise<void> {
  await octokit.rest.pulls.update({ ...pullParams(pr), body })
}
