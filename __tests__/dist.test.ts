import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .flatMap(name => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`]
    })
    .sort()
}

describe('dist/', () => {
  it('is exactly what `npm run bundle` builds from src/, for the action and the CLI', () => {
    const out = mkdtempSync(join(tmpdir(), 'redline-dist-'))
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bundle.ts', out],
        {
          cwd: root,
          stdio: 'pipe'
        }
      )
      expect(filesUnder(join(root, 'dist'))).toEqual(filesUnder(out))
      for (const name of filesUnder(out)) {
        const fresh = readFileSync(join(out, name), 'utf8')
        const committed = readFileSync(join(root, 'dist', name), 'utf8')
        // A plain boolean keeps a 1.4 MB diff out of the failure message.
        const same = fresh === committed
        if (!same) console.error(`dist/${name} is stale: run \`npm run bundle\` and commit dist/.`)
        expect(same).toBe(true)
      }
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  }, 300_000)

  it('gives the CLI a shebang, as package.json bin needs', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
    }
    expect(pkg.bin).toEqual({ redline: 'dist/cli/index.js' })
    expect(readFileSync(join(root, pkg.bin.redline ?? ''), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(
      true
    )
  })
})
