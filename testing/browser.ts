/**
 * The Chromium-family browser the tests open the HTML report in: `CHROME_PATH` first (the variable
 * chrome-launcher and Lighthouse read), then the usual names on PATH. GitHub's ubuntu-latest has Google Chrome
 * and no apt `chromium`; Debian has `chromium`.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export const BROWSER_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable'
] as const

/** Whether `path` is a file this process may run. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** Where `name` is on `path` (a PATH value), or undefined. */
export function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, name))) return join(dir, name)
  }
  return undefined
}

/** The browser to run, or undefined when there is none. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env['CHROME_PATH']
  if (chosen !== undefined && chosen !== '') return isExecutable(chosen) ? chosen : undefined
  for (const name of BROWSER_NAMES) {
    const found = onPath(name, env['PATH'])
    if (found !== undefined) return found
  }
  return undefined
}

/** The line a missing browser fails with: what was tried, and how to name one. */
export function noBrowserLine(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env['CHROME_PATH']
  return chosen !== undefined && chosen !== ''
    ? `CHROME_PATH=${chosen} is not a browser this user can run: point CHROME_PATH at a Chromium-family browser`
    : `no Chromium-family browser: CHROME_PATH is not set and none of ${BROWSER_NAMES.join(', ')} is on PATH ` +
        "(install Debian's chromium, or set CHROME_PATH to Chrome or Chromium)"
}
