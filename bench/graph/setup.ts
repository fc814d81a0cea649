/**
 * `npx tsx bench/graph/setup.ts`: brings the graph benchmark's projects into its cache once, each at its pinned
 * version, from the npm registry (`npm pack`) or Debian (`apt-get download` and `dpkg -x`), and commits each as
 * a git repository, since the tools read git objects. A project already there is left alone.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { benchCache, DEFAULT_SOURCES, type ProjectSource } from './projects.js'

const TIMEOUT_MS = 300_000

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

/** The package unpacked into `into`, as its registry ships it. */
function unpack(source: ProjectSource, into: string): void {
  if (source.registry === 'npm') {
    const tarball = run('npm', ['pack', `${source.package}@${source.version}`, '--silent'], into).trim()
    run('tar', ['xzf', tarball, '--strip-components=1'], into)
    fs.rmSync(path.join(into, tarball))
  } else {
    run('apt-get', ['download', `${source.package}=${source.version}`], into)
    const deb = fs.readdirSync(into).find(f => f.endsWith('.deb'))
    if (!deb) throw new Error(`apt-get download gave no .deb for ${source.package}`)
    run('dpkg', ['-x', deb, '.'], into)
    fs.rmSync(path.join(into, deb))
  }
}

/**
 * Copies what `keep` names out of the unpacked package: the first entry, the code, must be there; docs are
 * taken when shipped. A module under dist-packages lands at the root, Debian's docs under doc/.
 */
function keepInto(unpacked: string, keep: readonly string[], dir: string): void {
  for (const [i, kept] of keep.entries()) {
    const from = path.join(unpacked, kept)
    if (!fs.existsSync(from)) {
      if (i === 0) throw new Error(`the package has no ${kept}`)
      continue
    }
    const under = kept.includes('dist-packages/') ? path.basename(kept) : kept
    const to = path.join(dir, kept.startsWith('usr/share/doc/') ? 'doc' : under)
    fs.cpSync(from, to, { recursive: true, dereference: true })
  }
}

function commitAll(dir: string, message: string): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@localhost',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@localhost',
    GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z'
  }
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', timeout: TIMEOUT_MS })
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-q', '-m', message)
  return git('rev-parse', 'HEAD').trim()
}

function setUp(name: string, source: ProjectSource): void {
  const dir = path.join(benchCache(), name)
  if (fs.existsSync(path.join(dir, '.git'))) {
    console.log(`${name}: already in ${dir}`)
    return
  }
  const unpacked = fs.mkdtempSync(path.join(benchCache(), `.${name}-`))
  try {
    unpack(source, unpacked)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    keepInto(unpacked, source.keep, dir)
    // Compressed changelogs are not text a reviewer reads.
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.gz')) fs.rmSync(path.join(dir, f))
    const sha = commitAll(dir, `${source.package} ${source.version}`)
    console.log(`${name}: ${source.package}@${source.version} at ${sha.slice(0, 7)} in ${dir}`)
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true })
  }
}

fs.mkdirSync(benchCache(), { recursive: true })
for (const { name, source } of DEFAULT_SOURCES) setUp(name, source)
