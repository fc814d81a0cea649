/**
 * The check's folder: a copy of the head and a HOME, owned by the check's uid, in a folder that uid can reach
 * (outside any 0700 home), removed whole afterwards whatever the check left in it.
 */
import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CheckIdentity } from './identity.js'
import { minimalEnvironment } from '../child-env.js'

const CHOWN_TIMEOUT_MS = 120_000

export interface CheckFolder {
  root: string
  tree: string
  home: string
}

export async function makeCheckFolder(): Promise<CheckFolder> {
  const root = await mkdtemp(join(tmpdir(), 'redline-check-'))
  // Others may pass through, not list: the check's uid reaches its own folders by name only.
  await chmod(root, 0o711)
  const folder = { root, tree: join(root, 'tree'), home: join(root, 'home') }
  await mkdir(folder.tree)
  await mkdir(folder.home)
  return folder
}

/** Gives the tree and HOME to the check's uid, once the head is copied in (links are not followed). */
export async function handOver(folder: CheckFolder, identity: CheckIdentity): Promise<void> {
  if (identity.prefix.length === 0) return
  await new Promise<void>((resolve, reject) =>
    execFile(
      'chown',
      ['-R', '-P', `${identity.uid}:${identity.gid}`, folder.tree, folder.home],
      { timeout: CHOWN_TIMEOUT_MS, env: minimalEnvironment() },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`chown failed: ${stderr.trim() || error.message}`)) : resolve()
    )
  )
}

/** Removes the folder, first making writable what the check made read-only. */
export async function removeCheckFolder(folder: CheckFolder): Promise<void> {
  const removed = await rm(folder.root, { recursive: true, force: true }).then(
    () => true,
    () => false
  )
  if (removed) return
  await new Promise<void>(resolve =>
    execFile(
      'chmod',
      ['-R', 'u+rwx', folder.root],
      { timeout: CHOWN_TIMEOUT_MS, env: minimalEnvironment() },
      () => resolve()
    )
  )
  await rm(folder.root, { recursive: true, force: true }).catch(() => undefined)
}
