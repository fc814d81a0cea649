/**
 * Whether configured checks may run on this head: only where its code is already trusted to run in CI with
 * secrets. The front door that knows the event says so; without its word, they do not run.
 */

export type ChecksTrust = { run: true } | { run: false; reason: string }

/** The door's word, given at once or looked up when a check is about to run (the look-ups cost requests). */
export type ChecksTrustSource = ChecksTrust | (() => Promise<ChecksTrust>)

export const NO_DOOR_TRUST: ChecksTrust = {
  run: false,
  reason: 'this run does not say the pull request is trusted to run code'
}

/** The door's word; a look-up that fails is a no, with its reason. */
export async function resolveChecksTrust(source: ChecksTrustSource): Promise<ChecksTrust> {
  if (typeof source !== 'function') return source
  try {
    return await source()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { run: false, reason: `who wrote the head's commits could not be checked (${reason})` }
  }
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

/** One commit of the head and the GitHub account of its author (null: none). */
export interface HeadCommitAuthor {
  sha: string
  login: string | null
  /** GitHub's account type: `Bot` for an app's account. */
  type?: string
}

export function isBotAccount(author: { login: string; type?: string }): boolean {
  return author.type === 'Bot' || author.login.toLowerCase().endsWith('[bot]')
}

/**
 * The rule on who wrote the head: a branch in the repository is not enough, as bots (Dependabot) and people
 * without write permission get their commits there too. Every commit's author must be a person with write
 * permission; a bot, an author without it, or one without a GitHub account means no check runs. Only
 * authors are judged: the committer of a commit made on GitHub (`web-flow`: an applied suggestion, "Update
 * branch") is GitHub itself, and the author is the person who made it there.
 */
export async function checksTrustForAuthors(input: {
  authors: readonly HeadCommitAuthor[]
  /** False when the head has more commits than were listed. */
  complete: boolean
  hasWriteAccess: (login: string) => Promise<boolean>
}): Promise<ChecksTrust> {
  if (!input.complete)
    return {
      run: false,
      reason: 'the pull request has more commits than GitHub lists, so not all authors are known'
    }
  for (const author of input.authors) {
    const commit = author.sha.slice(0, 7)
    if (author.login === null)
      return {
        run: false,
        reason: `commit ${commit} has an author with no GitHub account, so whether they may run code here is unknown`
      }
    if (isBotAccount({ login: author.login, ...(author.type ? { type: author.type } : {}) }))
      return {
        run: false,
        reason: `commit ${commit} was authored by a bot (${author.login}), whose code is not run`
      }
  }
  const logins = [...new Set(input.authors.map(author => author.login as string))]
  for (const login of logins) {
    if (!(await input.hasWriteAccess(login)))
      return {
        run: false,
        reason: `${login}, who authored commits of this head, has no write permission, so their code is not run`
      }
  }
  return { run: true }
}
