import { MAX_RULES } from './settings-table.js'

/**
 * The organisation's path rules that fit beside the repository's own under the rule cap: its first ones, so
 * that past the cap its last rules are the ones left out.
 */
export function organisationRulesKept<R>(organisation: readonly R[], repositoryCount: number): R[] {
  return organisation.slice(0, Math.max(0, MAX_RULES - repositoryCount))
}
