/** The private temporary file a diff is written to, and its removal off the review's path. */
import { closeSync, mkdtempSync, read, rm, rmdir, rmdirSync, rmSync, unlink, unlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * A new directory only this process can use, in the runner's temporary directory (emptied after every job)
 * or else the system's; undefined when neither takes one.
 */
export function privateTemporaryDirectory(): string | undefined {
  for (const root of new Set([process.env.RUNNER_TEMP, os.tmpdir()])) {
    if (!root) continue
    try {
      return mkdtempSync(path.join(root, 'redline-diff-'))
    } catch {
      // Not there or not writable: the next one, or a pipe.
    }
  }
  return undefined
}

/** The next bytes of the file from its current position: 0 at its end for now. */
export function readInto(fd: number, buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, 0, buffer.length, null, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead)
    )
  })
}

/** Diff files whose removal has started and not ended, with their directories: an exit removes them then. */
const diffFilesBeingRemoved = new Map<string, string>()
let removesLeftOnExit = false

/**
 * Closes the diff's file, and removes it and its directory in the background: freeing a diff's blocks takes
 * the file system milliseconds (1.7-3.2 ms to unlink a 2.6 MB diff), which the review would otherwise wait for
 * right after git exits, while a thread of the pool can do it as the review goes on. Nothing here is worth
 * failing a review for.
 */
export function removeDiffFile(fd: number | undefined, dir: string, file: string): void {
  try {
    if (fd !== undefined) closeSync(fd)
  } catch {
    // Closed already or never open: nothing to release.
  }
  if (!removesLeftOnExit) {
    removesLeftOnExit = true
    process.on('exit', () => {
      for (const [leftFile, leftDir] of diffFilesBeingRemoved) removeDiffFileNow(leftDir, leftFile)
    })
  }
  diffFilesBeingRemoved.set(file, dir)
  const done = (): void => void diffFilesBeingRemoved.delete(file)
  // The file is all the directory holds: two calls, where rm would walk the directory first.
  unlink(file, () => rmdir(dir, error => (error ? rm(dir, { recursive: true, force: true }, done) : done())))
}

function removeDiffFileNow(dir: string, file: string): void {
  try {
    unlinkSync(file)
    rmdirSync(dir)
  } catch {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // Left to the runner, which empties its temporary directory after every job.
    }
  }
}
