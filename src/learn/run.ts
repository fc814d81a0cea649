/**
 * One learn run, whichever door asked: collect the outcome history into the database insights keeps, read
 * the evidence people with write permission left, and, when some is new since the rules file's ledger,
 * distill rules with a short model run, check them in code and plan the new file. The action proposes it as
 * a pull request; the command line prints or writes it. Nothing new: no model call and no write.
 */
import type { ModelSettings } from '../agent/index.js'
import { distillWithModel, formatUsage, type Usage } from '../agent/index.js'
import { errorMessage, httpStatus } from '../errors.js'
import { createGit, type GitEnvironment } from '../git/git.js'
import type { Octokit } from '../github/client.js'
import {
  LEARNED_BRANCH,
  writeProposal,
  type ProposalContent,
  type ProposalWritten
} from '../github/learned-pr.js'
import { writeAccess } from '../github/permissions.js'
import type { Repository } from '../github/refs.js'
import { collect } from '../insights/collect.js'
import { InsightsStore } from '../insights/store.js'
import type { Logger } from '../logger.js'
import { plural, truncate } from '../text/measure.js'
import { allDeletions, isAfter, spentOnDeletion } from './checks.js'
import { changesRules, decide, type Decision } from './decide.js'
import { readEvidence } from './evidence.js'
import { proposalContent } from './proposal.js'
import { renderCurrentRules, renderEvidence } from './render-evidence.js'
import { readSources, type LearnSources } from './sources.js'
import type { EvidenceItem } from './types.js'

export interface LearnOptions {
  octokit: Octokit
  graphqlUrl: string
  repo: Repository
  /** The window of history read (ISO 8601): pull requests updated since, evidence from since. */
  since: string
  /** The account Redline reviews as: only its markers are trusted. */
  redlineLogin: string
  /** The SQLite file insights keeps: one cache serves both. */
  dbPath: string
  model: ModelSettings
  /** A checkout of the default branch, for the model's read tools; none when absent or at another commit. */
  workspace?: string
  /** Whose environment git runs with (see createGit). */
  gitEnvironment?: GitEnvironment
  /** Open (or update) the pull request; otherwise the new file is only returned. */
  propose: boolean
  logger: Logger
  now?: Date
}

/** How the run ended. */
export type LearnEnd = 'nothing-new' | 'no-change' | 'planned' | 'proposed'

export interface LearnResult {
  end: LearnEnd
  /** What happened, in one line both doors print. */
  line: string
  /** The evidence given, and how much of it is new since the file's ledger. */
  evidence: { items: number; fresh: number }
  /** The new file, when it changes a rule. */
  file?: string
  decision?: Decision
  /** The pull request's body: the proposal's summary. */
  body?: string
  proposal?: ProposalWritten
  usage?: Usage
  /** The model run's cost line, when the model was called. */
  cost?: string
}

const repoName = (repo: Repository) => `${repo.owner}/${repo.repo}`

/**
 * The database's own mark of the evidence a model already read without changing a rule. The file's ledger
 * moves only when the file changes; without this mark, every later run would send the same evidence again.
 */
const readThroughKey = (repo: Repository) => `learn_read_through:${repoName(repo)}`

interface TeamEvidence {
  items: EvidenceItem[]
  /** The database's read-through mark, when a run left one. */
  readThrough: string | undefined
}

/** The history brought up to date in the database, then the evidence read from it. */
async function readTeamEvidence(options: LearnOptions): Promise<TeamEvidence> {
  const { octokit, repo, logger } = options
  const store = await InsightsStore.open(options.dbPath)
  try {
    const stats = await collect({ ...options, store })
    for (const warning of stats.warnings) logger.warning(warning)
    store.save()
    const items = await readEvidence(store, repoName(repo), options.since, writeAccess(octokit, repo))
    return { items, readThrough: store.meta(readThroughKey(repo)) }
  } finally {
    store.close()
  }
}

/** Remembers that the evidence up to `through` was read and changed no rule. */
async function markReadThrough(options: LearnOptions, through: string): Promise<void> {
  const store = await InsightsStore.open(options.dbPath)
  try {
    store.setMeta(readThroughKey(options.repo), through)
    store.save()
  } finally {
    store.close()
  }
}

/** The later of the ledger's `through` and the database's mark. */
function readUpTo(ledger: string | null, mark: string | undefined): string | null {
  if (mark === undefined) return ledger
  return ledger === null || isAfter(mark, ledger) ? mark : ledger
}

/** The items no deletion has answered, and how many of them came after what was read already. */
function freshCount(items: readonly EvidenceItem[], sources: LearnSources, through: string | null): number {
  const deletions = allDeletions(sources.current, sources.deletions)
  return items.filter(
    item => !spentOnDeletion(item, deletions) && (through === null || isAfter(item.createdAt, through))
  ).length
}

