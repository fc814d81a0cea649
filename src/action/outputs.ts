import { mkdir, writeFile } from 'node:fs/promises'
import { redactKnownSecrets } from '../text/known-secrets.js'
import * as os from 'node:os'
import * as path from 'node:path'
import { compareFindings, findingLocation, type Finding } from '../findings/finding.js'
import type { UsageTotals } from './job-summary.js'

/** The outputs declared in action.yml, as the strings `core.setOutput` receives. */
export interface ActionOutputs {
  'review-id': string
  'review-url': string
  'findings-open': string
  'findings-file': string
  'input-tokens': string
  'output-tokens': string
  'cost-usd': string
  coverage: string
}

export interface OutputsInput {
  reviewId?: number
  reviewUrl?: string
  findings: readonly Finding[]
  findingsFile: string
  usage?: UsageTotals
  /** Absent when no review was attempted (the output is then empty). */
  coverage?: { reviewed: number; reviewable: number }
}

export function computeOutputs(input: OutputsInput): ActionOutputs {
  const usage = input.usage
  return {
    'review-id': input.reviewId === undefined ? '' : String(input.reviewId),
    'review-url': input.reviewUrl ?? '',
    'findings-open': String(input.findings.filter(finding => finding.status === 'open').length),
    'findings-file': input.findingsFile,
    // The declared meaning of input-tokens includes cached reads and writes.
    'input-tokens': usage ? String(usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens) : '0',
    'output-tokens': usage ? String(usage.outputTokens) : '0',
    'cost-usd': usage ? usage.costUsd.toFixed(4) : '0.0000',
    coverage: input.coverage ? `${input.coverage.reviewed}/${input.coverage.reviewable}` : ''
  }
}

export interface FindingsFileOptions {
  /** Where the file goes; RUNNER_TEMP on a runner, the system temp directory elsewhere. */
  directory?: string
  prNumber?: number
  /** Findings posted inline by this run. */
  inlineFindingIds?: readonly string[]
  commitSha?: string
}

/** Every finding with its status, severity, location and text, for later steps of the workflow. */
export function findingsDocument(findings: readonly Finding[], options: FindingsFileOptions = {}): unknown {
  const inlineIds = new Set(options.inlineFindingIds ?? [])
  return {
    version: 1,
    ...(options.prNumber === undefined ? {} : { pull_request: options.prNumber }),
    ...(options.commitSha === undefined ? {} : { commit: options.commitSha }),
    findings: [...findings].sort(compareFindings).map(finding => ({
      ...finding,
      location: findingLocation(finding),
      postedInline: inlineIds.has(finding.id)
    }))
  }
}

export async function writeFindingsFile(
  findings: readonly Finding[],
  options: FindingsFileOptions = {},
  env: NodeJS.ProcessEnv = process.env
): Promise<string> {
  const directory = options.directory ?? env['RUNNER_TEMP'] ?? os.tmpdir()
  await mkdir(directory, { recursive: true })
  const name =
    options.prNumber === undefined ? 'redline-findings.json' : `redline-findings-pr${options.prNumber}.json`
  const file = path.join(directory, name)
  const document = `${JSON.stringify(findingsDocument(findings, options), null, 2)}\n`
  await writeFile(file, redactKnownSecrets(document), 'utf8')
  return file
}
