import { afterAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { findBrowser, noBrowserLine } from '../../testing/browser.js'

const dir = mkdtempSync(join(tmpdir(), 'redline-browser-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A directory of PATH holding executable files of these names. */
function binDir(name: string, programs: string[]): string {
  const bin = join(dir, name)
  mkdirSync(bin)
  for (const program of programs) {
    writeFileSync(join(bin, program), '#!/bin/sh\n')
    chmodSync(join(bin, program), 0o755)
  }
  return bin
}

describe('finding a Chromium-family browser', () => {
  const chrome = binDir('chrome', ['google-chrome-stable', 'google-chrome'])
  const both = binDir('both', ['chromium-browser'])
  const notExecutable = binDir('plain', [])
  writeFileSync(join(notExecutable, 'chromium'), '')

  it('takes CHROME_PATH first, then chromium, chromium-browser, google-chrome, google-chrome-stable on PATH', () => {
    expect(findBrowser({ CHROME_PATH: join(chrome, 'google-chrome'), PATH: both })).toBe(
      join(chrome, 'google-chrome')
    )
    expect(findBrowser({ PATH: [notExecutable, chrome, both].join(delimiter) })).toBe(
      join(both, 'chromium-browser')
    )
    expect(findBrowser({ PATH: chrome })).toBe(join(chrome, 'google-chrome'))
  })

  it('finds none, and says what it tried, when there is none', () => {
    expect(findBrowser({ PATH: notExecutable })).toBeUndefined()
    expect(noBrowserLine({ PATH: notExecutable })).toBe(
      'no Chromium-family browser: CHROME_PATH is not set and none of chromium, chromium-browser, google-chrome, ' +
        "google-chrome-stable is on PATH (install Debian's chromium, or set CHROME_PATH to Chrome or Chromium)"
    )
    // A CHROME_PATH that is not a program is an answer, not a hint: nothing else is tried.
    const env = { CHROME_PATH: join(notExecutable, 'chromium'), PATH: chrome }
    expect(findBrowser(env)).toBeUndefined()
    expect(noBrowserLine(env)).toContain(`CHROME_PATH=${join(notExecutable, 'chromium')} is not a browser`)
  })
})