/** The read tools see the default branch's head when the workspace holds it. */
async function readTools(options: LearnOptions, sources: LearnSources) {
  if (!options.workspace) return {}
  const git = createGit(options.workspace, options.logger, options.gitEnvironment)
  const usable = await git.isRepository([sources.head.sha]).catch(() => false)
  return usable && (await git.hasCommit(sources.head.sha)) ? { git, headSha: sources.head.sha } : {}
}

async function distill(options: LearnOptions, items: readonly EvidenceItem[], sources: LearnSources) {
  const { current, deletions } = sources
  const rendered = renderEvidence(items, { current, deletions })
  const distilled = await distillWithModel(options.model, {
    evidence: rendered.text,
    currentRules: renderCurrentRules(current, deletions),
    ...(await readTools(options, sources)),
    logger: options.logger
  })
  if (distilled.run.failure) throw distilled.run.failure
  const cost = formatUsage(distilled.run.usage)
  options.logger.info(`Cost of the distillation: ${cost}`)
  return { rendered, distilled, cost }
}

/** The model wrote the titles: a line break in one must not start a line of its own in the log. */
function oneLine(text: string): string {
  return truncate(text.replace(/\s+/g, ' '), 400)
}

/** One line of what the decision changes. */
function changeLine(decision: Decision): string {
  const { added, changed, removed } = decision.plan.changes
  const dropped = decision.droppedRules.length + decision.droppedRemovals.length
  return (
    `${plural(added.length, 'rule')} added, ${changed.length} changed, ${removed.length} removed; ` +
    `${dropped} dropped by the checks`
  )
}

export async function runLearn(options: LearnOptions): Promise<LearnResult> {
  const { logger } = options
  const now = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const team = await logger.group('Collect the history', () => readTeamEvidence(options))
  const { items } = team
  const sources = await logger.group('Read the rules file', () => readSources(options.octokit, options.repo))
  const since = readUpTo(sources.current.ledger.through, team.readThrough)
  const fresh = freshCount(items, sources, since)
  const evidence = { items: items.length, fresh }
  if (fresh === 0) {
    const line = `Nothing new to learn from${since ? ` since ${since}` : ''}: no model call, nothing written.`
    logger.info(line)
    return { end: 'nothing-new', line, evidence }
  }
  logger.info(`${plural(items.length, 'evidence item')}, ${fresh} new.`)
  const { rendered, distilled, cost } = await logger.group('Distill rules', () =>
    distill(options, items, sources)
  )
  const decision = decide({
    current: sources.current,
    ...(sources.currentText !== undefined ? { currentText: sources.currentText } : {}),
    deletions: sources.deletions,
    given: rendered.given,
    rules: distilled.rules,
    removals: distilled.removals,
    now
  })
  for (const { rule, reason } of decision.droppedRules)
    logger.info(oneLine(`Dropped "${rule.title}": ${reason}.`))
  for (const { removal, reason } of decision.droppedRemovals)
    logger.info(oneLine(`Dropped the removal of ${removal.id}: ${reason}.`))
  const usage = distilled.run.usage
  const given = { items: rendered.given.length, fresh: rendered.fresh }
  const base = { evidence: given, decision, usage, cost }
  if (!changesRules(decision.plan)) {
    const line = `No rule to add, change or remove (${changeLine(decision)}): nothing written.`
    logger.info(line)
    await markReadThrough(options, decision.through)
    return { ...base, end: 'no-change', line }
  }
  const content = proposalContent(decision, sources, cost, base.evidence)
  if (!options.propose)
    return {
      ...base,
      end: 'planned',
      line: changeLine(decision),
      file: decision.plan.text,
      body: content.body
    }
  const proposal = await logger.group('Propose the rules', () => propose(options, sources, content))
  const line = `${changeLine(decision)}. ${proposalLine(proposal)}`
  return { ...base, end: 'proposed', line, file: decision.plan.text, body: content.body, proposal }
}

/** The proposal written; a failure says what was being done, and which permissions a 403 may lack. */
async function propose(
  options: LearnOptions,
  sources: LearnSources,
  content: ProposalContent
): Promise<ProposalWritten> {
  try {
    return await writeProposal(options.octokit, options.repo, sources.head, sources.open, content)
  } catch (error) {
    const hint =
      httpStatus(error) === 403
        ? ' The workflow needs `permissions: contents: write` and `pull-requests: write`.'
        : ''
    throw new Error(`could not propose the rules on ${LEARNED_BRANCH}: ${errorMessage(error)}.${hint}`, {
      cause: error
    })
  }
}

/** What became of the pull request, in words; the setting that keeps Actions from opening one is named. */
export function proposalLine(proposal: ProposalWritten): string {
  switch (proposal.kind) {
    case 'opened':
      return `Opened ${proposal.url}`
    case 'updated':
      return `Updated ${proposal.url}`
    case 'not-permitted':
      return (
        'The branch redline/learned-rules is pushed, but this repository does not let GitHub Actions open pull ' +
        'requests (Settings → Actions → General → "Allow GitHub Actions to create and approve pull requests"); ' +
        `open it by hand: ${proposal.compareUrl}`
      )
  }
}
