/**
 * A repository's pull-request history for the stand-in: many pull requests, each with its reviews, review
 * threads, comments and reactions, and the files at the commits a test names. No git: the history is data,
 * which is what an insights collection reads.
 */

export interface HistoryActor {
  login: string
  type: 'User' | 'Bot'
}

export interface HistoryReactionSeed {
  content: 'THUMBS_UP' | 'THUMBS_DOWN' | 'LAUGH' | 'HOORAY' | 'CONFUSED' | 'HEART' | 'ROCKET' | 'EYES'
  user: string
  createdAt: string
}

export interface HistoryCommentSeed {
  id: number
  author: HistoryActor
  body: string
  createdAt: string
  authorAssociation?: string
  reactions?: HistoryReactionSeed[]
}

export interface HistoryThreadSeed {
  /** The file the thread is on. */
  path: string
  /** The line on the head; GitHub gives null once the thread is outdated (then `originalLine` still holds it). */
  line: number | null
  /** The line the thread was opened on; defaults to `line`. */
  originalLine?: number | null
  isResolved: boolean
  resolvedBy: string | null
  comments: HistoryCommentSeed[]
}

export interface HistoryReviewSeed {
  id: number
  author: HistoryActor
  body: string
  state: 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED' | 'PENDING'
  submittedAt: string | null
  commitSha: string
}

export interface HistoryPullSeed {
  number: number
  title: string
  author: string
  state: 'open' | 'closed'
  merged: boolean
  createdAt: string
  updatedAt: string
  closedAt: string | null
  mergedAt: string | null
  headSha: string
  headRef: string
  baseRef: string
  reviews: HistoryReviewSeed[]
  threads: HistoryThreadSeed[]
}

/** A person's role on the repository, as GitHub names it in `role_name`. */
export type HistoryRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read'

export class HistoryStore {
  readonly pulls: HistoryPullSeed[] = []
  /** Collaborators' roles by login; anyone else is not a collaborator, and GitHub answers 404 for them. */
  readonly permissions = new Map<string, HistoryRole>()
  /** File texts by `sha:path`, as GraphQL's `object(expression:)` names them. */
  readonly files = new Map<string, string>()
  url = ''

  constructor(
    readonly owner: string,
    readonly repo: string,
    public viewer: HistoryActor
  ) {}

  get repoPath(): string {
    return `${this.owner}/${this.repo}`
  }

  sameRepo(owner: string, repo: string): boolean {
    return owner.toLowerCase() === this.owner.toLowerCase() && repo.toLowerCase() === this.repo.toLowerCase()
  }

  addPull(pull: HistoryPullSeed): HistoryPullSeed {
    this.pulls.push(pull)
    return pull
  }

  pull(number: number): HistoryPullSeed | undefined {
    return this.pulls.find(pull => pull.number === number)
  }

  setPermission(login: string, role: HistoryRole): void {
    this.permissions.set(login.toLowerCase(), role)
  }

  permissionOf(login: string): HistoryRole | undefined {
    return this.permissions.get(login.toLowerCase())
  }

  setFile(sha: string, path: string, text: string): void {
    this.files.set(`${sha}:${path}`, text)
  }
}
