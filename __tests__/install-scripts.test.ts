import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  allowScripts: Record<string, boolean>
  '//allowScripts': Record<string, string>
  devEngines: { packageManager: { name: string; version: string; onFail: string } }
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>
}

/** The names of the packages the lockfile installs that have an install script. */
function withInstallScripts(): string[] {
  const names = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
  return [...new Set(names)].sort()
}

describe("package.json's install-script decisions", () => {
  it('decide every install script the lockfile installs, so npm ci warns of none', () => {
    expect(Object.keys(pkg.allowScripts).sort()).toEqual(withInstallScripts())
  })

  it('give the reason for each decision beside it', () => {
    expect(Object.keys(pkg['//allowScripts']).sort()).toEqual(Object.keys(pkg.allowScripts).sort())
    for (const [name, allowed] of Object.entries(pkg.allowScripts)) {
      expect(pkg['//allowScripts'][name]).toMatch(allowed ? /^allowed: .{20}/ : /^denied: .{20}/)
    }
  })

  it('name the npm that reads them, with a warning, not an error, for an older one', () => {
    expect(pkg.devEngines.packageManager).toEqual({ name: 'npm', version: '>=11.19.1', onFail: 'warn' })
  })
})
