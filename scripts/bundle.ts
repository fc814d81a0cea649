/**
 * `npm run bundle`: builds dist/ (the action) and dist/cli/ (the local CLI) with ncc, and writes a licenses.txt
 * beside each for every package it bundles. The two builds run at once, each into a directory of its own.
 * Usage: tsx scripts/bundle.ts [out-dir]   (default dist)
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageDirs, readPackage, renderLicenses, type Stats } from './licenses.js'
import { BUNDLED_SQL_JS } from '../src/insights/sqlite.js'
import { grammarFile, LANGUAGES } from '../src/graph/languages.js'
import { BUNDLED_RUNTIME, BUNDLED_TREE_SITTER } from '../src/graph/parser.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = resolve(root, process.argv[2] ?? 'dist')
if (out === root || (!out.startsWith(`${root}/`) && !out.startsWith(tmpdir()))) {
  throw new Error(
    `refusing to replace ${out}: give a directory inside the repository or the temporary directory`
  )
}
/** sql.js's single-file build: SQLite as WebAssembly, carried inline in the JavaScript. */
const SQL_JS_FILE = 'sql.js/dist/sql-wasm-inline.js'

/** The tree-sitter runtime and grammars, loaded beside the bundle: see src/graph/parser.ts. */
const TREE_SITTER_PACKAGE = join(root, 'node_modules/@vscode/tree-sitter-wasm')

function copyTreeSitter(dir: string): void {
  const from = join(TREE_SITTER_PACKAGE, 'wasm')
  const to = join(dir, BUNDLED_TREE_SITTER)
  mkdirSync(to, { recursive: true })
  cpSync(join(from, 'tree-sitter.js'), join(to, BUNDLED_RUNTIME))
  for (const file of ['tree-sitter.wasm', ...LANGUAGES.map(grammarFile)])
    cpSync(join(from, file), join(to, file))
}

/** The package's notice, with the runtime's and each grammar's own licence after it. */
function treeSitterPackage(): ReturnType<typeof readPackage> {
  const pkg = readPackage(TREE_SITTER_PACKAGE)
  const grammars = readFileSync(join(root, 'scripts/tree-sitter-notices.txt'), 'utf8')
  return { ...pkg, text: `${pkg.text?.trim() ?? ''}\n\n${grammars.trim()}` }
}

/** The action, and the local CLI inside it. */
const ENTRIES = [
  { source: 'src/action/index.ts', out: '' },
  { source: 'src/cli/index.ts', out: 'cli' }
]

/** One ncc build of `source` into `dir`, its module stats written to `statsFile`. */
function nccBuild(source: string, dir: string, statsFile: string): Promise<void> {
  const ncc = join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js')
  const args = [ncc, 'build', source, '-o', dir, '--stats-out', statsFile, '--quiet']
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' })
    child.once('error', reject)
    child.once('close', code =>
      code === 0 ? resolveBuild() : reject(new Error(`ncc build ${source} exited with ${code}`))
    )
  })
}

const work = mkdtempSync(join(tmpdir(), 'redline-bundle-'))
try {
  const builds = ENTRIES.map(entry => ({
    ...entry,
    dir: join(work, entry.out || 'action'),
    statsFile: join(work, `stats-${entry.out || 'action'}.json`)
  }))
  await Promise.all(builds.map(build => nccBuild(build.source, build.dir, build.statsFile)))
  for (const build of builds) {
    const stats = JSON.parse(readFileSync(build.statsFile, 'utf8')) as Stats
    // sql.js is loaded beside the bundle, not bundled: see src/insights/sqlite.ts.
    cpSync(join(root, 'node_modules', SQL_JS_FILE), join(build.dir, BUNDLED_SQL_JS))
    copyTreeSitter(build.dir)
    const packages = [...packageDirs(stats), join(root, 'node_modules/sql.js')]
      .filter(dir => dir !== TREE_SITTER_PACKAGE)
      .sort()
      .map(readPackage)
    packages.push(treeSitterPackage())
    if (packages.length === 0) throw new Error('the bundle names no packages; has the stats format changed?')
    writeFileSync(join(build.dir, 'licenses.txt'), renderLicenses(packages))
  }
  rmSync(out, { recursive: true, force: true })
  mkdirSync(dirname(out), { recursive: true })
  // Copied, not renamed: the temporary directory may be on another file system.
  for (const build of builds) cpSync(build.dir, join(out, build.out), { recursive: true })
} finally {
  rmSync(work, { recursive: true, force: true })
}
