/**
 * Pull requests the action does not review on purpose: a fork's pull_request run and a Dependabot run, which
 * GitHub gives no key; an author the workflow skips; a draft. Each ends with a notice and exit 0, except when
 * the workflow gates on findings (fail-on): a gate that passed a pull request it never looked at would be a
 * lie, so it fails with one line saying what was not reviewed and how to review it.
 */
import { z } from 'zod'

/** Why a pull request is not reviewed: the notice, and what a gate says instead. */
export interface Unreviewed {
  /** The pull request's number. */
  number: number
  notice: string
  /** Why, for the gate's line: "it comes from a fork, …". */
  why: string
  /** What to do to review such pull requests. */
  how: string
}

export const DEPENDABOT = 'dependabot[bot]'

const authorPayload = z.object({
  pull_request: z.object({ number: z.number(), user: z.object({ login: z.string() }).nullish() })
})

/** The pull request's number and author, from a pull_request or pull_request_target payload. */
export function pullRequestOf(payload: unknown): { number: number; author?: string } | undefined {
  const parsed = authorPayload.safeParse(payload)
  if (!parsed.success) return undefined
  const { number, user } = parsed.data.pull_request
  return user?.login ? { number, author: user.login } : { number }
}

/**
 * Whether `login` matches one of the patterns: logins, or globs where `*` stands for any run of characters
 * and `?` for one. Brackets are literal, so `*[bot]` means every bot account. GitHub logins ignore case.
 */
export function matchesAuthor(patterns: readonly string[], login: string): boolean {
  return patterns.some(pattern => {
    const source = [...pattern]
      .map(char => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/-]/g, '\\$&')))
      .join('')
    return new RegExp(`^${source}$`, 'i').test(login)
  })
}

export function dependabotWithoutKey(number: number): Unreviewed {
  return {
    number,
    notice:
      `PR #${number} is by Dependabot, and GitHub runs Dependabot's pull_request workflows with Dependabot ` +
      'secrets only, so there is no anthropic-api-key and no review. To review its pull requests, add the key ' +
      'as a Dependabot secret too (Settings → Secrets and variables → Dependabot).',
    why: 'it is by Dependabot, whose runs get Dependabot secrets only, so there is no anthropic-api-key',
    how: 'Add ANTHROPIC_API_KEY as a Dependabot secret to review and gate its pull requests.'
  }
}

export function forkWithoutKey(number: number, notice: string): Unreviewed {
  return {
    number,
    notice,
    why: 'it comes from a fork, and GitHub gives pull_request runs from forks no secrets',
    how:
      'To review and gate fork pull requests, run Redline on pull_request_target as examples/review-forks.yml ' +
      'does.'
  }
}

export function skippedAuthor(number: number, login: string): Unreviewed {
  return {
    number,
    notice: `PR #${number} is by ${login}, who matches skip-authors; it is not reviewed.`,
    why: `its author ${login} matches skip-authors`,
    how: "Leave that author out of the gate's skip-authors to gate its pull requests."
  }
}

export function skipLabel(number: number, label: string): Unreviewed {
  return {
    number,
    notice: `PR #${number} has the label ${label}; it is not reviewed.`,
    why: `it has the label ${label}`,
    how: `Remove the label ${label} to review and gate it.`
  }
}

export function draft(number: number): Unreviewed {
  return {
    number,
    notice: `PR #${number} is a draft; it will be reviewed when marked ready (or set review-drafts: true).`,
    why: 'it is a draft',
    how: 'Set review-drafts: true to gate drafts, or mark it ready for review.'
  }
}

/** The line a gate fails with instead of passing what it did not review. */
export function gateLine(unreviewed: Unreviewed, failOn: string): string {
  return `The gate (fail-on: ${failOn}) did not review PR #${unreviewed.number}: ${unreviewed.why}. ${unreviewed.how}`
}
