/** The JSON GitHub's REST API renders for pull requests, reviews, comments, commits and files. */
import type { CommitInfo, FileDiff } from './git.js'
import { currentPlacement, locate, patchTooLarge } from './placement.js'
import type {
  GitHubStore,
  Snapshot,
  StoredIssueComment,
  StoredReview,
  StoredReviewComment,
  UserJson
} from './store.js'
import { deepMerge, isRecord, nowIso, stableNumber } from './util.js'

export async function pullJson(store: GitHubStore): Promise<Record<string, unknown>> {
  const snap = await store.snapshot()
  const [{ files }, commits] = await Promise.all([store.prDiff(snap.head, snap.base), store.prCommits(snap)])
  const owner = store.ownerUser()
  const repo = repoJson(store)
  const author = store.user('octocat')
  const n = store.fixture.prNumber
  const visibleComments = store.reviewComments.filter(c => store.reviewOf(c)?.state !== 'PENDING')
  const pull: Record<string, unknown> = {
    url: `${store.apiRepo}/pulls/${n}`,
    id: stableNumber(`${store.repoPath}#${n}`, 500_000_000),
    node_id: `PR_kwDOStandIn${n}`,
    html_url: store.htmlPull,
    diff_url: `${store.htmlPull}.diff`,
    patch_url: `${store.htmlPull}.patch`,
    issue_url: `${store.apiRepo}/issues/${n}`,
    commits_url: `${store.apiRepo}/pulls/${n}/commits`,
    review_comments_url: `${store.apiRepo}/pulls/${n}/comments`,
    review_comment_url: `${store.apiRepo}/pulls/comments{/number}`,
    comments_url: `${store.apiRepo}/issues/${n}/comments`,
    statuses_url: `${store.apiRepo}/statuses/${snap.head}`,
    number: n,
    state: 'open',
    locked: false,
    title: 'Add a widget',
    user: author,
    body: 'This pull request adds a widget.',
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: '2023-11-14T22:13:20Z',
    updated_at: nowIso(),
    closed_at: null,
    merged_at: null,
    merge_commit_sha: snap.merge,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: headJson(store, snap.head, owner, repo),
    base: {
      label: `${store.fixture.owner}:${store.fixture.baseRef}`,
      ref: store.fixture.baseRef,
      sha: snap.base,
      user: owner,
      repo
    },
    _links: {
      self: { href: `${store.apiRepo}/pulls/${n}` },
      html: { href: store.htmlPull },
      issue: { href: `${store.apiRepo}/issues/${n}` },
      comments: { href: `${store.apiRepo}/issues/${n}/comments` },
      review_comments: { href: `${store.apiRepo}/pulls/${n}/comments` },
      review_comment: { href: `${store.apiRepo}/pulls/comments{/number}` },
      commits: { href: `${store.apiRepo}/pulls/${n}/commits` },
      statuses: { href: `${store.apiRepo}/statuses/${snap.head}` }
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: false,
    merged: false,
    mergeable: snap.merge !== null,
    rebaseable: true,
    mergeable_state: snap.merge !== null ? 'clean' : 'dirty',
    merged_by: null,
    comments: store.issueComments.length,
    review_comments: visibleComments.length,
    maintainer_can_modify: false,
    commits: commits.length,
    additions: files.reduce((sum, f) => sum + f.additions, 0),
    deletions: files.reduce((sum, f) => sum + f.deletions, 0),
    changed_files: files.length
  }
  return deepMerge(pull, store.prOverrides)
}

/** The head side of a pull request; a fork's has the fork's owner and repository. */
function headJson(
  store: GitHubStore,
  sha: string,
  owner: UserJson,
  repo: Record<string, unknown>
): Record<string, unknown> {
  const headRepo = store.fixture.headRepo
  if (!headRepo || headRepo.toLowerCase() === store.repoPath.toLowerCase()) {
    return {
      label: `${store.fixture.owner}:${store.fixture.headRef}`,
      ref: store.fixture.headRef,
      sha,
      user: owner,
      repo
    }
  }
  const forkOwner = store.user(headRepo.split('/')[0] ?? headRepo)
  const forkId = stableNumber(headRepo, 100_000_000)
  return {
    label: `${forkOwner.login}:${store.fixture.headRef}`,
    ref: store.fixture.headRef,
    sha,
    user: forkOwner,
    repo: {
      ...repo,
      id: forkId,
      node_id: `R_kgDOStandIn${forkId}`,
      name: headRepo.split('/')[1] ?? store.fixture.repo,
      full_name: headRepo,
      owner: forkOwner,
      html_url: `https://github.com/${headRepo}`,
      fork: true,
      url: `${store.url}/repos/${headRepo}`
    }
  }
}

export function repoJson(store: GitHubStore): Record<string, unknown> {
  const owner = store.ownerUser()
  return {
    id: store.repoId,
    node_id: `R_kgDOStandIn${store.repoId}`,
    name: store.fixture.repo,
    full_name: store.repoPath,
    private: false,
    owner,
    html_url: `https://github.com/${store.repoPath}`,
    description: null,
    fork: false,
    url: store.apiRepo,
    default_branch: store.fixture.baseRef,
    visibility: 'public',
    archived: false,
    disabled: false
  }
}

export async function prAuthorLogin(store: GitHubStore): Promise<string> {
  const pull = await pullJson(store)
  const user = pull.user
  return isRecord(user) && typeof user.login === 'string' ? user.login : ''
}

export function reviewJson(store: GitHubStore, review: StoredReview): Record<string, unknown> {
  const n = store.fixture.prNumber
  const json: Record<string, unknown> = {
    id: review.id,
    node_id: review.node_id,
    user: review.user,
    body: review.body,
    state: review.state,
    html_url: `${store.htmlPull}#pullrequestreview-${review.id}`,
    pull_request_url: `${store.apiRepo}/pulls/${n}`,
    author_association: review.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    _links: {
      html: { href: `${store.htmlPull}#pullrequestreview-${review.id}` },
      pull_request: { href: `${store.apiRepo}/pulls/${n}` }
    },
    commit_id: review.commit_id
  }
  if (review.submitted_at !== null) json.submitted_at = review.submitted_at
  return json
}

export async function commentJson(
  store: GitHubStore,
  comment: StoredReviewComment,
  snap: Snapshot
): Promise<Record<string, unknown>> {
  const root = store.rootOf(comment)
  const now = await currentPlacement(store, comment, snap)
  let diffHunk = ''
  let originalPosition: number | null = null
  if (root.original_line !== null) {
    const original = await store.prDiff(root.original_commit_id, snap.base).catch(() => null)
    if (original) {
      const placed = await locate(store, original.files, {
        path: root.path,
        line: root.original_line,
        side: root.side,
        startLine: root.original_start_line,
        startSide: root.start_side
      })
      if (!Array.isArray(placed)) {
        const hunk = placed.file.hunks[placed.end.hunk]
        if (hunk) diffHunk = hunk.text.slice(0, placed.end.position - hunk.headerPosition + 1).join('\n')
        originalPosition = placed.end.position
      }
    }
  }
  const n = store.fixture.prNumber
  const url = `${store.apiRepo}/pulls/comments/${comment.id}`
  const html = `${store.htmlPull}#discussion_r${comment.id}`
  const json: Record<string, unknown> = {
    url,
    pull_request_review_id: comment.pull_request_review_id,
    id: comment.id,
    node_id: comment.node_id,
    diff_hunk: diffHunk,
    path: root.path,
    position: now.position,
    original_position: originalPosition,
    commit_id: now.commitId,
    original_commit_id: root.original_commit_id,
    user: comment.user,
    body: comment.body,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    html_url: html,
    pull_request_url: `${store.apiRepo}/pulls/${n}`,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    _links: {
      self: { href: url },
      html: { href: html },
      pull_request: { href: `${store.apiRepo}/pulls/${n}` }
    },
    start_line: now.startLine,
    original_start_line: root.original_start_line,
    start_side: root.start_side,
    line: now.line,
    original_line: root.original_line,
    side: root.side,
    subject_type: root.subject_type
  }
  if (comment.in_reply_to_id !== undefined) json.in_reply_to_id = comment.in_reply_to_id
  return json
}

export function commitJson(store: GitHubStore, info: CommitInfo): Record<string, unknown> {
  return {
    sha: info.sha,
    node_id: `C_kwDOStandIn${info.sha.slice(0, 12)}`,
    commit: {
      author: { name: info.authorName, email: info.authorEmail, date: info.authorDate },
      committer: { name: info.committerName, email: info.committerEmail, date: info.committerDate },
      message: info.message,
      tree: { sha: info.tree, url: `${store.apiRepo}/git/trees/${info.tree}` },
      url: `${store.apiRepo}/git/commits/${info.sha}`,
      comment_count: 0,
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null
      }
    },
    url: `${store.apiRepo}/commits/${info.sha}`,
    html_url: `https://github.com/${store.repoPath}/commit/${info.sha}`,
    comments_url: `${store.apiRepo}/commits/${info.sha}/comments`,
    author: store.accountOf(info.authorEmail),
    committer: store.accountOf(info.committerEmail),
    parents: info.parents.map(sha => ({
      sha,
      url: `${store.apiRepo}/commits/${sha}`,
      html_url: `https://github.com/${store.repoPath}/commit/${sha}`
    }))
  }
}

