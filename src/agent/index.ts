/**
 * The agent's one door. The engine hands it what is reviewed and what the last review left, and gets back the
 * settled findings, what the model saw and how its part ended. The repository guidance, the changed symbols,
 * the head's text of earlier findings and the model client are assembled here, behind the door.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { DiffLineSet } from '../diff/line-set.js'
import type { DiffFile } from '../diff/model.js'
import type { TriageResult } from '../diff/triage.js'
import type { Finding } from '../findings/finding.js'
import { settleCarried } from '../findings/reconcile.js'
import type { BlobReader, Git } from '../git/git.js'
import type { Logger } from '../logger.js'
import { budgetLimits, runLimits, type BudgetKind, type BudgetName } from './budgets.js'
import { answerInThread, type ThreadAnswer, type ThreadAnswerInput } from './answer.js'
import { createModelClient } from './client.js'
import type { RunClock } from './clock.js'
import { readGuidanceAtBase, reReviewContext, type EarlierReview } from './context.js'
import { overviewFromFindings, type AgentRun } from './loop.js'
import { RateLimitSignal } from './passes.js'
import type { PathRule } from './first-message.js'
import type { LearnedRuleText } from './learned-rules.js'
import { planReview, reviewWithAgent, type AgentReview } from './reviewer.js'
import type { Provider } from './providers/settings.js'
import { symbolReferences } from '../graph/changed-symbols.js'
import type {
  DescribeMode,
  Walkthrough,
  WalkthroughMode,
  WrittenDescription
} from '../findings/walkthrough.js'
import type { PageFieldOptions } from './tools/walkthrough-fields.js'
import { describePullRequest, type DescribeInput, type PullDescription } from './describe.js'
import { distillRules, type DistillInput, type DistilledRules } from './learn.js'

export { BUDGET_NAMES, DEFAULT_TIME_LIMIT_MINUTES, type BudgetKind, type BudgetName } from './budgets.js'
export { minutesText, type RunClock } from './clock.js'
export { emptyUsage, formatUsage, priceFor, type Usage } from './pricing.js'
export { readLinesAt } from './tools/repo-tools.js'
export { PROVIDERS, type Provider } from './providers/settings.js'
export type { AgentRun } from './loop.js'
export type { EarlierReview } from './context.js'
export { rulesForFiles, type PathRule } from './first-message.js'
export { learnedRulesForFiles, type LearnedRuleText } from './learned-rules.js'

/** What is reviewed, as the model is told: a pull request, or (without a number) a local branch. */
export interface ReviewTarget {
  /** `owner/repo`. */
  repository: string
  number?: number
  /** The pull request's title; empty for a branch. */
  title: string
  /** The pull request's description, or the branch's commit messages. */
  body: string
  author?: string
  baseRef?: string
  headRef?: string
}

/** The settings the model's part runs with. */
export interface ModelSettings {
  model: string
  budget: BudgetName
  instructions: string
  verifyFindings: boolean
  anthropicApiKey: string
  anthropicBaseUrl?: string
  /** The maintainers' rules for some paths, from the base branch. */
  pathRules?: PathRule[]
  /** The team's learned rules, from the base branch's learned rules file: absent without one, empty without a readable rule. */
  learnedRules?: LearnedRuleText[]
  /** A BCP 47 tag: the review's prose is written in this language. */
  language?: string
  /** Where Claude is reached; `anthropic` when absent. Bedrock and Vertex need no Anthropic key. */
  provider?: Provider
  /** Bedrock's region; AWS_REGION or AWS_DEFAULT_REGION when absent. */
  awsRegion?: string
  /** Vertex AI's project and region; GOOGLE_CLOUD_PROJECT and CLOUD_ML_REGION when absent. */
  vertexProject?: string
  vertexRegion?: string
  /** The walkthrough's form in the review; 'off' asks the model for none. Default: collapsed. */
  walkthrough?: WalkthroughMode
  /** Ask for a sequence diagram of a flow across modules. */
  diagrams?: boolean
  /** on-open: a pull request opened without a description gets one from its first review. */
  describe?: DescribeMode
}

