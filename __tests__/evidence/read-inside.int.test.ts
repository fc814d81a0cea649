/**
 * Reading a file a check or an earlier step wrote: a link anywhere on its path, a FIFO, a folder and a file
 * larger than the cap are each refused with one line, whatever stat says (a /proc file stats as 0).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_OUTPUT_BYTES, readInside } from '../../src/evidence/files.js'
import { MAX_SARIF_BYTES } from '../../src/evidence/sarif.js'

let root: string
let outside: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'redline-read-inside-'))
  outside = mkdtempSync(join(tmpdir(), 'redline-read-outside-'))
  writeFileSync(join(outside, 'results.sarif'), '{"secret": "from outside"}')
  mkdirSync(join(root, 'reports'))
  writeFileSync(join(root, 'reports/results.sarif'), '{"version": "2.1.0"}')
  symlinkSync(outside, join(root, 'linked'))
  symlinkSync('/proc/self/environ', join(root, 'results.sarif'))
  execFileSync('mkfifo', [join(root, 'fifo.sarif')])
  writeFileSync(join(root, 'big.txt'), 'x'.repeat(MAX_OUTPUT_BYTES + 1))
})

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('readInside', () => {
  it('reads a regular file inside the tree', async () => {
    await expect(readInside(root, 'reports/results.sarif', MAX_SARIF_BYTES)).resolves.toBe(
      '{"version": "2.1.0"}'
    )
  })

  it('refuses a file behind a linked folder', async () => {
    await expect(readInside(root, 'linked/results.sarif', MAX_SARIF_BYTES)).rejects.toThrow(
      /^linked is a link, and links are not followed$/
    )
  })

  it('refuses a link to /proc/self/environ', async () => {
    await expect(readInside(root, 'results.sarif', MAX_SARIF_BYTES)).rejects.toThrow(
      /^results\.sarif is a link, and links are not followed$/
    )
  })

  it('refuses a FIFO at once, without blocking on it', async () => {
    await expect(readInside(root, 'fifo.sarif', MAX_SARIF_BYTES)).rejects.toThrow(
      /^fifo\.sarif is a FIFO, not a regular file$/
    )
  })

  it('stops at the cap, for a file larger than it and for one that stats as 0', async () => {
    await expect(readInside(root, 'big.txt', MAX_OUTPUT_BYTES)).rejects.toThrow(
      /^big\.txt is larger than 1000000 bytes$/
    )
    // /proc/<pid>/pagemap stats as 0 and reads as far as the address space goes.
    await expect(readInside(`/proc/${process.pid}`, 'pagemap', MAX_OUTPUT_BYTES)).rejects.toThrow(
      /^pagemap is larger than 1000000 bytes$/
    )
  })

  it('refuses paths out of the tree', async () => {
    await expect(readInside(root, '../x', MAX_OUTPUT_BYTES)).rejects.toThrow(/is not a path inside the tree/)
  })
})