/** Renders files as GitHub lists them, including its per-file and per-response patch limits. */
export function filesJson(store: GitHubStore, files: FileDiff[], ref: string): Record<string, unknown>[] {
  let budget = store.limits.responsePatchLines
  return files.map(file => {
    const encoded = file.filename.split('/').map(encodeURIComponent).join('/')
    const json: Record<string, unknown> = {
      sha: file.status === 'removed' ? file.oldBlob : file.newBlob,
      filename: file.filename,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      changes: file.additions + file.deletions,
      blob_url: `https://github.com/${store.repoPath}/blob/${ref}/${encoded}`,
      raw_url: `https://github.com/${store.repoPath}/raw/${ref}/${encoded}`,
      contents_url: `${store.apiRepo}/contents/${encoded}?ref=${ref}`
    }
    if (file.patch !== null && !file.binary) {
      if (budget <= 0) {
        json.additions = 0
        json.deletions = 0
        json.changes = 0
      } else if (!patchTooLarge(store, file)) {
        json.patch = file.patch
        budget -= file.patchLines
      }
    }
    if (file.previousFilename !== undefined) json.previous_filename = file.previousFilename
    return json
  })
}

export function issueCommentJson(store: GitHubStore, comment: StoredIssueComment): Record<string, unknown> {
  const n = store.fixture.prNumber
  return {
    url: `${store.apiRepo}/issues/comments/${comment.id}`,
    html_url: `${store.htmlPull}#issuecomment-${comment.id}`,
    issue_url: `${store.apiRepo}/issues/${n}`,
    id: comment.id,
    node_id: comment.node_id,
    user: comment.user,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    body: comment.body
  }
}
