/**
 * The npm package of the command line, as a user installs it: only dist/cli/ and what npm always adds, no
 * dependency (the bundle carries its libraries), and a `redline` that runs from the install.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { testedBundleDir } from '../testing/test-bundle.js'

jest.setTimeout(120_000)

const root = resolve(import.meta.dirname, '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  version: string
  private?: boolean
  files: string[]
  bin: Record<string, string>
  dependencies?: Record<string, string>
}
const dirs: string[] = []

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function temporary(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

/** npm with a cache of its own, so that nothing on this machine's cache can make an install pass. */
function npm(cwd: string, args: string[], cache: string): string {
  return execFileSync('npm', [...args, '--cache', cache, '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: cwd, npm_config_update_notifier: 'false' }
  })
}

/** The files `npm pack` would put in the package of `dir`. */
function packedFiles(dir: string, cache: string): string[] {
  const [pack] = JSON.parse(npm(dir, ['pack', '--dry-run', '--json'], cache)) as Array<{
    files: Array<{ path: string }>
  }>
  return (pack?.files ?? []).map(file => file.path).sort()
}

describe('the redline-review package', () => {
  it('is publishable, and declares nothing to install beside itself', () => {
    expect(manifest.name).toBe('redline-review')
    expect(manifest.private).toBeUndefined()
    expect(manifest.dependencies ?? {}).toEqual({})
    expect(manifest.bin).toEqual({ redline: 'dist/cli/index.js' })
    expect(manifest.files).toEqual(['dist/cli/'])
  })

  it('packs only its files entries, with the files npm always adds', () => {
    const files = packedFiles(root, temporary('redline-npm-cache-'))
    const outside = files.filter(path => !path.startsWith('dist/cli/'))
    expect(outside.sort()).toEqual(['LICENSE', 'README.md', 'package.json'])
    expect(files).toContain('dist/cli/index.js')
    expect(files).toContain('dist/cli/licenses.txt')
  })

  it('installs from its tarball with no dependency, offline, and `redline` runs', () => {
    // The package as built from this source: the repository's manifest and notices, the tested CLI bundle,
    // and files that must stay out of it.
    const source = temporary('redline-package-')
    for (const name of ['package.json', 'README.md', 'LICENSE'])
      copyFileSync(join(root, name), join(source, name))
    cpSync(join(testedBundleDir(), 'cli'), join(source, 'dist/cli'), { recursive: true })
    mkdirSync(join(source, 'src'))
    writeFileSync(join(source, 'src/index.ts'), 'export {}\n')
    writeFileSync(join(source, 'dist/index.js'), '// the action, not part of the package\n')
    const cache = temporary('redline-npm-cache-')
    expect(packedFiles(source, cache).filter(path => !path.startsWith('dist/cli/'))).toEqual([
      'LICENSE',
      'README.md',
      'package.json'
    ])
    const tarball = npm(source, ['pack', '--pack-destination', source], cache).trim().split('\n').pop() ?? ''

    const project = temporary('redline-install-')
    writeFileSync(join(project, 'package.json'), '{"name":"a-project","version":"1.0.0"}\n')
    npm(project, ['install', '--omit=dev', '--offline', join(source, tarball)], cache)
    expect(readdirSync(join(project, 'node_modules')).filter(name => !name.startsWith('.'))).toEqual([
      'redline-review'
    ])
    const bin = join(project, 'node_modules/.bin/redline')
    const help = execFileSync(bin, ['--help'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })
    expect(help).toMatch(/^Usage: redline review/m)
    expect(help).toContain('ANTHROPIC_API_KEY')
    const version = execFileSync(bin, ['--version'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' }
    })
    expect(version).toBe(`redline ${manifest.version}\n`)

    // `npx redline-review review`: npx runs the package's one command, `redline`, without being told its name.
    const npx = execFileSync(
      'npx',
      ['--yes', '--offline', '--cache', cache, `file:${join(source, tarball)}`, '--version'],
      {
        cwd: project,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: project, npm_config_update_notifier: 'false' }
      }
    )
    expect(npx).toBe(`redline ${manifest.version}\n`)
  })
})
