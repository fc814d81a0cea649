/**
 * What a front door gives the engine. The engine runs the same steps for every host; a host says where the
 * prior state comes from, what is reviewed and where its diffs come from, and where the result goes.
 */
import type { DiffLineSet } from '../diff/line-set.js'
import type { ApiFileList } from '../diff/model.js'
import type { Finding } from '../findings/finding.js'
import type { Walkthrough, WrittenDescription } from '../findings/walkthrough.js'
import type { EvidenceReport, ChecksTrustSource } from '../evidence/index.js'
import type { Git, GitEnvironment } from '../git/git.js'
import type { Logger } from '../logger.js'
import type { ReviewCoverage } from '../publish/body.js'
import type { FindingReply } from '../publish/thread-replies.js'
import type { PendingFile, ReviewState, RunRecord } from '../state/marker.js'
import type { ReviewTarget } from '../agent/index.js'
import type { RunEnd } from './outcome.js'

export type { ReviewTarget }

/** What the last review left, and what this run is about. */
export interface PriorReview<Delivered> {
  target: ReviewTarget
  /** The commit this run reviews, and the base it is compared with. */
  headSha: string
  baseSha: string
  /** The last review's state: its findings, what it reviewed and what it left pending. */
  state?: ReviewState
  /** People's replies to findings since the last review, by finding id; answered once the model saw them. */
  replies: ReadonlyMap<string, readonly FindingReply[]>
  /** The highest reply id handled once `replies` are answered. */
  repliesSeen?: number
  /** Said in the result: what the host noticed while reading the prior state. */
  notes: string[]
  /**
   * Set when the host already knows there is nothing to do; what an earlier delivery left, if any.
   * `unreviewed` when the head is left unreviewed on purpose (paused), which a gate must not pass.
   */
  skip?: { reason: string; findings?: Finding[]; delivered?: Delivered; unreviewed?: true }
  /** Someone asked for this review by hand, so a head already reviewed is reviewed again. */
  requested: boolean
  /** How to ask for a review of a head already reviewed, e.g. "set full-review: true". */
  againHint: string
  /** Whether the head's code may run as configured checks; they do not run without the host's word. */
  checksTrust?: ChecksTrustSource
}

/** Where the merge base and, when git cannot diff, the changed files come from. */
export interface DiffSource {
  mergeBase(baseSha: string, headSha: string): Promise<string | undefined>
  listFiles(): Promise<ApiFileList>
  /** Brings the head's objects into the workspace when it does not hold them. */
  fetchHead?(git: Git, headSha: string): Promise<void>
}

/** What a run hands its host to publish: every finding at the head and what the next run must know. */
export interface ReviewResult {
  end: RunEnd
  headSha: string
  findings: Finding[]
  /** The review's opening paragraph: the model's summary, or one written from the findings. */
  overview: string
  notes: string[]
  /** What the next run reviews whole. */
  pending: PendingFile[]
  coverage: ReviewCoverage
  /** The line sets a host that posts inline comments places them by. */
  lineSet: DiffLineSet
  /** Whether the model saw the people's replies through to the end, so they are answered now. */
  answerReplies: boolean
  /** The walkthrough of the whole pull request (absent: none written, or the setting is off). */
  walkthrough?: Walkthrough
  /** A description for a pull request opened without one (describe: on-open). */
  description?: WrittenDescription
  /** This run's account, for the state's run history. */
  run?: RunRecord
  /** Each evidence file and check with how it fared, for the review body. */
  evidence?: EvidenceReport[]
}

/** What publishing gave: the findings as published (with comment ids, say), and the host's own record. */
export interface Delivery<Delivered> {
  findings: Finding[]
  delivered?: Delivered
  /** Publishing failed; the findings are still in the outcome. */
  error?: { message: string; status?: number }
}

export interface ReviewHost<Delivered> {
  /** The checked-out repository the review reads through git: the run's sandbox. */
  workspace: string
  /** Whose environment git runs with: the user's own on the command line; by default the minimal one. */
  gitEnvironment?: GitEnvironment
  readPrior(logger: Logger): Promise<PriorReview<Delivered>>
  diffSource(prior: PriorReview<Delivered>, logger: Logger): DiffSource
  publish(result: ReviewResult, prior: PriorReview<Delivered>, logger: Logger): Promise<Delivery<Delivered>>
}
