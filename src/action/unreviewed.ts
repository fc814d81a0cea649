/**
 * Pull requests the action does not review on purpose: a fork's pull_request run and a Dependabot run, which
 * GitHub gives no key; an author the workflow skips; the skip label; a draft. Each ends with a notice and exit
 * 0, except when the workflow gates on findings (fail-on): a gate that passed a pull request it never looked
 * at would be a lie, so it fails with one line saying what was not reviewed and how to review it. The
 * "Redline" check says the same: neutral without a gate, failure with one.
 */
import { z } from 'zod'
import type { Severity } from '../findings/severity.js'
import type { CheckReportInput } from '../publish/check-report.js'

/** What keeps a pull request from being reviewed, which decides how to get a review after all. */
export type UnreviewedKind = 'fork' | 'dependabot' | 'author' | 'label' | 'draft'

/** Why a pull request is not reviewed: the notice, and what a gate says instead. */
export interface Unreviewed {
  kind: UnreviewedKind
  /** The pull request's number. */
  number: number
  notice: string
  /** Why, for the gate's line: "it comes from a fork, …". */
  why: string
  /** What to do to review such pull requests. */
  how: string
  /** The label or the login the kind refers to. */
  name?: string
}

export const DEPENDABOT = 'dependabot[bot]'

const authorPayload = z.object({
  pull_request: z.object({
    number: z.number(),
    user: z.object({ login: z.string() }).nullish(),
    head: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }).nullish()
  })
})

/** The pull request's number, author and head commit, from a pull_request or pull_request_target payload. */
export function pullRequestOf(
  payload: unknown
): { number: number; author?: string; headSha?: string } | undefined {
  const parsed = authorPayload.safeParse(payload)
  if (!parsed.success) return undefined
  const { number, user, head } = parsed.data.pull_request
  return {
    number,
    ...(user?.login ? { author: user.login } : {}),
    ...(head?.sha ? { headSha: head.sha } : {})
  }
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
    kind: 'dependabot',
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
    kind: 'fork',
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
    kind: 'author',
    name: login,
    number,
    notice: `PR #${number} is by ${login}, who matches skip-authors; it is not reviewed.`,
    why: `its author ${login} matches skip-authors`,
    how: "Leave that author out of the gate's skip-authors to gate its pull requests."
  }
}

export function skipLabel(number: number, label: string): Unreviewed {
  return {
    kind: 'label',
    name: label,
    number,
    notice: `PR #${number} has the label ${label}; it is not reviewed.`,
    why: `it has the label ${label}`,
    how: `Remove the label ${label} to review and gate it.`
  }
}

export function draft(number: number): Unreviewed {
  return {
    kind: 'draft',
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

/** How to get a review of such a pull request now: a comment command works for every kind. */
function howToReview(unreviewed: Unreviewed, phrase: string): string {
  const now = `comment \`${phrase} review\` for one review now`
  switch (unreviewed.kind) {
    case 'fork':
      return (
        `To review it, ${now} (comments run with the repository's secrets); to review every fork pull ` +
        'request, run Redline on pull_request_target as examples/review-forks.yml does.'
      )
    case 'dependabot':
      return `To review it, ${now}, or add ANTHROPIC_API_KEY as a Dependabot secret.`
    case 'author':
      return `To review it, ${now}, or leave ${unreviewed.name ?? 'its author'} out of skip-authors.`
    case 'label':
      return `To review it, remove the label ${unreviewed.name ?? ''} or ${now}.`
    case 'draft':
      return `It is reviewed when marked ready for review (or with review-drafts: true); or ${now}.`
  }
}

/** What the "Redline" check says of a pull request left unreviewed: why, and how to get a review. */
export function unreviewedCheck(
  unreviewed: Unreviewed,
  failOn: Severity | 'none',
  phrase: string
): CheckReportInput {
  return {
    end: {
      kind: 'unreviewable',
      reason: `Redline did not review this pull request: ${unreviewed.why}.`,
      how: howToReview(unreviewed, phrase)
    },
    findings: [],
    failOn
  }
}
