import * as core from '@actions/core'
import type { EvidenceReport } from '../evidence/index.js'
import { redactKnownSecrets } from '../text/known-secrets.js'

/** A notice for each configured check this run would not run, saying why (a fork's head, say). */
export function noticeChecksNotRun(reports: readonly EvidenceReport[] | undefined): void {
  for (const check of reports?.filter(report => report.status === 'not-run') ?? [])
    core.notice(redactKnownSecrets(`Check ${check.name} was ${check.text}.`))
}
