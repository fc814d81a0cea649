/** Single objects at a commit: what a path is, a directory's entries, a file's bytes. */
import { revision, stripSlashes } from './arguments.js'
import type { GitRunner } from './runner.js'
import type { ObjectKind, TreeEntry } from './types.js'

const MODE_KIND: Record<string, ObjectKind> = {
  '040000': 'tree',
  '160000': 'submodule',
  '120000': 'symlink',
  '100644': 'blob',
  '100755': 'blob'
}

/** `git ls-tree -z` of the pathspec at a commit. */
export async function lsTreeEntries(
  runner: GitRunner,
  sha: string,
  pathspec: string[]
): Promise<TreeEntry[]> {
  const result = await runner.run(['ls-tree', '-z', revision(sha), '--', ...pathspec])
  const entries: TreeEntry[] = []
  for (const record of result.stdout.split('\0')) {
    if (!record) continue
    // "<mode> <type> <object>\t<path>"; with -z the path is never quoted.
    const mode = record.slice(0, record.indexOf(' '))
    const entryPath = record.slice(record.indexOf('\t') + 1)
    entries.push({
      mode,
      kind: MODE_KIND[mode] ?? 'blob',
      path: entryPath,
      name: entryPath.slice(entryPath.lastIndexOf('/') + 1)
    })
  }
  return entries
}

export async function catFileType(
  runner: GitRunner,
  sha: string,
  filePath: string
): Promise<ObjectKind | undefined> {
  const target = stripSlashes(filePath)
  if (target === '') return 'tree'
  const entries = await lsTreeEntries(runner, sha, [target])
  return entries.find(entry => entry.path === target)?.kind
}

export async function show(runner: GitRunner, sha: string, filePath: string): Promise<Buffer | undefined> {
  const kind = await catFileType(runner, sha, filePath)
  if (kind !== 'blob' && kind !== 'symlink') return undefined
  const result = await runner.runLarge(['cat-file', 'blob', `${revision(sha)}:${stripSlashes(filePath)}`])
  return result.stdout
}

export async function lsTree(
  runner: GitRunner,
  sha: string,
  dirPath: string
): Promise<TreeEntry[] | undefined> {
  const dir = stripSlashes(dirPath)
  if (dir !== '' && (await catFileType(runner, sha, dir)) !== 'tree') return undefined
  return lsTreeEntries(runner, sha, dir === '' ? [] : [`${dir}/`])
}
