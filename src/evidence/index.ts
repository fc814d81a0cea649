/**
 * Evidence from the repository's own tools for one review: the evidence files earlier steps wrote, and the
 * configured checks where the head may run. It ends with the first message's section and one report per
 * source; it never throws, as a tool that breaks must not cost the review.
 */
import type { DiffLineSet } from '../diff/line-set.js'
import type { Logger } from '../logger.js'
import { runChecks } from './checks.js'
import { readEvidenceFiles } from './files.js'
import { renderEvidenceSection, reportLine } from './render.js'
import { selectOnChangedLines, withPlacement } from './select.js'
import type { CheckSpec } from './spec.js'
import { resolveChecksTrust, type ChecksTrustSource } from './trust.js'
import type { EvidenceReport, GatheredResults } from './types.js'

/** What a review gathers: globs of evidence files (from the workflow or the file) and the base's checks. */
export interface EvidenceSettings {
  files: string[]
  checks: CheckSpec[]
}

export interface EvidenceInput {
  settings: EvidenceSettings
  trust: ChecksTrustSource
  workspace: string
  headSha: string
  lineSet: DiffLineSet
  /** The files the model reviews: only their results are shown. */
  reviewable: readonly string[]
  logger: Logger
  env?: NodeJS.ProcessEnv
}

export interface Evidence {
  /** The first message's section; undefined when there is nothing to say. */
  section?: string
  reports: EvidenceReport[]
}

export function wantsEvidence(settings: EvidenceSettings | undefined): settings is EvidenceSettings {
  return settings !== undefined && (settings.files.length > 0 || settings.checks.length > 0)
}

export async function gatherEvidence(input: EvidenceInput): Promise<Evidence> {
  const { settings, logger } = input
  const gathered: GatheredResults = { results: [], reports: [] }
  const add = (more: GatheredResults): void => {
    gathered.results.push(...more.results)
    gathered.reports.push(...more.reports)
  }
  try {
    if (settings.files.length > 0) add(await readEvidenceFiles(input.workspace, settings.files))
    if (settings.checks.length > 0) add(await checksIfTrusted(input))
  } catch (error) {
    logger.warning(
      `Evidence from tools was not read: ${error instanceof Error ? error.message : String(error)}`
    )
  }
  const selected = selectOnChangedLines(gathered.results, input.lineSet, new Set(input.reviewable))
  const reports = withPlacement(gathered.reports, gathered.results, selected)
  for (const report of reports) logger.info(reportLine(report))
  if (settings.files.length > 0 && !reports.some(report => report.source === 'file'))
    logger.info(`No evidence file matched ${settings.files.join(', ')}.`)
  const section = renderEvidenceSection(selected)
  return { ...(section !== undefined ? { section } : {}), reports }
}

async function checksIfTrusted(input: EvidenceInput): Promise<GatheredResults> {
  const { settings } = input
  const trust = await resolveChecksTrust(input.trust)
  if (!trust.run) {
    const reports: EvidenceReport[] = settings.checks.map(check => ({
      source: 'check',
      name: check.name,
      status: 'not-run',
      text: `not run: ${trust.reason}`
    }))
    return { results: [], reports }
  }
  return runChecks({
    checks: settings.checks,
    workspace: input.workspace,
    headSha: input.headSha,
    logger: input.logger,
    ...(input.env ? { env: input.env } : {})
  })
}

export type { EvidenceReport } from './types.js'
export type { CheckSpec } from './spec.js'
export {
  checksTrustForAuthors,
  checksTrustForPullRequest,
  NO_DOOR_TRUST,
  type ChecksTrust,
  type ChecksTrustSource
} from './trust.js'
export { reportLine } from './render.js'