export interface ModelReviewInput {
  target: ReviewTarget
  git: Git
  headSha: string
  /** The base branch's tip, where the guidance is read. */
  baseSha: string
  /** The merge base: what the model's reads at `base` see. Defaults to baseSha. */
  mergeBaseSha?: string
  /** The whole pull-request diff, for get_diff. */
  prFiles: DiffFile[]
  /** Where comments can go. */
  lineSet: DiffLineSet
  /** This run's files: the reviewable ones are what the model must see. */
  triage: TriageResult
  /** What the last review left; absent on a first review. */
  earlier?: EarlierReview
  /** A reader opened beside the diff, used (and closed) to read the guidance. */
  baseReader?: BlobReader
  settings: ModelSettings
  logger: Logger
  /** Makes the client; by default one for the settings' key and base URL. */
  client?: () => Anthropic
  /** The whole run's clock (the time-limit input): the model's part ends by its deadline. */
  clock?: RunClock
  /** The repository's tools' results on the changed lines, rendered as untrusted data for the first message. */
  evidence?: string
}

/** What ran out: one of a pass's budgets, or the whole run's time limit. */
export type EndBudget = BudgetKind | 'time limit'

/** How the model's part ended. */
export type ModelEnd =
  | { kind: 'completed' }
  | { kind: 'budget'; budget: EndBudget }
  | { kind: 'fatal'; error: Error }
  | { kind: 'interrupted'; error: Error }

export interface ModelReview {
  end: ModelEnd
  /** Every finding at the head: this run's and the earlier ones, settled against what changed. */
  findings: Finding[]
  run: AgentRun
  /** Reviewable files whose every changed line the model saw, and those it did not. */
  covered: string[]
  uncovered: string[]
  /** The model's summary, or one written from the findings when it wrote none. */
  overview: string
  /** This run's walkthrough, as the model wrote it (of the files it reviewed). */
  walkthrough?: Walkthrough
  /** A description for a pull request opened without one. */
  description?: WrittenDescription
}

/** Which page fields publish_review offers this run. */
function pageOptions(input: ModelReviewInput): PageFieldOptions {
  const { settings } = input
  return {
    walkthrough: settings.walkthrough !== 'off',
    diagrams: settings.diagrams === true,
    description: settings.describe === 'on-open' && !input.earlier && input.target.body.trim() === '',
    prPaths: new Set(input.prFiles.map(file => file.path))
  }
}

/** One review by the model of `input.triage`'s reviewable files. Model failures end it; they are not thrown. */
export async function reviewWithModel(input: ModelReviewInput): Promise<ModelReview> {
  const { git, headSha, settings, logger } = input
  const changedPaths = input.prFiles.map(file => file.path)
  // Each reads its own commit with git processes of its own: neither waits for the other, and the passes are
  // planned (their first diff rendered) while git reads.
  const reading = Promise.all([
    readGuidanceAtBase(git, input.baseSha, logger, changedPaths, input.baseReader),
    symbolReferences(
      git,
      headSha,
      input.triage.reviewable.map(entry => entry.file),
      logger
    ),
    reReviewContext(git, headSha, input.earlier)
  ])
  const batches = planReview(input.triage)
  const [guidance, symbols, reReview] = await reading
  const rateLimits = new RateLimitSignal()
  // The provider is chosen here, behind the door: a missing region or project throws before any request.
  const { client, model } = input.client
    ? { client: input.client(), model: settings.model }
    : await createModelClient(settings, {
        anthropicApiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {}),
        onRateLimited: () => rateLimits.record()
      })
  const { target } = input
  const review = await reviewWithAgent({
    client,
    model,
    budget: budgetLimits(settings.budget),
    run: runLimits(settings.budget),
    rateLimits,
    git,
    headSha,
    baseSha: input.mergeBaseSha ?? input.baseSha,
    prFiles: input.prFiles,
    lineSet: input.lineSet,
    triage: input.triage,
    batches,
    carried: input.earlier?.carried ?? [],
    verify: settings.verifyFindings,
    page: pageOptions(input),
    ...(input.clock ? { clock: input.clock } : {}),
    context: {
      repository: target.repository,
      pr: {
        ...(target.number !== undefined ? { number: target.number } : {}),
        title: target.title,
        body: target.body,
        ...(target.author !== undefined ? { author: target.author } : {}),
        ...(target.baseRef !== undefined ? { baseRef: target.baseRef } : {}),
        ...(target.headRef !== undefined ? { headRef: target.headRef } : {})
      },
      guidance,
      instructions: settings.instructions,
      ...(settings.pathRules && settings.pathRules.length > 0 ? { pathRules: settings.pathRules } : {}),
      ...(settings.learnedRules && settings.learnedRules.length > 0
        ? { learnedRules: settings.learnedRules }
        : {}),
      ...(settings.language ? { language: settings.language } : {}),
      symbols,
      ...(reReview ? { reReview } : {}),
      ...(input.evidence ? { evidence: input.evidence } : {})
    },
    logger
  })
  return settled(review, input)
}

