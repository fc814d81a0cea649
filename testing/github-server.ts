/**
 * An offline stand-in for the GitHub REST and GraphQL APIs, served over real HTTP on 127.0.0.1 and backed
 * by a pull-request fixture's git repository. It re-implements GitHub's own rules (which lines of a diff
 * accept a review comment, what a 422 looks like, pagination, pending-review limits) independently of the
 * action's code, so that mistakes in the action show up as the failures GitHub would give.
 *
 * The parts live in testing/github/: the in-memory store, the REST routes, the GraphQL endpoint and the
 * HTTP server that wires them. This module is their public face.
 */
export { faults, MAX_BODY_CHARS, MAX_PR_FILES, REVIEW_ERRORS, type FaultResponse } from './github/answers.js'
export {
  startGitHubServer,
  type FaultMatcher,
  type GitHubServerOptions,
  type GitHubStandIn,
  type RecordedRequest
} from './github/server.js'
export type { OtherRepository } from './github/other-repositories.js'
export type {
  FixtureLike,
  PatchLimits,
  ReviewState,
  SeedComment,
  SeedReview,
  SeedReviewComment,
  Side,
  StoredIssueComment,
  StoredReview,
  StoredReviewComment,
  StoredThread,
  UserJson
} from './github/store.js'
