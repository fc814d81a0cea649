/**
 * The release workflow's checks (scripts/release-check.ts), run as the workflow runs them: on a checkout with
 * package.json, CHANGELOG.md and a committed dist/, given a fresh build (the bundle the tests run).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { changelogSection, REUSABLE_WORKFLOW, workflowMajorProblems } from '../scripts/release-check.js'
import { testedBundleDir } from '../testing/test-bundle.js'

const root = resolve(import.meta.dirname, '..')
const built = testedBundleDir()
const dirs: string[] = []

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const CHANGELOG = `# Changelog

## [Unreleased]

## [1.2.3] - 2026-12-03

### Added

- The first release.

[1.2.3]: https://github.com/redline-review/redline/releases/tag/v1.2.3
`

/** A checkout at the tag: its package.json version, its changelog and its dist/ (a copy of the fresh build). */
function checkout(version = '1.2.3', changelog = CHANGELOG): string {
  const dir = mkdtempSync(join(tmpdir(), 'redline-release-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'redline-review', version }))
  writeFileSync(join(dir, 'CHANGELOG.md'), changelog)
  cpSync(built, join(dir, 'dist'), { recursive: true })
  return dir
}

function check(dir: string, tag = 'v1.2.3') {
  const notes = join(dir, 'notes.md')
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      join(root, 'scripts/release-check.ts'),
      ...['--tag', tag, '--built', built, '--notes', notes, '--root', dir]
    ],
    { encoding: 'utf8' }
  )
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, notes }
}

describe('the release check', () => {
  it('passes a tag whose version, changelog section and dist/ agree, and writes the notes', () => {
    const run = check(checkout())
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('v1.2.3 is ready to release')
    expect(readFileSync(run.notes, 'utf8')).toBe('### Added\n\n- The first release.\n')
  })

  it('fails when package.json has another version', () => {
    const run = check(checkout('1.2.2'))
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      'release check: package.json has version 1.2.2, not 1.2.3: set it and tag again.'
    )
  })

  it('fails when CHANGELOG.md has no section for the version', () => {
    const run = check(checkout('1.2.4', CHANGELOG.replace('1.2.3', '1.2.4')), 'v1.2.4')
    expect(run.code).toBe(0)
    const missing = check(checkout('1.2.4'), 'v1.2.4')
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim()).toBe(
      'release check: CHANGELOG.md has no section "## [1.2.4]" with text: add it and tag again.'
    )
  })

  it('fails when dist/ is stale: a file changed, or one the build does not make', () => {
    const dir = checkout()
    appendFileSync(join(dir, 'dist/cli/index.js'), '\n// edited by hand\n')
    writeFileSync(join(dir, 'dist/old-chunk.js'), '')
    const run = check(dir)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      'release check: dist/ is not what src/ builds (not built from src/: dist/old-chunk.js; different from ' +
        'the build: dist/cli/index.js): run `npm run bundle`, commit dist/ and tag again.'
    )
  })

  it("fails when the reusable workflow names another major of the action than package.json's", () => {
    const dir = checkout('2.0.0', CHANGELOG.replace(/1\.2\.3/g, '2.0.0'))
    cpSync(join(root, '.github'), join(dir, '.github'), { recursive: true })
    const run = check(dir, 'v2.0.0')
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      `release check: ${REUSABLE_WORKFLOW} runs redline-review/redline/sandbox@v1, not @v2 of package.json's 2.0.0: name v2 and tag again.`,
      `release check: ${REUSABLE_WORKFLOW} runs redline-review/redline@v1, not @v2 of package.json's 2.0.0: name v2 and tag again.`
    ])
  })

  it('refuses a tag that is not vX.Y.Z', () => {
    const run = check(checkout(), 'v1.2')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("The tag 'v1.2' is not a release tag of the form vX.Y.Z.")
  })
})

describe('a changelog section', () => {
  it('ends at the next version or the link list, and an empty one counts as missing', () => {
    expect(changelogSection(CHANGELOG, '1.2.3')).toBe('### Added\n\n- The first release.')
    expect(changelogSection(CHANGELOG, 'Unreleased')).toBeUndefined()
    expect(changelogSection(CHANGELOG, '1.2')).toBeUndefined()
  })

  it("is this repository's own, for the version package.json has", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    expect(changelogSection(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version)).toBeDefined()
  })

  it("has the reusable workflow name the action and its preparing step at package.json's major", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    expect(workflowMajorProblems(readFileSync(join(root, REUSABLE_WORKFLOW), 'utf8'), version)).toEqual([])
  })
})

describe('the release workflow', () => {
  it('runs on version tags, checks before it releases, and moves the major tag after', () => {
    const workflow = parse(readFileSync(join(root, '.github/workflows/release.yml'), 'utf8')) as {
      on: { push: { tags: string[] } }
      permissions: Record<string, string>
      jobs: { release: { steps: Array<{ name?: string; run?: string }> } }
    }
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+'])
    expect(workflow.permissions).toEqual({ contents: 'write' })
    const runs = workflow.jobs.release.steps.map(step => step.run ?? '')
    const at = (pattern: RegExp): number => runs.findIndex(run => pattern.test(run))
    expect(at(/tsx scripts\/bundle\.ts "\$built"/)).toBeGreaterThan(at(/^npm ci/))
    expect(at(/scripts\/release-check\.ts --tag "\$GITHUB_REF_NAME" --built "\$built"/)).toBeGreaterThan(0)
    expect(at(/gh release create .*--notes-file/)).toBeGreaterThan(at(/release-check/))
    expect(at(/git push --force origin "refs\/tags\/\$major"/)).toBeGreaterThan(at(/gh release create/))
  })
})