function settled(review: AgentReview, input: ModelReviewInput): ModelReview {
  const end = endOfReview(review)
  const changes = input.earlier?.changes ?? new Map()
  const findings = settleCarried(review.findings, changes, new Set(review.touched), input.headSha)
  for (const note of review.page?.notes ?? []) input.logger.info(note)
  return {
    ...(review.page?.walkthrough ? { walkthrough: review.page.walkthrough } : {}),
    ...(review.page?.description
      ? { description: { text: review.page.description, instructions: review.page.instructions } }
      : {}),
    end,
    findings,
    run: review.run,
    covered: review.covered,
    uncovered: review.uncovered,
    overview: review.run.summary ?? overviewFromFindings(findings, review.run)
  }
}

/** How the model's part ended: a failure with nothing recorded is fatal, as a re-run loses nothing. */
export function endOfReview(review: Pick<AgentReview, 'run' | 'touched' | 'ranOutOfTime'>): ModelEnd {
  const { run } = review
  if (run.failure) {
    return review.touched.length === 0
      ? { kind: 'fatal', error: run.failure }
      : { kind: 'interrupted', error: run.failure }
  }
  if (review.ranOutOfTime) return { kind: 'budget', budget: 'time limit' }
  if (run.budgetExhausted) return { kind: 'budget', budget: run.budgetExhausted }
  return { kind: 'completed' }
}

export type { ThreadAnswer, ThreadQuestion } from './answer.js'
export { instructionTexts } from './instructions.js'

/** An answer to a question in one of Redline's threads, by a short run of the model the settings name. */
export async function answerQuestion(
  settings: ModelSettings,
  input: Omit<ThreadAnswerInput, 'client' | 'model'> & { client?: () => Anthropic }
): Promise<ThreadAnswer> {
  const { client, model } = input.client
    ? { client: input.client(), model: settings.model }
    : await createModelClient(settings, {
        anthropicApiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {})
      })
  return answerInThread({ ...input, client, model })
}

export type { PullDescription } from './describe.js'

/** A description of a pull request, for `@redline describe`, by a short run of the model the settings name. */
export async function describeWithModel(
  settings: ModelSettings,
  input: Omit<DescribeInput, 'client' | 'model' | 'language'> & { client?: () => Anthropic }
): Promise<PullDescription> {
  const { client, model } = input.client
    ? { client: input.client(), model: settings.model }
    : await createModelClient(settings, {
        anthropicApiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {})
      })
  return describePullRequest({
    ...input,
    client,
    model,
    ...(settings.language ? { language: settings.language } : {})
  })
}

export {
  LEARN_BUDGET,
  LEARN_SYSTEM_PROMPT,
  MAX_PROPOSED_RULES,
  distillRules,
  type DistillInput,
  type DistilledRemoval,
  type DistilledRule,
  type DistilledRules
} from './learn.js'

/** Rules distilled from the team's evidence, for `redline learn`, by a short run of the model the settings name. */
export async function distillWithModel(
  settings: ModelSettings,
  input: Omit<DistillInput, 'client' | 'model' | 'language'> & { client?: () => Anthropic }
): Promise<DistilledRules> {
  const { client, model } = input.client
    ? { client: input.client(), model: settings.model }
    : await createModelClient(settings, {
        anthropicApiKey: settings.anthropicApiKey,
        ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {})
      })
  return distillRules({
    ...input,
    client,
    model,
    ...(settings.language ? { language: settings.language } : {})
  })
}
