/**
 * Where a learn run stands on GitHub: the default branch, the open proposal, the rules file a proposal
 * changes (the open proposal's, else the default branch's) and the rules people deleted (from the default
 * branch's file, or from the open proposal's), each dated by the last commit that changed the file there.
 */
import type { Octokit } from '../github/client.js'
import {
  findOpenProposal,
  lastChangeOf,
  LEARNED_BRANCH,
  readDefaultHead,
  readFileAt,
  type DefaultHead,
  type OpenProposal
} from '../github/learned-pr.js'
import type { Repository } from '../github/refs.js'
import {
  deletedByPeople,
  LEARNED_RULES_PATH,
  parseLearnedFile,
  type DeletedRule,
  type LearnedFile
} from '../state/learned-file.js'

export interface LearnSources {
  head: DefaultHead
  open?: OpenProposal
  /** The file a proposal changes, parsed, and its text as read (undefined when there is none yet). */
  current: LearnedFile
  currentText?: string
  /** Rules Redline wrote that people deleted from the default branch's file, with when. */
  deletions: DeletedRule[]
}

/** The rules people deleted from a branch's file, dated by the file's last change there. */
async function deletionsOn(
  octokit: Octokit,
  repo: Repository,
  branch: string,
  file: LearnedFile
): Promise<DeletedRule[]> {
  const gone = deletedByPeople(file)
  if (gone.length === 0) return []
  const deletedAt = await lastChangeOf(octokit, repo, LEARNED_RULES_PATH, branch)
  // A ledger with no commit behind it cannot happen on GitHub; the run's start is the safe stand-in date.
  const when = deletedAt ?? new Date().toISOString()
  return gone.map(rule => ({ ...rule, deletedAt: when }))
}

export async function readSources(octokit: Octokit, repo: Repository): Promise<LearnSources> {
  const head = await readDefaultHead(octokit, repo)
  const open = await findOpenProposal(octokit, repo)
  const onDefault = await readFileAt(octokit, repo, LEARNED_RULES_PATH, head.branch)
  const onProposal = open ? await readFileAt(octokit, repo, LEARNED_RULES_PATH, LEARNED_BRANCH) : undefined
  const currentText = open ? onProposal?.text : onDefault?.text
  const current = parseLearnedFile(currentText ?? '')
  const deletions = await deletionsOn(octokit, repo, head.branch, parseLearnedFile(onDefault?.text ?? ''))
  // A section a person deleted in the open proposal itself is unlearned the same way.
  const known = new Set(deletions.map(rule => rule.id))
  if (open)
    for (const rule of await deletionsOn(octokit, repo, LEARNED_BRANCH, current))
      if (!known.has(rule.id)) deletions.push(rule)
  return {
    head,
    ...(open ? { open } : {}),
    current,
    ...(currentText !== undefined ? { currentText } : {}),
    deletions
  }
}
