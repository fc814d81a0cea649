import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { COMMITTED_DIST, testedBundleDir } from '../testing/test-bundle.js'

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

/**
 * A build of the current source: the one the global setup made for the other tests, or, when the tests were
 * pointed at the committed dist/ itself, a fresh one (comparing dist/ with itself would prove nothing).
 */
function withFreshBuild(check: (dir: string) => void): void {
  const tested = testedBundleDir()
  if (tested !== COMMITTED_DIST) return check(tested)
  const out = mkdtempSync(join(tmpdir(), 'redline-dist-'))
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bundle.ts', out], {
      cwd: root,
      stdio: 'pipe'
    })
    check(out)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

describe('dist/', () => {
  it('is exactly what `npm run bundle` builds from src/, for the action and the CLI', () => {
    withFreshBuild(fresh => {
      expect(filesUnder(COMMITTED_DIST)).toEqual(filesUnder(fresh))
      for (const name of filesUnder(fresh)) {
        const built = readFileSync(join(fresh, name), 'utf8')
        const committed = readFileSync(join(COMMITTED_DIST, name), 'utf8')
        // A plain boolean keeps a 1.4 MB diff out of the failure message.
        const same = built === committed
        if (!same) console.error(`dist/${name} is stale: run \`npm run bundle\` and commit dist/.`)
        expect(same).toBe(true)
      }
    })
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

  it('keeps the GitHub Actions toolkit out of the CLI, so nothing in it can write a workflow command', () => {
    const dir = join(testedBundleDir(), 'cli')
    const chunks = readdirSync(dir).filter(name => name.endsWith('.js'))
    expect(chunks).toContain('index.js')
    for (const name of chunks) {
      const text = readFileSync(join(dir, name), 'utf8')
      // The toolkit's module paths, and the helper @actions/core writes `::debug::` and the like with.
      expect({ name, actions: text.includes('@actions/'), commands: text.includes('issueCommand') }).toEqual({
        name,
        actions: false,
        commands: false
      })
    }
  })
})
