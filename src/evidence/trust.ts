/**
 * Whether configured checks may run on this head: only where its code is already trusted to run in CI with
 * secrets. The front door that knows the event says so; without its word, they do not run.
 */

export type ChecksTrust = { run: true } | { run: false; reason: string }

export const NO_DOOR_TRUST: ChecksTrust = {
  run: false,
  reason: 'this run does not say the pull request is trusted to run code'
}

/**
 * The action's rule: a pull request from the repository itself, under pull_request, workflow_dispatch or a
 * comment command; never a fork's head, and never under pull_request_target, where the base's secrets are.
 */
export function checksTrustForPullRequest(input: {
  event: 'pull_request' | 'pull_request_target' | 'workflow_dispatch' | 'comment'
  prNumber: number
  /** owner/repo of the base and the head; the head's is null when the fork was deleted. */
  baseRepository: string
  headRepository: string | null | undefined
}): ChecksTrust {
  if (input.event === 'pull_request_target') {
    return {
      run: false,
      reason:
        "under pull_request_target the job has the base repository's secrets, so the pull request's code is not run"
    }
  }
  const head = input.headRepository
  if (!head || head.toLowerCase() !== input.baseRepository.toLowerCase()) {
    return {
      run: false,
      reason: `PR #${input.prNumber} comes from a fork (${head ?? 'deleted'}), and a fork's code is not run here`
    }
  }
  return { run: true }
}
