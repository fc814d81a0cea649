import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

describe('dist/', () => {
  it('is exactly what `npm run bundle` builds from src/', () => {
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
      expect(readdirSync(join(root, 'dist')).sort()).toEqual(readdirSync(out).sort())
      for (const name of readdirSync(out)) {
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
  }, 180_000)
})
