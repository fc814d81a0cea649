/**
 * `npm run bundle`: builds dist/ (the action) and dist/cli/ (the local CLI) with ncc, and writes a licenses.txt
 * beside each for every package it bundles.
 * Usage: tsx scripts/bundle.ts [out-dir]   (default dist)
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageDirs, readPackage, renderLicenses, type Stats } from './licenses.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = resolve(root, process.argv[2] ?? 'dist')
if (out === root || (!out.startsWith(`${root}/`) && !out.startsWith(tmpdir()))) {
  throw new Error(
    `refusing to replace ${out}: give a directory inside the repository or the temporary directory`
  )
}
/** The action, and the local CLI inside it. */
const ENTRIES = [
  { source: 'src/index.ts', out: '' },
  { source: 'src/cli/index.ts', out: 'cli' }
]

const statsDir = mkdtempSync(join(tmpdir(), 'redline-bundle-'))
try {
  rmSync(out, { recursive: true, force: true })
  for (const entry of ENTRIES) {
    const dir = join(out, entry.out)
    const statsFile = join(statsDir, `stats-${entry.out || 'action'}.json`)
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
        'build',
        entry.source,
        '-o',
        dir,
        '--stats-out',
        statsFile,
        '--quiet'
      ],
      { cwd: root, stdio: 'inherit' }
    )
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Stats
    const packages = packageDirs(stats).map(readPackage)
    if (packages.length === 0) throw new Error('the bundle names no packages; has the stats format changed?')
    writeFileSync(join(dir, 'licenses.txt'), renderLicenses(packages))
  }
} finally {
  rmSync(statsDir, { recursive: true, force: true })
}
