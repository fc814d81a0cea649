export interface Repository {
  owner: string
  repo: string
}

/** The one identity of the pull request under review: every GitHub call about it is made with this. */
export interface PullRequestRef extends Repository {
  prNumber: number
}
