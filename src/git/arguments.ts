/**
 * The arguments of every diff, fixed so that no repository or user setting changes the lines it shows;
 * written to `output` when given, else to standard output.
 */
export function diffArgs(from: string, to: string, paths?: string[], output?: string): string[] {
  return [
    'diff',
    ...(output === undefined ? [] : [`--output=${output}`]),
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-relative',
    '--find-renames',
    // GitHub's hunks: three lines of context, merged only when they touch, and git's default algorithm and
    // heuristic, whatever diff.context, diff.interHunkContext or diff.indentHeuristic say.
    '--unified=3',
    '--inter-hunk-context=0',
    '--diff-algorithm=myers',
    '--indent-heuristic',
    '--submodule=short',
    '--src-prefix=a/',
    '--dst-prefix=b/',
    // Peeled, so that a diff that succeeds shows both are commits (see Git.streamDiff).
    `${revision(from)}^{commit}`,
    `${revision(to)}^{commit}`,
    '--',
    ...(paths ?? [])
  ]
}

/**
 * Revisions come from event payloads and earlier reviews. One that starts with a dash would be read as an
 * option (`--upload-pack=...` on a fetch), so it is refused before it reaches git.
 */
export function revision(rev: string): string {
  if (!rev || rev.startsWith('-') || /[\s\0]/.test(rev)) {
    throw new Error(`Invalid git revision: ${JSON.stringify(rev)}`)
  }
  return rev
}

/** Fetching works by object id only: a full SHA-1 or SHA-256 in hex. */
export function objectId(sha: string): string {
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha)) {
    throw new Error(`Invalid commit id: ${JSON.stringify(sha)}`)
  }
  return sha
}

export function stripSlashes(p: string): string {
  return p.replace(/^\/+|\/+$/g, '')
}
