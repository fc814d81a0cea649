/**
 * Which repositories an insights run collects: `owner/name` for one, `owner/*` for every repository of an
 * organisation or user. Read from `--repo`, `--org` or the `insights-repos` input, in one linear pass.
 */
import { ConfigurationError } from '../errors.js'

/** One repository, or (`repo: '*'`) every repository of the owner. */
export interface InsightsTarget {
  owner: string
  repo: string
}

export const EVERY_REPOSITORY = '*'
const NAME = /^[A-Za-z0-9_.-]+$/

/** One `owner/name` or `owner/*`; anything else is a configuration error that quotes it. */
export function parseTarget(text: string): InsightsTarget {
  const [owner = '', repo = '', ...rest] = text.trim().split('/')
  if (rest.length === 0 && NAME.test(owner) && (repo === EVERY_REPOSITORY || NAME.test(repo)))
    return { owner, repo }
  throw new ConfigurationError(
    `a repository must be written owner/name, or owner/* for every repository of an owner; got "${text.trim()}"`
  )
}

/** A list of targets, one a line or comma-separated, each named once (whatever its case). */
export function parseTargets(text: string): InsightsTarget[] {
  const seen = new Set<string>()
  return text
    .split(/[\n,]/)
    .map(entry => entry.trim())
    .filter(entry => entry !== '')
    .map(parseTarget)
    .filter(target => {
      const key = `${target.owner}/${target.repo}`.toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/** Whether the run reports on more than one repository (a wildcard, or several names). */
export function reportsAcrossRepositories(targets: readonly InsightsTarget[]): boolean {
  return targets.length > 1 || targets.some(target => target.repo === EVERY_REPOSITORY)
}
