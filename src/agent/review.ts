import type Anthropic from '@anthropic-ai/sdk'
import type { DiffLineSet } from '../diff/line-set.js'
import type { DiffFile } from '../diff/model.js'
import { layoutPromptDiff } from '../diff/render.js'
import type { TriageResult } from '../diff/triage.js'
import type { Finding } from '../findings/finding.js'
import { FindingsStore } from '../findings/store.js'
import type { Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import type { BudgetLimits } from './budgets.js'
import { buildFirstUserContent, type ReviewContextInput } from './context.js'
import { Coverage } from './coverage.js'
import { runAgent, type AgentRun } from './loop.js'
import { SYSTEM_PROMPT } from './prompt.js'
import { verifyFindings } from './verify.js'
import { findingTools } from './tools/finding-tools.js'
import { ToolRegistry } from './tools/registry.js'
import { readLinesAt, repoTools } from './tools/repo-tools.js'

export interface AgentReviewInput {
  client: Anthropic
  model: string
  budget: BudgetLimits
  git: Git
  headSha: string
  /** The merge base: what `ref: base` reads. */
  baseSha: string
  /** The whole pull-request diff, for get_diff. */
  prFiles: DiffFile[]
  /** Where comments can go. */
  lineSet: DiffLineSet
  /** What this run reviews; its reviewable files are what coverage counts. */
  triage: TriageResult
  /** Findings of earlier reviews, at the head. */
  carried: Finding[]
  /** The first message's description of the pull request (everything but the diff, which comes from triage). */
  context: Omit<ReviewContextInput, 'triage' | 'headSha' | 'baseSha' | 'budget'>
  /** Check each open finding once more after the loop (the verify-findings input). */
  verify?: boolean
  logger: Logger
  now?: () => number
}

export interface AgentReview {
  /** Every finding in the store after the run: carried ones and this run's. */
  findings: Finding[]
  /** Ids this run added or changed. */
  touched: string[]
  run: AgentRun
  /** Reviewable files whose every changed line was in front of the model. */
  covered: string[]
  uncovered: string[]
}

/** One review conversation over `triage`'s files: store, tools, first message, loop. */
export async function reviewWithAgent(input: AgentReviewInput): Promise<AgentReview> {
  const { git, headSha, logger } = input
  const store = new FindingsStore({
    existing: input.carried,
    lines: input.lineSet,
    headSha,
    readHeadLines: path => readLinesAt(git, headSha, path)
  })
  const coverage = new Coverage(input.triage.reviewable.map(entry => entry.file))
  const tools = new ToolRegistry([
    ...repoTools({ git, headSha, baseSha: input.baseSha, files: input.prFiles, coverage }),
    ...findingTools(store)
  ])
  const firstUserContent = buildFirstUserContent({
    ...input.context,
    headSha,
    baseSha: input.baseSha,
    triage: input.triage,
    budget: input.budget
  })
  // The first message's diff counts once the model has answered it, like any other view.
  for (const shown of layoutPromptDiff(input.triage).shown) {
    if (shown.whole) coverage.offerWholeDiff(shown.path)
    else coverage.offerDiffLines(shown.path, shown.lines)
  }
  const run = await runAgent({
    client: input.client,
    model: input.model,
    budget: input.budget,
    system: SYSTEM_PROMPT,
    firstUserContent,
    tools,
    logger,
    coverage,
    ...(input.now ? { now: input.now } : {})
  })
  // A run that failed has nothing settled to verify; its findings are posted as an interrupted review.
  if (input.verify && !run.failure) {
    const verified = await verifyFindings({
      client: input.client,
      model: input.model,
      system: SYSTEM_PROMPT,
      tools,
      firstUserContent,
      store,
      readHeadLines: path => readLinesAt(git, headSha, path),
      logger,
      usage: run.usage
    })
    run.coverageNotes.push(...verified.notes)
  }
  return {
    findings: store.all(),
    touched: store.touched(),
    run,
    covered: coverage.covered(),
    uncovered: coverage.uncovered()
  }
}
